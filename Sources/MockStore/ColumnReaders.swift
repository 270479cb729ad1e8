import GRDB
import GRDBSQLite
import MockBasics

// Reading records straight from a stepped statement, by column index: the one way the store
// decodes rows (records, projections, and the few columns a query computes).
//
// GRDB's `FetchableRecord` path makes a `Row` per fetch, which lowercases and hashes every column
// name into a dictionary, and then looks each column up by name again for every row: a third of
// the order detail's time went there. A record's `init(columns:)` (written by `@StoredTable`
// from the record's declaration) reads its columns in the order of `databaseColumns`; `Statement.records` looks once per
// fetch where the statement holds those names and then reads by index: in place when the statement
// starts with them (`SELECT *`, whatever order the record declares its properties in, as long as it
// is the table's), through a permutation when it holds them in another order. Only when one is
// missing does it fall back to GRDB's rows, looked up by name, so a query can never be decoded with
// the wrong layout — only more slowly.

/// A record whose decoder, `init(columns:)`, reads its columns in a fixed order.
protocol ColumnDecodable: FetchableRecord {
    /// The columns `init(columns:)` reads, in order: the record's property order. A record declares its
    /// table's order, so a `SELECT *` decodes in place; a projection's columns, or a statement in another
    /// order, decode by index through a permutation (`Statement.records`).
    static var databaseColumns: [String] { get }
    init<Columns: ColumnReader>(columns: inout Columns) throws
}

/// A table's record (`@StoredTable`), whose row can also be written by column order: the seed's
/// cached INSERTs (SeedInsert.swift) and the checks of every seeded row (SeedValidation.swift).
protocol ColumnEncodable: ColumnDecodable {
    /// The row's values in `databaseColumns` order, as an INSERT binds them.
    var columnValues: [(any DatabaseValueConvertible)?] { get }
}

// `/*@StoredTable("orders")*/` marks a record struct as one table (Records.swift): its stored
// properties are the table's columns, in any order, named by their snake_case (`companyID` →
// `company_id`). The generator
// (MockCodegen/StoredTableMacro.swift) writes `databaseTableName`, `databaseColumns`,
// `columnValues`, `encode(to:)`, `init(columns:)` and `init(row:)`, and the `ColumnDecodable`
// conformance, beside the file. RecordDecodingTests checks every record's columns against its
// migrated table. Access control on the properties says who reads a column (Records.swift).

/// Reads one row's columns as a record decodes them, each named and taken in `databaseColumns` order:
/// from a stepped statement by index (`StatementCursor`), from a GRDB row by name (`RowReader`), or from
/// a seed file's object by key (`SeedRowReader`).
package protocol ColumnReader {
    mutating func next<Value: ColumnValue>(_ column: String) throws -> Value
    mutating func next<Value: ColumnValue>(_ column: String) throws -> Value?
}

/// A column type of the records: text, integers, and the stored enums.
package protocol ColumnValue: DatabaseValueConvertible {
    /// Column `index` of the current row of `statement`: nil for NULL; throws for a value that is
    /// not a `Self` (an unknown enum value).
    static func read(_ statement: SQLiteStatement, at index: CInt) throws -> Self?
    /// The value of a seed file's key (SeedRowReader.swift); throws `SeedValueProblem`.
    static func seedValue(_ json: JSONValue) throws -> Self
    /// What a seed error says the column takes: "a string", "an integer".
    static var seedName: String { get }
}

extension String: ColumnValue {
    @inline(__always)
    package static func read(_ statement: SQLiteStatement, at index: CInt) throws -> String? {
        fromStatement(statement, atUncheckedIndex: index)
    }
}

extension Int: ColumnValue {
    @inline(__always)
    package static func read(_ statement: SQLiteStatement, at index: CInt) throws -> Int? {
        fromStatement(statement, atUncheckedIndex: index)
    }
}

