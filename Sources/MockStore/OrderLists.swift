import GRDB

// The order lists: `GET /api/orders`, the customer's `GET /api/customer/orders` and the orders of
// `GET /api/clients/:id`. A row shows the order, the names it links to, its devices' names and
// statuses, and its money, so the lists read only those columns (an order has 14, a row shows 6; a
// device has 44, a row shows 5): one joined statement for the page, then one per kind for its
// devices, lines and payments. The order detail reads whole records (`Orders.swift`).

/// An order as the order lists show it.
package struct OrderListEntry: Sendable {
    package var order: ListedOrder
    package var client: ClientName
    package var location: LocationName?
    package var assignedUser: StaffName?
    /// In the detail's order (by creation).
    package var devices: [ListedDevice]
    package var totals: OrderTotals
}

/// An order's own columns that a list row shows.
/*@Projection("orders")*/
package struct ListedOrder: Sendable, Equatable {
    package var id: String
    package var orderNumber: Int64
    package var status: OrderStatus
    package var intakeMethod: IntakeMethod
    package var createdAt: String
    package var updatedAt: String
}

/// `clients.id, first_name, last_name, email`
/*@Projection("clients")*/
package struct ClientName: Sendable, Equatable {
    package var id: String
    package var firstName: String
    package var lastName: String
    package var email: String
}

/// `company_locations.id, name`
/*@Projection("company_locations")*/
package struct LocationName: Sendable, Equatable {
    package var id: String
    package var name: String
}

/// A device as an order list shows it.
/*@Projection("devices")*/
package struct ListedDevice: Sendable, Equatable {
    package var id: String
    var orderID: String
    var brand: String
    var model: String
    package var status: DeviceStatus
    package var workflowType: WorkflowType
    package var displayName: String { DeviceRecord.displayName(brand: brand, model: model) }
}

extension Store {
    /// The orders matching `conditions` (over `orders` joined to `clients`), newest first, with
    /// what their list rows show; `limit` nil for all of them.
    func orderListEntries(_ db: Database, where conditions: SQLConditions,
                          limit: Int?, offset: Int) throws -> [OrderListEntry] {
        let statement = try db.cachedStatement(sql: """
            \(Self.orderListSelect) WHERE \(conditions.sql)
            ORDER BY orders.created_at DESC, orders.order_number DESC LIMIT ? OFFSET ?
            """)
        try statement.requireColumns(Self.orderListColumns, of: "an order list row")
        let rows = try statement.rows(arguments: conditions.arguments + [limit ?? -1, offset]) { sqlite in
            var columns = StatementCursor(sqlite)
            return (order: try ListedOrder(&columns), client: try ClientName(&columns),
                    location: try columns.nextIfPresent(LocationName.self), user: try columns.nextIfPresent(StaffName.self))
        }
        guard !rows.isEmpty else { return [] }
        let ids: [(any DatabaseValueConvertible)?] = [SQLConditions.jsonArray(rows.map { $0.order.id })]
        let devices = try db.rows(Self.listedDevicesSQL, ids) { try ListedDevice(&$0) }.grouped { $0.orderID }
        let totals = try orderTotals(db, in: SQLConditions.jsonArrayIDs, ids)
        return rows.map { row in
            OrderListEntry(order: row.order, client: row.client, location: row.location, assignedUser: row.user,
                           devices: devices[row.order.id] ?? [], totals: totals[row.order.id] ?? OrderTotals())
        }
    }

    static let orderListColumns = ListedOrder.columnNames + ClientName.columnNames + LocationName.columnNames
        + StaffName.columnNames

    /// The SELECT of a page of `orderListEntries` up to its WHERE (written once, not per request).
    static let orderListSelect = """
        SELECT \(ListedOrder.selection), \(ClientName.selection), \(LocationName.selection), \(StaffName.selection)
        FROM orders JOIN clients ON clients.id = orders.client_id
        LEFT JOIN company_locations ON company_locations.id = orders.location_id
        LEFT JOIN users ON users.id = orders.assigned_user_id
        """

    /// The devices of the orders in a JSON array of ids, by order and then as the detail lists them.
    static let listedDevicesSQL = """
        SELECT \(ListedDevice.selection) FROM devices
        WHERE order_id IN \(SQLConditions.jsonArrayValues) ORDER BY order_id, created_at, rowid
        """

