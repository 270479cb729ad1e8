import Foundation
import GRDB
import MockBasics

/// What checking a sign-in code found.
enum LoginCodeCheck: Sendable, Equatable {
    case valid
    /// Wrong code: the attempt is counted (and the code burnt at the last one allowed).
    case wrong
    /// No live code: never requested, used, expired or burnt.
    case absent
}

extension Store {
    /// Stores `code` (as its SHA-256) for `subject`, replacing any earlier code of `purpose` with its
    /// attempts, and records `mail`, which carries it: one transaction.
    package func issueLoginCode(_ code: String, purpose: AuthCodePurpose, subject: String, expiresAt: Date, mail: Mail,
                        now: Date) throws {
        try writeDatabase { db in
            try AuthCodeRecord.issue(db, code: code, purpose: purpose, subject: subject, expiresAt: expiresAt, now: now, invented: invented)
            try OutboxRecord.send(mail, db: db, now: now, invented: invented)
        }
    }
}

/// The sign-in codes of `auth_codes`, inside the caller's transaction. Subjects: the user id for
/// `staff_2fa`, the lower-cased email otherwise.
extension AuthCodeRecord {
    static func issue(_ db: Database, code: String, purpose: AuthCodePurpose, subject: String, expiresAt: Date,
                      now: Date, invented: InventedValues) throws {
        try db.cachedStatement(sql: """
            INSERT INTO auth_codes (id, purpose, subject, code_hash, attempts, expires_at, created_at)
            VALUES (?, ?, ?, ?, 0, ?, ?)
            ON CONFLICT (purpose, subject) DO UPDATE SET
              id = excluded.id, code_hash = excluded.code_hash, attempts = 0,
              expires_at = excluded.expires_at, created_at = excluded.created_at
            """).execute(arguments: [invented.id(AuthCodeRecord.self), purpose.rawValue, subject, Secrets.sha256Hex(code),
                                     Timestamp.string(expiresAt), Timestamp.string(now)])
    }

    /// Checks `code`; `consume` spends it when right. A wrong code counts against the stored one,
    /// which is deleted at the `maxAttempts`th; an expired one is deleted.
    static func check(_ db: Database, purpose: AuthCodePurpose, subject: String, code: String, now: Date,
                      maxAttempts: Int, consume: Bool) throws -> LoginCodeCheck {
        guard let stored = try db.record(AuthCodeRecord.self, "SELECT * FROM auth_codes WHERE purpose = ? AND subject = ?",
                                         [purpose.rawValue, subject]) else { return .absent }
        guard stored.expiresAt > Timestamp.string(now) else {
            try delete(db, id: stored.id)
            return .absent
        }
        if Secrets.constantTimeEquals(Secrets.sha256Hex(code), stored.codeHash) {
            if consume { try delete(db, id: stored.id) }
            return .valid
        }
        let attempts = Int(stored.attempts) + 1
        if attempts >= maxAttempts {
            try delete(db, id: stored.id)
        } else {
            try db.cachedStatement(sql: "UPDATE auth_codes SET attempts = ? WHERE id = ?")
                .execute(arguments: [attempts, stored.id])
        }
        return .wrong
    }

    /// Spends a code already checked with `consume: false`.
    static func consume(_ db: Database, purpose: AuthCodePurpose, subject: String) throws {
        try db.cachedStatement(sql: "DELETE FROM auth_codes WHERE purpose = ? AND subject = ?")
            .execute(arguments: [purpose.rawValue, subject])
    }

    private static func delete(_ db: Database, id: String) throws {
        try db.cachedStatement(sql: "DELETE FROM auth_codes WHERE id = ?").execute(arguments: [id])
    }
}