extension Int64: ColumnValue {
    @inline(__always)
    package static func read(_ statement: SQLiteStatement, at index: CInt) throws -> Int64? {
        fromStatement(statement, atUncheckedIndex: index)
    }
}

/// Every stored enum reads as its raw text.
extension StoredEnum {
    package static func read(_ statement: SQLiteStatement, at index: CInt) throws -> Self? {
        guard let raw = String.fromStatement(statement, atUncheckedIndex: index) else { return nil }
        guard let value = Self(rawValue: raw) else { throw ColumnReadError.unknownValue(label, raw) }
        return value
    }
}

/// A row that does not fit its record; the store reports it as a 500 (`ResourceError.inconsistent`
/// is for contradicting rows, this is for one unreadable row).
struct ColumnReadError: Error, CustomStringConvertible {
    let description: String

    static func null(_ column: String) -> ColumnReadError {
        ColumnReadError(description: "column \(column) is NULL in a row whose record requires it")
    }

    static func unknownValue(_ label: String, _ raw: String) -> ColumnReadError {
        ColumnReadError(description: "unknown \(label) \"\(raw)\"")
    }
}

/// A cursor over the current row of a stepped statement: its columns read left to right by index
/// (names are for errors only).
struct StatementCursor: ColumnReader {
    private let statement: SQLiteStatement
    private var index: CInt = 0
    /// Where each column a record reads is in the statement, in reading order, when the statement
    /// holds them in another order (`Statement.ColumnLayout.permuted`); nil: left to right.
    private let order: [CInt]?
    private var position = 0

    /// Columns from `index` on (the first is 0): a record after another one in a joined row.
    init(_ statement: SQLiteStatement, from index: CInt = 0) {
        self.statement = statement
        self.index = index
        order = nil
    }

    /// Columns at `order`'s indexes, one after another.
    init(_ statement: SQLiteStatement, order: [CInt]) {
        self.statement = statement
        self.order = order
    }

    /// The index of the next column to read.
    @inline(__always)
    private mutating func advance() -> CInt {
        if let order {
            defer { position += 1 }
            return order[position]
        }
        defer { index += 1 }
        return index
    }

    @inline(__always)
    mutating func next<Value: ColumnValue>(_ column: String) throws -> Value {
        guard let value = try Value.read(statement, at: advance()) else { throw ColumnReadError.null(column) }
        return value
    }

    @inline(__always)
    mutating func next<Value: ColumnValue>(_ column: String) throws -> Value? {
        try Value.read(statement, at: advance())
    }

    /// The projection in the next columns, or nil (skipping them) when its first column is NULL.
    mutating func nextIfPresent<P: ColumnProjection>(_ type: P.Type) throws -> P? {
        try nextIfPresent(P.columnNames.count) { try P(&$0) }
    }

    /// What `read` makes of the next `count` columns, or nil when the first of them (an id) is
    /// NULL — the other side of a LEFT JOIN that found nothing — which skips them.
    mutating func nextIfPresent<Value>(_ count: Int, _ read: (inout StatementCursor) throws -> Value) throws -> Value? {
        precondition(order == nil, "a joined row is read left to right")
        // nil only for NULL: a text id reads as a number here, without making a string.
        guard Int64.fromStatement(statement, atUncheckedIndex: index) != nil else {
            index += CInt(count)
            return nil
        }
        return try read(&self)
    }
}

/// A GRDB row, read by column name: `init(row:)` for GRDB's own fetches and the fallback.
struct RowReader: ColumnReader {
    let row: Row

    mutating func next<Value: ColumnValue>(_ column: String) throws -> Value {
        try row.decode(forColumn: column)
    }

    mutating func next<Value: ColumnValue>(_ column: String) throws -> Value? {
        try row.decode(forColumn: column)
    }
}

// `/*@Projection("clients")*/`: a projection's `table`, `columnNames` and `init(_:)`, written by the
// generator from its stored properties (MockCodegen/ProjectionMacro.swift).

