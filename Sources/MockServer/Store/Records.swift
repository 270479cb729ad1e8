import GRDB

// One record per table, each declared once: `@StoredTable` (RecordColumns.swift) makes the struct's
// stored properties the table's columns, in order, named by their snake_case, and writes the
// record's CodingKeys (inserts and updates go through `Encodable`; no key strategy: Foundation's
// snake-case conversion costs more than the row) and its one reader, `init(columns:)`. A new column is
// its migration (Migrations.swift) and one property here. Flags are Int (0/1) as they are stored and
// as the wire shows them; money is Int pence.

/// A record of one table: what `@StoredTable` makes of a struct.
typealias StoredRecord = ColumnDecodable & PersistableRecord & Equatable

/// Every table, by its record, parents before children (rows are copied in this order and deleted
/// in the reverse). The one list of tables: the migrations must create exactly these (a test).
enum StoredTables {
    static let records: [any StoredRecord.Type] = [
        CompanyRecord.self,
        CompanyLocationRecord.self,
        UserRecord.self,
        UserRecoveryCodeRecord.self,
        ClientRecord.self,
        ClientCompanyRecord.self,
        AuthCodeRecord.self,
        RefreshTokenFamilyRecord.self,
        RefreshTokenRecord.self,
        CustomerSessionRecord.self,
        DeviceTokenRecord.self,
        PushPreferenceRecord.self,
        OutboxRecord.self,
        PushLogRecord.self,
        OrderRecord.self,
        DeviceRecord.self,
        OrderItemRecord.self,
        PaymentRecord.self,
        SignatureRecord.self,
        TicketRecord.self,
        TicketMessageRecord.self,
        TicketEventRecord.self,
        TicketAttachmentRecord.self,
        MacroRecord.self,
        BrandRecord.self,
        ModelRecord.self,
        SubLocationRecord.self,
        DeviceImageRecord.self,
        DeviceAccessoryRecord.self,
        DevicePartRecord.self,
        DeviceNoteRecord.self,
        DeviceChecklistItemRecord.self,
        CompanyEmailRecord.self,
        MacroStageRecord.self,
        MacroRunRecord.self,
    ]
    static let names = records.map { $0.databaseTableName }
}

@StoredTable("companies")
struct CompanyRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var name: String
    var status: CompanyStatus
    var currencyCode: String
    var vatNumber: String?
    var logoURL: String?
    var vatRateRepair: String
    var vatRateDeviceSale: String
    var vatRateAccessory: String
    var vatRateDevicePurchase: String
    var subscriptionPlan: SubscriptionPlan
    var createdAt: String
}

@StoredTable("company_locations")
struct CompanyLocationRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var companyID: String
    var name: String
    var addressLine1: String
    var addressLine2: String?
    var city: String
    var postcode: String
    var country: String
    var phone: String?
    var email: String?
    var isPrimary: Int
    var createdAt: String
}

@StoredTable("users")
struct UserRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var companyID: String
    var email: String
    var firstName: String
    var lastName: String
    var role: UserRole
    var phiAccessLevel: String?
    var dataClassification: String?
    var isActive: Int
    var archivedAt: String?
    var magicLinkEnabled: Int
    var passwordHash: String?
    var twoFactorMethod: TwoFactorMethod
    var totpSecret: String?
    /// The last TOTP time step accepted (a code is good once): written by its own UPDATE.
    var totpLastStep: Int64?
    var avatarURL: String?
    var phone: String?
    var jobTitle: String?
    var lastLogin: String?
    var createdAt: String
    var updatedAt: String
}

@StoredTable("user_recovery_codes")
struct UserRecoveryCodeRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var userID: String
    /// `StoreHashing.recoveryCodeHash(code)`: SHA-256 hex of the upper-cased code.
    var codeHash: String
    var usedAt: String?
}

@StoredTable("clients")
struct ClientRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var email: String
    var firstName: String
    var lastName: String
    var phone: String?
    var addressLine1: String?
    var addressLine2: String?
    var city: String?
    var postcode: String?
    var emailSuppressed: Int
    var createdAt: String
    /// A placeholder address the shop made up for a client without one (mail to it goes nowhere).
    var isGeneratedEmail: Int
}

@StoredTable("client_companies")
struct ClientCompanyRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var clientID: String
    var companyID: String
    var createdAt: String
}

@StoredTable("auth_codes")
struct AuthCodeRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var purpose: AuthCodePurpose
    /// The user id for `staff_2fa`; the lower-cased email otherwise.
    var subject: String
    var codeHash: String
    var attempts: Int64
    var expiresAt: String
    var createdAt: String
}

