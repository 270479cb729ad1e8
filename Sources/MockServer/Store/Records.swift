import GRDB

// GRDB Codable records, one per table, with explicit snake_case CodingKeys (no key strategy:
// the Foundation snake-case conversion costs more than the row itself). Flags are Int (0/1) as
// they are stored and as the wire shows them; money is Int pence.

public struct CompanyRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "companies"
    public var id: String
    public var name: String
    public var status: CompanyStatus
    public var currencyCode: String
    public var vatNumber: String?
    public var logoURL: String?
    public var vatRateRepair: String
    public var vatRateDeviceSale: String
    public var vatRateAccessory: String
    public var vatRateDevicePurchase: String
    public var subscriptionPlan: SubscriptionPlan
    public var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, name, status
        case currencyCode = "currency_code", vatNumber = "vat_number", logoURL = "logo_url"
        case vatRateRepair = "vat_rate_repair", vatRateDeviceSale = "vat_rate_device_sale"
        case vatRateAccessory = "vat_rate_accessory", vatRateDevicePurchase = "vat_rate_device_purchase"
        case subscriptionPlan = "subscription_plan"
        case createdAt = "created_at"
    }
}

public struct CompanyLocationRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "company_locations"
    public var id: String
    public var companyID: String
    public var name: String
    public var addressLine1: String
    public var addressLine2: String?
    public var city: String
    public var postcode: String
    public var country: String
    public var phone: String?
    public var email: String?
    public var isPrimary: Int
    public var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, name, city, postcode, country, phone, email
        case companyID = "company_id", addressLine1 = "address_line1", addressLine2 = "address_line2"
        case isPrimary = "is_primary", createdAt = "created_at"
    }
}

public struct UserRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "users"
    public var id: String
    public var companyID: String
    public var email: String
    public var firstName: String
    public var lastName: String
    public var role: UserRole
    public var phiAccessLevel: String?
    public var dataClassification: String?
    public var isActive: Int
    public var archivedAt: String?
    public var magicLinkEnabled: Int
    public var passwordHash: String?
    public var twoFactorMethod: TwoFactorMethod
    public var totpSecret: String?
    /// The last TOTP time step accepted (a code is good once): written by its own UPDATE.
    public var totpLastStep: Int64?
    public var avatarURL: String?
    public var phone: String?
    public var jobTitle: String?
    public var lastLogin: String?
    public var createdAt: String
    public var updatedAt: String

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

public struct UserRecoveryCodeRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "user_recovery_codes"
    public var id: String
    public var userID: String
    /// `StoreHashing.recoveryCodeHash(code)`: SHA-256 hex of the upper-cased code.
    public var codeHash: String
    public var usedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, userID = "user_id", codeHash = "code_hash", usedAt = "used_at"
    }
}

public struct ClientRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "clients"
    public var id: String
    public var email: String
    public var firstName: String
    public var lastName: String
    public var phone: String?
    public var addressLine1: String?
    public var addressLine2: String?
    public var city: String?
    public var postcode: String?
    public var emailSuppressed: Int
    public var createdAt: String
    /// A placeholder address the shop made up for a client without one (mail to it goes nowhere).
    public var isGeneratedEmail: Int

    enum CodingKeys: String, CodingKey {
        case id, email, phone, city, postcode
        case firstName = "first_name", lastName = "last_name"
        case addressLine1 = "address_line1", addressLine2 = "address_line2"
        case emailSuppressed = "email_suppressed", isGeneratedEmail = "is_generated_email", createdAt = "created_at"
    }
}

public struct ClientCompanyRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "client_companies"
    public var clientID: String
    public var companyID: String
    public var createdAt: String

    enum CodingKeys: String, CodingKey {
        case clientID = "client_id", companyID = "company_id", createdAt = "created_at"
    }
}

