import GRDB

/// A closed set of strings stored in a TEXT column with a CHECK constraint.
/// Decoding an unknown value fails with `unknown <label> "<value>"`, which the seed loader turns
/// into `default.json: users[3].role: unknown role "boss"`.
package protocol StoredEnum: RawRepresentable<String>, CaseIterable, Codable, Hashable, Sendable,
    DatabaseValueConvertible, ColumnValue {
    /// How error messages name the set: "role", "device status"…
    static var label: String { get }
}

extension StoredEnum {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        guard let value = Self(rawValue: raw) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "unknown \(Self.label) \"\(raw)\"")
        }
        self = value
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// `'a','b','c'` for a CHECK constraint (the values are our own constants, never user input).
    static var sqlList: String { allCases.map { "'\($0.rawValue)'" }.joined(separator: ",") }
}

package enum CompanyStatus: String, StoredEnum {
    case active
    case pendingApproval = "pending_approval"
    case suspended
    package static let label = "company status"
}

/// A company's subscription; `GET /api/subscription/features` lists what it includes.
package enum SubscriptionPlan: String, StoredEnum {
    case starter
    case professional
    package static let label = "subscription plan"

    /// Every feature key a plan may include, in the catalogue's order.
    package static var allFeatures: [String] {
        var all: [String] = []
        for plan in allCases { for feature in plan.features where !all.contains(feature) { all.append(feature) } }
        return all
    }

    /// Feature keys each plan includes (the mock's catalogue; the seeds name no plans).
    package var features: [String] {
        switch self {
        case .starter: ["orders", "devices", "tickets", "customer_portal"]
        case .professional: ["orders", "devices", "tickets", "customer_portal", "push_notifications", "buyback", "macros"]
        }
    }
}

package enum UserRole: String, StoredEnum {
    case masterAdmin = "master_admin"
    case admin
    case seniorEngineer = "senior_engineer"
    case engineer
    case office
    package static let label = "role"
}

enum TwoFactorMethod: String, StoredEnum {
    case email
    case totp
    static let label = "two-factor method"
}

package enum AuthCodePurpose: String, StoredEnum {
    case staff2FA = "staff_2fa"
    case staffMagicLink = "staff_magic_link"
    case customerMagicLink = "customer_magic_link"
    package static let label = "code purpose"
}

/// Who owns a device token, a push preference row or a push.
package enum AppType: String, StoredEnum {
    case staff
    case customer
    package static let label = "app type"
}

package enum IntakeMethod: String, StoredEnum {
    case walkIn = "walk_in"
    case mailIn = "mail_in"
    case collection
    package static let label = "intake method"
}

/// `low|normal|high|urgent` (decided, CONTRACT §6).
package enum DevicePriority: String, StoredEnum {
    case low
    case normal
    case high
    case urgent
    package static let label = "priority"
}

/// Where in a shop a device sits (`sub_location.type`).
package enum SubLocationType: String, StoredEnum {
    case shelf
    case bin
    case bench
    case drawer
    package static let label = "sub-location type"
}

package enum DeviceImageType: String, StoredEnum {
    case intake
    case damage
    case preRepair = "pre_repair"
    case postRepair = "post_repair"
    case serialLabel = "serial_label"
    case other
    package static let label = "image type"
}

package enum AccessoryType: String, StoredEnum {
    case `case`
    case charger
    case cable
    case simCard = "sim_card"
    case simTray = "sim_tray"
    case stylus
    case box
    case other
    package static let label = "accessory type"
}

/// The customer's answer to a device's quote.
package enum AuthorizationStatus: String, StoredEnum {
    case pending
    case approved
    case rejected
    package static let label = "authorization status"
}

/// Which of the company's four VAT rates a line item uses.
package enum ItemType: String, StoredEnum {
    case repair
    case deviceSale = "device_sale"
    case accessory
    case devicePurchase = "device_purchase"
    package static let label = "item type"
}

package enum PaymentMethod: String, StoredEnum {
    case cash
    case card
    case bankTransfer = "bank_transfer"
    case other
    package static let label = "payment method"
}

package enum SignatureType: String, StoredEnum {
    case dropOff = "drop_off"
    case authorisation
    case collection
    package static let label = "signature type"
}

package enum TicketStatus: String, StoredEnum {
    case open
    case pending
    case resolved
    case closed
    package static let label = "ticket status"
}

/// `lead`: an enquiry not (yet) tied to an order; `order`: the conversation of an order.
package enum TicketType: String, StoredEnum {
    case lead
    case order
    package static let label = "ticket type"
}

package enum MessageType: String, StoredEnum {
    case outbound
    case inbound
    case internalNote = "internal_note"
    case outboundSMS = "outbound_sms"
    package static let label = "message type"
}
