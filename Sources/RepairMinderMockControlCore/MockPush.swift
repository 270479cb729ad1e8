import Foundation

/// A push the backend would have sent (`GET /__mock/push`): one row per registered token of each
/// recipient whose preferences allow the type.
public struct MockPush: Sendable, Equatable, Decodable, Identifiable {
    public let id: String
    public let deviceToken: String
    /// `staff` or `customer`: the app the token was registered for.
    public let appType: String
    /// `staff` or `customer`.
    public let recipientType: String
    /// The staff member's user id or the customer's client id.
    public let recipientID: String
    public let payload: MockPushPayload
    public let sentAt: Date

    /// The payload's `type` (`order_status`, `new_enquiry`…).
    public var type: String? { payload.type }

    enum CodingKeys: String, CodingKey {
        case id, payload
        case deviceToken = "device_token", appType = "app_type", recipientType = "recipient_type"
        case recipientID = "recipient_id", sentAt = "sent_at"
    }
}

/// The APNs payload of a push: `{"aps": {"alert": {"title", "body"}, "badge"?, "sound"}, "type",
/// "order_id"?, "device_id"?, "ticket_id"?}`, typed, with the JSON as it came.
public struct MockPushPayload: Sendable, Equatable, Decodable {
    public struct APS: Sendable, Equatable {
        public let alert: Alert?
        public let badge: Int?
        public let sound: String?

        public init(alert: Alert?, badge: Int?, sound: String?) {
            self.alert = alert
            self.badge = badge
            self.sound = sound
        }
    }

    /// The alert; an alert sent as a plain string is its `body`.
    public struct Alert: Sendable, Equatable {
        public let title: String?
        public let body: String?

        public init(title: String?, body: String?) {
            self.title = title
            self.body = body
        }
    }

    public let aps: APS
    /// What happened: `order_status`, `device_status_changed`, `new_enquiry`, `message`…
    public let type: String?
    public let orderID: String?
    public let deviceID: String?
    public let ticketID: String?
    /// Every key beside `aps` (`type` and the ids included), as JSON.
    public let custom: [String: MockJSON]
    /// The whole payload as JSON.
    public let value: MockJSON

    /// The payload as JSON text (keys sorted), what a notification handler would be given.
    public var json: Data { value.data }

    public init(_ value: MockJSON) {
        self.value = value
        let aps = value["aps"]
        let alert: Alert? = switch aps?["alert"] {
        case .string(let body)?: Alert(title: nil, body: body)
        case .object(let object)?: Alert(title: object["title"]?.stringValue, body: object["body"]?.stringValue)
        default: nil
        }
        self.aps = APS(alert: alert, badge: aps?["badge"]?.intValue, sound: aps?["sound"]?.stringValue)
        type = value["type"]?.stringValue
        orderID = value["order_id"]?.stringValue
        deviceID = value["device_id"]?.stringValue
        ticketID = value["ticket_id"]?.stringValue
        custom = (value.objectValue ?? [:]).filter { $0.key != "aps" }
    }

    public init(from decoder: any Decoder) throws {
        self.init(try MockJSON(from: decoder))
    }
}

/// Whose pushes ``MockControl/waitForPush(type:to:timeout:where:)`` waits for.
public enum MockPushRecipient: Sendable, Equatable, CustomStringConvertible {
    /// One registered APNs token.
    case deviceToken(String)
    /// A staff member's user id or a customer's client id, on any of their tokens.
    case recipientID(String)

    public var description: String {
        switch self {
        case .deviceToken(let token): "device token \(token)"
        case .recipientID(let id): "recipient \(id)"
        }
    }
}

/// A device token an app registered (`GET /__mock/device-tokens`).
public struct MockDeviceToken: Sendable, Equatable, Decodable {
    public let deviceToken: String
    public let platform: String
    /// `staff` or `customer`: which app registered it.
    public let appType: String
    /// The staff user's id, or the customer's client id.
    public let ownerID: String
    public let companyID: String
    public let registeredAt: Date

    enum CodingKeys: String, CodingKey {
        case deviceToken = "device_token", platform, appType = "app_type", ownerID = "owner_id", companyID = "company_id"
        case registeredAt = "registered_at"
    }
}