public struct AuthCodeRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "auth_codes"
    public var id: String
    public var purpose: AuthCodePurpose
    /// The user id for `staff_2fa`; the lower-cased email otherwise.
    public var subject: String
    public var codeHash: String
    public var attempts: Int64
    public var expiresAt: String
    public var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, purpose, subject, attempts
        case codeHash = "code_hash", expiresAt = "expires_at", createdAt = "created_at"
    }
}

public struct RefreshTokenFamilyRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "refresh_token_families"
    public var id: String
    public var userID: String
    public var isMobile: Int
    public var createdAt: String
    public var revokedAt: String?
    public var revokedReason: String?

    enum CodingKeys: String, CodingKey {
        case id, userID = "user_id", isMobile = "is_mobile", createdAt = "created_at"
        case revokedAt = "revoked_at", revokedReason = "revoked_reason"
    }
}

public struct RefreshTokenRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "refresh_tokens"
    public var id: String
    public var familyID: String
    public var tokenHash: String
    public var createdAt: String
    public var expiresAt: String
    public var rotatedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, familyID = "family_id", tokenHash = "token_hash", createdAt = "created_at"
        case expiresAt = "expires_at", rotatedAt = "rotated_at"
    }
}

public struct CustomerSessionRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "customer_sessions"
    public var id: String
    public var clientID: String
    public var companyID: String
    public var createdAt: String
    public var expiresAt: String
    public var revokedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, clientID = "client_id", companyID = "company_id", createdAt = "created_at"
        case expiresAt = "expires_at", revokedAt = "revoked_at"
    }
}

public struct DeviceTokenRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "device_tokens"
    public var deviceToken: String
    public var platform: String
    public var appType: AppType
    /// Exactly one of `userID` (staff) and `clientID` (customer) is set.
    public var userID: String?
    public var clientID: String?
    public var companyID: String
    public var createdAt: String
    public var updatedAt: String

    enum CodingKeys: String, CodingKey {
        case platform, deviceToken = "device_token", appType = "app_type", userID = "user_id"
        case clientID = "client_id", companyID = "company_id", createdAt = "created_at", updatedAt = "updated_at"
    }
}

public struct PushPreferenceRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "push_preferences"
    public var ownerType: AppType
    public var ownerID: String
    public var pushEnabled: Int = 1
    public var orderUpdates: Int = 1
    public var deviceUpdates: Int = 1
    public var ticketMessages: Int = 1
    public var quoteUpdates: Int = 1
    public var marketing: Int = 0
    public var updatedAt: String

    enum CodingKeys: String, CodingKey {
        case marketing, ownerType = "owner_type", ownerID = "owner_id", pushEnabled = "push_enabled"
        case orderUpdates = "order_updates", deviceUpdates = "device_updates"
        case ticketMessages = "ticket_messages", quoteUpdates = "quote_updates", updatedAt = "updated_at"
    }
}

/// Mail the backend would have sent. Newest first: `ORDER BY sent_at DESC, rowid DESC`.
public struct OutboxRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "outbox"
    public var id: String
    public var toAddress: String
    /// `staff_2fa`, `staff_magic_link`, `customer_magic_link`, `ticket_reply`…
    public var kind: String
    public var subject: String
    public var body: String
    public var code: String?
    public var sentAt: String

    enum CodingKeys: String, CodingKey {
        case id, kind, subject, body, code, toAddress = "to_address", sentAt = "sent_at"
    }
}

/// A push the backend would have sent. Newest first: `ORDER BY sent_at DESC, rowid DESC`.
public struct PushLogRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "push_log"
    public var id: String
    public var deviceToken: String
    public var appType: AppType
    public var recipientType: AppType
    public var recipientID: String
    /// The JSON payload (`aps` + `type` + ids) as text.
    public var payload: String
    public var sentAt: String

    enum CodingKeys: String, CodingKey {
        case id, payload, deviceToken = "device_token", appType = "app_type"
        case recipientType = "recipient_type", recipientID = "recipient_id", sentAt = "sent_at"
    }
}

// MARK: - Resources

