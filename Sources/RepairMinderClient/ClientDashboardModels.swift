import Foundation

/// A row of `GET /api/clients` and of `GET /api/clients/search`.
public struct ClientListItem: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var firstName: String
    public var lastName: String
    public var name: String
    public var email: String
    public var phone: String?
    @IntFlag public var emailSuppressed: Bool
    @IntFlag public var isGeneratedEmail: Bool
    /// The caller's company's orders of this client.
    public var orderCount: Int
    public var createdAt: Timestamp

    enum CodingKeys: String, CodingKey {
        case id, name, email, phone
        case firstName = "first_name"
        case lastName = "last_name"
        case emailSuppressed = "email_suppressed"
        case isGeneratedEmail = "is_generated_email"
        case orderCount = "order_count"
        case createdAt = "created_at"
    }
}

/// `GET /api/clients/:id`: contact fields and the client's orders at the caller's company,
/// newest first.
public struct ClientDetail: Codable, Sendable, Hashable, Identifiable {
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
    @IntFlag public var emailSuppressed: Bool
    @IntFlag public var isGeneratedEmail: Bool
    public var createdAt: Timestamp
    public var orders: [Order]

    /// `{id, order_number, status, device_count, grand_total, balance_due, created_at}`
    public struct Order: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var orderNumber: Int
        public var status: OrderStatus
        public var deviceCount: Int
        public var grandTotal: Money
        public var balanceDue: Money
        public var createdAt: Timestamp

        enum CodingKeys: String, CodingKey {
            case id, status
            case orderNumber = "order_number"
            case deviceCount = "device_count"
            case grandTotal = "grand_total"
            case balanceDue = "balance_due"
            case createdAt = "created_at"
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, name, email, phone, city, postcode, orders
        case firstName = "first_name"
        case lastName = "last_name"
        case addressLine1 = "address_line1"
        case addressLine2 = "address_line2"
        case emailSuppressed = "email_suppressed"
        case isGeneratedEmail = "is_generated_email"
        case createdAt = "created_at"
    }
}

/// Counts keyed by the values of an ``OpenEnum`` (`{"repairing": 3, …}` on the wire), in the
/// server's key order. Keys the client does not know are kept as `.unknown`.
public struct CountsBy<Key: OpenEnum>: Codable, Sendable, Hashable {
    /// In the order the server wrote them.
    public var entries: [Entry]

    public struct Entry: Sendable, Hashable {
        public var key: Key
        public var count: Int
    }

    /// The count of `key` (0 when absent).
    public subscript(key: Key) -> Int { entries.first { $0.key == key }?.count ?? 0 }

    /// The sum of all counts.
    public var total: Int { entries.reduce(0) { $0 + $1.count } }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        // JSON object order is not kept by Foundation; the known cases give the order.
        var entries: [Entry] = []
        var seen = Set<String>()
        for key in Key.knownCases where container.contains(AnyKey(stringValue: key.rawValue)) {
            entries.append(Entry(key: key, count: try container.decode(Int.self, forKey: AnyKey(stringValue: key.rawValue))))
            seen.insert(key.rawValue)
        }
        for codingKey in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !seen.contains(codingKey.stringValue) {
            if decoder.isStrict {
                throw DecodingError.dataCorruptedError(forKey: codingKey, in: container,
                                                       debugDescription: "Unknown \(Key.self) \"\(codingKey.stringValue)\"")
            }
            entries.append(Entry(key: Key(rawValue: codingKey.stringValue),
                                 count: try container.decode(Int.self, forKey: codingKey)))
        }
        self.entries = entries
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for entry in entries { try container.encode(entry.count, forKey: AnyKey(stringValue: entry.key.rawValue)) }
    }
}

/// `GET /api/dashboard/stats?period=`: the staff home screen, computed at request time.
public struct DashboardStats: Codable, Sendable, Hashable {
    public var period: DashboardPeriod
    /// The window: `from` … `to` (the server's now).
    public var from: Timestamp
    public var to: Timestamp
    public var devices: Devices
    public var workInProgress: WorkInProgress
    public var orders: Orders
    public var revenue: Revenue

    /// `{total, by_status}`: every device status with its count.
    public struct Devices: Codable, Sendable, Hashable {
        public var total: Int
        public var byStatus: CountsBy<DeviceStatus>

        enum CodingKeys: String, CodingKey {
            case total
            case byStatus = "by_status"
        }
    }

    /// The groups of the home screen.
    public struct WorkInProgress: Codable, Sendable, Hashable {
        public var awaitingAuthorisation: Int
        public var inRepair: Int
        public var readyForCollection: Int

        enum CodingKeys: String, CodingKey {
            case awaitingAuthorisation = "awaiting_authorisation"
            case inRepair = "in_repair"
            case readyForCollection = "ready_for_collection"
        }
    }

    /// Orders created and collected in the period.
    public struct Orders: Codable, Sendable, Hashable {
        public var created: Int
        public var collected: Int

        enum CodingKeys: String, CodingKey { case created, collected }
    }

    public struct Revenue: Codable, Sendable, Hashable {
        public var invoiced: Money
        public var paid: Money
        public var outstanding: Money

        enum CodingKeys: String, CodingKey { case invoiced, paid, outstanding }
    }

    enum CodingKeys: String, CodingKey {
        case period, from, to, devices, orders, revenue
        case workInProgress = "work_in_progress"
    }
}

/// `GET /api/dashboard/enquiry-stats`: tickets by status and type, and how many await a reply.
public struct EnquiryStats: Codable, Sendable, Hashable {
    public var total: Int
    public var byStatus: CountsBy<TicketStatus>
    public var byType: CountsBy<TicketType>
    public var awaitingReply: Int

    enum CodingKeys: String, CodingKey {
        case total
        case byStatus = "by_status"
        case byType = "by_type"
        case awaitingReply = "awaiting_reply"
    }
}

/// `GET /api/header-counts`: the staff tabs' badges, each the total of the list it summarises.
public struct HeaderCounts: Codable, Sendable, Hashable {
    /// The signed-in user's devices that still need work (`API.Devices` "my queue"'s total).
    public var devices: Int
    /// The company's orders not yet collected.
    public var orders: Int
    /// Enquiries awaiting the shop's reply.
    public var enquiries: Int

    public init(devices: Int, orders: Int, enquiries: Int) {
        self.devices = devices
        self.orders = orders
        self.enquiries = enquiries
    }
}
