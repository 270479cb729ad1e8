import MockBasics
import MockStore
import MockRouting

/// The components of docs/openapi.yaml that the payloads' declarations write: each is generated
/// from its `@JSONObject(component:)` struct (the properties, their types and doc comments), and
/// OpenAPISchemaTests refuses a document that differs, and rewrites them after a payload changes
/// (`REPAIRMINDER_MOCK_WRITE_GENERATED=1 swift test --filter OpenAPISchemaTests`). A new response field is typed in its payload, not in the document.
package enum ResponseComponents {
    // Computed, as `nullable` is: an array of metatypes is not `Sendable`, so a stored one would be
    // shared mutable state to Swift 6.
    /// The components, each as its object.
    package static var objects: [any WireComponent.Type] {[
        UserRefPayload.self, IdNamePayload.self,
        OrderTotalsPayload.self, OrderListItemPayload.self, OrderDetailPayload.self,
        TicketListItemPayload.self, TicketDetailPayload.Event.self, TicketDetailPayload.Message.self, TicketDetailPayload.self,
        GeneratedResponsePayload.self, MacroRunPayload.self, MacroPayload.self,
        StatusOptionPayload.self, DeviceListItemPayload.self, DeviceDetailPayload.self, DeviceLookupPayload.self,
        CustomerOrderDetailPayload.DeviceBrief.self, CustomerOrderListItemPayload.self, CustomerOrderDetailPayload.Item.self,
        CustomerOrderDetailPayload.Message.self, CustomerOrderDetailPayload.self,
        ClientListItemPayload.self, ClientDetailPayload.OrderBrief.self, ClientDetailPayload.self,
        DashboardStatsPayload.self, HeaderCountsPayload.self, EnquiryStatsPayload.self,
        LoginStepPayload.self, StaffUserPayload.self, CompanyPayload.self, StaffTokenPayload.self, RefreshPayload.self,
        StaffMePayload.self, MessagePayload.self, CustomerClientPayload.self, CustomerCompanyPayload.self,
        CustomerTokenPayload.self, CompanySelectionPayload.self, CustomerMePayload.self,
        LocationPayload.self, StaffProfilePayload.self, AvatarPayload.self, SubscriptionPayload.self, PushPreferencesPayload.self,
        // The control API's.
        JSONBody.Failure.self, HealthPayload.self, RegisteredDeviceToken.self, InboundEmailResult.self, ResetResult.self, ClockState.self,
        CompanyStatusResult.self, StaffStandingResult.self, OutboxMail.self, RecordedPush.self, StateChange.self,
        Pagination.self, NamespaceList.self, VarianceState.self, ReplayState.self,
        RequestJournal.Entry.self, FaultPlan.Fault.self, FaultPlan.HeldRequest.self, FaultReleaseResult.self, ConsoleSessionPayload.self,
        ConsoleAccountPayload.self, ConsoleOrderPayload.self, ConsoleClientPayload.self,
        MadeRow.self, PaymentReceivedPayload.self, OrderCreatedPayload.self,
        // The envelope's.
        JSONBody.Bare.self,
    ]}

    /// The components also written as their object or null, as `Nullable<Name>`.
    package static var nullable: [any WireComponent.Type] { [UserRefPayload.self, IdNamePayload.self] }

    /// The string components whose values are the store's enums' (raw values or display names), in
    /// declaration order; their descriptions stay the document's.
    package static let enumerations: [(name: String, values: [String])] = [
        ("OrderStatus", OrderStatus.allCases.map(\.rawValue)),
        ("OrderStatusLabel", OrderStatus.allCases.map(\.displayName)),
        ("DeviceStatus", DeviceStatus.allCases.map(\.rawValue)),
        ("DeviceStatusLabel", DeviceStatus.allCases.map(\.displayName)),
        ("WorkflowType", WorkflowType.allCases.map(\.rawValue)),
        ("DevicePriority", DevicePriority.allCases.map(\.rawValue)),
        ("IntakeMethod", IntakeMethod.allCases.map(\.rawValue)),
        ("PaymentStatus", OrderTotals.PaymentStatus.allCases.map(\.rawValue)),
        ("AuthorizationStatus", AuthorizationStatus.allCases.map(\.rawValue)),
        ("TicketStatus", TicketStatus.allCases.map(\.rawValue)),
        ("TicketType", TicketType.allCases.map(\.rawValue)),
        ("MessageType", MessageType.allCases.map(\.rawValue)),
        ("Variant", JSONVariance.Variant.allCases.map(\.rawValue)),
    ]
}
