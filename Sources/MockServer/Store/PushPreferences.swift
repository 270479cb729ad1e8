import Foundation
import GRDB

/// `GET|PUT /api/user/push-preferences` (shape chosen by the mock; the seeds show none): booleans; absent rows mean the defaults.
struct PushPreferences: Codable, Sendable, Equatable {
    var push_enabled = true
    var order_updates = true
    var device_updates = true
    var ticket_messages = true
    var quote_updates = true
    var marketing = false

    struct Change: Decodable {
        var push_enabled: Bool?
        var order_updates: Bool?
        var device_updates: Bool?
        var ticket_messages: Bool?
        var quote_updates: Bool?
        var marketing: Bool?

        enum CodingKeys: String, CodingKey {
            case push_enabled, order_updates, device_updates, ticket_messages, quote_updates, marketing
        }

        /// A switch may be left out; `null` is a 400 naming it (it is not "leave as is").
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            push_enabled = try c.decodeUnlessNull(Bool.self, forKey: .push_enabled)
            order_updates = try c.decodeUnlessNull(Bool.self, forKey: .order_updates)
            device_updates = try c.decodeUnlessNull(Bool.self, forKey: .device_updates)
            ticket_messages = try c.decodeUnlessNull(Bool.self, forKey: .ticket_messages)
            quote_updates = try c.decodeUnlessNull(Bool.self, forKey: .quote_updates)
            marketing = try c.decodeUnlessNull(Bool.self, forKey: .marketing)
        }

        var hasAny: Bool {
            [push_enabled, order_updates, device_updates, ticket_messages, quote_updates, marketing].contains { $0 != nil }
        }
    }

    /// Whether a push of `type` reaches its owner (decided mapping, docs/resources.md):
    /// `push_enabled` gates everything, then each type's switch.
    func allows(_ type: PushType) -> Bool { push_enabled && self[keyPath: type.preference] }

    mutating func apply(_ change: Change) {
        push_enabled = change.push_enabled ?? push_enabled
        order_updates = change.order_updates ?? order_updates
        device_updates = change.device_updates ?? device_updates
        ticket_messages = change.ticket_messages ?? ticket_messages
        quote_updates = change.quote_updates ?? quote_updates
        marketing = change.marketing ?? marketing
    }

    static func fetch(_ db: Database, ownerType: String, ownerID: String) throws -> PushPreferences {
        guard let stored = try db.record(PushPreferenceRecord.self,
                                         "SELECT * FROM push_preferences WHERE owner_type = ? AND owner_id = ?",
                                         [ownerType, ownerID]) else { return PushPreferences() }
        return PushPreferences(push_enabled: stored.pushEnabled == 1, order_updates: stored.orderUpdates == 1,
                               device_updates: stored.deviceUpdates == 1, ticket_messages: stored.ticketMessages == 1,
                               quote_updates: stored.quoteUpdates == 1, marketing: stored.marketing == 1)
    }

    func save(_ db: Database, ownerType: String, ownerID: String, now: Date) throws {
        try db.execute(sql: """
            INSERT INTO push_preferences (owner_type, owner_id, push_enabled, order_updates, device_updates,
                                          ticket_messages, quote_updates, marketing, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (owner_type, owner_id) DO UPDATE SET
              push_enabled = excluded.push_enabled, order_updates = excluded.order_updates,
              device_updates = excluded.device_updates, ticket_messages = excluded.ticket_messages,
              quote_updates = excluded.quote_updates, marketing = excluded.marketing, updated_at = excluded.updated_at
            """, arguments: [ownerType, ownerID, push_enabled, order_updates, device_updates, ticket_messages,
                             quote_updates, marketing, Timestamp.string(now)])
    }
}
