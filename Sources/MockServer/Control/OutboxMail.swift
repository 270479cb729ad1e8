import MockBasics
import MockStore
// The store writes the outbox in the sending request's transaction (so a failed request sends
// nothing) and reads it back (`Store.outbox(to:kind:limit:)`).

/// Mail the backend would have sent, as `GET /__mock/outbox` shows it.
/*@JSONObject(component: "OutboxMail")*/
struct OutboxMail: Sendable {
    /*@Schema(.id)*/ let id: String
    let to: String
    let kind: MailKind
    let subject: String
    let body: String
    /// The 6-digit code when the mail carries one.
    /*@Schema(.string(pattern: "^[0-9]{6}$"))*/ /*@Nullable*/ var code: String?
    /*@Schema(.timestamp)*/ let sent_at: String

    init(_ mail: OutboxRow) {
        id = mail.id
        to = mail.toAddress
        kind = mail.kind
        subject = mail.subject
        body = mail.body
        code = mail.code
        sent_at = mail.sentAt
    }
}
