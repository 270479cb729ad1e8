import Foundation
import GRDB

/// A push the backend would have sent, as the push log holds it.
struct RecordedPush: Encodable, Sendable {
    let id: String
    let deviceToken: String
    let appType: String
    let recipientType: String
    let recipientID: String
    let payload: JSONValue
    let sentAt: String

    enum CodingKeys: String, CodingKey {
        case id, payload
        case deviceToken = "device_token", appType = "app_type", recipientType = "recipient_type"
        case recipientID = "recipient_id", sentAt = "sent_at"
    }

    /// Newest first.
    static func fetch(_ db: Database, deviceToken: String?) throws -> [RecordedPush] {
        try Row.fetchAll(db.cachedStatement(sql: """
            SELECT * FROM push_log WHERE (?1 IS NULL OR device_token = ?1) ORDER BY sent_at DESC, rowid DESC
            """), arguments: [deviceToken]).map { row in
            let text: String = row["payload"]
            let payload = JSONValue.parse(Array(text.utf8)) ?? .string(text)
            return RecordedPush(id: row["id"], deviceToken: row["device_token"], appType: row["app_type"],
                                recipientType: row["recipient_type"], recipientID: row["recipient_id"],
                                payload: payload, sentAt: row["sent_at"])
        }
    }
}