/// A few columns of one table that a list or a detail shows, read together (`ClientName`,
/// `StaffName`, `ListedDevice`): the columns are named once, for the SELECT list and for reading
/// (`@Projection` writes both from the struct's properties).
protocol ColumnProjection {
    static var table: String { get }
    /// In the order `init` reads them.
    static var columnNames: [String] { get }
    init<Columns: ColumnReader>(columns: inout Columns) throws
}

/// A projection (`@Projection`) or a whole record: its table's columns it reads.
extension ColumnProjection where Self: ColumnDecodable & TableRecord {
    static var table: String { databaseTableName }
    static var columnNames: [String] { databaseColumns }
}

extension ColumnProjection {
    /// The projection in the next columns of a stepped statement.
    @inline(__always)
    init(_ columns: inout StatementCursor) throws { try self.init(columns: &columns) }

    /// `table.a, table.b, …` for a SELECT list.
    /// Named with their table, as a join needs (`users` and most tables share `id`, `created_at`, …).
    static var selection: String { columnNames.map { "\(table).\($0)" }.joined(separator: ", ") }
}

/// The bound values of a statement of the store, left to right.
typealias SQLValues = [(any DatabaseValueConvertible)?]

extension Statement {
    /// True when the statement's first columns are `columns`, in order.
    func startsWith(columns: [String]) -> Bool {
        let names = columnNames
        guard names.count >= columns.count else { return false }
        for (index, name) in columns.enumerated() where names[index] != name { return false }
        return true
    }

    /// Throws unless the statement's columns are exactly `names`: a joined row holds several `id`s
    /// and can only be read by position, so its layout is checked before any row is read.
    func requireColumns(_ names: [String], of row: String) throws {
        guard columnNames == names else {
            throw ResourceError.inconsistent("the columns of \(row) are not the ones it reads")
        }
    }

    /// Where a record's columns are in the statement.
    enum ColumnLayout: Equatable {
        /// The statement starts with them, in order: read left to right.
        case inOrder
        /// It holds every one of them, in another order: read at these indexes (the column after
        /// the previous one's when it has the name, else the name's first occurrence; only a join
        /// holds a name twice, and a join is read by position).
        case permuted([CInt])
        /// One is missing: only GRDB's rows, by name, can say what is there.
        case missing
    }

    func layout(of columns: [String]) -> ColumnLayout {
        if startsWith(columns: columns) { return .inOrder }
        let names = columnNames
        var order: [CInt] = []
        order.reserveCapacity(columns.count)
        // A projection's columns are runs of its table's: the column
        // after the previous one's is tried first, else the name's first occurrence is searched for
        // (a `SELECT *` of users read as its record, 21 columns, compares about 50 names rather
        // than 230).
        var next = 0
        for column in columns {
            let index: Int
            if next < names.count, names[next] == column {
                index = next
            } else {
                guard let found = names.firstIndex(of: column) else { return .missing }
                index = found
            }
            order.append(CInt(index))
            next = index + 1
        }
        return .permuted(order)
    }

    /// Every row as `R`, by index when the statement holds its columns (in any order), else through
    /// GRDB's rows.
    func records<R: ColumnDecodable>(_ type: R.Type, arguments: SQLValues) throws -> [R] {
        switch layout(of: R.databaseColumns) {
        case .inOrder:
            return try rows(arguments: arguments) { try R.decode($0) }
        case .permuted(let order):
            return try rows(arguments: arguments) { statement in
                var columns = StatementCursor(statement, order: order)
                return try R(columns: &columns)
            }
        case .missing:
            return try R.fetchAll(self, arguments: StatementArguments(arguments))
        }
    }

