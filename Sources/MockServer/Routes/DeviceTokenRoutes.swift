import Foundation
import GRDB
import MockHTTP

/// Push device tokens and preferences (CONTRACT §7), for staff and customer tokens alike.
/// `app_type` must match the kind of token presented; re-registering a token moves it to the new owner.
enum DeviceTokenRoutes {
    private struct RegisterBody: Decodable {
        enum Platform: String, Decodable { case ios }
        enum AppType: String, Decodable { case staff, customer }
        let device_token: String
        let platform: Platform
        let app_type: AppType
    }

    private struct RemoveBody: Decodable { let device_token: String }

    /// The owner a principal registers tokens for.
    private struct Owner {
        let type: String
        let id: String
        let companyID: String

        init(_ principal: Principal?) throws {
            switch principal {
            case .staff(let staff): self.init(type: "staff", id: staff.userID, companyID: staff.companyID)
            case .customer(let customer): self.init(type: "customer", id: customer.clientID, companyID: customer.companyID)
            case nil: throw APIFailure.unauthorized
            }
        }

        init(type: String, id: String, companyID: String) {
            self.type = type
            self.id = id
            self.companyID = companyID
        }
    }

    /// APNs tokens are hex; accept any sensible opaque token (the simulator sends odd ones) but no junk.
    static func validToken(_ token: String) -> Bool {
        (8...512).contains(token.utf8.count) && token.utf8.allSatisfy { byte in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 45 || byte == 95
        }
    }

    static func register(on router: inout Router) {
        router.post("/api/user/device-token", access: .staffOrCustomer) { context in
            let owner = try Owner(context.principal)
            let body = try context.body(RegisterBody.self)
            guard validToken(body.device_token) else { throw APIFailure.invalidField("device_token") }
            guard body.app_type.rawValue == owner.type else {
                throw APIFailure.badRequest("app_type must be \"\(owner.type)\" for this token")
            }
            try context.store.write { db in
                let now = Timestamp.string(context.now)
                try db.execute(sql: """
                    INSERT INTO device_tokens (device_token, platform, app_type, user_id, client_id, company_id, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (device_token) DO UPDATE SET
                      platform = excluded.platform, app_type = excluded.app_type, user_id = excluded.user_id,
                      client_id = excluded.client_id, company_id = excluded.company_id, updated_at = excluded.updated_at
                    """, arguments: [body.device_token, body.platform.rawValue, owner.type,
                                     owner.type == "staff" ? owner.id : nil, owner.type == "customer" ? owner.id : nil,
                                     owner.companyID, now, now])
            }
            return JSONBody.success(MessagePayload(message: "Device token registered"))
        }

        router.delete("/api/user/device-token", access: .staffOrCustomer) { context in
            let owner = try Owner(context.principal)
            let body = try context.body(RemoveBody.self)
            guard !body.device_token.isEmpty else { throw APIFailure.invalidField("device_token") }
            try context.store.write { db in
                // Only the caller's own token; removing an unknown token is not an error (logout may repeat).
                try db.execute(sql: """
                    DELETE FROM device_tokens WHERE device_token = ? AND app_type = ?
                      AND COALESCE(user_id, client_id) = ?
                    """, arguments: [body.device_token, owner.type, owner.id])
            }
            return JSONBody.success(MessagePayload(message: "Device token removed"))
        }

        router.get("/api/user/push-preferences", access: .staffOrCustomer) { context in
            let owner = try Owner(context.principal)
            let preferences = try context.store.read { db in try PushPreferences.fetch(db, ownerType: owner.type, ownerID: owner.id) }
            return JSONBody.success(preferences)
        }

        router.put("/api/user/push-preferences", access: .staffOrCustomer) { context in
            let owner = try Owner(context.principal)
            let change = try context.body(PushPreferences.Change.self)
            guard change.hasAny else { throw APIFailure.badRequest("No fields to update") }
            let preferences = try context.store.write { db in
                var preferences = try PushPreferences.fetch(db, ownerType: owner.type, ownerID: owner.id)
                preferences.apply(change)
                try preferences.save(db, ownerType: owner.type, ownerID: owner.id, now: context.now)
                return preferences
            }
            return JSONBody.success(preferences)
        }
    }
}

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

        var hasAny: Bool {
            [push_enabled, order_updates, device_updates, ticket_messages, quote_updates, marketing].contains { $0 != nil }
        }
    }

    mutating func apply(_ change: Change) {
        push_enabled = change.push_enabled ?? push_enabled
        order_updates = change.order_updates ?? order_updates
        device_updates = change.device_updates ?? device_updates
        ticket_messages = change.ticket_messages ?? ticket_messages
        quote_updates = change.quote_updates ?? quote_updates
        marketing = change.marketing ?? marketing
    }

    static func fetch(_ db: Database, ownerType: String, ownerID: String) throws -> PushPreferences {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM push_preferences WHERE owner_type = ? AND owner_id = ?",
                                         arguments: [ownerType, ownerID]) else { return PushPreferences() }
        return PushPreferences(push_enabled: row["push_enabled"] == 1, order_updates: row["order_updates"] == 1,
                               device_updates: row["device_updates"] == 1, ticket_messages: row["ticket_messages"] == 1,
                               quote_updates: row["quote_updates"] == 1, marketing: row["marketing"] == 1)
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
