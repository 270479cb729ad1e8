import GRDB

/// A closed set of strings stored in a TEXT column with a CHECK constraint.
/// Decoding an unknown value fails with `unknown <label> "<value>"`, which the seed loader turns
/// into `default.json: users[3].role: unknown role "boss"`.
protocol StoredEnum: RawRepresentable<String>, CaseIterable, Codable, Hashable, Sendable,
    DatabaseValueConvertible, ColumnValue {
    /// How error messages name the set: "role", "device status"…
    static var label: String { get }
}

extension StoredEnum {
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        guard let value = Self(rawValue: raw) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "unknown \(Self.label) \"\(raw)\"")
        }
        self = value
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// `'a','b','c'` for a CHECK constraint (the values are our own constants, never user input).
    static var sqlList: String { allCases.map { "'\($0.rawValue)'" }.joined(separator: ",") }
}

enum CompanyStatus: String, StoredEnum {
    case active
    case pendingApproval = "pending_approval"
    case suspended
    static let label = "company status"
}

/// A company's subscription; `GET /api/subscription/features` lists what it includes.
enum SubscriptionPlan: String, StoredEnum {
    case starter
    case professional
    static let label = "subscription plan"

    /// Feature keys each plan includes (the mock's catalogue; the seeds name no plans).
    var features: [String] {
        switch self {
        case .starter: ["orders", "devices", "tickets", "customer_portal"]
        case .professional: ["orders", "devices", "tickets", "customer_portal", "push_notifications", "buyback", "macros"]
        }
    }
}

enum UserRole: String, StoredEnum {
    case masterAdmin = "master_admin"
    case admin
    case seniorEngineer = "senior_engineer"
    case engineer
    case office
    static let label = "role"
}

enum TwoFactorMethod: String, StoredEnum {
    case email
    case totp
    static let label = "two-factor method"
}

enum AuthCodePurpose: String, StoredEnum {
    case staff2FA = "staff_2fa"
    case staffMagicLink = "staff_magic_link"
    case customerMagicLink = "customer_magic_link"
    static let label = "code purpose"
}

/// Who owns a device token, a push preference row or a push.
enum AppType: String, StoredEnum {
    case staff
    case customer
    static let label = "app type"
}

enum IntakeMethod: String, StoredEnum {
    case walkIn = "walk_in"
    case mailIn = "mail_in"
    case collection
    static let label = "intake method"
}

/// `low|normal|high|urgent` (decided, CONTRACT §6).
enum DevicePriority: String, StoredEnum {
    case low
    case normal
    case high
    case urgent
    static let label = "priority"
}

/// Where in a shop a device sits (`sub_location.type`).
enum SubLocationType: String, StoredEnum {
    case shelf
    case bin
    case bench
    case drawer
    static let label = "sub-location type"
}

enum DeviceImageType: String, StoredEnum {
    case intake
    case damage
    case preRepair = "pre_repair"
    case postRepair = "post_repair"
    case serialLabel = "serial_label"
    case other
    static let label = "image type"
}

enum AccessoryType: String, StoredEnum {
    case `case`
    case charger
    case cable
    case simCard = "sim_card"
    case simTray = "sim_tray"
    case stylus
    case box
    case other
    static let label = "accessory type"
}

/// The customer's answer to a device's quote.
enum AuthorizationStatus: String, StoredEnum {
    case pending
    case approved
    case rejected
    static let label = "authorization status"
}

/// Which of the company's four VAT rates a line item uses.
enum ItemType: String, StoredEnum {
    case repair
    case deviceSale = "device_sale"
    case accessory
    case devicePurchase = "device_purchase"
    static let label = "item type"
}

enum PaymentMethod: String, StoredEnum {
    case cash
    case card
    case bankTransfer = "bank_transfer"
    case other
    static let label = "payment method"
}

enum SignatureType: String, StoredEnum {
    case dropOff = "drop_off"
    case authorisation
    case collection
    static let label = "signature type"
}

enum TicketStatus: String, StoredEnum {
    case open
    case pending
    case resolved
    case closed
    static let label = "ticket status"
}

/// `lead`: an enquiry not (yet) tied to an order; `order`: the conversation of an order.
enum TicketType: String, StoredEnum {
    case lead
    case order
    static let label = "ticket type"
}

enum MessageType: String, StoredEnum {
    case outbound
    case inbound
    case internalNote = "internal_note"
    case outboundSMS = "outbound_sms"
    static let label = "message type"
}
