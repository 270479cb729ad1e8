import Foundation
import GRDB
import MockBasics

/// What every authenticated request reads (Auth/Authenticator.swift): whether the token's sign-in
/// still works, and the facts about its holder that routes and the quarantine check need.
package struct LiveStaffSession: ColumnDecodable {
    package var companyID: String
    package var role: String
    package var isMobile: Int
    package var companyStatus: String

    static let databaseColumns = ["company_id", "role", "is_mobile", "company_status"]

    package init(row: Row) throws {
        var columns = RowReader(row: row)
        try self.init(columns: &columns)
    }

    init<Columns: ColumnReader>(columns: inout Columns) throws {
        companyID = try columns.next("company_id")
        role = try columns.next("role")
        isMobile = try columns.next("is_mobile")
        companyStatus = try columns.next("company_status")
    }

    /// The family's session when the family is not revoked and its user is active and unarchived.
    static func fetch(_ db: Database, familyID: String, userID: String) throws -> LiveStaffSession? {
        try db.record(LiveStaffSession.self, """
            SELECT u.company_id, u.role, f.is_mobile, c.status AS company_status
            FROM refresh_token_families f
            JOIN users u ON u.id = f.user_id
            JOIN companies c ON c.id = u.company_id
            WHERE f.id = ? AND f.user_id = ? AND f.revoked_at IS NULL
              AND u.is_active = 1 AND u.archived_at IS NULL
            """, [familyID, userID])
    }
}

enum LiveCustomerSession {
    /// True while the session is neither revoked nor expired and the client still belongs to the company.
    static func isLive(_ db: Database, sessionID: String, clientID: String, companyID: String, now: Date) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: """
            SELECT 1 FROM customer_sessions s
            JOIN client_companies m ON m.client_id = s.client_id AND m.company_id = s.company_id
            WHERE s.id = ? AND s.client_id = ? AND s.company_id = ? AND s.revoked_at IS NULL AND s.expires_at > ?
            """), arguments: [sessionID, clientID, companyID, Timestamp.string(now)]) ?? false
    }
}

extension Store {
    /// The staff token family's session, when the family is live and its user may still sign in.
    package func liveStaffSession(familyID: String, userID: String) throws -> LiveStaffSession? {
        try readDatabase { db in try LiveStaffSession.fetch(db, familyID: familyID, userID: userID) }
    }

    /// True while the customer session works (`LiveCustomerSession.isLive`).
    package func isCustomerSessionLive(_ sessionID: String, clientID: String, companyID: String, now: Date) throws -> Bool {
        try readDatabase { db in
            try LiveCustomerSession.isLive(db, sessionID: sessionID, clientID: clientID, companyID: companyID, now: now)
        }
    }
}
