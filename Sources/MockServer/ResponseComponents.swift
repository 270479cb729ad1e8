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
    package static var objects: [any WireComponent.Type] { appObjects + controlObjects }

    /// The app API's components: RepairMinderClient's models are generated from these
    /// (ClientModelsTests).
    package static var appObjects: [any WireComponent.Type] {[
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
        LocationPayload.self, StaffProfilePayload.self, AvatarPayload.self, SubscriptionPayload.self, PushPreferences.self,
    ]}

    /// The control API's components, the error envelope's and the bare success's.
    package static var controlObjects: [any WireComponent.Type] {[
        JSONBody.Failure.self, HealthPayload.self, RegisteredDeviceToken.self, InboundEmailResult.self, ResetResult.self, ClockState.self,
        CompanyStatusResult.self, StaffStandingResult.self, OutboxMail.self, RecordedPush.self, StateChange.self,
        Pagination.self, NamespaceList.self, VarianceState.self, ReplayState.self,
        RequestJournal.Entry.self, FaultPlan.Fault.self, FaultPlan.HeldRequest.self, FaultReleaseResult.self, ConsoleSessionPayload.self,
        ConsoleAccountPayload.self, ConsoleOrderPayload.self, ConsoleClientPayload.self,
        MadeRow.self, PaymentReceivedPayload.self, OrderCreatedPayload.self,
        // The envelope's.
        JSONBody.Bare.self,
    ]}

    /// The request bodies' components: each struct parses its body (`RequestObject`) and writes its
    /// component. The app API's give RepairMinderClient its request types (ClientModelsTests).
    package static var appRequests: [any (RequestObject & WireComponent).Type] {[
        StaffLoginBody.self, TwoFactorRequestBody.self, TwoFactorVerifyBody.self, MagicLinkRequestBody.self,
        MagicLinkVerifyBody.self, RefreshBody.self, CustomerCodeRequestBody.self, CustomerCodeVerifyBody.self,
        ProfileChangeBody.self, DeviceTokenRegistrationBody.self, DeviceTokenRemovalBody.self, PushPreferencesChange.self,
        OrderChangeBody.self, DeviceChangeBody.self, TicketChangeBody.self, TicketReplyBody.self, TicketNoteBody.self,
        GenerateResponseBody.self, MacroRunBody.self, MacroVariables.self, QuoteApprovalBody.self, QuoteRejectionBody.self,
        CustomerMessageBody.self,
    ]}

    /// The control API's request bodies.
    package static var controlRequests: [any (RequestObject & WireComponent).Type] {[
        ClockChange.self, StaffStandingChange.self, CompanyStatusChange.self, FaultRequest.self, FaultRelease.self,
        InboundEmailRequest.self, SessionMintBody.self, VarianceChange.self,
    ]}

    package static var requests: [any (RequestObject & WireComponent).Type] { appRequests + controlRequests }

    /// The components also written as their object or null, as `Nullable<Name>`.
    package static var nullable: [any WireComponent.Type] { [UserRefPayload.self, IdNamePayload.self] }

    /// The string components that are the store's enums (their raw values, in declaration order).
    package static var enumerations: [any WireEnumeration.Type] {[
        OrderStatus.self, DeviceStatus.self, WorkflowType.self, DevicePriority.self, IntakeMethod.self,
        OrderTotals.PaymentStatus.self, AuthorizationStatus.self, TicketStatus.self, TicketType.self, MessageType.self,
        ItemType.self, PaymentMethod.self, SignatureType.self, SubLocationType.self, DeviceImageType.self, AccessoryType.self,
        DashboardPeriod.self, SubscriptionPlan.self, UserRole.self, CompanyStatus.self, FailureCode.self,
        // The control API's.
        AppType.self, StaffStanding.self, MailKind.self, SessionSummary.Kind.self, SessionSummary.Status.self,
        JSONVariance.Variant.self, FaultPlan.Action.self, FaultPlan.ReleaseThen.self, SessionMintBody.Platform.self,
    ]}

    /// The enumerations whose display names are a component too (`status_label`).
    package static var labelled: [any WireLabelledEnumeration.Type] { [OrderStatus.self, DeviceStatus.self] }
}
