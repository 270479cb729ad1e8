import MockBasics
import MockStore

// The store's enums as the payloads write them: each is a string component of docs/openapi.yaml
// named here, its values the enum's (ResponseComponents.enumerations lists them; OpenAPISchemaTests
// generates the components; the client's enums are generated from the same components).

extension OrderStatus: WireLabelledEnumeration {
    package static let componentName = "OrderStatus"
    package static let wireDescription: String? = "Computed from the order's devices, never set (decided rule, docs/resources.md)."
    package static let decided = true
    package static let labelComponentName = "OrderStatusLabel"
    package static let labelDescription: String? = "The order status's display name, in the order of `OrderStatus`."
}

extension DeviceStatus: WireLabelledEnumeration {
    package static let componentName = "DeviceStatus"
    package static let wireDescription: String? = "The 17 repair statuses and the 3 buyback-only ones (seed 003 \"Device Workflow\")."
    package static let labelComponentName = "DeviceStatusLabel"
    package static let labelDescription: String? = "The device status's display name (seed 003), in the order of `DeviceStatus`."
}

extension WorkflowType: WireEnumeration { package static let componentName = "WorkflowType" }

extension DevicePriority: WireEnumeration {
    package static let componentName = "DevicePriority"
    package static let wireDescription: String? = "The set is (decided)."
    package static let decided = true
}

extension IntakeMethod: WireEnumeration { package static let componentName = "IntakeMethod" }

extension OrderTotals.PaymentStatus: WireEnumeration {
    package static let componentName = "PaymentStatus"
    package static let wireDescription: String? = "Computed from the totals (decided rule, docs/resources.md)."
    package static let decided = true
}

extension AuthorizationStatus: WireEnumeration {
    package static let componentName = "AuthorizationStatus"
    package static let wireDescription: String? = "The customer's answer to a device's quote."
}

extension TicketStatus: WireEnumeration { package static let componentName = "TicketStatus" }

extension TicketType: WireEnumeration {
    package static let componentName = "TicketType"
    package static let wireDescription: String? =
        "`lead`: an enquiry not (yet) tied to an order; `order`: the conversation of an order."
}

extension MessageType: WireEnumeration { package static let componentName = "MessageType" }
extension ItemType: WireEnumeration {
    package static let componentName = "ItemType"
    package static let wireDescription: String? = "Which of the company's four VAT rates a line item uses."
}
extension PaymentMethod: WireEnumeration { package static let componentName = "PaymentMethod" }
extension SignatureType: WireEnumeration { package static let componentName = "SignatureType" }

extension SubLocationType: WireEnumeration {
    package static let componentName = "SubLocationType"
    package static let wireDescription: String? = "Where in a shop a device sits."
}

extension DeviceImageType: WireEnumeration { package static let componentName = "DeviceImageType" }
extension AccessoryType: WireEnumeration { package static let componentName = "AccessoryType" }
extension DashboardPeriod: WireEnumeration {
    package static let componentName = "DashboardPeriod"
    package static let wireDescription: String? = "A window from the start of the period, in UTC, up to the mock clock's now (decided)."
    package static let decided = true
}

extension SubscriptionPlan: WireEnumeration {
    package static let componentName = "SubscriptionPlan"
    package static let wireDescription: String? = "The mock's plans (decided: the seeds name none)."
    package static let decided = true
}

extension UserRole: WireEnumeration { package static let componentName = "StaffRole" }

extension CompanyStatus: WireEnumeration {
    package static let componentName = "CompanyStatus"
    package static let wireDescription: String? = "Only an `active` company's users may call the app API (quarantine, docs/auth.md)."
}

extension AppType: WireEnumeration {
    package static let componentName = "AppType"
    package static let wireDescription: String? = "Which app: the staff app or the customer app."
}

extension StaffStanding: WireEnumeration {
    package static let componentName = "StaffStanding"
    package static let wireDescription: String? = "What signing in and every authenticated request judge (`users.is_active`, `users.archived_at`)."
}

extension MailKind: WireEnumeration { package static let componentName = "MailKind" }
extension SessionSummary.Kind: WireEnumeration { package static let componentName = "SessionKind" }
extension SessionSummary.Status: WireEnumeration { package static let componentName = "SessionStatus" }
