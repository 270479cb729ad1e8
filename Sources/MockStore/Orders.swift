import Foundation
import GRDB
import MockBasics

/// `GET /api/orders` filters (CONTRACT §6). `search` matches the order number (prefix, `#` allowed),
/// the client's name or email (substring, case-insensitive). The dates bound `created_at` and
/// `collected_at`, both ends inclusive (an order never collected has no `collected_at` and matches
/// no collected bound); the dashboard counts with the same filter.
package struct OrderFilter: Sendable {
    /// Any of these statuses (the query accepts a comma-separated list).
    var statuses: [OrderStatus]?
    var search: String?
    var locationID: String?
    var assignedTo: String?
    var createdFrom: Date?
    var createdTo: Date?
    var collectedFrom: Date?
    var collectedTo: Date?

    package init(statuses: [OrderStatus]? = nil, search: String? = nil, locationID: String? = nil,
                 assignedTo: String? = nil, createdFrom: Date? = nil, createdTo: Date? = nil,
                 collectedFrom: Date? = nil, collectedTo: Date? = nil) {
        self.statuses = statuses
        self.search = search
        self.locationID = locationID
        self.assignedTo = assignedTo
        self.createdFrom = createdFrom
        self.createdTo = createdTo
        self.collectedFrom = collectedFrom
        self.collectedTo = collectedTo
    }
}

/// An order with its client, location, assignee, devices, lines and payments: the order detail's
/// core (the lists read less: `OrderListEntry`).
package struct OrderSummary: Sendable {
    package var order: OrderRecord
    package var client: ClientRecord
    package var location: CompanyLocationRecord?
    package var assignedUser: StaffName?
    package var devices: [OrderDevice]
    /// The lines and payments the totals are computed from, in the detail's order (by creation,
    /// by payment date), so the detail does not read them again.
    var items: [PricedLine]
    var payments: [PaymentRecord]
    package var totals: OrderTotals
}

/// An order with every nested section of seed 003's order detail.
package struct OrderDetail: Sendable {
    package var summary: OrderSummary
    package var items: [PricedLine] { summary.items }
    package var payments: [PaymentRecord] { summary.payments }
    package var signatures: [SignatureRecord]
    /// The order's conversation (its newest ticket), if it has one.
    package var ticket: TicketRecord?
    package var messages: [TicketMessageRecord]
    /// Staff named by the devices and messages (engineers, authors), by id.
    package var users: [String: StaffName]
}

/// A device as the order details (staff and customer) show it: 12 of its 44 columns.
/*@Projection("devices")*/
package struct OrderDevice: Sendable, Equatable {
    package var id: String
    var orderID: String
    package var brand: String
    package var model: String
    package var serialNumber: String?
    package var imei: String?
    package var status: DeviceStatus
    package var workflowType: WorkflowType
    package var priority: DevicePriority
    package var authorizationStatus: AuthorizationStatus?
    package var assignedEngineerID: String?
    package var customerReportedIssues: String?
    package var displayName: String { DeviceRecord.displayName(brand: brand, model: model) }
}

/// What `PATCH /api/orders/:id` may change; `nil` leaves a field, `.some(nil)` clears it.
package struct OrderChange: Sendable {
    var notes: String??
    var assignedUserID: String??
    var locationID: String??
    var intakeMethod: IntakeMethod?

    package init(notes: String?? = nil, assignedUserID: String?? = nil, locationID: String?? = nil,
                 intakeMethod: IntakeMethod? = nil) {
        self.notes = notes
        self.assignedUserID = assignedUserID
        self.locationID = locationID
        self.intakeMethod = intakeMethod
    }
}

extension Store {
    package func orders(company: String, filter: OrderFilter, page: PageRequest) throws -> PageOf<OrderListEntry> {
        try readDatabase { db in
            let conditions = Self.orderConditions(company: company, filter: filter)
            let total = try db.count("SELECT COUNT(*) \(Self.orderListFrom) WHERE \(conditions.sql)", conditions.arguments)
            return PageOf(items: try orderListEntries(db, where: conditions, limit: page.limit, offset: page.offset),
                          total: total)
        }
    }

