import Foundation
import GRDB
import MockBasics

/// `GET|PUT /api/user/push-preferences`: every switch (docs/contract.md §7). Shape chosen by the mock
/// (the seeds show none). Defaults when never saved (no row): all true except `marketing` (false).
/*@JSONObject(component: "PushPreferences")*/
package struct PushPreferences: Codable, Sendable, Equatable {
    package var push_enabled: Bool = true
    package var order_updates: Bool = true
    package var device_updates: Bool = true
    package var ticket_messages: Bool = true
    package var quote_updates: Bool = true
    package var marketing: Bool = false

    /// Whether a push of `type` reaches its owner (decided mapping, docs/resources.md):
    /// `push_enabled` gates everything, then each type's switch.
    func allows(_ type: PushType) -> Bool { push_enabled && self[keyPath: type.preference] }

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
