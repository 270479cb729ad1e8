import GRDB

// One type per table, each declared once: `@StoredTable` (ColumnReaders.swift) makes the struct's
// stored properties the table's columns, named by their snake_case, and writes its one reader,
// `init(columns:)`, which reads a seed file's row too (SeedRowReader.swift: the row's keys are the
// columns), and `columnValues`, with which the seed is written and inserts and updates write the row.
// A new column is its migration (Migrations.swift) and one property here, where the migration puts
// it in the table (RecordDecodingTests: a `SELECT *` is then read in place): stored, read, written and
// seedable. Flags are Int (0/1) as they are stored and as the wire shows them; money is Int pence.
//
// Access control says who sees a column, as GRDB advises (one record type per table, what callers
// must not see hidden by access): a `package` property is a column the server and the control API
// read; a plain (internal) one only the store reads (links the store follows itself, credentials,
// bookkeeping). A table the server never sees is an internal struct. A list that reads fewer columns
// than the whole row declares a `@Projection` of them (OrderLists.swift), which is not a table.

/// A record of one table: what `@StoredTable` makes of a struct.
typealias StoredRecord = ColumnEncodable & PersistableRecord & Equatable

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

/// A company.
/*@StoredTable("companies")*/
package struct CompanyRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    package var name: String
    package var status: CompanyStatus
    package var currencyCode: String
    package var vatNumber: String?
    package var logoURL: String?
    package var vatRateRepair: String
    package var vatRateDeviceSale: String
    package var vatRateAccessory: String
    package var vatRateDevicePurchase: String
    package var subscriptionPlan: SubscriptionPlan
    var createdAt: String
}

/// A company's location (a shop).
/*@StoredTable("company_locations")*/
package struct CompanyLocationRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    package var companyID: String
    package var name: String
    package var addressLine1: String
    package var addressLine2: String?
    package var city: String
    package var postcode: String
    package var country: String
    package var phone: String?
    package var email: String?
    package var isPrimary: Int
    var createdAt: String
}

/// A staff member. Responses show the package columns: no credentials, no role (the session carries
/// those), no company (the session's).
/*@StoredTable("users")*/
package struct UserRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    var companyID: String
    var email: String
    package var firstName: String
    package var lastName: String
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
    package var avatarURL: String?
    package var phone: String?
    package var jobTitle: String?
    package var lastLogin: String?
    package var createdAt: String
    package var updatedAt: String
}

/*@StoredTable("user_recovery_codes")*/
struct UserRecoveryCodeRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var userID: String
    /// `StoreHashing.recoveryCodeHash(code)`: SHA-256 hex of the upper-cased code.
    var codeHash: String
    var usedAt: String?
}

/// A client: every column is shown.
/*@StoredTable("clients")*/
package struct ClientRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    package var email: String
    package var firstName: String
    package var lastName: String
    package var phone: String?
    package var addressLine1: String?
    package var addressLine2: String?
    package var city: String?
    package var postcode: String?
    package var emailSuppressed: Int
    package var createdAt: String
    /// A placeholder address the shop made up for a client without one (mail to it goes nowhere).
    package var isGeneratedEmail: Int
}

/*@StoredTable("client_companies")*/
struct ClientCompanyRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    var clientID: String
    var companyID: String
    var createdAt: String
}

/*@StoredTable("auth_codes")*/
struct AuthCodeRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var purpose: AuthCodePurpose
    /// The user id for `staff_2fa`; the lower-cased email otherwise.
    var subject: String
    var codeHash: String
    var attempts: Int64
    var expiresAt: String
    var createdAt: String
}

/*@StoredTable("refresh_token_families")*/
struct RefreshTokenFamilyRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var userID: String
    var isMobile: Int
    var createdAt: String
    var revokedAt: String?
    var revokedReason: String?
}

/*@StoredTable("refresh_tokens")*/
struct RefreshTokenRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var familyID: String
    var tokenHash: String
    var createdAt: String
    var expiresAt: String
    var rotatedAt: String?
}

/*@StoredTable("customer_sessions")*/
struct CustomerSessionRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var clientID: String
    var companyID: String
    var createdAt: String
    var expiresAt: String
    var revokedAt: String?
}

/// A registered push token, as the control API lists it.
/*@StoredTable("device_tokens")*/
package struct DeviceTokenRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var deviceToken: String
    package var platform: String
    package var appType: AppType
    /// Exactly one of `userID` (staff) and `clientID` (customer) is set.
    package var userID: String?
    package var clientID: String?
    package var companyID: String
    var createdAt: String
    package var updatedAt: String
}

/*@StoredTable("push_preferences")*/
struct PushPreferenceRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
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