@StoredTable("refresh_token_families")
struct RefreshTokenFamilyRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var userID: String
    var isMobile: Int
    var createdAt: String
    var revokedAt: String?
    var revokedReason: String?
}

@StoredTable("refresh_tokens")
struct RefreshTokenRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var familyID: String
    var tokenHash: String
    var createdAt: String
    var expiresAt: String
    var rotatedAt: String?
}

@StoredTable("customer_sessions")
struct CustomerSessionRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var clientID: String
    var companyID: String
    var createdAt: String
    var expiresAt: String
    var revokedAt: String?
}

@StoredTable("device_tokens")
struct DeviceTokenRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var deviceToken: String
    var platform: String
    var appType: AppType
    /// Exactly one of `userID` (staff) and `clientID` (customer) is set.
    var userID: String?
    var clientID: String?
    var companyID: String
    var createdAt: String
    var updatedAt: String
}

@StoredTable("push_preferences")
struct PushPreferenceRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var ownerType: AppType
    var ownerID: String
    var pushEnabled: Int = 1
    var orderUpdates: Int = 1
    var deviceUpdates: Int = 1
    var ticketMessages: Int = 1
    var quoteUpdates: Int = 1
    var marketing: Int = 0
    var updatedAt: String
}

/// Mail the backend would have sent. Newest first: `ORDER BY sent_at DESC, rowid DESC`.
@StoredTable("outbox")
struct OutboxRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var toAddress: String
    /// `staff_2fa`, `staff_magic_link`, `customer_magic_link`, `ticket_reply`…
    var kind: String
    var subject: String
    var body: String
    var code: String?
    var sentAt: String
}

/// A push the backend would have sent. Newest first: `ORDER BY sent_at DESC, rowid DESC`.
@StoredTable("push_log")
struct PushLogRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var deviceToken: String
    var appType: AppType
    var recipientType: AppType
    var recipientID: String
    /// The JSON payload (`aps` + `type` + ids) as text.
    var payload: String
    var sentAt: String
}

// MARK: - Resources

/// An order. Its `status` is derived from its devices' statuses (`OrderStatus(devices:)`) and
/// rewritten whenever one of them moves; nothing sets it directly.
@StoredTable("orders")
struct OrderRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var companyID: String
    var orderNumber: Int64
    var clientID: String
    var locationID: String?
    var assignedUserID: String?
    var intakeMethod: IntakeMethod
    var notes: String?
    var createdAt: String
    var updatedAt: String
    var quoteSentAt: String?
    var authorisedAt: String?
    var collectedAt: String?
    var status: OrderStatus
}

@StoredTable("devices")
struct DeviceRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var companyID: String
    var orderID: String
    var workflowType: WorkflowType
    var status: DeviceStatus
    var priority: DevicePriority
    var assignedEngineerID: String?
    /// Display names; `brandID`/`modelID` link them to the catalogue when it has them.
    var brand: String
    var model: String
    var brandID: String?
    var modelID: String?
    var subLocationID: String?
    var serialNumber: String?
    var imei: String?
    var colour: String?
    var storageCapacity: String?
    var passcodeType: String?
    var findMyStatus: String?
    var conditionGrade: String?
    var customerReportedIssues: String?
    var technicianFoundIssues: String?
    var diagnosisNotes: String?
    var repairNotes: String?
    var technicianNotes: String?
    var authorizationStatus: AuthorizationStatus?
    var authorizationMethod: String?
    var authorizationNotes: String?
    var createdAt: String
    var updatedAt: String
    var receivedAt: String?
    var diagnosisStartedAt: String?
    var quoteSentAt: String?
    var authorisedAt: String?
    var rejectedAt: String?
    var partsOrderedAt: String?
    var partsReceivedAt: String?
    var repairStartedAt: String?
    var repairCompletedAt: String?
    var qcCompletedAt: String?
    var readyAt: String?
    var collectedAt: String?
    var despatchedAt: String?
    var paidAt: String?

    /// `brand model`, as the device detail's `display_name`.
    var displayName: String { Self.displayName(brand: brand, model: model) }

    static func displayName(brand: String, model: String) -> String { "\(brand) \(model)" }
}

/// A line item. Line total inc. VAT = quantity × unit price × (1 + vat_rate/100), in pence.
@StoredTable("order_items")
struct OrderItemRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var companyID: String
    var orderID: String
    var deviceID: String?
    var itemType: ItemType
    var description: String
    var quantity: Int64
    var unitPricePence: Int64
    var vatRate: String
    var createdAt: String
}

@StoredTable("payments")
struct PaymentRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var companyID: String
    var orderID: String
    var amountPence: Int64
    /// Refundable amount = amount − refunded.
    var refundedPence: Int64
    var paymentMethod: PaymentMethod
    var paymentDate: String
    var isDeposit: Int
    var recordedBy: String?
    var notes: String?
    var createdAt: String
}

