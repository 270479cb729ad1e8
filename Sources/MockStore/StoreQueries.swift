import GRDB
import MockBasics

/// A page of a list, as the store reads it (`ListQuery` parses it from the request).
package struct PageRequest: Sendable, Equatable {
    var offset: Int
    var limit: Int

    package init(offset: Int, limit: Int) {
        self.offset = offset
        self.limit = limit
    }
}

/// Rows of one page plus how many match in all. The control API's lists cut to a `limit` are one
/// too: the items kept, and how many there were before the cut (`X-Total-Count`).
package struct PageOf<Item: Sendable>: Sendable {
    package var items: [Item]
    package var total: Int

    package init(items: [Item], total: Int) {
        self.items = items
        self.total = total
    }

    /// The first `limit` of `all` (all of them when nil), for a list read whole.
    package init(first limit: Int?, of all: [Item]) {
        self.init(items: limit.map { Array(all.prefix($0)) } ?? all, total: all.count)
    }

    /// The last `limit` of `all` (all of them when nil), still in their order: the newest of a list
    /// kept oldest first.
    package init(last limit: Int?, of all: [Item]) {
        self.init(items: limit.map { Array(all.suffix($0)) } ?? all, total: all.count)
    }

    /// `items` read with an SQL `LIMIT limit` (-1 for nil): `count` (a `COUNT(*)` of the same rows)
    /// runs only when the limit may have cut something, else the rows read are all there are.
    init(items: [Item], limit: Int?, count: () throws -> Int) rethrows {
        self.init(items: items, total: limit.map { items.count >= $0 } == true ? try count() : items.count)
    }

    package func map<T: Sendable>(_ transform: (Item) throws -> T) rethrows -> PageOf<T> {
        PageOf<T>(items: try items.map(transform), total: total)
    }
}

/// A WHERE clause assembled from constant SQL fragments and bound arguments (never user text in
/// the SQL), so list filters combine without string interpolation of input.
struct SQLConditions {
    private(set) var fragments: [String] = []
    private(set) var arguments: [(any DatabaseValueConvertible)?] = []

    mutating func add(_ fragment: StaticString, _ values: (any DatabaseValueConvertible)?...) {
        fragments.append(fragment.description)
        arguments.append(contentsOf: values)
    }

    var sql: String { fragments.isEmpty ? "1" : fragments.joined(separator: " AND ") }

    /// `fragment` (`"devices.status IN (SELECT value FROM json_each(?))"`) with `values` bound as one
    /// JSON array, so the statement is the same for any number of them; nothing when `values` is nil
    /// or empty (a list filter not given).
    mutating func add<Value: RawRepresentable>(_ fragment: StaticString, anyOf values: [Value]?) where Value.RawValue == String {
        guard let values, !values.isEmpty else { return }
        add(fragment, Self.jsonArray(values.map(\.rawValue)))
    }

    /// `(SELECT value FROM json_each(?))`: the values of a JSON array bound as one argument
    /// (`jsonArray`), so an `IN` over any number of ids is one cached statement.
    static let jsonArrayValues = "(SELECT value FROM json_each(?))"

    /// `jsonArrayValues` as a column named `id`, for joining to (`orderTotals`).
    static let jsonArrayIDs = "(SELECT value AS id FROM json_each(?))"

    /// `["a","b"]`, for `jsonArrayValues` and `jsonArrayIDs`.
    static func jsonArray(_ values: [String]) -> String {
        String(decoding: JSONWriter.bytes(values), as: UTF8.self)
    }

    /// `%text%` for `LIKE … ESCAPE '\'`, with the wildcards of `text` escaped.
    static func contains(_ text: String) -> String { "%" + escapeLike(text) + "%" }
    static func prefix(_ text: String) -> String { escapeLike(text) + "%" }

    private static func escapeLike(_ text: String) -> String {
        var out = ""
        for c in text {
            if c == "%" || c == "_" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out
    }
}

extension Database {
    /// Records of `R` through a cached statement (SQL is always a constant of the store).
    func records<R: ColumnDecodable>(_ type: R.Type, _ sql: String,
                                     _ arguments: [(any DatabaseValueConvertible)?] = []) throws -> [R] {
        try cachedStatement(sql: sql).records(R.self, arguments: arguments)
    }