/// Mail the backend would have sent, as the control API lists it. Newest first:
/// `ORDER BY sent_at DESC, rowid DESC`.
/*@StoredTable("outbox")*/
package struct OutboxRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    package var toAddress: String
    /// `staff_2fa`, `staff_magic_link`, `customer_magic_link`, `ticket_reply`…
    package var kind: MailKind
    package var subject: String
    package var body: String
    package var code: String?
    package var sentAt: String
}

/// A push the backend would have sent, as the control API lists it. Newest first:
/// `ORDER BY sent_at DESC, rowid DESC`.
/*@StoredTable("push_log")*/
package struct PushLogRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    package var deviceToken: String
    package var appType: AppType
    package var recipientType: AppType
    package var recipientID: String
    /// The JSON payload (`aps` + `type` + ids) as text.
    package var payload: String
    package var sentAt: String
}

// MARK: - Resources

/// An order. Its `status` is derived from its devices' statuses (`OrderStatus(devices:)`) and
/// rewritten whenever one of them moves; nothing sets it directly.
/// Responses show its own columns; its links (company, client, location, assignee) are the store's,
/// which gives the linked rows themselves.
/*@StoredTable("orders")*/
package struct OrderRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    var companyID: String
    package var orderNumber: Int64
    var clientID: String
    var locationID: String?
    var assignedUserID: String?
    package var intakeMethod: IntakeMethod
    package var notes: String?
    package var createdAt: String
    package var updatedAt: String
    package var quoteSentAt: String?
    package var authorisedAt: String?
    package var collectedAt: String?
    package var status: OrderStatus
}

/// A device. Its links to the catalogue, the engineer and the shelf are the store's.
/*@StoredTable("devices")*/
package struct DeviceRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    var companyID: String
    package var orderID: String
    package var workflowType: WorkflowType
    package var status: DeviceStatus
    package var priority: DevicePriority
    var assignedEngineerID: String?
    /// Display names; `brandID`/`modelID` link them to the catalogue when it has them.
    package var brand: String
    package var model: String
    var brandID: String?
    var modelID: String?
    var subLocationID: String?
    package var serialNumber: String?
    package var imei: String?
    package var colour: String?
    package var storageCapacity: String?
    package var passcodeType: String?
    package var findMyStatus: String?
    package var conditionGrade: String?
    package var customerReportedIssues: String?
    package var technicianFoundIssues: String?
    package var diagnosisNotes: String?
    package var repairNotes: String?
    package var technicianNotes: String?
    package var authorizationStatus: AuthorizationStatus?
    package var authorizationMethod: String?
    package var authorizationNotes: String?
    package var createdAt: String
    package var updatedAt: String
    package var receivedAt: String?
    package var diagnosisStartedAt: String?
    package var quoteSentAt: String?
    package var authorisedAt: String?
    package var rejectedAt: String?
    package var partsOrderedAt: String?
    package var partsReceivedAt: String?
    package var repairStartedAt: String?
    package var repairCompletedAt: String?
    package var qcCompletedAt: String?
    package var readyAt: String?
    package var collectedAt: String?
    package var despatchedAt: String?
    package var paidAt: String?

    /// `brand model`, as the device detail's `display_name`.
    package var displayName: String { Self.displayName(brand: brand, model: model) }

    static func displayName(brand: String, model: String) -> String { "\(brand) \(model)" }
}

/// A line item of an order. Line total inc. VAT = quantity × unit price × (1 + vat_rate/100), in pence.
/*@StoredTable("order_items")*/
package struct OrderItemRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    var companyID: String
    var orderID: String
    package var deviceID: String?
    package var itemType: ItemType
    package var description: String
    package var quantity: Int64
    package var unitPricePence: Int64
    package var vatRate: String
    var createdAt: String
}

/// A payment of an order.
/*@StoredTable("payments")*/
package struct PaymentRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    var companyID: String
    package var orderID: String
    package var amountPence: Int64
    /// Refundable amount = amount − refunded.
    package var refundedPence: Int64
    package var paymentMethod: PaymentMethod
    package var paymentDate: String
    package var isDeposit: Int
    var recordedBy: String?
    package var notes: String?
    var createdAt: String
}

/// A signature (its image is not stored).
/*@StoredTable("signatures")*/
package struct SignatureRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    var companyID: String
    var orderID: String
    package var deviceID: String?
    var clientID: String?
    package var signatureType: SignatureType
    package var typedName: String
    package var termsAgreed: Int
    package var capturedAt: String
}

