import MockBasics
import MockStore
/// A push the backend would have sent, as `GET /__mock/push` shows it: the stored payload as JSON.
/*@JSONObject(component: "RecordedPush", from: "PushLogRecord")*/
struct RecordedPush: Sendable {
    /*@Schema(.id)*/ let id: String
    let device_token: String
    let app_type: AppType
    let recipient_type: AppType
    /// The staff user's or the client's id.
    let recipient_id: String
    /*@From(JSONValue.parse(Array(source.payload.utf8)) ?? .string(source.payload))*/ /*@Schema(.component("PushPayload"))*/ let payload: JSONValue
    /*@Schema(.timestamp)*/ let sent_at: String
}
