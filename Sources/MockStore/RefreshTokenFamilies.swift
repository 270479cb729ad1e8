import Foundation
import GRDB
import MockBasics

/// What a new refresh token is: for a mobile client or not (its family records the last), and
/// when it runs out (Auth/RefreshTokens.swift decides both).
package struct RefreshTerms: Sendable {
    package var mobile: Bool
    var expiresAt: Date

    package init(mobile: Bool, expiresAt: Date) {
        self.mobile = mobile
        self.expiresAt = expiresAt
    }
}

/// A refresh token just issued, in clear (the store keeps only its SHA-256), and its family.
package struct IssuedRefreshToken: Sendable {
    package let refreshToken: String
    package let familyID: String
}

/// Why a token family ended (`refresh_token_families.revoked_reason`).
package enum RevocationReason: String, Sendable {
    case logout
    /// A spent token was presented again: the whole family is revoked.
    case reuse
    /// Never recorded on a family: the account's state implies it (`GET /__mock/sessions`).
    case userInactive = "user_inactive"
}

/// The outcome of presenting a refresh token.
package enum RefreshRotation: Sendable {
    /// The presented token is spent and `issued` replaces it, for `account`.
    case rotated(IssuedRefreshToken, account: StaffAccount)
    /// Refused; anything written on the way (a family revoked for reuse) is committed.
    case rejected(RefreshRejection)
}

package enum RefreshRejection: Sendable, Equatable {
    /// No such token, its family ended for another reason, or its account is gone.
    case unknown
    case expired
    /// The account is deactivated or archived.
    case inactive
    /// A spent token: the family is (now) revoked.
    case reuse
}

extension Store {
    /// Rotates `presented`, in one transaction: of two racing callers exactly one wins. A token
    /// rotated less than `reuseInterval` seconds ago (the mock's leeway option; 0 for none) yields a
    /// sibling and the token its first rotation issued stays valid, so both callers keep working;
    /// past that, presenting a spent token revokes the whole family.
    package func rotateRefreshToken(_ presented: String, terms: RefreshTerms, reuseInterval: TimeInterval,
                            now: Date) throws -> RefreshRotation {
        try writeDatabase { db in
            let statement = try db.cachedStatement(sql: Self.presentedTokenSQL)
            try statement.requireColumns(PresentedToken.columnNames, of: "a presented refresh token")
            guard let token = try statement.rows(arguments: [Secrets.sha256Hex(presented)], limit: 1, decode: { sqlite in
                var columns = StatementCursor(sqlite)
                return try PresentedToken(&columns)
            }).first else { return .rejected(.unknown) }
            let nowText = Timestamp.string(now)

            if token.revokedAt != nil {
                // A dead family: a spent token is still a reuse; a live one names why the family ended.
                if token.rotatedAt != nil { return .rejected(.reuse) }
                switch token.revokedReason {
                case RevocationReason.reuse.rawValue: return .rejected(.reuse)
                case RevocationReason.userInactive.rawValue: return .rejected(.inactive)
                default: return .rejected(.unknown)
                }
            }
            if let rotatedAt = token.rotatedAt {
                if reuseInterval > 0, let rotated = Timestamp.parse(rotatedAt),
                   now.timeIntervalSince(rotated) <= reuseInterval {
                    guard token.expiresAt > nowText else { return .rejected(.expired) }
                    guard token.accountActive else { return .rejected(.inactive) }
                    // Leeway: a sibling token; the one the first caller received stays valid.
                    let sibling = try RefreshTokenRecord.add(db, familyID: token.familyID, expiresAt: terms.expiresAt, now: now, invented: invented)
                    return try Self.rotated(db, IssuedRefreshToken(refreshToken: sibling, familyID: token.familyID),
                                            userID: token.userID)
                }
                try RefreshTokenFamilyRecord.revoke(db, familyID: token.familyID, reason: .reuse, now: now)
                return .rejected(.reuse)
            }
            guard token.expiresAt > nowText else { return .rejected(.expired) }
            guard token.accountActive else { return .rejected(.inactive) }

            try db.cachedStatement(sql: "UPDATE refresh_tokens SET rotated_at = ? WHERE id = ?")
                .execute(arguments: [nowText, token.id])
            try db.cachedStatement(sql: "UPDATE refresh_token_families SET is_mobile = ? WHERE id = ?")
                .execute(arguments: [terms.mobile ? 1 : 0, token.familyID])
            let next = try RefreshTokenRecord.add(db, familyID: token.familyID, expiresAt: terms.expiresAt, now: now, invented: invented)
            return try Self.rotated(db, IssuedRefreshToken(refreshToken: next, familyID: token.familyID), userID: token.userID)
        }
    }