    func record<R: ColumnDecodable>(_ type: R.Type, _ sql: String,
                                    _ arguments: [(any DatabaseValueConvertible)?] = []) throws -> R? {
        try cachedStatement(sql: sql).record(R.self, arguments: arguments)
    }

    /// Records of `R` whose `column` is one of `values`, in `order` (table, column and order are
    /// constants of the store; the values are bound): `= ?` for one value, else the values as one
    /// JSON array (`SQLConditions.jsonArrayValues`), so each query is one cached statement whatever
    /// the number of values (an `IN (?,?,…)` list compiled one statement per length).
    func records<R: ColumnDecodable & TableRecord>(_ type: R.Type, where column: String, in values: [String],
                                                   orderBy order: String = "rowid") throws -> [R] {
        guard let first = values.first else { return [] }
        let table = R.databaseTableName
        if values.allSatisfy({ $0 == first }) {
            return try records(R.self, "SELECT * FROM \(table) WHERE \(column) = ? ORDER BY \(order)", [first])
        }
        return try records(R.self, "SELECT * FROM \(table) WHERE \(column) IN \(SQLConditions.jsonArrayValues) ORDER BY \(order)",
                           [SQLConditions.jsonArray(values)])
    }

    /// The rows of `query` whose column is `value`, each with the staff member it names (nil when
    /// none), in one statement.
    func rowsNamingStaff<P: ColumnProjection>(_ query: StaffNamingQuery<P>, is value: String) throws
        -> [(record: P, staff: StaffName?)] {
        let statement = try cachedStatement(sql: query.sql)
        try statement.requireColumns(query.columns, of: "\(P.table) naming staff")
        return try statement.rows(arguments: [value]) { sqlite in
            var columns = StatementCursor(sqlite)
            return (record: try P(&columns), staff: try columns.nextIfPresent(StaffName.self))
        }
    }

    /// Every row of `sql` (a constant of the store that selects exactly the columns `read` takes,
    /// in its order), read left to right by index.
    func rows<Element>(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?],
                       _ read: @escaping (inout StatementCursor) throws -> Element) throws -> [Element] {
        try cachedStatement(sql: sql).rows(arguments: arguments) { sqlite in
            var columns = StatementCursor(sqlite)
            return try read(&columns)
        }
    }

    func count(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> Int {
        try cachedStatement(sql: sql).count(arguments: arguments)
    }
}

extension ColumnDecodable where Self: TableRecord {
    /// The record whose `id` column is `id`, through a cached statement (the query interface's
    /// `fetchOne(db, key:)` prepares afresh every call: SQLite's authorizer and GRDB's region
    /// analysis each time, which showed in the authenticated request path's profile).
    static func fetchCached(_ db: Database, id: String) throws -> Self? {
        try db.cachedStatement(sql: "SELECT * FROM \(databaseTableName) WHERE id = ?").record(Self.self, arguments: [id])
    }
}

extension Array {
    /// `[key: [element]]`, keeping the order of `self` within each group.
    func grouped<Key: Hashable>(by key: (Element) -> Key?) -> [Key: [Element]] {
        var out: [Key: [Element]] = [:]
        for element in self { if let k = key(element) { out[k, default: []].append(element) } }
        return out
    }

    func keyed<Key: Hashable>(by key: (Element) -> Key) -> [Key: Element] {
        var out: [Key: Element] = [:]
        for element in self { out[key(element)] = element }
        return out
    }
}

/// Rows of `P` whose `column` is one bound value, in `order` (qualified column names: `users` has
/// columns of the same names), each with the staff member its `staffColumn` names, through a
/// `LEFT JOIN users` for `StaffName`'s columns. Table, columns and order are constants of the
/// store; the SQL is written once, where the query is declared as a `static let`, not per request.
struct StaffNamingQuery<P: ColumnProjection>: Sendable {
    let sql: String
    /// The statement's columns, checked before it is read by index.
    let columns: [String]

    init(staff staffColumn: String, where column: String, orderBy order: String) {
        sql = """
            SELECT \(P.selection), \(StaffName.selection) FROM \(P.table)
            LEFT JOIN users ON users.id = \(P.table).\(staffColumn)
            WHERE \(P.table).\(column) = ? ORDER BY \(order)
            """
        columns = P.columnNames + StaffName.columnNames
    }
}
