import Foundation
import GRDB
import MockBasics

/// A sign-in as the control API shows it (`GET /__mock/sessions`): a staff refresh-token family or
/// a customer session, who holds it and whether it still works.
package struct SessionSummary: Sendable, Equatable {
    package enum Kind: String, Sendable, CaseIterable { case staff, customer }
    package enum Status: String, Sendable, CaseIterable { case live, revoked, expired }

    /// The family id (staff) or the session id (customer).
    package var id: String
    package var kind: Kind
    package var userID: String?
    package var clientID: String?
    package var email: String
    package var companyID: String
    package var companyName: String
    package var companyStatus: CompanyStatus
    /// `web` or `mobile` (the User-Agent of the last sign-in or refresh); nil for customers, whose
    /// sessions do not record it.
    package var platform: String?
    package var createdAt: String
    /// When the newest refresh token was issued; nil before the first refresh (and for customers,
    /// whose tokens never refresh).
    package var lastRefreshAt: String?
    package var refreshCount: Int
    /// When the family's current refresh token (staff) or the session (customer) runs out.
    package var expiresAt: String
    package var status: Status
    /// `reuse`, `logout` or `user_inactive` (staff), `logout` (customer); nil while live or expired.
    package var revokedReason: String?
    /// nil when not revoked, and for `user_inactive`, which the account's state implies rather
    /// than a revocation recorded on the family.
    package var revokedAt: String?
}

/// `GET /__mock/sessions` filters.
package struct SessionFilter: Sendable, Equatable {
    package var kind: SessionSummary.Kind?
    /// The account's email, case-insensitive.
    package var email: String?
    package var status: SessionSummary.Status?
    /// At most this many (newest first); nil for all.
    package var limit: Int?
    /// The one session with this id (a family id or a customer session id).
    var id: String?

    package init(kind: SessionSummary.Kind? = nil, email: String? = nil, status: SessionSummary.Status? = nil,
                limit: Int? = nil, id: String? = nil) {
        self.kind = kind
        self.email = email
        self.status = status
        self.limit = limit
        self.id = id
    }
}

/// A company and its status (`GET /__mock/companies`).
package struct CompanySummary: Sendable, Equatable {
    package var id: String
    package var name: String
    package var status: CompanyStatus
}

extension Store {
    /// Staff token families and customer sessions, newest first (ties: staff first, then the later
    /// made), each judged at `now`.
    /// `filter.limit` keeps the first that many; `total` counts them all (after the other filters).
    package func sessions(_ filter: SessionFilter, now: Date) throws -> PageOf<SessionSummary> {
        try readDatabase { db in
            let sessions = try Self.sessions(db, filter, now: now, counting: true)
            guard filter.status == nil else { return sessions }   // counted as judged
            return try PageOf(items: sessions.items, limit: filter.limit) {
                try db.count(Self.sessionCountSQL, [filter.kind?.rawValue, filter.email])
            }
        }
    }

    /// The session (staff token family or customer session) whose id is `id`, judged at `now`.
    func session(id: String, now: Date) throws -> SessionSummary? {
        try readDatabase { db in try Self.sessions(db, SessionFilter(id: id), now: now).first }
    }

    /// `DELETE /__mock/sessions/{id}`: revokes the session as a logout would (a staff family with
    /// reason `logout`, a customer session ended), in one transaction, and answers it as it is
    /// afterwards. A session already revoked (for any reason, `user_inactive` included) is left as
    /// it is; nil when there is no such session.
    package func endSession(id: String, now: Date) throws -> SessionSummary? {
        try writeDatabase { db in
            guard let session = try Self.sessions(db, SessionFilter(id: id), now: now).first else { return nil }
            guard session.status != .revoked else { return session }
            switch session.kind {
            case .staff: try RefreshTokenFamilyRecord.revoke(db, familyID: id, reason: .logout, now: now)
            case .customer: try CustomerSessionRecord.end(db, sessionID: id, now: now)
            }
            return try Self.sessions(db, SessionFilter(id: id), now: now).first
        }
    }

