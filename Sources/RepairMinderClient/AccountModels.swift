import Foundation

/// `GET|PATCH /api/users/me`: the signed-in staff member's profile (the token-response user plus
/// profile fields).
public struct StaffProfile: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var email: String
    public var firstName: String
    public var lastName: String
    public var companyID: String
    public var role: StaffRole
    public var phiAccessLevel: String
    public var dataClassification: String
    @IntFlag public var isActive: Bool
    @IntFlag public var magicLinkEnabled: Bool
    public var companyStatus: CompanyStatus
    public var phone: String?
    public var jobTitle: String?
    public var avatarURL: String?
    public var lastLogin: Timestamp?
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    enum CodingKeys: String, CodingKey {
        case id, email, role, phone
        case firstName = "first_name"
        case lastName = "last_name"
        case companyID = "company_id"
        case phiAccessLevel = "phi_access_level"
        case dataClassification = "data_classification"
        case isActive = "is_active"
        case magicLinkEnabled = "magic_link_enabled"
        case companyStatus = "company_status"
        case jobTitle = "job_title"
        case avatarURL = "avatar_url"
        case lastLogin = "last_login"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

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

/// `GET /api/company-locations` (and `/:id`): a shop of the company.
public struct CompanyLocation: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var companyID: String
    public var name: String
    public var addressLine1: String?
    public var addressLine2: String?
    public var city: String?
    public var postcode: String?
    public var country: String?
    public var phone: String?
    public var email: String?
    @IntFlag public var isPrimary: Bool

    enum CodingKeys: String, CodingKey {
        case id, name, city, postcode, country, phone, email
        case companyID = "company_id"
        case addressLine1 = "address_line1"
        case addressLine2 = "address_line2"
        case isPrimary = "is_primary"
    }
}

/// `GET /api/users/me/avatar`.
public struct Avatar: Codable, Sendable, Hashable {
    public var avatarURL: String?

    enum CodingKeys: String, CodingKey { case avatarURL = "avatar_url" }
}

/// `GET /api/subscription/features`: the company's plan and what it includes (nothing while the
/// company is quarantined).
public struct SubscriptionFeatures: Codable, Sendable, Hashable {
    public var plan: String
    /// `active` or `inactive`.
    public var status: String
    public var features: [String]

    enum CodingKeys: String, CodingKey { case plan, status, features }
}

/// `GET|PUT /api/user/push-preferences` (staff or customer): which pushes reach this user.
public struct PushPreferences: Codable, Sendable, Hashable {
    public var pushEnabled: Bool
    public var orderUpdates: Bool
    public var deviceUpdates: Bool
    public var ticketMessages: Bool
    public var quoteUpdates: Bool
    public var marketing: Bool

    enum CodingKeys: String, CodingKey {
        case marketing
        case pushEnabled = "push_enabled"
        case orderUpdates = "order_updates"
        case deviceUpdates = "device_updates"
        case ticketMessages = "ticket_messages"
        case quoteUpdates = "quote_updates"
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
