import Foundation
import GRDB

/// The 6-digit codes of 2FA and magic links (CONTRACT §2, decided): valid 10 minutes, single use,
/// a new request replaces the old code, 5 wrong tries invalidate it. Stored only as SHA-256.
enum LoginCodes {
    enum Purpose: String, Sendable {
        case staffTwoFactor = "staff_2fa"
        case staffMagicLink = "staff_magic_link"
        case customerMagicLink = "customer_magic_link"
    }

    static let lifetime: TimeInterval = 600
    static let maxAttempts = 5

    /// Creates (or replaces) the code for `subject` and returns it in clear, for the outbox.
    static func issue(_ db: Database, purpose: Purpose, subject: String, now: Date) throws -> String {
        let code = Secrets.sixDigitCode()
        try db.execute(sql: """
            INSERT INTO auth_codes (id, purpose, subject, code_hash, attempts, expires_at, created_at)
            VALUES (?, ?, ?, ?, 0, ?, ?)
            ON CONFLICT (purpose, subject) DO UPDATE SET
              id = excluded.id, code_hash = excluded.code_hash, attempts = 0,
              expires_at = excluded.expires_at, created_at = excluded.created_at
            """, arguments: [Secrets.uuid(), purpose.rawValue, subject, Secrets.sha256Hex(code),
                             Timestamp.string(now.addingTimeInterval(lifetime)), Timestamp.string(now)])
        return code
    }

    enum Check: Sendable, Equatable {
        case valid
        /// Wrong code: the attempt is counted (and the code burnt at the fifth). The caller commits,
        /// then answers 401.
        case wrong
        /// No live code: never requested, used, expired or burnt.
        case absent
    }

    /// Checks `code`; `consume` spends it when right. A wrong code counts against the stored one.
    static func check(_ db: Database, purpose: Purpose, subject: String, code: String, now: Date,
                      consume: Bool) throws -> Check {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT id, code_hash, attempts, expires_at FROM auth_codes WHERE purpose = ? AND subject = ?
            """), arguments: [purpose.rawValue, subject]) else { return .absent }
        let id: String = row["id"]
        guard (row["expires_at"] as String) > Timestamp.string(now) else {
            try db.execute(sql: "DELETE FROM auth_codes WHERE id = ?", arguments: [id])
            return .absent
        }
        if Secrets.constantTimeEquals(Secrets.sha256Hex(code), row["code_hash"] as String) {
            if consume { try db.execute(sql: "DELETE FROM auth_codes WHERE id = ?", arguments: [id]) }
            return .valid
        }
        let attempts: Int = row["attempts"] + 1
        if attempts >= maxAttempts {
            try db.execute(sql: "DELETE FROM auth_codes WHERE id = ?", arguments: [id])
        } else {
            try db.execute(sql: "UPDATE auth_codes SET attempts = ? WHERE id = ?", arguments: [attempts, id])
        }
        return .wrong
    }

    /// Spends a code already checked with `consume: false`.
    static func consume(_ db: Database, purpose: Purpose, subject: String) throws {
        try db.execute(sql: "DELETE FROM auth_codes WHERE purpose = ? AND subject = ?",
                       arguments: [purpose.rawValue, subject])
    }

    /// Six ASCII digits, nothing else.
    static func isWellFormed(_ code: String) -> Bool {
        code.utf8.count == 6 && code.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
    }
}
