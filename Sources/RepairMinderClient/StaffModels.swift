import Foundation

/// A staff role. Unknown roles are kept, not dropped.
public enum StaffRole: Sendable, Hashable, Codable {
    case masterAdmin, admin, seniorEngineer, engineer, office
    case other(String)

    public init(rawValue: String) {
        switch rawValue {
        case "master_admin": self = .masterAdmin
        case "admin": self = .admin
        case "senior_engineer": self = .seniorEngineer
        case "engineer": self = .engineer
        case "office": self = .office
        default: self = .other(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .masterAdmin: "master_admin"
        case .admin: "admin"
        case .seniorEngineer: "senior_engineer"
        case .engineer: "engineer"
        case .office: "office"
        case .other(let value): value
        }
    }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// The camelCase `user` of the login step-1 answer.
public struct LoginUser: Decodable, Sendable, Hashable {
    public var id: String
    public var email: String
    public var firstName: String?
    public var lastName: String?
    public var companyID: String

    enum CodingKeys: String, CodingKey {
        case id, email, firstName, lastName
        case companyID = "companyId"
    }
}

/// `POST /api/auth/login` answer: `{requiresTwoFactor: true, userId, email, user}`.
public struct StaffLoginChallenge: Decodable, Sendable, Hashable {
    public var requiresTwoFactor: Bool
    public var userID: String
    public var email: String
    public var user: LoginUser

    enum CodingKeys: String, CodingKey {
        case requiresTwoFactor, email, user
        case userID = "userId"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        requiresTwoFactor = try container.decodeFlag(forKey: .requiresTwoFactor)
        userID = try container.decode(String.self, forKey: .userID)
        email = try container.decode(String.self, forKey: .email)
        user = try container.decode(LoginUser.self, forKey: .user)
    }
}

/// The snake_case staff `user` of the token response and of `me`.
public struct StaffUser: Decodable, Sendable, Hashable, Identifiable {
    public var id: String
    public var email: String
    public var firstName: String?
    public var lastName: String?
    public var companyID: String
    public var role: StaffRole
    public var phiAccessLevel: String?
    public var dataClassification: String?
    /// `is_active`, a 0/1 integer on the wire.
    public var isActive: Bool
    /// `magic_link_enabled`, a 0/1 integer on the wire.
    public var magicLinkEnabled: Bool?
    public var companyStatus: String?
    public var lastLogin: String?
    public var createdAt: String?
    public var updatedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, email, role
        case firstName = "first_name"
        case lastName = "last_name"
        case companyID = "company_id"
        case phiAccessLevel = "phi_access_level"
        case dataClassification = "data_classification"
        case isActive = "is_active"
        case magicLinkEnabled = "magic_link_enabled"
        case companyStatus = "company_status"
        case lastLogin = "last_login"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        email = try c.decode(String.self, forKey: .email)
        firstName = try c.decodeIfPresent(String.self, forKey: .firstName)
        lastName = try c.decodeIfPresent(String.self, forKey: .lastName)
        companyID = try c.decode(String.self, forKey: .companyID)
        role = try c.decode(StaffRole.self, forKey: .role)
        phiAccessLevel = try c.decodeIfPresent(String.self, forKey: .phiAccessLevel)
        dataClassification = try c.decodeIfPresent(String.self, forKey: .dataClassification)
        isActive = try c.decodeFlag(forKey: .isActive)
        magicLinkEnabled = try c.decodeFlagIfPresent(forKey: .magicLinkEnabled)
        companyStatus = try c.decodeIfPresent(String.self, forKey: .companyStatus)
        lastLogin = try c.decodeIfPresent(String.self, forKey: .lastLogin)
        createdAt = try c.decodeIfPresent(String.self, forKey: .createdAt)
        updatedAt = try c.decodeIfPresent(String.self, forKey: .updatedAt)
    }

    public var displayName: String {
        let parts = [firstName, lastName].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? email : parts.joined(separator: " ")
    }
}

/// A company's status; quarantine applies to `pendingApproval` and `suspended`.
public enum CompanyStatus: Sendable, Hashable, Codable {
    case active, pendingApproval, suspended
    case other(String)

    public init(rawValue: String) {
        switch rawValue {
        case "active": self = .active
        case "pending_approval": self = .pendingApproval
        case "suspended": self = .suspended
        default: self = .other(rawValue)
        }
    }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public var rawValue: String {
        switch self {
        case .active: "active"
        case .pendingApproval: "pending_approval"
        case .suspended: "suspended"
        case .other(let value): value
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var isQuarantined: Bool { self == .pendingApproval || self == .suspended }
}

/// The snake_case staff `company`. VAT rates are strings on the wire (`"20.00"`) and stay strings.
public struct StaffCompany: Decodable, Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var status: CompanyStatus
    public var currencyCode: String?
    public var vatNumber: String?
    public var logoURL: String?
    public var vatRateRepair: String?
    public var vatRateDeviceSale: String?
    public var vatRateAccessory: String?
    public var vatRateDevicePurchase: String?

    enum CodingKeys: String, CodingKey {
        case id, name, status
        case currencyCode = "currency_code"
        case vatNumber = "vat_number"
        case logoURL = "logo_url"
        case vatRateRepair = "vat_rate_repair"
        case vatRateDeviceSale = "vat_rate_device_sale"
        case vatRateAccessory = "vat_rate_accessory"
        case vatRateDevicePurchase = "vat_rate_device_purchase"
    }
}

/// `2fa/verify` and `magic-link/verify-code` answer.
public struct StaffTokenResponse: Decodable, Sendable, Hashable {
    public var token: String
    public var refreshToken: String
    /// Access-token lifetime in seconds (900).
    public var expiresIn: Int
    public var user: StaffUser
    public var company: StaffCompany

    enum CodingKeys: String, CodingKey {
        case token, refreshToken, expiresIn, user, company
    }
}

/// `POST /api/auth/refresh` answer (read by the client's refresher only).
struct RefreshResponse: Decodable, Sendable, Hashable {
    var token: String
    var refreshToken: String
    var expiresIn: Int

    enum CodingKeys: String, CodingKey {
        case token, refreshToken, expiresIn
    }

    init(token: String, refreshToken: String, expiresIn: Int) {
        self.token = token
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
    }
}

/// `GET /api/auth/me` answer.
public struct StaffMe: Decodable, Sendable, Hashable {
    public var user: StaffUser
    public var company: StaffCompany
    public var hasPassword: Bool

    enum CodingKeys: String, CodingKey {
        case user, company, hasPassword
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        user = try c.decode(StaffUser.self, forKey: .user)
        company = try c.decode(StaffCompany.self, forKey: .company)
        hasPassword = try c.decodeFlag(forKey: .hasPassword)
    }
}
