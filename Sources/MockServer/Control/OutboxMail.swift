import MockBasics
import MockStore
/// Mail the backend would have sent, as `GET /__mock/outbox` shows it. The store writes the
/// outbox in the sending request's transaction (so a failed request sends nothing) and reads it
/// back (`Store.outbox(to:kind:)`).
@JSONObject
struct OutboxMail: Sendable {
    let id: String
    let to: String
    let kind: String
    let subject: String
    let body: String
    @Nullable var code: String?
    let sent_at: String

    init(_ record: OutboxRecord) {
        id = record.id
        to = record.toAddress
        kind = record.kind
        subject = record.subject
        body = record.body
        code = record.code
        sent_at = record.sentAt
    }
}
