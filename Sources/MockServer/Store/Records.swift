import GRDB

// GRDB records, one per table. They are read one way, by `init(columns:)` (RecordDecoding.swift),
// and written through `Encodable` (inserts and updates) with explicit snake_case CodingKeys (no
// key strategy: the Foundation snake-case conversion costs more than the row itself). Flags are
// Int (0/1) as they are stored and as the wire shows them; money is Int pence.

struct CompanyRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "companies"
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

    enum CodingKeys: String, CodingKey {
        case id, name, status
        case currencyCode = "currency_code", vatNumber = "vat_number", logoURL = "logo_url"
        case vatRateRepair = "vat_rate_repair", vatRateDeviceSale = "vat_rate_device_sale"
        case vatRateAccessory = "vat_rate_accessory", vatRateDevicePurchase = "vat_rate_device_purchase"
        case subscriptionPlan = "subscription_plan"
        case createdAt = "created_at"
    }
}

struct CompanyLocationRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "company_locations"
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

    enum CodingKeys: String, CodingKey {
        case id, name, city, postcode, country, phone, email
        case companyID = "company_id", addressLine1 = "address_line1", addressLine2 = "address_line2"
        case isPrimary = "is_primary", createdAt = "created_at"
    }
}

struct UserRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "users"
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

    enum CodingKeys: String, CodingKey {
        case id, email, role, phone
        case companyID = "company_id", firstName = "first_name", lastName = "last_name"
        case phiAccessLevel = "phi_access_level", dataClassification = "data_classification"
        case isActive = "is_active", archivedAt = "archived_at", magicLinkEnabled = "magic_link_enabled"
        case passwordHash = "password_hash", twoFactorMethod = "two_factor_method", totpSecret = "totp_secret"
        case totpLastStep = "totp_last_step", avatarURL = "avatar_url", jobTitle = "job_title", lastLogin = "last_login"
        case createdAt = "created_at", updatedAt = "updated_at"
    }
}

struct UserRecoveryCodeRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "user_recovery_codes"
    var id: String
    var userID: String
    /// `StoreHashing.recoveryCodeHash(code)`: SHA-256 hex of the upper-cased code.
    var codeHash: String
    var usedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, userID = "user_id", codeHash = "code_hash", usedAt = "used_at"
    }
}

struct ClientRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "clients"
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

    enum CodingKeys: String, CodingKey {
        case id, email, phone, city, postcode
        case firstName = "first_name", lastName = "last_name"
        case addressLine1 = "address_line1", addressLine2 = "address_line2"
        case emailSuppressed = "email_suppressed", isGeneratedEmail = "is_generated_email", createdAt = "created_at"
    }
}

struct ClientCompanyRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "client_companies"
    var clientID: String
    var companyID: String
    var createdAt: String

    enum CodingKeys: String, CodingKey {
        case clientID = "client_id", companyID = "company_id", createdAt = "created_at"
    }
}

struct AuthCodeRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "auth_codes"
    var id: String
    var purpose: AuthCodePurpose
    /// The user id for `staff_2fa`; the lower-cased email otherwise.
    var subject: String
    var codeHash: String
    var attempts: Int64
    var expiresAt: String
    var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, purpose, subject, attempts
        case codeHash = "code_hash", expiresAt = "expires_at", createdAt = "created_at"
    }
}

struct RefreshTokenFamilyRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "refresh_token_families"
    var id: String
    var userID: String
    var isMobile: Int
    var createdAt: String
    var revokedAt: String?
    var revokedReason: String?

    enum CodingKeys: String, CodingKey {
        case id, userID = "user_id", isMobile = "is_mobile", createdAt = "created_at"
        case revokedAt = "revoked_at", revokedReason = "revoked_reason"
    }
}

struct RefreshTokenRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "refresh_tokens"
    var id: String
    var familyID: String
    var tokenHash: String
    var createdAt: String
    var expiresAt: String
    var rotatedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, familyID = "family_id", tokenHash = "token_hash", createdAt = "created_at"
        case expiresAt = "expires_at", rotatedAt = "rotated_at"
    }
}