/// An order. Its `status` is derived from its devices' statuses (`OrderStatus(devices:)`) and
/// rewritten whenever one of them moves; nothing sets it directly.
public struct OrderRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "orders"
    public var id: String
    public var companyID: String
    public var orderNumber: Int64
    public var clientID: String
    public var locationID: String?
    public var assignedUserID: String?
    public var intakeMethod: IntakeMethod
    public var notes: String?
    public var createdAt: String
    public var updatedAt: String
    public var quoteSentAt: String?
    public var authorisedAt: String?
    public var collectedAt: String?
    public var status: OrderStatus

    enum CodingKeys: String, CodingKey {
        case id, notes, status, companyID = "company_id", orderNumber = "order_number", clientID = "client_id"
        case locationID = "location_id", assignedUserID = "assigned_user_id", intakeMethod = "intake_method"
        case createdAt = "created_at", updatedAt = "updated_at", quoteSentAt = "quote_sent_at"
        case authorisedAt = "authorised_at", collectedAt = "collected_at"
    }
}

public struct DeviceRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "devices"
    public var id: String
    public var companyID: String
    public var orderID: String
    public var workflowType: WorkflowType
    public var status: DeviceStatus
    public var priority: DevicePriority
    public var assignedEngineerID: String?
    /// Display names; `brandID`/`modelID` link them to the catalogue when it has them.
    public var brand: String
    public var model: String
    public var brandID: String?
    public var modelID: String?
    public var subLocationID: String?
    public var serialNumber: String?
    public var imei: String?
    public var colour: String?
    public var storageCapacity: String?
    public var passcodeType: String?
    public var findMyStatus: String?
    public var conditionGrade: String?
    public var customerReportedIssues: String?
    public var technicianFoundIssues: String?
    public var diagnosisNotes: String?
    public var repairNotes: String?
    public var technicianNotes: String?
    public var authorizationStatus: AuthorizationStatus?
    public var authorizationMethod: String?
    public var authorizationNotes: String?
    public var createdAt: String
    public var updatedAt: String
    public var receivedAt: String?
    public var diagnosisStartedAt: String?
    public var quoteSentAt: String?
    public var authorisedAt: String?
    public var rejectedAt: String?
    public var partsOrderedAt: String?
    public var partsReceivedAt: String?
    public var repairStartedAt: String?
    public var repairCompletedAt: String?
    public var qcCompletedAt: String?
    public var readyAt: String?
    public var collectedAt: String?
    public var despatchedAt: String?
    public var paidAt: String?

    /// `brand model`, as the device detail's `display_name`.
    public var displayName: String { Self.displayName(brand: brand, model: model) }

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
public struct OrderItemRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "order_items"
    public var id: String
    public var companyID: String
    public var orderID: String
    public var deviceID: String?
    public var itemType: ItemType
    public var description: String
    public var quantity: Int64
    public var unitPricePence: Int64
    public var vatRate: String
    public var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, description, quantity, companyID = "company_id", orderID = "order_id"
        case deviceID = "device_id", itemType = "item_type", unitPricePence = "unit_price_pence"
        case vatRate = "vat_rate", createdAt = "created_at"
    }
}

public struct PaymentRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "payments"
    public var id: String
    public var companyID: String
    public var orderID: String
    public var amountPence: Int64
    /// Refundable amount = amount − refunded.
    public var refundedPence: Int64
    public var paymentMethod: PaymentMethod
    public var paymentDate: String
    public var isDeposit: Int
    public var recordedBy: String?
    public var notes: String?
    public var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, notes, companyID = "company_id", orderID = "order_id", amountPence = "amount_pence"
        case refundedPence = "refunded_pence", paymentMethod = "payment_method"
        case paymentDate = "payment_date", isDeposit = "is_deposit", recordedBy = "recorded_by"
        case createdAt = "created_at"
    }
}

