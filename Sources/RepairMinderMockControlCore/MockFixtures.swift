import Foundation

/// Rows to add to a running mock with ``MockControl/addFixtures(_:)``, built for the common cases:
/// a client, an order with devices in given statuses, an enquiry with messages. What it sends is the
/// seed format (Seeds/README.md) that `POST /__mock/fixtures` reads; for anything else (users,
/// macros, payments, a new company) send that format yourself with ``MockControl/addFixtures(json:)``.
///
/// ```swift
/// var fixtures = MockFixtures()
/// let ada = fixtures.addClient(email: "ada@example.test", firstName: "Ada", lastName: "Lovelace", companyID: acme)
/// let order = fixtures.addOrder(companyID: acme, clientID: ada.id, devices: [
///     .init(brand: "Apple", model: "iPhone 15", status: .awaitingAuthorisation),
/// ], items: [.init(description: "Screen replacement", unitPricePence: 12999, device: 0)])
/// let made = try await control.addFixtures(fixtures)
/// let number = made.number(of: order)   // the order number the mock gave it
/// ```
///
/// Ids are made here so that rows of one body can name each other: random UUIDs, or with
/// `MockFixtures(idSeed:)` the same ones on every run (for a namespace on a replay seed,
/// docs/replay.md). References may also name the mock's seeded rows (a company, a location, a staff
/// user, a client). The mock sets
/// each device's status directly, with the timestamps a real walk to it would have stamped, computes
/// the order's status and totals, and sends no push or mail.
public struct MockFixtures: Sendable {
    public private(set) var clients: [MockJSON] = []
    public private(set) var orders: [MockJSON] = []
    public private(set) var tickets: [MockJSON] = []
    /// nil: random ids.
    private let idSeed: String?
    private var idCount: UInt64 = 0

    public init() { idSeed = nil }

    /// A builder whose ids come from `idSeed`: the `n`-th id of two builders with one seed is the same
    /// on every run and machine. Give each builder of one namespace its own seed (two with one seed
    /// make the same ids, and the second body is refused as a duplicate).
    public init(idSeed: String) { self.idSeed = idSeed }

    /// A row the builder made, by its id and its path in the body (`orders[0]`).
    public struct Row: Sendable, Hashable {
        public let id: String
        public let path: String
    }

    /// A device of ``addOrder(companyID:clientID:locationID:assignedUserID:devices:items:)``.
    public struct Device: Sendable {
        public var brand: String
        public var model: String
        public var status: MockDeviceStatus
        /// `repair` (default) or `buyback`.
        public var workflowType: String
        public var customerReportedIssues: String?
        public var assignedEngineerID: String?

        public init(brand: String, model: String, status: MockDeviceStatus = .deviceReceived, workflowType: String = "repair",
                    customerReportedIssues: String? = nil, assignedEngineerID: String? = nil) {
            self.brand = brand
            self.model = model
            self.status = status
            self.workflowType = workflowType
            self.customerReportedIssues = customerReportedIssues
            self.assignedEngineerID = assignedEngineerID
        }
    }

    /// A line item of an order; `device` is the index of one of its devices.
    public struct Item: Sendable {
        public var description: String
        public var unitPricePence: Int
        public var quantity: Int
        /// `repair` (default), `device_sale`, `accessory` or `device_purchase`.
        public var itemType: String
        public var device: Int?

        public init(description: String, unitPricePence: Int, quantity: Int = 1, itemType: String = "repair", device: Int? = nil) {
            self.description = description
            self.unitPricePence = unitPricePence
            self.quantity = quantity
            self.itemType = itemType
            self.device = device
        }
    }

    /// A message of an enquiry, oldest first.
    public struct Message: Sendable {
        /// `inbound`, `outbound`, `internal_note` or `outbound_sms`.
        public var type: String
        public var body: String

        public init(type: String, body: String) {
            self.type = type
            self.body = body
        }

        /// From the customer.
        public static func inbound(_ body: String) -> Message { Message(type: "inbound", body: body) }
        /// From the shop.
        public static func outbound(_ body: String) -> Message { Message(type: "outbound", body: body) }
        public static func internalNote(_ body: String) -> Message { Message(type: "internal_note", body: body) }
    }

    /// A client of `companyID` (and of `otherCompanyIDs`), who can then sign in to the customer app
    /// with `email`.
    @discardableResult
    public mutating func addClient(email: String, firstName: String, lastName: String, companyID: String,
                                   otherCompanyIDs: [String] = [], phone: String? = nil) -> Row {
        let id = makeID()
        var json: [String: MockJSON] = [
            "id": .string(id), "email": .string(email), "first_name": .string(firstName),
            "last_name": .string(lastName), "companies": .array(([companyID] + otherCompanyIDs).map(MockJSON.string)),
        ]
        if let phone { json["phone"] = .string(phone) }
        clients.append(.object(json))
        return Row(id: id, path: "clients[\(clients.count - 1)]")
    }