    /// The first row as `R`, or nil.
    func record<R: ColumnDecodable>(_ type: R.Type, arguments: SQLValues) throws -> R? {
        switch layout(of: R.databaseColumns) {
        case .inOrder:
            return try rows(arguments: arguments, limit: 1) { try R.decode($0) }.first
        case .permuted(let order):
            return try rows(arguments: arguments, limit: 1) { statement in
                var columns = StatementCursor(statement, order: order)
                return try R(columns: &columns)
            }.first
        case .missing:
            return try R.fetchOne(self, arguments: StatementArguments(arguments))
        }
    }

    /// The first `limit` rows through `decode` (joined rows: the caller has checked the layout).
    ///
    /// Binds and steps with SQLite itself rather than through GRDB's `StatementArguments` and
    /// cursors, which convert every value, validate, clear and re-bind, and allocate a cursor per
    /// statement — a tenth of the order detail, whose seven statements each read a few rows. The
    /// statement is left finished or reset, never busy (an open read would hold its snapshot), so
    /// GRDB, which binds its own arguments before every execution, can use it afterwards as ever.
    func rows<Element>(arguments: SQLValues, limit: Int = .max,
                       decode: (SQLiteStatement) throws -> Element) throws -> [Element] {
        let statement = sqliteStatement
        sqlite3_reset(statement)  // its code repeats the last step's error, already reported
        guard sqlite3_bind_parameter_count(statement) == CInt(arguments.count) else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE,
                                message: "\(arguments.count) arguments for \(sqlite3_bind_parameter_count(statement))", sql: sql)
        }
        for (offset, value) in arguments.enumerated() {
            let code = Self.bind(value?.databaseValue, to: statement, at: CInt(offset + 1))
            guard code == SQLITE_OK else { throw error(code) }
        }
        var out: [Element] = []
        while out.count < limit {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return out }
            guard code == SQLITE_ROW else {
                let failure = error(code)
                sqlite3_reset(statement)
                throw failure
            }
            do {
                out.append(try decode(statement))
            } catch {
                sqlite3_reset(statement)
                throw error
            }
        }
        sqlite3_reset(statement)  // rows remain: end the read
        return out
    }

    /// The single integer a `SELECT COUNT(*) …` answers (0 when it answers no row).
    func count(arguments: SQLValues) throws -> Int {
        try rows(arguments: arguments, limit: 1) { Int(sqlite3_column_int64($0, 0)) }.first ?? 0
    }

    private static func bind(_ value: DatabaseValue?, to statement: SQLiteStatement, at index: CInt) -> CInt {
        switch value?.storage {
        case nil, .null?: return sqlite3_bind_null(statement, index)
        case .int64(let int)?: return sqlite3_bind_int64(statement, index, int)
        case .double(let double)?: return sqlite3_bind_double(statement, index, double)
        case .string(let string)?: return sqlite3_bind_text(statement, index, string, -1, transient)
        case .blob(let data)?:
            return data.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, CInt($0.count), transient) }
        }
    }

    /// True while the statement has rows it has not finished (an open read).
    var isBusy: Bool { sqlite3_stmt_busy(sqliteStatement) != 0 }

    /// SQLite copies the value while binding (`SQLITE_TRANSIENT`).
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    private func error(_ code: CInt) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: code),
                      message: String(cString: sqlite3_errmsg(sqlite3_db_handle(sqliteStatement))), sql: sql)
    }
}

extension ColumnDecodable {
    /// The record whose columns start at `index` of the current row (0: a record of its own).
    static func decode(_ statement: SQLiteStatement, from index: CInt = 0) throws -> Self {
        var columns = StatementCursor(statement, from: index)
        return try Self(columns: &columns)
    }

    /// The record whose columns start at `index`, or nil when its first column (the id) is NULL:
    /// the other side of a LEFT JOIN that found nothing.
    static func decodeIfPresent(_ statement: SQLiteStatement, from index: CInt) throws -> Self? {
        var columns = StatementCursor(statement, from: index)
        return try columns.nextIfPresent(databaseColumns.count) { try Self(columns: &$0) }
    }
}