    private static func sessions(_ db: Database, _ filter: SessionFilter, now: Date) throws -> [SessionSummary] {
        try sessions(db, filter, now: now, counting: false).items
    }

    /// With `counting` and a status filter, every row is judged to count the matches past the limit;
    /// otherwise `total` is the number of sessions returned.
    private static func sessions(_ db: Database, _ filter: SessionFilter, now: Date,
                                 counting: Bool) throws -> PageOf<SessionSummary> {
        // The status is judged here, so a status filter reads every row and cuts afterwards.
        let sqlLimit = filter.status == nil ? (filter.limit ?? -1) : -1
        let statement = try db.cachedStatement(sql: Self.sessionsSQL)
        try statement.requireColumns(SessionRow.columnNames, of: "a session")
        let rows = try statement.rows(arguments: [filter.kind?.rawValue, filter.email, sqlLimit, filter.id]) { sqlite in
            var columns = StatementCursor(sqlite)
            return try SessionRow(&columns)
        }
        let nowText = Timestamp.string(now)
        var sessions: [SessionSummary] = []
        var matching = 0
        for row in rows {
            let session = row.summary(now: nowText)
            if let status = filter.status, session.status != status { continue }
            matching += 1
            if let limit = filter.limit, sessions.count >= limit {
                if counting { continue } else { break }
            }
            sessions.append(session)
        }
        return PageOf(items: sessions, total: matching)
    }

    /// Every company, by name; the first `limit` when given (`total` counts them all).
    package func companies(limit: Int? = nil) throws -> PageOf<CompanySummary> {
        try readDatabase { db in
            let companies = try db.rows("SELECT id, name, status FROM companies ORDER BY name, id LIMIT ?", [limit ?? -1]) { columns in
                CompanySummary(id: try columns.next("id"), name: try columns.next("name"), status: try columns.next("status"))
            }
            return try PageOf(items: companies, limit: limit) { try db.count("SELECT COUNT(*) FROM companies", []) }
        }
    }

    /// The rows of `sessionsSQL` without its limit and id: ?1 kind or NULL, ?2 email or NULL.
    private static let sessionCountSQL = """
        SELECT (SELECT COUNT(*) FROM refresh_token_families f
                JOIN users u ON u.id = f.user_id
                JOIN companies c ON c.id = u.company_id
                WHERE (?1 IS NULL OR ?1 = 'staff') AND (?2 IS NULL OR u.email = ?2 COLLATE NOCASE))
             + (SELECT COUNT(*) FROM customer_sessions s
                JOIN clients cl ON cl.id = s.client_id
                JOIN companies c ON c.id = s.company_id
                WHERE (?1 IS NULL OR ?1 = 'customer') AND (?2 IS NULL OR cl.email = ?2 COLLATE NOCASE))
        """

