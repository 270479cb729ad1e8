import MockBasics
import MockStore
// The store writes the outbox in the sending request's transaction (so a failed request sends
// nothing) and reads it back (`Store.outbox(to:kind:limit:)`).

/// Mail the backend would have sent, as `GET /__mock/outbox` shows it.
/*@JSONObject(component: "OutboxMail", from: "OutboxRecord")*/
struct OutboxMail: Sendable {
    /*@Schema(.id)*/ let id: String
    /*@From(source.toAddress)*/ let to: String
    let kind: MailKind
    let subject: String
    let body: String
    /// The 6-digit code when the mail carries one.
    /*@Schema(.string(pattern: "^[0-9]{6}$"))*/ /*@Nullable*/ var code: String?
    /*@Schema(.timestamp)*/ let sent_at: String
}
