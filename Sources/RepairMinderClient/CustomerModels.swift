import Foundation

/// The camelCase customer `client`.
public struct CustomerClient: Decodable, Sendable, Hashable, Identifiable {
    public var id: String
    public var firstName: String?
    public var lastName: String?
    public var email: String
    public var name: String?

    enum CodingKeys: String, CodingKey {
        case id, firstName, lastName, email, name
    }
}

/// The camelCase customer `company` (also the entries of a company selection).
public struct CustomerCompany: Decodable, Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var logoURL: String?

    enum CodingKeys: String, CodingKey {
        case id, name
        case logoURL = "logoUrl"
    }
}

/// A customer signed in to one company.
public struct CustomerSignIn: Sendable, Hashable {
    public var token: String
    public var client: CustomerClient
    public var company: CustomerCompany
}

/// The email belongs to several companies: call verify again with one `companyId`.
/// `email` and `code` are echoed by the server and stay valid for that call.
public struct CompanySelection: Sendable, Hashable {
    public var companies: [CustomerCompany]
    public var email: String
    public var code: String
}

/// `POST /api/customer/auth/verify-code` answer.
public enum CustomerVerifyResponse: Decodable, Sendable, Hashable {
    case signedIn(CustomerSignIn)
    case companySelectionRequired(CompanySelection)

    enum CodingKeys: String, CodingKey {
        case token, client, company, requiresCompanySelection, companies, email, code
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if try c.decodeFlagIfPresent(forKey: .requiresCompanySelection) == true {
            self = .companySelectionRequired(CompanySelection(
                companies: try c.decode([CustomerCompany].self, forKey: .companies),
                email: try c.decode(String.self, forKey: .email),
                code: try c.decode(String.self, forKey: .code)))
        } else {
            self = .signedIn(CustomerSignIn(
                token: try c.decode(String.self, forKey: .token),
                client: try c.decode(CustomerClient.self, forKey: .client),
                company: try c.decode(CustomerCompany.self, forKey: .company)))
        }
    }
}

/// `GET /api/customer/auth/me` answer.
public struct CustomerMe: Decodable, Sendable, Hashable {
    public var client: CustomerClient
    public var company: CustomerCompany

    enum CodingKeys: String, CodingKey { case client, company }
}

// MARK: - The customer portal's orders (the customer's view: nothing staff-only)

/// A device in brief in the customer's view: `{id, display_name, status, status_label}`.
public struct CustomerDeviceBrief: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var displayName: String
    public var status: DeviceStatus
    public var statusLabel: String

    enum CodingKeys: String, CodingKey {
        case id, status
        case displayName = "display_name"
        case statusLabel = "status_label"
    }
}

/// A row of `GET /api/customer/orders`.
public struct CustomerOrderListItem: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var orderNumber: Int
    public var status: OrderStatus
    public var statusLabel: String
    public var deviceCount: Int
    public var devices: [CustomerDeviceBrief]
    /// A quote awaits the customer's answer.
    @IntFlag public var awaitingAuthorisation: Bool
    public var grandTotal: Money
    public var balanceDue: Money
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    enum CodingKeys: String, CodingKey {
        case id, status, devices
        case orderNumber = "order_number"
        case statusLabel = "status_label"
        case deviceCount = "device_count"
        case awaitingAuthorisation = "awaiting_authorisation"
        case grandTotal = "grand_total"
        case balanceDue = "balance_due"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

/// `GET /api/customer/orders/:id` and the answers of approve and reject.
public struct CustomerOrderDetail: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var orderNumber: Int
    public var status: OrderStatus
    public var statusLabel: String
    public var location: Location?
    public var devices: [Device]
    public var items: [Item]
    public var totals: OrderTotals
    /// What awaits the customer's answer; nil when nothing does.
    public var quote: Quote?
    public var signatures: [Signature]
    /// Messages the customer sent or was sent (no internal notes), oldest first.
    public var messages: [CustomerMessage]
    public var dates: Dates

    /// The shop: `{name, address_line1, address_line2, city, postcode, phone, email}`.
    public struct Location: Codable, Sendable, Hashable {
        public var name: String
        public var addressLine1: String
        public var addressLine2: String?
        public var city: String
        public var postcode: String
        public var phone: String?
        public var email: String?

        enum CodingKeys: String, CodingKey {
            case name, city, postcode, phone, email
            case addressLine1 = "address_line1"
            case addressLine2 = "address_line2"
        }
    }

    public struct Device: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var displayName: String
        public var status: DeviceStatus
        public var statusLabel: String
        public var workflowType: WorkflowType
        public var authorizationStatus: AuthorizationStatus?
        public var customerReportedIssues: String?

        enum CodingKeys: String, CodingKey {
            case id, status
            case displayName = "display_name"
            case statusLabel = "status_label"
            case workflowType = "workflow_type"
            case authorizationStatus = "authorization_status"
            case customerReportedIssues = "customer_reported_issues"
        }
    }

    public struct Item: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var deviceID: String?
        public var description: String
        public var quantity: Int
        public var unitPrice: Money
        public var vatRate: Percentage
        public var lineTotalIncVAT: Money

        enum CodingKeys: String, CodingKey {
            case id, description, quantity
            case deviceID = "device_id"
            case unitPrice = "unit_price"
            case vatRate = "vat_rate"
            case lineTotalIncVAT = "line_total_inc_vat"
        }
    }

    /// The devices awaiting authorisation and their line items (inc. VAT).
    public struct Quote: Codable, Sendable, Hashable {
        public var devices: [CustomerDeviceBrief]
        public var items: [Item]
        public var total: Money
        public var sentAt: Timestamp?

        enum CodingKeys: String, CodingKey {
            case devices, items, total
            case sentAt = "sent_at"
        }
    }

    public struct Signature: Codable, Sendable, Hashable {
        public var signatureType: SignatureType
        public var typedName: String
        @IntFlag public var termsAgreed: Bool
        public var capturedAt: Timestamp

        enum CodingKeys: String, CodingKey {
            case signatureType = "signature_type"
            case typedName = "typed_name"
            case termsAgreed = "terms_agreed"
            case capturedAt = "captured_at"
        }
    }

    public struct Dates: Codable, Sendable, Hashable {
        public var createdAt: Timestamp
        public var quoteSentAt: Timestamp?
        public var authorisedAt: Timestamp?
        public var collectedAt: Timestamp?

        enum CodingKeys: String, CodingKey {
            case createdAt = "created_at"
            case quoteSentAt = "quote_sent_at"
            case authorisedAt = "authorised_at"
            case collectedAt = "collected_at"
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, status, location, devices, items, totals, quote, signatures, messages, dates
        case orderNumber = "order_number"
        case statusLabel = "status_label"
    }
}

/// A message of the customer's order conversation (`inbound`: the customer's; `outbound`,
/// `outbound_sms`: the shop's). Also the answer of `POST /api/customer/orders/:id/messages`.
public struct CustomerMessage: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var type: MessageType
    public var fromName: String?
    public var subject: String?
    public var bodyText: String
    public var bodyHtml: String?
    public var createdAt: Timestamp

    /// Sent by the customer (rather than by the shop).
    public var isFromCustomer: Bool { type == .inbound }

    enum CodingKeys: String, CodingKey {
        case id, type, subject
        case fromName = "from_name"
        case bodyText = "body_text"
        case bodyHtml = "body_html"
        case createdAt = "created_at"
    }
}