public struct SignatureRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "signatures"
    public var id: String
    public var companyID: String
    public var orderID: String
    public var deviceID: String?
    public var clientID: String?
    public var signatureType: SignatureType
    public var typedName: String
    public var termsAgreed: Int
    public var capturedAt: String

    enum CodingKeys: String, CodingKey {
        case id, companyID = "company_id", orderID = "order_id", deviceID = "device_id"
        case clientID = "client_id", signatureType = "signature_type", typedName = "typed_name"
        case termsAgreed = "terms_agreed", capturedAt = "captured_at"
    }
}

public struct TicketRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "tickets"
    public var id: String
    public var companyID: String
    public var ticketNumber: Int64
    public var ticketType: TicketType
    public var status: TicketStatus
    public var subject: String
    public var clientID: String?
    public var orderID: String?
    public var locationID: String?
    public var assignedUserID: String?
    public var createdAt: String
    public var updatedAt: String
    /// The enquiry cannot be answered until a location is chosen.
    public var requiresLocation: Int
    /// The company address the enquiry came in on (`received_custom_email`).
    public var receivedEmailID: String?

    enum CodingKeys: String, CodingKey {
        case id, status, subject, companyID = "company_id", ticketNumber = "ticket_number"
        case ticketType = "ticket_type", clientID = "client_id", orderID = "order_id"
        case locationID = "location_id", assignedUserID = "assigned_user_id"
        case requiresLocation = "requires_location", receivedEmailID = "received_email_id"
        case createdAt = "created_at", updatedAt = "updated_at"
    }
}

public struct TicketMessageRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "ticket_messages"
    public var id: String
    public var companyID: String
    public var ticketID: String
    public var type: MessageType
    public var fromEmail: String?
    public var fromName: String?
    public var toEmail: String?
    public var subject: String?
    public var bodyText: String
    public var bodyHTML: String?
    public var deviceID: String?
    /// The staff user who wrote it (outbound, notes, SMS); NULL for inbound mail.
    public var createdBy: String?
    public var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, type, subject, companyID = "company_id", ticketID = "ticket_id"
        case fromEmail = "from_email", fromName = "from_name", toEmail = "to_email"
        case bodyText = "body_text", bodyHTML = "body_html", deviceID = "device_id"
        case createdBy = "created_by", createdAt = "created_at"
    }
}

/// A ticket event; with a `message_id`, the delivery tracking of that message
/// (`delivered`, `opened`, `bounced`…), else a ticket-level event (`status_changed`…).
public struct TicketEventRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "ticket_events"
    public var id: String
    public var ticketID: String
    public var messageID: String?
    public var eventType: String
    /// JSON text or NULL.
    public var eventData: String?
    public var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, ticketID = "ticket_id", messageID = "message_id", eventType = "event_type"
        case eventData = "event_data", createdAt = "created_at"
    }
}

public struct TicketAttachmentRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "ticket_attachments"
    public var id: String
    public var messageID: String
    public var filename: String
    public var contentType: String
    public var sizeBytes: Int64
    public var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, filename, messageID = "message_id", contentType = "content_type"
        case sizeBytes = "size_bytes", createdAt = "created_at"
    }
}

/// A reply workflow ("workflow" in the app): ordered stages, each an email sent
/// `delay_minutes` after the one before.
public struct MacroRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "macros"
    public var id: String
    public var companyID: String
    public var name: String
    public var description: String?
    public var isActive: Int
    public var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, name, description, companyID = "company_id"
        case isActive = "is_active", createdAt = "created_at"
    }
}

/// One email of a macro. `subject` and `body` hold `{{variables}}`: `client_first_name`,
/// `client_name`, `order_number`, `device_name`, `company_name`, `location_name`, `ticket_number`.
public struct MacroStageRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "macro_stages"
    public var id: String
    public var macroID: String
    public var position: Int64
    public var delayMinutes: Int64
    public var subject: String
    public var body: String

    enum CodingKeys: String, CodingKey {
        case id, position, subject, body, macroID = "macro_id", delayMinutes = "delay_minutes"
    }
}