struct CustomerSessionRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "customer_sessions"
    var id: String
    var clientID: String
    var companyID: String
    var createdAt: String
    var expiresAt: String
    var revokedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, clientID = "client_id", companyID = "company_id", createdAt = "created_at"
        case expiresAt = "expires_at", revokedAt = "revoked_at"
    }
}

struct DeviceTokenRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "device_tokens"
    var deviceToken: String
    var platform: String
    var appType: AppType
    /// Exactly one of `userID` (staff) and `clientID` (customer) is set.
    var userID: String?
    var clientID: String?
    var companyID: String
    var createdAt: String
    var updatedAt: String

    enum CodingKeys: String, CodingKey {
        case platform, deviceToken = "device_token", appType = "app_type", userID = "user_id"
        case clientID = "client_id", companyID = "company_id", createdAt = "created_at", updatedAt = "updated_at"
    }
}

struct PushPreferenceRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "push_preferences"
    var ownerType: AppType
    var ownerID: String
    var pushEnabled: Int = 1
    var orderUpdates: Int = 1
    var deviceUpdates: Int = 1
    var ticketMessages: Int = 1
    var quoteUpdates: Int = 1
    var marketing: Int = 0
    var updatedAt: String

    enum CodingKeys: String, CodingKey {
        case marketing, ownerType = "owner_type", ownerID = "owner_id", pushEnabled = "push_enabled"
        case orderUpdates = "order_updates", deviceUpdates = "device_updates"
        case ticketMessages = "ticket_messages", quoteUpdates = "quote_updates", updatedAt = "updated_at"
    }
}

/// Mail the backend would have sent. Newest first: `ORDER BY sent_at DESC, rowid DESC`.
struct OutboxRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "outbox"
    var id: String
    var toAddress: String
    /// `staff_2fa`, `staff_magic_link`, `customer_magic_link`, `ticket_reply`…
    var kind: String
    var subject: String
    var body: String
    var code: String?
    var sentAt: String

    enum CodingKeys: String, CodingKey {
        case id, kind, subject, body, code, toAddress = "to_address", sentAt = "sent_at"
    }
}

/// A push the backend would have sent. Newest first: `ORDER BY sent_at DESC, rowid DESC`.
struct PushLogRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "push_log"
    var id: String
    var deviceToken: String
    var appType: AppType
    var recipientType: AppType
    var recipientID: String
    /// The JSON payload (`aps` + `type` + ids) as text.
    var payload: String
    var sentAt: String

    enum CodingKeys: String, CodingKey {
        case id, payload, deviceToken = "device_token", appType = "app_type"
        case recipientType = "recipient_type", recipientID = "recipient_id", sentAt = "sent_at"
    }
}

// MARK: - Resources

/// An order. Its `status` is derived from its devices' statuses (`OrderStatus(devices:)`) and
/// rewritten whenever one of them moves; nothing sets it directly.
struct OrderRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "orders"
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

    enum CodingKeys: String, CodingKey {
        case id, notes, status, companyID = "company_id", orderNumber = "order_number", clientID = "client_id"
        case locationID = "location_id", assignedUserID = "assigned_user_id", intakeMethod = "intake_method"
        case createdAt = "created_at", updatedAt = "updated_at", quoteSentAt = "quote_sent_at"
        case authorisedAt = "authorised_at", collectedAt = "collected_at"
    }
}

