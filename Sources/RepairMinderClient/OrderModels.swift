import Foundation

/// A row of `GET /api/orders`.
public struct OrderListItem: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var orderNumber: Int
    public var status: OrderStatus
    public var paymentStatus: PaymentStatus
    public var intakeMethod: IntakeMethod
    public var client: Client
    public var location: LocationRef?
    public var assignedUser: UserRef?
    public var deviceCount: Int
    public var devices: [Device]
    public var grandTotal: Money
    public var balanceDue: Money
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    /// `{id, first_name, last_name, name, email}`
    public struct Client: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var firstName: String
        public var lastName: String
        public var name: String
        public var email: String

        enum CodingKeys: String, CodingKey {
            case id, name, email
            case firstName = "first_name"
            case lastName = "last_name"
        }
    }

    /// `{id, display_name, status, workflow_type}`
    public struct Device: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var displayName: String
        public var status: DeviceStatus
        public var workflowType: WorkflowType

        enum CodingKeys: String, CodingKey {
            case id, status
            case displayName = "display_name"
            case workflowType = "workflow_type"
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, status, client, location, devices
        case orderNumber = "order_number"
        case paymentStatus = "payment_status"
        case intakeMethod = "intake_method"
        case assignedUser = "assigned_user"
        case deviceCount = "device_count"
        case grandTotal = "grand_total"
        case balanceDue = "balance_due"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

/// `GET /api/orders/:id` (and the answer of `PATCH`): every section of seed 003's order view.
public struct OrderDetail: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var orderNumber: Int
    /// Computed by the server from the devices; it cannot be set.
    public var status: OrderStatus
    public var paymentStatus: PaymentStatus
    public var intakeMethod: IntakeMethod
    public var notes: String?
    public var client: Client
    public var location: Location?
    public var assignedUser: UserRef?
    public var devices: [Device]
    public var items: [Item]
    public var payments: [Payment]
    public var totals: OrderTotals
    public var signatures: [Signature]
    /// The order's conversation, with its messages in short form (the ticket detail has the rest).
    public var ticket: Ticket?
    public var dates: Dates

    public struct Client: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var firstName: String
        public var lastName: String
        public var name: String
        public var email: String
        public var phone: String?
        public var addressLine1: String?
        public var addressLine2: String?
        public var city: String?
        public var postcode: String?
        /// The address in one line (`"3 Mill Lane, Manchester, M1 1AA"`); nil when there is none.
        public var address: String?
        /// No mail may be sent to `email`.
        @IntFlag public var emailSuppressed: Bool

        enum CodingKeys: String, CodingKey {
            case id, name, email, phone, city, postcode, address
            case firstName = "first_name"
            case lastName = "last_name"
            case addressLine1 = "address_line1"
            case addressLine2 = "address_line2"
            case emailSuppressed = "email_suppressed"
        }
    }

    public struct Location: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var name: String
        public var addressLine1: String
        public var addressLine2: String?
        public var city: String
        public var postcode: String
        /// The address in one line (`"12 Deansgate, Manchester, M3 2BW"`).
        public var address: String?
        public var phone: String?

        enum CodingKeys: String, CodingKey {
            case id, name, city, postcode, phone, address
            case addressLine1 = "address_line1"
            case addressLine2 = "address_line2"
        }
    }

    public struct Device: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var displayName: String
        public var brand: String
        public var model: String
        public var serialNumber: String?
        public var imei: String?
        public var status: DeviceStatus
        /// The server's display name of `status`.
        public var statusLabel: String
        public var workflowType: WorkflowType
        public var priority: DevicePriority
        public var authorizationStatus: AuthorizationStatus?
        public var assignedEngineer: UserRef?

        enum CodingKeys: String, CodingKey {
            case id, brand, model, imei, status, priority
            case displayName = "display_name"
            case serialNumber = "serial_number"
            case statusLabel = "status_label"
            case workflowType = "workflow_type"
            case authorizationStatus = "authorization_status"
            case assignedEngineer = "assigned_engineer"
        }
    }

    /// A line item; amounts are computed by the server (a device purchase is negative).
    public struct Item: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var deviceID: String?
        public var itemType: ItemType
        public var description: String
        public var quantity: Int
        public var unitPrice: Money
        public var vatRate: Percentage
        public var lineTotal: Money
        public var vatAmount: Money
        public var lineTotalIncVAT: Money

        enum CodingKeys: String, CodingKey {
            case id, description, quantity
            case deviceID = "device_id"
            case itemType = "item_type"
            case unitPrice = "unit_price"
            case vatRate = "vat_rate"
            case lineTotal = "line_total"
            case vatAmount = "vat_amount"
            case lineTotalIncVAT = "line_total_inc_vat"
        }
    }

    public struct Payment: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var amount: Money
        public var paymentMethod: PaymentMethod
        public var paymentDate: Timestamp
        @IntFlag public var isDeposit: Bool
        public var refundedAmount: Money
        public var refundableAmount: Money
        public var notes: String?

        enum CodingKeys: String, CodingKey {
            case id, amount, notes
            case paymentMethod = "payment_method"
            case paymentDate = "payment_date"
            case isDeposit = "is_deposit"
            case refundedAmount = "refunded_amount"
            case refundableAmount = "refundable_amount"
        }
    }

    public struct Signature: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var signatureType: SignatureType
        public var typedName: String
        @IntFlag public var termsAgreed: Bool
        public var capturedAt: Timestamp
        public var deviceID: String?

        enum CodingKeys: String, CodingKey {
            case id
            case signatureType = "signature_type"
            case typedName = "typed_name"
            case termsAgreed = "terms_agreed"
            case capturedAt = "captured_at"
            case deviceID = "device_id"
        }
    }

    public struct Ticket: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var ticketNumber: Int
        public var subject: String
        public var status: TicketStatus
        public var messages: [Message]

        enum CodingKeys: String, CodingKey {
            case id, subject, status, messages
            case ticketNumber = "ticket_number"
        }
    }

    /// The order view's short form of a ticket message.
    public struct Message: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var type: MessageType
        public var fromName: String?
        public var fromEmail: String?
        public var subject: String?
        public var bodyText: String
        public var deviceID: String?
        public var createdBy: UserRef?
        public var createdAt: Timestamp

        enum CodingKeys: String, CodingKey {
            case id, type, subject
            case fromName = "from_name"
            case fromEmail = "from_email"
            case bodyText = "body_text"
            case deviceID = "device_id"
            case createdBy = "created_by"
            case createdAt = "created_at"
        }
    }

    public struct Dates: Codable, Sendable, Hashable {
        public var createdAt: Timestamp
        public var updatedAt: Timestamp
        public var quoteSentAt: Timestamp?
        public var authorisedAt: Timestamp?
        public var collectedAt: Timestamp?

        enum CodingKeys: String, CodingKey {
            case createdAt = "created_at"
            case updatedAt = "updated_at"
            case quoteSentAt = "quote_sent_at"
            case authorisedAt = "authorised_at"
            case collectedAt = "collected_at"
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, status, notes, client, location, devices, items, payments, totals, signatures, ticket, dates
        case orderNumber = "order_number"
        case paymentStatus = "payment_status"
        case intakeMethod = "intake_method"
        case assignedUser = "assigned_user"
    }
}

/// The fields `PATCH /api/orders/:id` may change; `nil` leaves a field as it is. The status is
/// not among them: the server computes it from the devices.
public struct OrderChanges: Sendable, Hashable {
    public var notes: FieldUpdate<String>?
    public var assignedUserID: FieldUpdate<String>?
    public var locationID: FieldUpdate<String>?
    public var intakeMethod: IntakeMethod?

    public init(notes: FieldUpdate<String>? = nil, assignedUserID: FieldUpdate<String>? = nil,
                locationID: FieldUpdate<String>? = nil, intakeMethod: IntakeMethod? = nil) {
        self.notes = notes
        self.assignedUserID = assignedUserID
        self.locationID = locationID
        self.intakeMethod = intakeMethod
    }

    var body: PatchBody {
        var body = PatchBody()
        body.add("notes", notes)
        body.add("assigned_user_id", assignedUserID)
        body.add("location_id", locationID)
        body.add("intake_method", intakeMethod)
        return body
    }
}
