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
