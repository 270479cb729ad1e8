import MockBasics
import MockStore
/// A push the backend would have sent, as `GET /__mock/push` shows it: the stored payload as JSON.
@JSONObject
struct RecordedPush: Sendable {
    let id: String
    let device_token: String
    let app_type: String
    let recipient_type: String
    let recipient_id: String
    let payload: JSONValue
    let sent_at: String

    init(_ record: PushLogRecord) {
        id = record.id
        device_token = record.deviceToken
        app_type = record.appType.rawValue
        recipient_type = record.recipientType.rawValue
        recipient_id = record.recipientID
        payload = JSONValue.parse(Array(record.payload.utf8)) ?? .string(record.payload)
        sent_at = record.sentAt
    }
}