    /// ?1 kind or NULL, ?2 email or NULL, ?3 limit (-1 for none), ?4 id or NULL.
    private static let sessionsSQL = """
        SELECT * FROM (
            SELECT 'staff' AS kind, f.id, f.user_id, NULL AS client_id, u.email, u.company_id,
                   c.name AS company_name, c.status AS company_status, f.is_mobile, f.created_at,
                   f.revoked_at, f.revoked_reason, (u.is_active = 1 AND u.archived_at IS NULL) AS account_active,
                   (SELECT COUNT(*) FROM refresh_tokens t WHERE t.family_id = f.id) AS token_count,
                   (SELECT MAX(t.created_at) FROM refresh_tokens t WHERE t.family_id = f.id) AS newest_token_at,
                   COALESCE((SELECT MAX(t.expires_at) FROM refresh_tokens t
                             WHERE t.family_id = f.id AND t.rotated_at IS NULL),
                            (SELECT MAX(t.expires_at) FROM refresh_tokens t WHERE t.family_id = f.id),
                            f.created_at) AS expires_at,
                   f.rowid AS seq
            FROM refresh_token_families f
            JOIN users u ON u.id = f.user_id
            JOIN companies c ON c.id = u.company_id
            WHERE (?1 IS NULL OR ?1 = 'staff') AND (?2 IS NULL OR u.email = ?2 COLLATE NOCASE)
              AND (?4 IS NULL OR f.id = ?4)
            UNION ALL
            SELECT 'customer', s.id, NULL, s.client_id, cl.email, s.company_id,
                   c.name, c.status, NULL, s.created_at,
                   s.revoked_at, CASE WHEN s.revoked_at IS NOT NULL THEN 'logout' END, 1,
                   1, NULL, s.expires_at,
                   s.rowid
            FROM customer_sessions s
            JOIN clients cl ON cl.id = s.client_id
            JOIN companies c ON c.id = s.company_id
            WHERE (?1 IS NULL OR ?1 = 'customer') AND (?2 IS NULL OR cl.email = ?2 COLLATE NOCASE)
              AND (?4 IS NULL OR s.id = ?4)
        )
        ORDER BY created_at DESC, kind DESC, seq DESC
        LIMIT ?3
        """
}

/// A row of `Store.sessionsSQL`: a staff token family or a customer session, before it is judged.
private struct SessionRow {
    static let columnNames = ["kind", "id", "user_id", "client_id", "email", "company_id", "company_name",
                              "company_status", "is_mobile", "created_at", "revoked_at", "revoked_reason",
                              "account_active", "token_count", "newest_token_at", "expires_at", "seq"]
    var kind: SessionSummary.Kind
    var id: String
    var userID: String?
    var clientID: String?
    var email: String
    var companyID: String
    var companyName: String
    var companyStatus: CompanyStatus
    var isMobile: Int?
    var createdAt: String
    var revokedAt: String?
    var revokedReason: String?
    var accountActive: Bool
    var tokenCount: Int
    var newestTokenAt: String?
    var expiresAt: String

    init(_ columns: inout StatementCursor) throws {
        kind = try columns.next("kind") as String == "staff" ? .staff : .customer
        id = try columns.next("id")
        userID = try columns.next("user_id")
        clientID = try columns.next("client_id")
        email = try columns.next("email")
        companyID = try columns.next("company_id")
        companyName = try columns.next("company_name")
        companyStatus = try columns.next("company_status")
        isMobile = try columns.next("is_mobile")
        createdAt = try columns.next("created_at")
        revokedAt = try columns.next("revoked_at")
        revokedReason = try columns.next("revoked_reason")
        accountActive = try columns.next("account_active") as Int == 1
        tokenCount = try columns.next("token_count")
        newestTokenAt = try columns.next("newest_token_at")
        expiresAt = try columns.next("expires_at")
    }

    /// The session as judged at `now`.
    func summary(now: String) -> SessionSummary {
        let status: SessionSummary.Status
        var revokedReason = revokedReason
        if revokedAt != nil {
            status = .revoked
        } else if !accountActive {
            // The family is not marked, but neither its access tokens nor a refresh work any more.
            status = .revoked
            revokedReason = "user_inactive"
        } else {
            status = expiresAt > now ? .live : .expired
            revokedReason = nil
        }
        return SessionSummary(
            id: id, kind: kind, userID: userID, clientID: clientID, email: email,
            companyID: companyID, companyName: companyName, companyStatus: companyStatus,
            platform: isMobile.map { $0 == 1 ? "mobile" : "web" }, createdAt: createdAt,
            lastRefreshAt: tokenCount > 1 ? newestTokenAt : nil, refreshCount: max(0, tokenCount - 1),
            expiresAt: expiresAt, status: status, revokedReason: revokedReason, revokedAt: revokedAt)
    }
}