    /// An order of `clientID` at `companyID` with `devices` (at least one) in the statuses given.
    /// Its number is the company's next (``MockFixtureResult/number(of:)``).
    @discardableResult
    public mutating func addOrder(companyID: String, clientID: String, locationID: String? = nil,
                                  assignedUserID: String? = nil, devices: [Device], items: [Item] = []) -> Row {
        let id = makeID()
        let deviceIDs = devices.map { _ in makeID() }
        var json: [String: MockJSON] = [
            "id": .string(id), "company_id": .string(companyID), "client_id": .string(clientID),
            "devices": .array(zip(devices, deviceIDs).map { device, deviceID in
                var row: [String: MockJSON] = [
                    "id": .string(deviceID), "brand": .string(device.brand), "model": .string(device.model),
                    "status": .string(device.status.rawValue), "workflow_type": .string(device.workflowType),
                ]
                if let text = device.customerReportedIssues { row["customer_reported_issues"] = .string(text) }
                if let engineer = device.assignedEngineerID { row["assigned_engineer_id"] = .string(engineer) }
                return .object(row)
            }),
        ]
        if let locationID { json["location_id"] = .string(locationID) }
        if let assignedUserID { json["assigned_user_id"] = .string(assignedUserID) }
        if !items.isEmpty {
            json["items"] = .array(items.map { item in
                var row: [String: MockJSON] = [
                    "description": .string(item.description), "unit_price_pence": .number(Double(item.unitPricePence)),
                    "quantity": .number(Double(item.quantity)), "item_type": .string(item.itemType),
                ]
                if let index = item.device, deviceIDs.indices.contains(index) { row["device_id"] = .string(deviceIDs[index]) }
                return .object(row)
            })
        }
        orders.append(.object(json))
        return Row(id: id, path: "orders[\(orders.count - 1)]")
    }

    /// The id of device `index` of `order` (a row ``addOrder(companyID:clientID:locationID:assignedUserID:devices:items:)`` returned).
    public func deviceID(_ index: Int, of order: Row) -> String? {
        guard let position = orders.firstIndex(where: { $0["id"] == .string(order.id) }),
              case .array(let devices)? = orders[position]["devices"], devices.indices.contains(index),
              case .string(let id)? = devices[index]["id"] else { return nil }
        return id
    }

    /// An enquiry (a `lead` ticket, or `order` with `orderID`) at `companyID`, open, with `messages`.
    @discardableResult
    public mutating func addEnquiry(companyID: String, subject: String, clientID: String? = nil, orderID: String? = nil,
                                    locationID: String? = nil, messages: [Message]) -> Row {
        let id = makeID()
        var json: [String: MockJSON] = [
            "id": .string(id), "company_id": .string(companyID), "subject": .string(subject),
            "ticket_type": .string(orderID == nil ? "lead" : "order"), "status": "open",
            "messages": .array(messages.map { message in
                ["type": .string(message.type), "body_text": .string(message.body)]
            }),
        ]
        if let clientID { json["client_id"] = .string(clientID) }
        if let orderID { json["order_id"] = .string(orderID) }
        if let locationID { json["location_id"] = .string(locationID) }
        tickets.append(.object(json))
        return Row(id: id, path: "tickets[\(tickets.count - 1)]")
    }

    /// The body `POST /__mock/fixtures` reads.
    public var json: MockJSON {
        var body: [String: MockJSON] = [:]
        if !clients.isEmpty { body["clients"] = .array(clients) }
        if !orders.isEmpty { body["orders"] = .array(orders) }
        if !tickets.isEmpty { body["tickets"] = .array(tickets) }
        return .object(body)
    }

    /// A random UUID, or the next of `idSeed`'s: version-4-shaped, from SplitMix64 over the seed's
    /// FNV-1a hash and the count (ids, not secrets).
    mutating func makeID() -> String {
        guard let idSeed else { return UUID().uuidString.lowercased() }
        var state: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in idSeed.utf8 { state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        state = state &+ 2 &* idCount &* 0x9e37_79b9_7f4a_7c15   // two words an id, none shared
        idCount += 1
        func next() -> UInt64 {
            state = state &+ 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
        var bytes: [UInt8] = []
        for word in [next(), next()] { for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) } }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }
}

