import Foundation
import GRDB
import MockBasics

/// The kinds of mail the backend sends (`outbox.kind`).
package enum MailKind: String, StoredEnum {
    package static let label = "mail kind"
    case staffTwoFactor = "staff_2fa"
    case staffMagicLink = "staff_magic_link"
    case customerMagicLink = "customer_magic_link"
    case ticketReply = "ticket_reply"
}

/// A mail the backend would send, as the outbox records it.
package struct Mail: Sendable {
    var to: String
    var kind: MailKind
    var subject: String
    var body: String
    /// The code the mail carries in clear (sign-in mail), for tests to read back.
    var code: String?

    package init(to: String, kind: MailKind, subject: String, body: String, code: String? = nil) {
        self.to = to
        self.kind = kind
        self.subject = subject
        self.body = body
        self.code = code
    }
}

extension Store {
    /// Mail sent, newest first; `to` (case-insensitive) and `kind` narrow it when given, `limit`
    /// keeps the newest that many (`total` counts them all).
    package func outbox(to: String?, kind: MailKind?, limit: Int? = nil) throws -> PageOf<OutboxRecord> {
        try readDatabase { db in
            let mail = try db.records(OutboxRecord.self, """
                SELECT * FROM outbox
                WHERE (?1 IS NULL OR to_address = ?1 COLLATE NOCASE) AND (?2 IS NULL OR kind = ?2)
                ORDER BY sent_at DESC, rowid DESC LIMIT ?3
                """, [to, kind?.rawValue, limit ?? -1])
            return try PageOf(items: mail, limit: limit) {
                try db.count("""
                    SELECT COUNT(*) FROM outbox
                    WHERE (?1 IS NULL OR to_address = ?1 COLLATE NOCASE) AND (?2 IS NULL OR kind = ?2)
                    """, [to, kind?.rawValue])
            }
        }
    }
}

extension OutboxRecord {
    /// Records `mail` in the caller's transaction, so a failed request sends nothing.
    static func send(_ mail: Mail, db: Database, now: Date, invented: InventedValues) throws {
        try db.cachedStatement(sql: """
            INSERT INTO outbox (id, to_address, kind, subject, body, code, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [invented.id(OutboxRecord.self), mail.to, mail.kind.rawValue, mail.subject, mail.body, mail.code,
                                     Timestamp.string(now)])
    }
}
