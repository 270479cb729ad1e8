import Foundation
import GRDB

/// `GET /api/clients` filters (CONTRACT §6). `search` matches "first last", the email and the phone
/// (substring, case-insensitive, LIKE wildcards literal); the phone ignores spaces on both sides,
/// so `07700900101` finds `07700 900101`.
package struct ClientFilter: Sendable {
    var search: String?

    package init(search: String? = nil) {
        self.search = search
    }
}

/// A client with what a list row shows: how many of the company's orders are theirs.
package struct ClientSummary: Sendable {
    package var client: ClientRecord
    package var orderCount: Int
}

/// A client with their orders at one company, newest first.
package struct ClientDetail: Sendable {
    package var client: ClientRecord
    package var orders: [OrderListEntry]
}

extension Store {
    /// `GET /api/clients/search` answers at most this many matches, unpaginated.
    package static let clientSearchLimit = 20

    package func clients(company: String, filter: ClientFilter, page: PageRequest) throws -> PageOf<ClientSummary> {
        try readDatabase { db in
            let conditions = Self.clientConditions(company: company, filter: filter)
            let total = try db.count("SELECT COUNT(*) \(Self.clientListFrom) WHERE \(conditions.sql)", conditions.arguments)
            let items = try clientRows(db, company: company, conditions: conditions, limit: page.limit, offset: page.offset)
            return PageOf(items: items, total: total)
        }
    }

    /// The first `clientSearchLimit` clients of `company` matching `query`, in list order.
    package func searchClients(company: String, query: String) throws -> [ClientSummary] {
        try readDatabase { db in
            let conditions = Self.clientConditions(company: company, filter: ClientFilter(search: query))
            return try clientRows(db, company: company, conditions: conditions, limit: Self.clientSearchLimit, offset: 0)
        }
    }

    /// The client with their orders at `company`; nil unless they are a client of `company`.
    package func client(id: String, company: String) throws -> ClientDetail? {
        try readDatabase { db in
            guard let client = try db.record(ClientRecord.self, """
                SELECT clients.* FROM clients
                JOIN client_companies ON client_companies.client_id = clients.id AND client_companies.company_id = ?
                WHERE clients.id = ?
                """, [company, id]) else { return nil }
            var orders = SQLConditions()
            orders.add("orders.client_id = ?", id)
            orders.add("orders.company_id = ?", company)
            return ClientDetail(client: client, orders: try orderListEntries(db, where: orders, limit: nil, offset: 0))
        }
    }

    // MARK: Reading

    /// Clients reach a company through `client_companies` (one person can be a client of several).
    private static let clientListFrom =
        "FROM clients JOIN client_companies ON client_companies.client_id = clients.id"

    private static func clientConditions(company: String, filter: ClientFilter) -> SQLConditions {
        var conditions = SQLConditions()
        conditions.add("client_companies.company_id = ?", company)
        if let search = filter.search {
            let pattern = SQLConditions.contains(search)
            let digits = SQLConditions.contains(search.replacingOccurrences(of: " ", with: ""))
            conditions.add("""
                ((clients.first_name || ' ' || clients.last_name) LIKE ? ESCAPE '\\' \
                OR clients.email LIKE ? ESCAPE '\\' \
                OR REPLACE(clients.phone, ' ', '') LIKE ? ESCAPE '\\')
                """, pattern, pattern, digits)
        }
        return conditions
    }

    /// One page of clients with their order counts at `company`, by last name, first name, id.
    private func clientRows(_ db: Database, company: String, conditions: SQLConditions, limit: Int,
                            offset: Int) throws -> [ClientSummary] {
        let arguments: SQLValues = [company] + conditions.arguments + [limit, offset]
        let statement = try db.cachedStatement(sql: """
            SELECT clients.*, (SELECT COUNT(*) FROM orders WHERE orders.client_id = clients.id AND orders.company_id = ?) \
            AS order_count \(Self.clientListFrom) WHERE \(conditions.sql) \
            ORDER BY clients.last_name COLLATE NOCASE, clients.first_name COLLATE NOCASE, clients.id LIMIT ? OFFSET ?
            """)
        try statement.requireColumns(ClientRecord.databaseColumns + ["order_count"], of: "a client row")
        return try statement.rows(arguments: arguments) { sqlite in
            var columns = StatementCursor(sqlite)
            return ClientSummary(client: try ClientRecord(columns: &columns), orderCount: try columns.next("order_count"))
        }
    }
}

// MARK: - Every company's clients (the console)

/// A client and the companies they are a client of (`GET /__mock/clients`).
package struct ClientOfCompanies: Sendable, Equatable {
    package var client: ClientName
    /// By id.
    package var companyIDs: [String]
}

extension Store {
    /// Every client of any company, by first name, last name and email (case-insensitive), each with
    /// their companies' ids.
    package func clientsOfEveryCompany(limit: Int? = nil) throws -> PageOf<ClientOfCompanies> {
        try readDatabase { db in
            let clients = try db.rows("""
                SELECT \(ClientName.selection) FROM clients
                ORDER BY clients.first_name COLLATE NOCASE, clients.last_name COLLATE NOCASE, clients.email COLLATE NOCASE, clients.id
                LIMIT ?
                """, [limit ?? -1]) { try ClientName(&$0) }
            let links = try db.rows("SELECT client_id, company_id FROM client_companies ORDER BY client_id, company_id", []) {
                (client: try $0.next("client_id") as String, company: try $0.next("company_id") as String)
            }.grouped { $0.client }
            let listed = clients.map { ClientOfCompanies(client: $0, companyIDs: (links[$0.id] ?? []).map(\.company)) }
            return try PageOf(items: listed, limit: limit) { try db.count("SELECT COUNT(*) FROM clients", []) }
        }
    }
}