/// A ticket (an enquiry or an order's conversation).
/*@StoredTable("tickets")*/
package struct TicketRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    var companyID: String
    package var ticketNumber: Int64
    package var ticketType: TicketType
    package var status: TicketStatus
    package var subject: String
    var clientID: String?
    package var orderID: String?
    var locationID: String?
    var assignedUserID: String?
    package var createdAt: String
    package var updatedAt: String
    /// The enquiry cannot be answered until a location is chosen.
    package var requiresLocation: Int
    /// The company address the enquiry came in on (`received_custom_email`).
    var receivedEmailID: String?
}

/// A message of a ticket.
/*@StoredTable("ticket_messages")*/
package struct TicketMessageRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    var companyID: String
    var ticketID: String
    package var type: MessageType
    package var fromEmail: String?
    package var fromName: String?
    package var toEmail: String?
    package var subject: String?
    package var bodyText: String
    package var bodyHTML: String?
    package var deviceID: String?
    /// The staff user who wrote it (outbound, notes, SMS); NULL for inbound mail.
    package var createdBy: String?
    package var createdAt: String
}

/// A ticket event; with a `message_id`, the delivery tracking of that message
/// (`delivered`, `opened`, `bounced`…), else a ticket-level event (`status_changed`…).
/*@StoredTable("ticket_events")*/
package struct TicketEventRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    var ticketID: String
    var messageID: String?
    package var eventType: String
    /// JSON text or NULL.
    package var eventData: String?
    package var createdAt: String
}

/// An attachment of a ticket message.
/*@StoredTable("ticket_attachments")*/
package struct TicketAttachmentRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    var messageID: String
    package var filename: String
    package var contentType: String
    package var sizeBytes: Int64
    var createdAt: String
}

/// A reply workflow ("workflow" in the app): ordered stages, each an email sent
/// `delay_minutes` after the one before.
/*@StoredTable("macros")*/
package struct MacroRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    var companyID: String
    package var name: String
    package var description: String?
    package var isActive: Int
    var createdAt: String
}

/// One email of a macro. `subject` and `body` hold `{{variables}}`: `client_first_name`,
/// `client_name`, `order_number`, `device_name`, `company_name`, `location_name`, `ticket_number`.
/*@StoredTable("macro_stages")*/
package struct MacroStageRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    var macroID: String
    package var position: Int64
    package var delayMinutes: Int64
    package var subject: String
    package var body: String
}

/// A stage of a macro run on a ticket: `sent` (the first, at once), `scheduled` (later ones) or
/// `cancelled` (a scheduled one the ticket no longer needs).
/*@StoredTable("macro_runs")*/
struct MacroRunRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
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
/*@StoredTable("company_emails")*/
package struct CompanyEmailRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    var companyID: String
    var locationID: String?
    package var emailAddress: String
    package var displayName: String
    var createdAt: String
}

// MARK: - Device detail

/// A catalogue brand.
/*@StoredTable("brands")*/
package struct BrandRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    package var name: String
}

/// A catalogue model of a brand.
/*@StoredTable("models")*/
package struct ModelRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    var brandID: String
    package var name: String
}

/// A shelf, bin, bench or drawer of a location, where a device waits.
/*@StoredTable("sub_locations")*/
package struct SubLocationRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    var companyID: String
    var locationID: String
    package var code: String
    package var description: String?
    package var type: SubLocationType
}

/// A device's photo.
/*@StoredTable("device_images")*/
package struct DeviceImageRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    var companyID: String
    var deviceID: String
    package var imageType: DeviceImageType
    package var filename: String
    package var caption: String?
    /// The object key in the backend's R2 bucket.
    package var r2Key: String
    package var createdAt: String
}

/// An accessory left with a device.
/*@StoredTable("device_accessories")*/
package struct DeviceAccessoryRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    var companyID: String
    var deviceID: String
    package var accessoryType: AccessoryType
    package var description: String?
    package var returnedAt: String?
    var createdAt: String
}

/// A part fitted to a device.
/*@StoredTable("device_parts")*/
package struct DevicePartRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    var companyID: String
    var deviceID: String
    package var partName: String
    package var partSKU: String?
    package var partCostPence: Int64
    package var supplier: String?
    package var isOEM: Int
    var createdAt: String
}

/// A note on a device.
/*@StoredTable("device_notes")*/
package struct DeviceNoteRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    var companyID: String
    var deviceID: String
    package var body: String
    package var createdBy: String?
    package var createdAt: String
}

/// One line of a device's test checklist, in `position` order; done when `completed_at` is set.
/*@StoredTable("device_checklist_items")*/
package struct DeviceChecklistItemRecord: Equatable, Sendable, FetchableRecord, PersistableRecord {
    package var id: String
    var companyID: String
    var deviceID: String
    var position: Int64
    package var label: String
    package var completedAt: String?
    package var completedBy: String?
}