    /// The FROM and WHERE of `GET /api/orders`, shared with the dashboard so that its counts are
    /// the list's totals by construction.
    static let orderListFrom = "FROM orders JOIN clients ON clients.id = orders.client_id"

    static func orderConditions(company: String, filter: OrderFilter) -> SQLConditions {
        var conditions = SQLConditions()
        conditions.add("orders.company_id = ?", company)
        conditions.add("orders.status IN (SELECT value FROM json_each(?))", anyOf: filter.statuses)
        if let location = filter.locationID { conditions.add("orders.location_id = ?", location) }
        if let user = filter.assignedTo { conditions.add("orders.assigned_user_id = ?", user) }
        if let search = filter.search {
            let number = search.hasPrefix("#") ? String(search.dropFirst()) : search
            conditions.add("""
                (CAST(orders.order_number AS TEXT) LIKE ? ESCAPE '\\' \
                OR (clients.first_name || ' ' || clients.last_name) LIKE ? ESCAPE '\\' \
                OR clients.email LIKE ? ESCAPE '\\')
                """, SQLConditions.prefix(number), SQLConditions.contains(search), SQLConditions.contains(search))
        }
        if let date = filter.createdFrom { conditions.add("orders.created_at >= ?", Timestamp.string(date)) }
        if let date = filter.createdTo { conditions.add("orders.created_at <= ?", Timestamp.string(date)) }
        if let date = filter.collectedFrom { conditions.add("orders.collected_at >= ?", Timestamp.string(date)) }
        if let date = filter.collectedTo { conditions.add("orders.collected_at <= ?", Timestamp.string(date)) }
        return conditions
    }

    package func orderExists(id: String, company: String) throws -> Bool {
        try readDatabase { db in try db.count("SELECT COUNT(*) FROM orders WHERE id = ? AND company_id = ?", [id, company]) == 1 }
    }

    package func order(id: String, company: String) throws -> OrderDetail? {
        try readDatabase { db in try orderDetail(db, id: id, company: company) }
    }

    /// The client a signature names (nil when none does): stored, but in no payload.
    package func signingClient(ofSignature id: String) throws -> String? {
        try readDatabase { db in try String.fetchOne(db, sql: "SELECT client_id FROM signatures WHERE id = ?", arguments: [id]) }
    }

    /// Applies `change`; nil when the order is not this company's. A reference to another
    /// company's user or location is `ResourceError.invalidField`.
    package func updateOrder(id: String, company: String, change: OrderChange, now: Date) throws -> OrderDetail? {
        try writeDatabase { db in
            guard var order = try db.record(OrderRecord.self, "SELECT * FROM orders WHERE id = ? AND company_id = ?",
                                            [id, company]) else { return nil }
            if let notes = change.notes { order.notes = notes }
            if let user = change.assignedUserID {
                if let user { try requireStaff(db, user, company: company, field: "assigned_user_id") }
                order.assignedUserID = user
            }
            if let location = change.locationID {
                if let location {
                    guard try db.count("SELECT COUNT(*) FROM company_locations WHERE id = ? AND company_id = ?",
                                       [location, company]) == 1 else { throw ResourceError.invalidField("location_id") }
                }
                order.locationID = location
            }
            if let method = change.intakeMethod { order.intakeMethod = method }
            order.updatedAt = Timestamp.string(now)
            try order.update(db)
            return try orderDetail(db, id: id, company: company)
        }
    }

    // MARK: Reading

    func orderDetail(_ db: Database, id: String, company: String) throws -> OrderDetail? {
        guard let row = try orderRow(db, id: id, company: company) else { return nil }
        // Ordered by order first, as the indexes are (no sort); devices and messages come with the
        // staff they name (engineers, authors) in the same statement.
        let devices = try db.rowsNamingStaff(Self.orderDevicesQuery, is: id)
        let items = try db.records(OrderItemRecord.self, where: "order_id", in: [id], orderBy: "order_id, created_at, rowid")
            .map(PricedLine.init)
        let payments = try db.records(PaymentRecord.self, where: "order_id", in: [id], orderBy: "order_id, payment_date, rowid")
        let signatures = try db.records(SignatureRecord.self, where: "order_id", in: [id], orderBy: "order_id, captured_at, rowid")
        let ticket = try db.record(TicketRecord.self, Self.orderTicketSQL, [id, company])
        let messages = try ticket.map {
            try db.rowsNamingStaff(Self.ticketMessagesQuery, is: $0.id)
        } ?? []
        var users: [String: StaffName] = [:]
        for staff in devices.compactMap({ $0.staff }) + messages.compactMap({ $0.staff }) { users[staff.id] = staff }
        let summary = OrderSummary(order: row.order, client: row.client, location: row.location,
                                   assignedUser: row.assignedUser, devices: devices.map { $0.record },
                                   items: items, payments: payments, totals: OrderTotals(lines: items, payments: payments))
        return OrderDetail(summary: summary, signatures: signatures, ticket: ticket,
                           messages: messages.map { $0.record }, users: users)
    }

