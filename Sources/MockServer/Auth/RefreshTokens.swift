import Foundation
import GRDB

/// Opaque refresh tokens in families (CONTRACT §3): stored only as SHA-256, single use, rotated on
/// every refresh with a sliding lifetime; presenting a rotated token revokes the whole family.
/// Every function runs inside the caller's write transaction, which is what makes two racing
/// refreshes resolve to exactly one winner.
enum RefreshTokens {
    static let webLifetime: TimeInterval = 7 * 86_400
    static let mobileLifetime: TimeInterval = 90 * 86_400

    static let invalid = APIFailure(status: 401, message: "Invalid refresh token")
    static let expired = APIFailure(status: 401, message: "Refresh token expired")
    static let inactive = APIFailure(status: 401, message: "User account is no longer active")
    static let reuse = APIFailure(status: 401, message: "Token reuse detected. All sessions revoked. Please log in again.")

    /// `Mobile`, `Android`, `iPhone`, `iPad` or `iPod` in the User-Agent → 90 days, else 7.
    static func isMobile(userAgent: String?) -> Bool {
        guard let userAgent else { return false }
        return ["Mobile", "Android", "iPhone", "iPad", "iPod"].contains { userAgent.contains($0) }
    }

    static func lifetime(mobile: Bool) -> TimeInterval { mobile ? mobileLifetime : webLifetime }

    struct Issued: Sendable {
        let refreshToken: String
        let familyID: String
    }

    /// A new family with its first token (a login).
    static func startFamily(_ db: Database, userID: String, mobile: Bool, now: Date) throws -> Issued {
        let familyID = Secrets.uuid()
        try db.execute(sql: """
            INSERT INTO refresh_token_families (id, user_id, is_mobile, created_at) VALUES (?, ?, ?, ?)
            """, arguments: [familyID, userID, mobile ? 1 : 0, Timestamp.string(now)])
        return Issued(refreshToken: try addToken(db, familyID: familyID, mobile: mobile, now: now), familyID: familyID)
    }

    enum Outcome: Sendable {
        case rotated(Issued, userID: String)
        /// The family was revoked just now (reuse); the caller commits, then answers 401.
        case reuseDetected
        case rejected(APIFailure)
    }

    /// Rotates `presented`. `reuseInterval` > 0 is the mock's leeway option: a token rotated less
    /// than that many seconds ago may be presented again and yields a fresh pair; the token its
    /// first rotation issued stays valid, so both racing callers keep working.
    static func rotate(_ db: Database, presented: String, mobile: Bool, now: Date,
                       reuseInterval: TimeInterval) throws -> Outcome {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT t.id, t.family_id, t.expires_at, t.rotated_at, f.user_id, f.revoked_at, f.revoked_reason,
                   u.is_active, u.archived_at
            FROM refresh_tokens t
            JOIN refresh_token_families f ON f.id = t.family_id
            JOIN users u ON u.id = f.user_id
            WHERE t.token_hash = ?
            """), arguments: [Secrets.sha256Hex(presented)]) else { return .rejected(invalid) }
        let tokenID: String = row["id"]
        let familyID: String = row["family_id"]
        let userID: String = row["user_id"]
        let nowText = Timestamp.string(now)

        if row["revoked_at"] as String? != nil {
            // A dead family: a spent token is still a reuse; a live one names why the family ended.
            if row["rotated_at"] as String? != nil { return .rejected(reuse) }
            switch row["revoked_reason"] as String? {
            case "reuse": return .rejected(reuse)
            case "user_inactive": return .rejected(inactive)
            default: return .rejected(invalid)
            }
        }
        if let rotatedAt = row["rotated_at"] as String? {
            if reuseInterval > 0, let rotated = Timestamp.parse(rotatedAt),
               now.timeIntervalSince(rotated) <= reuseInterval {
                guard (row["expires_at"] as String) > nowText else { return .rejected(expired) }
                guard row["is_active"] as Int == 1, row["archived_at"] as String? == nil else { return .rejected(inactive) }
                // Leeway: a sibling token; the one the first caller received stays valid.
                let token = try addToken(db, familyID: familyID, mobile: mobile, now: now)
                return .rotated(Issued(refreshToken: token, familyID: familyID), userID: userID)
            }
            try revokeFamily(db, familyID: familyID, reason: "reuse", now: now)
            return .reuseDetected
        }
        guard (row["expires_at"] as String) > nowText else { return .rejected(expired) }
        guard row["is_active"] as Int == 1, row["archived_at"] as String? == nil else { return .rejected(inactive) }

        try db.execute(sql: "UPDATE refresh_tokens SET rotated_at = ? WHERE id = ?", arguments: [nowText, tokenID])
        try db.execute(sql: "UPDATE refresh_token_families SET is_mobile = ? WHERE id = ?",
                       arguments: [mobile ? 1 : 0, familyID])
        let token = try addToken(db, familyID: familyID, mobile: mobile, now: now)
        return .rotated(Issued(refreshToken: token, familyID: familyID), userID: userID)
    }

    /// Ends a family: its refresh tokens and its access tokens stop working.
    static func revokeFamily(_ db: Database, familyID: String, reason: String, now: Date) throws {
        try db.execute(sql: """
            UPDATE refresh_token_families SET revoked_at = ?, revoked_reason = ? WHERE id = ? AND revoked_at IS NULL
            """, arguments: [Timestamp.string(now), reason, familyID])
    }

    private static func addToken(_ db: Database, familyID: String, mobile: Bool, now: Date) throws -> String {
        let token = Secrets.refreshToken()
        try db.execute(sql: """
            INSERT INTO refresh_tokens (id, family_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)
            """, arguments: [Secrets.uuid(), familyID, Secrets.sha256Hex(token), Timestamp.string(now),
                             Timestamp.string(now.addingTimeInterval(lifetime(mobile: mobile)))])
        return token
    }
}
