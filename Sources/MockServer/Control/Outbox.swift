import Foundation
import GRDB

/// Mail the backend would have sent. Written in the sending request's transaction (so a failed
/// request sends nothing), read back through `GET /__mock/outbox`.
enum Outbox {
    static func send(_ db: Database, to: String, kind: String, subject: String, body: String, code: String?,
                     now: Date) throws {
        precondition(OutboxMail.kinds.contains(kind), "unknown outbox kind \(kind)")
        try db.execute(sql: """
            INSERT INTO outbox (id, to_address, kind, subject, body, code, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [Secrets.uuid(), to, kind, subject, body, code, Timestamp.string(now)])
    }
}

/// Mail the backend would have sent, as the outbox table holds it.
struct OutboxMail: Encodable, Sendable, FetchableRecord {
    static let kinds: Set<String> = ["staff_2fa", "staff_magic_link", "customer_magic_link", "ticket_reply"]

    let id: String
    let to: String
    let kind: String
    let subject: String
    let body: String
    @Nullable var code: String?
    let sentAt: String

    init(row: Row) {
        id = row["id"]
        to = row["to_address"]
        kind = row["kind"]
        subject = row["subject"]
        body = row["body"]
        code = row["code"]
        sentAt = row["sent_at"]
    }

    enum CodingKeys: String, CodingKey { case id, to, kind, subject, body, code, sentAt = "sent_at" }

    /// Newest first.
    static func fetch(_ db: Database, to: String?, kind: String?) throws -> [OutboxMail] {
        try OutboxMail.fetchAll(db.cachedStatement(sql: """
            SELECT * FROM outbox
            WHERE (?1 IS NULL OR to_address = ?1 COLLATE NOCASE) AND (?2 IS NULL OR kind = ?2)
            ORDER BY sent_at DESC, rowid DESC
            """), arguments: [to, kind])
    }
}