@StoredTable("signatures")
struct SignatureRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var companyID: String
    var orderID: String
    var deviceID: String?
    var clientID: String?
    var signatureType: SignatureType
    var typedName: String
    var termsAgreed: Int
    var capturedAt: String
}

@StoredTable("tickets")
struct TicketRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var companyID: String
    var ticketNumber: Int64
    var ticketType: TicketType
    var status: TicketStatus
    var subject: String
    var clientID: String?
    var orderID: String?
    var locationID: String?
    var assignedUserID: String?
    var createdAt: String
    var updatedAt: String
    /// The enquiry cannot be answered until a location is chosen.
    var requiresLocation: Int
    /// The company address the enquiry came in on (`received_custom_email`).
    var receivedEmailID: String?
}

@StoredTable("ticket_messages")
struct TicketMessageRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var companyID: String
    var ticketID: String
    var type: MessageType
    var fromEmail: String?
    var fromName: String?
    var toEmail: String?
    var subject: String?
    var bodyText: String
    var bodyHTML: String?
    var deviceID: String?
    /// The staff user who wrote it (outbound, notes, SMS); NULL for inbound mail.
    var createdBy: String?
    var createdAt: String
}

/// A ticket event; with a `message_id`, the delivery tracking of that message
/// (`delivered`, `opened`, `bounced`…), else a ticket-level event (`status_changed`…).
@StoredTable("ticket_events")
struct TicketEventRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var ticketID: String
    var messageID: String?
    var eventType: String
    /// JSON text or NULL.
    var eventData: String?
    var createdAt: String
}

@StoredTable("ticket_attachments")
struct TicketAttachmentRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var messageID: String
    var filename: String
    var contentType: String
    var sizeBytes: Int64
    var createdAt: String
}

/// A reply workflow ("workflow" in the app): ordered stages, each an email sent
/// `delay_minutes` after the one before.
@StoredTable("macros")
struct MacroRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var companyID: String
    var name: String
    var description: String?
    var isActive: Int
    var createdAt: String
}

/// One email of a macro. `subject` and `body` hold `{{variables}}`: `client_first_name`,
/// `client_name`, `order_number`, `device_name`, `company_name`, `location_name`, `ticket_number`.
@StoredTable("macro_stages")
struct MacroStageRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var macroID: String
    var position: Int64
    var delayMinutes: Int64
    var subject: String
    var body: String
}

/// A stage of a macro run on a ticket: `sent` (the first, at once) or `scheduled` (later ones).
@StoredTable("macro_runs")
struct MacroRunRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var companyID: String
    var ticketID: String
    var macroID: String
    var stageID: String
    var status: String
    var scheduledFor: String
    var messageID: String?
    /// The variables the stage was filled with, as a JSON object.
    var variables: String
    var createdBy: String?
    var createdAt: String
}

/// An address the company sends and receives enquiries on.
@StoredTable("company_emails")
struct CompanyEmailRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var companyID: String
    var locationID: String?
    var emailAddress: String
    var displayName: String
    var createdAt: String
}

// MARK: - Device detail

@StoredTable("brands")
struct BrandRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var name: String
}

@StoredTable("models")
struct ModelRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var brandID: String
    var name: String
}

/// A shelf, bin, bench or drawer of a location, where a device waits.
@StoredTable("sub_locations")
struct SubLocationRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var companyID: String
    var locationID: String
    var code: String
    var description: String?
    var type: SubLocationType
}

@StoredTable("device_images")
struct DeviceImageRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var companyID: String
    var deviceID: String
    var imageType: DeviceImageType
    var filename: String
    var caption: String?
    /// The object key in the backend's R2 bucket.
    var r2Key: String
    var createdAt: String
}

@StoredTable("device_accessories")
struct DeviceAccessoryRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var companyID: String
    var deviceID: String
    var accessoryType: AccessoryType
    var description: String?
    var returnedAt: String?
    var createdAt: String
}

@StoredTable("device_parts")
struct DevicePartRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var companyID: String
    var deviceID: String
    var partName: String
    var partSKU: String?
    var partCostPence: Int64
    var supplier: String?
    var isOEM: Int
    var createdAt: String
}

@StoredTable("device_notes")
struct DeviceNoteRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var companyID: String
    var deviceID: String
    var body: String
    var createdBy: String?
    var createdAt: String
}

/// One line of a device's test checklist, in `position` order; done when `completed_at` is set.
@StoredTable("device_checklist_items")
struct DeviceChecklistItemRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var companyID: String
    var deviceID: String
    var position: Int64
    var label: String
    var completedAt: String?
    var completedBy: String?
}