    /// An order's devices with their engineers, by creation (the index's order: no sort).
    static let orderDevicesQuery = StaffNamingQuery<OrderDevice>(
        staff: "assigned_engineer_id", where: "order_id", orderBy: "devices.order_id, devices.created_at, devices.rowid")

    /// A ticket's messages with their authors, by creation (the index's order: no sort).
    static let ticketMessagesQuery = StaffNamingQuery<TicketMessageRecord>(
        staff: "created_by", where: "ticket_id",
        orderBy: "ticket_messages.ticket_id, ticket_messages.created_at, ticket_messages.rowid")

    /// An order with its client, location and assignee: `orderRow`.
    struct OrderJoin {
        var order: OrderRecord
        var client: ClientRecord
        var location: CompanyLocationRecord?
        var assignedUser: StaffName?
    }

    /// One order with its client, location and assignee in one statement (one joined statement
    /// costs less than four).
    func orderRow(_ db: Database, id: String, company: String) throws -> OrderJoin? {
        let statement = try db.cachedStatement(sql: Self.orderRowSQL)
        try statement.requireColumns(Self.orderRowColumns, of: "an order row")
        let client = CInt(OrderRecord.databaseColumns.count)
        let location = client + CInt(ClientRecord.databaseColumns.count)
        let user = location + CInt(CompanyLocationRecord.databaseColumns.count)
        return try statement.rows(arguments: [id, company]) { sqlite in
            var assignee = StatementCursor(sqlite, from: user)
            return OrderJoin(order: try OrderRecord.decode(sqlite), client: try ClientRecord.decode(sqlite, from: client),
                            location: try CompanyLocationRecord.decodeIfPresent(sqlite, from: location),
                            assignedUser: try assignee.nextIfPresent(StaffName.self))
        }.first
    }

    static let orderRowSQL = """
        SELECT \(OrderRecord.selection), \(ClientRecord.selection), \(CompanyLocationRecord.selection), \(StaffName.selection) FROM orders
        JOIN clients ON clients.id = orders.client_id
        LEFT JOIN company_locations ON company_locations.id = orders.location_id
        LEFT JOIN users ON users.id = orders.assigned_user_id
        WHERE orders.id = ? AND orders.company_id = ?
        """

    static let orderRowColumns = OrderRecord.databaseColumns + ClientRecord.databaseColumns
        + CompanyLocationRecord.databaseColumns + StaffName.columnNames

    /// `id` must be an active staff user of `company`, else a 400 naming `field`.
    func requireStaff(_ db: Database, _ id: String, company: String, field: String) throws {
        guard try db.count("""
            SELECT COUNT(*) FROM users WHERE id = ? AND company_id = ? AND is_active = 1 AND archived_at IS NULL
            """, [id, company]) == 1 else { throw ResourceError.invalidField(field) }
    }
}

/// Failures of resource operations; the dispatcher's one mapping turns them into responses.
package enum ResourceError: Error, Sendable, Equatable {
    /// A body field that names something this company does not have (→ 400 naming it).
    case invalidField(String)
    /// A device move that is not an edge of its workflow (→ 400 naming the allowed statuses).
    case illegalTransition(from: DeviceStatus, to: DeviceStatus, allowed: [DeviceStatus])
    /// A request the resource's state refuses (→ 400 with this message).
    case rejected(String)
    /// Rows that contradict each other: a bug, never the caller's fault (→ 500).
    case inconsistent(String)
}