/// A stage of a macro run on a ticket: `sent` (the first, at once) or `scheduled` (later ones).
public struct MacroRunRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "macro_runs"
    public var id: String
    public var companyID: String
    public var ticketID: String
    public var macroID: String
    public var stageID: String
    public var status: String
    public var scheduledFor: String
    public var messageID: String?
    /// The variables the stage was filled with, as a JSON object.
    public var variables: String
    public var createdBy: String?
    public var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, status, variables, companyID = "company_id", ticketID = "ticket_id", macroID = "macro_id"
        case stageID = "stage_id", scheduledFor = "scheduled_for", messageID = "message_id"
        case createdBy = "created_by", createdAt = "created_at"
    }
}

/// An address the company sends and receives enquiries on.
public struct CompanyEmailRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "company_emails"
    public var id: String
    public var companyID: String
    public var locationID: String?
    public var emailAddress: String
    public var displayName: String
    public var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, companyID = "company_id", locationID = "location_id", emailAddress = "email_address"
        case displayName = "display_name", createdAt = "created_at"
    }
}

// MARK: - Device detail

public struct BrandRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "brands"
    public var id: String
    public var name: String
}

public struct ModelRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "models"
    public var id: String
    public var brandID: String
    public var name: String

    enum CodingKeys: String, CodingKey { case id, name, brandID = "brand_id" }
}

/// A shelf, bin, bench or drawer of a location, where a device waits.
public struct SubLocationRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "sub_locations"
    public var id: String
    public var companyID: String
    public var locationID: String
    public var code: String
    public var description: String?
    public var type: SubLocationType

    enum CodingKeys: String, CodingKey {
        case id, code, description, type, companyID = "company_id", locationID = "location_id"
    }
}

public struct DeviceImageRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "device_images"
    public var id: String
    public var companyID: String
    public var deviceID: String
    public var imageType: DeviceImageType
    public var filename: String
    public var caption: String?
    /// The object key in the backend's R2 bucket.
    public var r2Key: String
    public var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, filename, caption, companyID = "company_id", deviceID = "device_id"
        case imageType = "image_type", r2Key = "r2_key", createdAt = "created_at"
    }
}

public struct DeviceAccessoryRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "device_accessories"
    public var id: String
    public var companyID: String
    public var deviceID: String
    public var accessoryType: AccessoryType
    public var description: String?
    public var returnedAt: String?
    public var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, description, companyID = "company_id", deviceID = "device_id"
        case accessoryType = "accessory_type", returnedAt = "returned_at", createdAt = "created_at"
    }
}

public struct DevicePartRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "device_parts"
    public var id: String
    public var companyID: String
    public var deviceID: String
    public var partName: String
    public var partSKU: String?
    public var partCostPence: Int64
    public var supplier: String?
    public var isOEM: Int
    public var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, supplier, companyID = "company_id", deviceID = "device_id", partName = "part_name"
        case partSKU = "part_sku", partCostPence = "part_cost_pence", isOEM = "is_oem", createdAt = "created_at"
    }
}

public struct DeviceNoteRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "device_notes"
    public var id: String
    public var companyID: String
    public var deviceID: String
    public var body: String
    public var createdBy: String?
    public var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, body, companyID = "company_id", deviceID = "device_id", createdBy = "created_by"
        case createdAt = "created_at"
    }
}

/// One line of a device's test checklist, in `position` order; done when `completed_at` is set.
public struct DeviceChecklistItemRecord: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "device_checklist_items"
    public var id: String
    public var companyID: String
    public var deviceID: String
    public var position: Int64
    public var label: String
    public var completedAt: String?
    public var completedBy: String?

    enum CodingKeys: String, CodingKey {
        case id, position, label, companyID = "company_id", deviceID = "device_id"
        case completedAt = "completed_at", completedBy = "completed_by"
    }
}