/// A device's workflow status (the 20 of seed 003's workflows; a buyback device has its own three).
public struct MockDeviceStatus: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }

    public static let deviceReceived: MockDeviceStatus = "device_received"
    public static let diagnosing: MockDeviceStatus = "diagnosing"
    public static let readyToQuote: MockDeviceStatus = "ready_to_quote"
    public static let companyRejected: MockDeviceStatus = "company_rejected"
    public static let awaitingAuthorisation: MockDeviceStatus = "awaiting_authorisation"
    public static let authorisedSourceParts: MockDeviceStatus = "authorised_source_parts"
    public static let authorisedAwaitingParts: MockDeviceStatus = "authorised_awaiting_parts"
    public static let readyToRepair: MockDeviceStatus = "ready_to_repair"
    public static let repairing: MockDeviceStatus = "repairing"
    public static let awaitingRevisedQuote: MockDeviceStatus = "awaiting_revised_quote"
    public static let repairedQC: MockDeviceStatus = "repaired_qc"
    public static let repairedReady: MockDeviceStatus = "repaired_ready"
    public static let rejected: MockDeviceStatus = "rejected"
    public static let rejectionQC: MockDeviceStatus = "rejection_qc"
    public static let rejectionReady: MockDeviceStatus = "rejection_ready"
    public static let collected: MockDeviceStatus = "collected"
    public static let despatched: MockDeviceStatus = "despatched"
    public static let readyToPay: MockDeviceStatus = "ready_to_pay"
    public static let paymentMade: MockDeviceStatus = "payment_made"
    public static let addedToBuyback: MockDeviceStatus = "added_to_buyback"
}

/// What ``MockControl/addFixtures(_:)`` answers: every row made, in the body's order.
public struct MockFixtureResult: Sendable, Equatable, Decodable {
    public let rows: [MockFixtureRow]

    /// The row at `path` (`orders[0].devices[1]`).
    public func row(at path: String) -> MockFixtureRow? { rows.first { $0.path == path } }

    /// The order or ticket number the mock gave a builder's order or enquiry.
    public func number(of row: MockFixtures.Row) -> Int? { self.row(at: row.path)?.number }
}

/// One row made by `POST /__mock/fixtures`.
public struct MockFixtureRow: Sendable, Equatable, Decodable, Identifiable {
    /// Where it was in the body: `orders[0].devices[1]`.
    public let path: String
    /// The table it is in: `orders`, `devices`, `ticket_messages`…
    public let table: String
    public let id: String
    /// An order's `order_number` or a ticket's `ticket_number`; nil for other rows.
    public let number: Int?
}

/// An order as `GET /__mock/orders` lists it: any company's, with its devices and their legal moves.
public struct MockOrder: Sendable, Equatable, Decodable, Identifiable {
    public struct Client: Sendable, Equatable, Decodable, Identifiable {
        public let id: String
        public let name: String
        public let email: String
    }

    public struct Device: Sendable, Equatable, Decodable, Identifiable {
        public let id: String
        /// Brand and model.
        public let name: String
        public let workflowType: String
        public let status: MockDeviceStatus
        public let statusLabel: String
        /// The statuses `PATCH /api/devices/{id}` takes next (empty for a final status).
        public let availableTransitions: [Transition]
    }

    public struct Transition: Sendable, Equatable, Decodable {
        public let status: MockDeviceStatus
        public let label: String
    }

    public let id: String
    public let orderNumber: Int
    /// Computed from the devices: `awaiting_authorisation`, `ready_for_collection`…
    public let status: String
    public let statusLabel: String
    public let companyID: String
    public let companyName: String
    public let companyStatus: MockCompanyStatus
    public let client: Client
    public let devices: [Device]
    public let createdAt: Date
    public let updatedAt: Date

    enum CodingKeys: String, CodingKey {
        case id, status, client, devices
        case orderNumber = "order_number", statusLabel = "status_label", companyID = "company_id"
        case companyName = "company_name", companyStatus = "company_status", createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

extension MockOrder.Device {
    enum CodingKeys: String, CodingKey {
        case id, name, status
        case workflowType = "workflow_type", statusLabel = "status_label", availableTransitions = "available_transitions"
    }
}

/// A client as `GET /__mock/clients` lists it, with the companies they are a client of.
public struct MockClient: Sendable, Equatable, Decodable, Identifiable {
    public let id: String
    public let name: String
    public let email: String
    public let companyIDs: [String]

    enum CodingKeys: String, CodingKey {
        case id, name, email
        case companyIDs = "company_ids"
    }
}