struct DeviceRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "devices"
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

    enum CodingKeys: String, CodingKey {
        case id, status, priority, brand, model, imei, colour
        case companyID = "company_id", orderID = "order_id", workflowType = "workflow_type"
        case assignedEngineerID = "assigned_engineer_id", serialNumber = "serial_number"
        case brandID = "brand_id", modelID = "model_id", subLocationID = "sub_location_id"
        case storageCapacity = "storage_capacity", passcodeType = "passcode_type"
        case findMyStatus = "find_my_status", conditionGrade = "condition_grade"
        case customerReportedIssues = "customer_reported_issues"
        case technicianFoundIssues = "technician_found_issues", diagnosisNotes = "diagnosis_notes"
        case repairNotes = "repair_notes", technicianNotes = "technician_notes"
        case authorizationStatus = "authorization_status", authorizationMethod = "authorization_method"
        case authorizationNotes = "authorization_notes", createdAt = "created_at", updatedAt = "updated_at"
        case receivedAt = "received_at", diagnosisStartedAt = "diagnosis_started_at"
        case quoteSentAt = "quote_sent_at", authorisedAt = "authorised_at", rejectedAt = "rejected_at"
        case partsOrderedAt = "parts_ordered_at", partsReceivedAt = "parts_received_at"
        case repairStartedAt = "repair_started_at", repairCompletedAt = "repair_completed_at"
        case qcCompletedAt = "qc_completed_at", readyAt = "ready_at", collectedAt = "collected_at"
        case despatchedAt = "despatched_at", paidAt = "paid_at"
    }
}

/// A line item. Line total inc. VAT = quantity × unit price × (1 + vat_rate/100), in pence.
struct OrderItemRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "order_items"
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

    enum CodingKeys: String, CodingKey {
        case id, description, quantity, companyID = "company_id", orderID = "order_id"
        case deviceID = "device_id", itemType = "item_type", unitPricePence = "unit_price_pence"
        case vatRate = "vat_rate", createdAt = "created_at"
    }
}

struct PaymentRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "payments"
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

    enum CodingKeys: String, CodingKey {
        case id, notes, companyID = "company_id", orderID = "order_id", amountPence = "amount_pence"
        case refundedPence = "refunded_pence", paymentMethod = "payment_method"
        case paymentDate = "payment_date", isDeposit = "is_deposit", recordedBy = "recorded_by"
        case createdAt = "created_at"
    }
}

struct SignatureRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "signatures"
    var id: String
    var companyID: String
    var orderID: String
    var deviceID: String?
    var clientID: String?
    var signatureType: SignatureType
    var typedName: String
    var termsAgreed: Int
    var capturedAt: String

    enum CodingKeys: String, CodingKey {
        case id, companyID = "company_id", orderID = "order_id", deviceID = "device_id"
        case clientID = "client_id", signatureType = "signature_type", typedName = "typed_name"
        case termsAgreed = "terms_agreed", capturedAt = "captured_at"
    }
}

struct TicketRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "tickets"
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

    enum CodingKeys: String, CodingKey {
        case id, status, subject, companyID = "company_id", ticketNumber = "ticket_number"
        case ticketType = "ticket_type", clientID = "client_id", orderID = "order_id"
        case locationID = "location_id", assignedUserID = "assigned_user_id"
        case requiresLocation = "requires_location", receivedEmailID = "received_email_id"
        case createdAt = "created_at", updatedAt = "updated_at"
    }
}

struct TicketMessageRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "ticket_messages"
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

    enum CodingKeys: String, CodingKey {
        case id, type, subject, companyID = "company_id", ticketID = "ticket_id"
        case fromEmail = "from_email", fromName = "from_name", toEmail = "to_email"
        case bodyText = "body_text", bodyHTML = "body_html", deviceID = "device_id"
        case createdBy = "created_by", createdAt = "created_at"
    }
}

/// A ticket event; with a `message_id`, the delivery tracking of that message
/// (`delivered`, `opened`, `bounced`…), else a ticket-level event (`status_changed`…).
struct TicketEventRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "ticket_events"
    var id: String
    var ticketID: String
    var messageID: String?
    var eventType: String
    /// JSON text or NULL.
    var eventData: String?
    var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, ticketID = "ticket_id", messageID = "message_id", eventType = "event_type"
        case eventData = "event_data", createdAt = "created_at"
    }
}

struct TicketAttachmentRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "ticket_attachments"
    var id: String
    var messageID: String
    var filename: String
    var contentType: String
    var sizeBytes: Int64
    var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, filename, messageID = "message_id", contentType = "content_type"
        case sizeBytes = "size_bytes", createdAt = "created_at"
    }
}

/// A reply workflow ("workflow" in the app): ordered stages, each an email sent
/// `delay_minutes` after the one before.
struct MacroRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "macros"
    var id: String
    var companyID: String
    var name: String
    var description: String?
    var isActive: Int
    var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, name, description, companyID = "company_id"
        case isActive = "is_active", createdAt = "created_at"
    }
}