    /// `OrderTotals` of the orders whose ids the parenthesized subquery `orderIDs` selects, each
    /// once, as a column named `id` (a constant of the store, with `arguments`), by order id — the
    /// dashboard's money and the list rows' totals are one computation; an order with neither lines
    /// nor payments is left out (its totals are zero). Reads only the columns the money is computed
    /// from. The lines and payments are joined to the ids rather than filtered `IN` them: SQLite
    /// then walks the ids and looks each one up, without first building a temporary index of them.
    func orderTotals(_ db: Database, in orderIDs: String,
                     _ arguments: [(any DatabaseValueConvertible)?]) throws -> [String: OrderTotals] {
        let lines = try db.rows("""
            SELECT order_items.order_id, item_type, quantity, unit_price_pence, vat_rate
            FROM \(orderIDs) AS ids JOIN order_items ON order_items.order_id = ids.id
            """, arguments) { columns in
            (order: try columns.next("order_id") as String,
             line: LineAmounts(itemType: try columns.next("item_type"), quantity: try columns.next("quantity"),
                               unitPricePence: try columns.next("unit_price_pence"), vatRate: try columns.next("vat_rate")))
        }
        let payments = try db.rows("""
            SELECT payments.order_id, amount_pence, refunded_pence
            FROM \(orderIDs) AS ids JOIN payments ON payments.order_id = ids.id
            """, arguments) { columns in
            (order: try columns.next("order_id") as String,
             amount: try columns.next("amount_pence") as Int64, refunded: try columns.next("refunded_pence") as Int64)
        }
        var totals: [String: OrderTotals] = [:]
        for line in lines { totals[line.order, default: OrderTotals()].add(line.line) }
        for payment in payments {
            totals[payment.order, default: OrderTotals()].addPayment(amountPence: payment.amount, refundedPence: payment.refunded)
        }
        return totals
    }
}

// MARK: - Every company's orders (the console)

/// An order of any company, as the console lists it (`GET /__mock/orders`): its own columns, its
/// company and client, and its devices' names and statuses.
package struct ConsoleOrderEntry: Sendable {
    package var order: ListedOrder
    package var company: CompanySummary
    package var client: ClientName
    /// In the detail's order (by creation).
    package var devices: [ListedDevice]
}

extension Store {
    /// Every order of every company, newest first as the staff list orders them (`created_at`, then
    /// order number); `limit` nil for all of them (`total` counts them all). Two statements: the
    /// orders with their names, then their devices (and a count when the limit cut).
    package func ordersOfEveryCompany(limit: Int?) throws -> PageOf<ConsoleOrderEntry> {
        try readDatabase { db in
            let statement = try db.cachedStatement(sql: Self.everyCompanysOrdersSQL)
            try statement.requireColumns(ListedOrder.columnNames + ["id", "name", "status"] + ClientName.columnNames,
                                         of: "a console order row")
            let rows = try statement.rows(arguments: [limit ?? -1]) { sqlite in
                var columns = StatementCursor(sqlite)
                let order = try ListedOrder(&columns)
                let company = CompanySummary(id: try columns.next("id"), name: try columns.next("name"),
                                             status: try columns.next("status"))
                return (order: order, company: company, client: try ClientName(&columns))
            }
            guard !rows.isEmpty else { return PageOf(items: [], total: 0) }
            let devices = try db.rows(Self.listedDevicesSQL, [SQLConditions.jsonArray(rows.map { $0.order.id })]) {
                try ListedDevice(&$0)
            }.grouped { $0.orderID }
            let entries = rows.map { row in
                ConsoleOrderEntry(order: row.order, company: row.company, client: row.client,
                                  devices: devices[row.order.id] ?? [])
            }
            return try PageOf(items: entries, limit: limit) { try db.count(Self.everyCompanysOrderCountSQL, []) }
        }
    }

    /// ?1 limit (-1 for none).
    private static let everyCompanysOrdersSQL = """
        SELECT \(ListedOrder.selection), companies.id, companies.name, companies.status, \(ClientName.selection)
        FROM orders JOIN companies ON companies.id = orders.company_id JOIN clients ON clients.id = orders.client_id
        ORDER BY orders.created_at DESC, orders.order_number DESC, orders.id LIMIT ?
        """

    /// The rows of `everyCompanysOrdersSQL` without its limit.
    private static let everyCompanysOrderCountSQL = """
        SELECT COUNT(*)
        FROM orders JOIN companies ON companies.id = orders.company_id JOIN clients ON clients.id = orders.client_id
        """
}
