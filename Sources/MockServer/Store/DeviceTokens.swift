import Foundation
import GRDB

/// Who push device tokens and preferences belong to: a staff user or a client, in a company.
struct PushOwner: Sendable {
    var type: AppType
    /// The user id (staff) or the client id (customer).
    var id: String
    var companyID: String
}

extension Store {
    /// Registers `token` for `owner`; a token registered before moves to its new owner.
    func registerDeviceToken(_ token: String, platform: String, owner: PushOwner, now: Date) throws {
        try writeDatabase { db in
            let stamp = Timestamp.string(now)
            try db.cachedStatement(sql: """
                INSERT INTO device_tokens (device_token, platform, app_type, user_id, client_id, company_id, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (device_token) DO UPDATE SET
                  platform = excluded.platform, app_type = excluded.app_type, user_id = excluded.user_id,
                  client_id = excluded.client_id, company_id = excluded.company_id, updated_at = excluded.updated_at
                """).execute(arguments: [token, platform, owner.type,
                                         owner.type == .staff ? owner.id : nil, owner.type == .customer ? owner.id : nil,
                                         owner.companyID, stamp, stamp])
        }
    }

    /// Removes `token` if it is `owner`'s; another's or an unknown token is left alone.
    func removeDeviceToken(_ token: String, owner: PushOwner) throws {
        try writeDatabase { db in
            try db.cachedStatement(sql: """
                DELETE FROM device_tokens WHERE device_token = ? AND app_type = ? AND COALESCE(user_id, client_id) = ?
                """).execute(arguments: [token, owner.type, owner.id])
        }
    }

    /// Every registered token, oldest registration first.
    func deviceTokens() throws -> [DeviceTokenRecord] {
        try readDatabase { db in try db.records(DeviceTokenRecord.self, "SELECT * FROM device_tokens ORDER BY rowid") }
    }

    func pushPreferences(of owner: PushOwner) throws -> PushPreferences {
        try readDatabase { db in try PushPreferences.fetch(db, ownerType: owner.type.rawValue, ownerID: owner.id) }
    }

    /// Applies `change` to the owner's preferences (the defaults where none are stored yet) and
    /// returns them as they now are.
    func updatePushPreferences(of owner: PushOwner, change: PushPreferences.Change, now: Date) throws -> PushPreferences {
        try writeDatabase { db in
            var preferences = try PushPreferences.fetch(db, ownerType: owner.type.rawValue, ownerID: owner.id)
            preferences.apply(change)
            try preferences.save(db, ownerType: owner.type.rawValue, ownerID: owner.id, now: now)
            return preferences
        }
    }
}
