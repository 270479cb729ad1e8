import Foundation
import GRDB
import MockBasics

/// Who push device tokens and preferences belong to: a staff user or a client, in a company.
package struct PushOwner: Sendable {
    package var type: AppType
    /// The user id (staff) or the client id (customer).
    var id: String
    var companyID: String

    package init(type: AppType, id: String, companyID: String) {
        self.type = type
        self.id = id
        self.companyID = companyID
    }
}

extension Store {
    /// Registers `token` for `owner`; a token registered before moves to its new owner.
    package func registerDeviceToken(_ token: String, platform: String, owner: PushOwner, now: Date) throws {
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
    package func removeDeviceToken(_ token: String, owner: PushOwner) throws {
        try writeDatabase { db in
            try db.cachedStatement(sql: """
                DELETE FROM device_tokens WHERE device_token = ? AND app_type = ? AND COALESCE(user_id, client_id) = ?
                """).execute(arguments: [token, owner.type, owner.id])
        }
    }

    /// Every registered token, oldest registration first.
    package func deviceTokens() throws -> [DeviceTokenRecord] {
        try deviceTokens(newest: nil).items
    }

    /// Every registered token, oldest registration first; with `newest`, only the last that many of
    /// them, still oldest first (`total` counts them all).
    package func deviceTokens(newest limit: Int?) throws -> PageOf<DeviceTokenRecord> {
        try readDatabase { db in
            let tokens = try db.records(DeviceTokenRecord.self, """
                SELECT * FROM device_tokens
                WHERE rowid IN (SELECT rowid FROM device_tokens ORDER BY rowid DESC LIMIT ?)
                ORDER BY rowid
                """, [limit ?? -1])
            return try PageOf(items: tokens, limit: limit) { try db.count("SELECT COUNT(*) FROM device_tokens", []) }
        }
    }

    package func pushPreferences(of owner: PushOwner) throws -> PushPreferences {
        try readDatabase { db in try PushPreferences.fetch(db, ownerType: owner.type.rawValue, ownerID: owner.id) }
    }

    /// Changes the owner's preferences (the defaults where none are stored yet) in one transaction
    /// and returns them as they now are.
    package func updatePushPreferences(of owner: PushOwner, now: Date,
                               change: (inout PushPreferences) -> Void) throws -> PushPreferences {
        try writeDatabase { db in
            var preferences = try PushPreferences.fetch(db, ownerType: owner.type.rawValue, ownerID: owner.id)
            change(&preferences)
            try preferences.save(db, ownerType: owner.type.rawValue, ownerID: owner.id, now: now)
            return preferences
        }
    }
}