/// One email of a macro. `subject` and `body` hold `{{variables}}`: `client_first_name`,
/// `client_name`, `order_number`, `device_name`, `company_name`, `location_name`, `ticket_number`.
struct MacroStageRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "macro_stages"
    var id: String
    var macroID: String
    var position: Int64
    var delayMinutes: Int64
    var subject: String
    var body: String

    enum CodingKeys: String, CodingKey {
        case id, position, subject, body, macroID = "macro_id", delayMinutes = "delay_minutes"
    }
}

/// A stage of a macro run on a ticket: `sent` (the first, at once) or `scheduled` (later ones).
struct MacroRunRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "macro_runs"
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

    enum CodingKeys: String, CodingKey {
        case id, status, variables, companyID = "company_id", ticketID = "ticket_id", macroID = "macro_id"
        case stageID = "stage_id", scheduledFor = "scheduled_for", messageID = "message_id"
        case createdBy = "created_by", createdAt = "created_at"
    }
}

/// An address the company sends and receives enquiries on.
struct CompanyEmailRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "company_emails"
    var id: String
    var companyID: String
    var locationID: String?
    var emailAddress: String
    var displayName: String
    var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, companyID = "company_id", locationID = "location_id", emailAddress = "email_address"
        case displayName = "display_name", createdAt = "created_at"
    }
}

// MARK: - Device detail

struct BrandRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "brands"
    var id: String
    var name: String
}

struct ModelRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "models"
    var id: String
    var brandID: String
    var name: String

    enum CodingKeys: String, CodingKey { case id, name, brandID = "brand_id" }
}

/// A shelf, bin, bench or drawer of a location, where a device waits.
struct SubLocationRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "sub_locations"
    var id: String
    var companyID: String
    var locationID: String
    var code: String
    var description: String?
    var type: SubLocationType

    enum CodingKeys: String, CodingKey {
        case id, code, description, type, companyID = "company_id", locationID = "location_id"
    }
}

struct DeviceImageRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "device_images"
    var id: String
    var companyID: String
    var deviceID: String
    var imageType: DeviceImageType
    var filename: String
    var caption: String?
    /// The object key in the backend's R2 bucket.
    var r2Key: String
    var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, filename, caption, companyID = "company_id", deviceID = "device_id"
        case imageType = "image_type", r2Key = "r2_key", createdAt = "created_at"
    }
}

struct DeviceAccessoryRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "device_accessories"
    var id: String
    var companyID: String
    var deviceID: String
    var accessoryType: AccessoryType
    var description: String?
    var returnedAt: String?
    var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, description, companyID = "company_id", deviceID = "device_id"
        case accessoryType = "accessory_type", returnedAt = "returned_at", createdAt = "created_at"
    }
}

struct DevicePartRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "device_parts"
    var id: String
    var companyID: String
    var deviceID: String
    var partName: String
    var partSKU: String?
    var partCostPence: Int64
    var supplier: String?
    var isOEM: Int
    var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, supplier, companyID = "company_id", deviceID = "device_id", partName = "part_name"
        case partSKU = "part_sku", partCostPence = "part_cost_pence", isOEM = "is_oem", createdAt = "created_at"
    }
}

struct DeviceNoteRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "device_notes"
    var id: String
    var companyID: String
    var deviceID: String
    var body: String
    var createdBy: String?
    var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, body, companyID = "company_id", deviceID = "device_id", createdBy = "created_by"
        case createdAt = "created_at"
    }
}

/// One line of a device's test checklist, in `position` order; done when `completed_at` is set.
struct DeviceChecklistItemRecord: Encodable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "device_checklist_items"
    var id: String
    var companyID: String
    var deviceID: String
    var position: Int64
    var label: String
    var completedAt: String?
    var completedBy: String?

    enum CodingKeys: String, CodingKey {
        case id, position, label, companyID = "company_id", deviceID = "device_id"
        case completedAt = "completed_at", completedBy = "completed_by"
    }
}
