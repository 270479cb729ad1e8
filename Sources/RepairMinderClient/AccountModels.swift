import Foundation

/// What `PATCH /api/users/me` may change; `nil` leaves a field as it is.
public struct ProfileChanges: Sendable, Hashable {
    public var firstName: String?
    public var lastName: String?
    public var phone: FieldUpdate<String>?
    public var jobTitle: FieldUpdate<String>?

    public init(firstName: String? = nil, lastName: String? = nil, phone: FieldUpdate<String>? = nil,
                jobTitle: FieldUpdate<String>? = nil) {
        self.firstName = firstName
        self.lastName = lastName
        self.phone = phone
        self.jobTitle = jobTitle
    }

    var body: PatchBody {
        var body = PatchBody()
        body.add("first_name", firstName)
        body.add("last_name", lastName)
        body.add("phone", phone)
        body.add("job_title", jobTitle)
        return body
    }
}

/// What `PUT /api/user/push-preferences` changes; `nil` leaves a switch as it is.
public struct PushPreferenceChanges: Encodable, Sendable, Hashable {
    public var pushEnabled: Bool?
    public var orderUpdates: Bool?
    public var deviceUpdates: Bool?
    public var ticketMessages: Bool?
    public var quoteUpdates: Bool?
    public var marketing: Bool?

    public init(pushEnabled: Bool? = nil, orderUpdates: Bool? = nil, deviceUpdates: Bool? = nil,
                ticketMessages: Bool? = nil, quoteUpdates: Bool? = nil, marketing: Bool? = nil) {
        self.pushEnabled = pushEnabled
        self.orderUpdates = orderUpdates
        self.deviceUpdates = deviceUpdates
        self.ticketMessages = ticketMessages
        self.quoteUpdates = quoteUpdates
        self.marketing = marketing
    }

    enum CodingKeys: String, CodingKey {
        case marketing
        case pushEnabled = "push_enabled"
        case orderUpdates = "order_updates"
        case deviceUpdates = "device_updates"
        case ticketMessages = "ticket_messages"
        case quoteUpdates = "quote_updates"
    }
}
