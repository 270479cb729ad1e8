import MockBasics
import MockStore
/// A push the backend would have sent, as `GET /__mock/push` shows it: the stored payload as JSON.
@JSONObject
struct RecordedPush: Sendable {
    let id: String
    let deviceToken: String
    let appType: String
    let recipientType: String
    let recipientID: String
    let payload: JSONValue
    let sentAt: String

    init(_ record: PushLogRecord) {
        id = record.id
        deviceToken = record.deviceToken
        appType = record.appType.rawValue
        recipientType = record.recipientType.rawValue
        recipientID = record.recipientID
        payload = JSONValue.parse(Array(record.payload.utf8)) ?? .string(record.payload)
        sentAt = record.sentAt
    }

    enum CodingKeys: String, CodingKey {
        case id, payload
        case deviceToken = "device_token", appType = "app_type", recipientType = "recipient_type"
        case recipientID = "recipient_id", sentAt = "sent_at"
    }
}
