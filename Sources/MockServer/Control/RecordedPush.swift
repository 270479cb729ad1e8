import MockBasics
import MockStore
/// A push the backend would have sent, as `GET /__mock/push` shows it: the stored payload as JSON.
/*@JSONObject(component: "RecordedPush")*/
struct RecordedPush: Sendable {
    /*@Schema(.id)*/ let id: String
    let device_token: String
    let app_type: AppType
    let recipient_type: AppType
    /// The staff user's or the client's id.
    let recipient_id: String
    /*@Schema(.component("PushPayload"))*/ let payload: JSONValue
    /*@Schema(.timestamp)*/ let sent_at: String

    init(_ push: PushLogRow) {
        id = push.id
        device_token = push.deviceToken
        app_type = push.appType
        recipient_type = push.recipientType
        recipient_id = push.recipientID
        payload = JSONValue.parse(Array(push.payload.utf8)) ?? .string(push.payload)
        sent_at = push.sentAt
    }
}