    /// Ends a family (a logout): its refresh tokens and its access tokens stop working.
    package func revokeRefreshFamily(_ familyID: String, reason: RevocationReason, now: Date) throws {
        try writeDatabase { db in try RefreshTokenFamilyRecord.revoke(db, familyID: familyID, reason: reason, now: now) }
    }

    /// The rotation, committed even when the account is gone (then refused as an unknown token).
    private static func rotated(_ db: Database, _ issued: IssuedRefreshToken, userID: String) throws -> RefreshRotation {
        guard let account = try StaffAccount.fetch(db, id: userID) else { return .rejected(.unknown) }
        return .rotated(issued, account: account)
    }

    private static let presentedTokenSQL = """
        SELECT t.id, t.family_id, t.expires_at, t.rotated_at, f.user_id, f.revoked_at, f.revoked_reason,
               (u.is_active = 1 AND u.archived_at IS NULL) AS account_active
        FROM refresh_tokens t
        JOIN refresh_token_families f ON f.id = t.family_id
        JOIN users u ON u.id = f.user_id
        WHERE t.token_hash = ?
        """
}

/// A presented refresh token with its family and whether its account may still sign in.
private struct PresentedToken {
    static let columnNames = ["id", "family_id", "expires_at", "rotated_at", "user_id", "revoked_at", "revoked_reason",
                              "account_active"]
    var id: String
    var familyID: String
    var expiresAt: String
    var rotatedAt: String?
    var userID: String
    var revokedAt: String?
    var revokedReason: String?
    var accountActive: Bool

    init(_ columns: inout StatementCursor) throws {
        id = try columns.next("id")
        familyID = try columns.next("family_id")
        expiresAt = try columns.next("expires_at")
        rotatedAt = try columns.next("rotated_at")
        userID = try columns.next("user_id")
        revokedAt = try columns.next("revoked_at")
        revokedReason = try columns.next("revoked_reason")
        accountActive = try columns.next("account_active") as Int == 1
    }
}

/// Token families and their tokens, inside the caller's transaction.
extension RefreshTokenFamilyRecord {
    /// A new family with its first token (a sign-in).
    static func start(_ db: Database, userID: String, terms: RefreshTerms, now: Date, invented: InventedValues) throws -> IssuedRefreshToken {
        let familyID = invented.id(RefreshTokenFamilyRecord.self)
        try db.cachedStatement(sql: """
            INSERT INTO refresh_token_families (id, user_id, is_mobile, created_at) VALUES (?, ?, ?, ?)
            """).execute(arguments: [familyID, userID, terms.mobile ? 1 : 0, Timestamp.string(now)])
        let token = try RefreshTokenRecord.add(db, familyID: familyID, expiresAt: terms.expiresAt, now: now, invented: invented)
        return IssuedRefreshToken(refreshToken: token, familyID: familyID)
    }

    static func revoke(_ db: Database, familyID: String, reason: RevocationReason, now: Date) throws {
        try db.cachedStatement(sql: """
            UPDATE refresh_token_families SET revoked_at = ?, revoked_reason = ? WHERE id = ? AND revoked_at IS NULL
            """).execute(arguments: [Timestamp.string(now), reason.rawValue, familyID])
    }
}

extension RefreshTokenRecord {
    /// A new token of the family; returns it in clear.
    static func add(_ db: Database, familyID: String, expiresAt: Date, now: Date, invented: InventedValues) throws -> String {
        let token = invented.refreshToken()
        try db.cachedStatement(sql: """
            INSERT INTO refresh_tokens (id, family_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)
            """).execute(arguments: [invented.id(RefreshTokenRecord.self), familyID, Secrets.sha256Hex(token), Timestamp.string(now),
                                     Timestamp.string(expiresAt)])
        return token
    }
}
