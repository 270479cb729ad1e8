import GRDB

// Reading records straight from a stepped statement, by column index.
//
// GRDB's `FetchableRecord` path makes a `Row` per fetch, which lowercases and hashes every column
// name into a dictionary, and then looks each column up by name again for every row: a third of
// the order detail's time went there. A record's generated `init(columns:)` (RecordDecoding.swift)
// reads its columns in the order of `databaseColumns`; `Statement.records` checks once per fetch
// that the statement's columns start with exactly those names and then reads by index. When they
// do not (a hand-written column list, a join), it falls back to GRDB's rows, looked up by name, so a
// query can never be decoded with the wrong layout — only more slowly.

/// A record whose generated decoder reads its columns in a fixed order.
protocol ColumnDecodable: FetchableRecord {
    /// The columns `init(columns:)` reads, in order: the table's own order, so `SELECT *` and
    /// `SELECT table.*` take the fast path (RecordDecodingTests checks it for every table).
    static var databaseColumns: [String] { get }
    init<Columns: RecordColumns>(columns: inout Columns) throws
}

/// The columns of one row as a record decodes them, each named and taken in `databaseColumns` order.
protocol RecordColumns {
    mutating func next<Value: ColumnValue>(_ column: String) throws -> Value
    mutating func next<Value: ColumnValue>(_ column: String) throws -> Value?
}

/// A column type of the records: text, integers, and the stored enums.
protocol ColumnValue: DatabaseValueConvertible {
    /// Column `index` of the current row of `statement`: nil for NULL; throws for a value that is
    /// not a `Self` (an unknown enum value).
    static func read(_ statement: SQLiteStatement, at index: CInt) throws -> Self?
}

extension String: ColumnValue {
    @inline(__always)
    static func read(_ statement: SQLiteStatement, at index: CInt) throws -> String? {
        fromStatement(statement, atUncheckedIndex: index)
    }
}

extension Int: ColumnValue {
    @inline(__always)
    static func read(_ statement: SQLiteStatement, at index: CInt) throws -> Int? {
        fromStatement(statement, atUncheckedIndex: index)
    }
}

extension Int64: ColumnValue {
    @inline(__always)
    static func read(_ statement: SQLiteStatement, at index: CInt) throws -> Int64? {
        fromStatement(statement, atUncheckedIndex: index)
    }
}

/// Every stored enum reads as its raw text (RecordDecoding.swift declares the conformances).
extension StoredEnum {
    static func read(_ statement: SQLiteStatement, at index: CInt) throws -> Self? {
        guard let raw = String.fromStatement(statement, atUncheckedIndex: index) else { return nil }
        guard let value = Self(rawValue: raw) else { throw RecordColumnError.unknownValue(label, raw) }
        return value
    }
}

/// A row that does not fit its record; the store reports it as a 500 (`ResourceError.inconsistent`
/// is for contradicting rows, this is for one unreadable row).
struct RecordColumnError: Error, CustomStringConvertible {
    let description: String

    static func null(_ column: String) -> RecordColumnError {
        RecordColumnError(description: "column \(column) is NULL in a row whose record requires it")
    }

    static func unknownValue(_ label: String, _ raw: String) -> RecordColumnError {
        RecordColumnError(description: "unknown \(label) \"\(raw)\"")
    }
}

/// The current row of a statement, read left to right by index (names are for errors only).
struct StatementColumns: RecordColumns {
    private let statement: SQLiteStatement
    private var index: CInt = 0

    /// Columns from `index` on (the first is 0): a record after another one in a joined row.
    init(_ statement: SQLiteStatement, from index: CInt = 0) {
        self.statement = statement
        self.index = index
    }

    @inline(__always)
    mutating func next<Value: ColumnValue>(_ column: String) throws -> Value {
        defer { index += 1 }
        guard let value = try Value.read(statement, at: index) else { throw RecordColumnError.null(column) }
        return value
    }

    @inline(__always)
    mutating func next<Value: ColumnValue>(_ column: String) throws -> Value? {
        defer { index += 1 }
        return try Value.read(statement, at: index)
    }

    /// What `read` makes of the next `count` columns, or nil when the first of them (an id) is
    /// NULL — the other side of a LEFT JOIN that found nothing — which skips them.
    mutating func nextIfPresent<Value>(_ count: Int, _ read: (inout StatementColumns) throws -> Value) throws -> Value? {
        // nil only for NULL: a text id reads as a number here, without making a string.
        guard Int64.fromStatement(statement, atUncheckedIndex: index) != nil else {
            index += CInt(count)
            return nil
        }
        return try read(&self)
    }
}

/// A GRDB row, read by column name: `init(row:)` for GRDB's own fetches and the fallback.
struct RowColumns: RecordColumns {
    let row: Row

    mutating func next<Value: ColumnValue>(_ column: String) throws -> Value {
        try row.decode(forColumn: column)
    }

    mutating func next<Value: ColumnValue>(_ column: String) throws -> Value? {
        try row.decode(forColumn: column)
    }
}

/// Steps a statement, decoding each row by index with `decode`.
final class RecordColumnsCursor<Element>: DatabaseCursor {
    let _statement: Statement
    var _isDone = false
    private let decode: (SQLiteStatement) throws -> Element

    init(statement: Statement, arguments: StatementArguments,
         decode: @escaping (SQLiteStatement) throws -> Element) throws {
        _statement = statement
        self.decode = decode
        try statement.setArguments(arguments)  // resets the statement, validates and binds
    }

    func _element(sqliteStatement: SQLiteStatement) throws -> Element {
        do {
            return try decode(sqliteStatement)
        } catch {
            // The step gave a row, so the reset inside cannot fail: leave no statement busy.
            _statement.setUncheckedArguments(_statement.arguments)
            throw error
        }
    }
}

extension Statement {
    /// True when the statement's first columns are `columns`, in order.
    func startsWith(columns: [String]) -> Bool {
        let names = columnNames
        guard names.count >= columns.count else { return false }
        for (index, name) in columns.enumerated() where names[index] != name { return false }
        return true
    }

    /// Every row as `R`, by index when the columns fit, else through GRDB's rows.
    func records<R: ColumnDecodable>(_ type: R.Type, arguments: StatementArguments) throws -> [R] {
        guard startsWith(columns: R.databaseColumns) else { return try R.fetchAll(self, arguments: arguments) }
        return try rows(arguments: arguments) { try R.decode($0) }
    }

    /// The first row as `R`, or nil.
    func record<R: ColumnDecodable>(_ type: R.Type, arguments: StatementArguments) throws -> R? {
        guard startsWith(columns: R.databaseColumns) else { return try R.fetchOne(self, arguments: arguments) }
        let cursor = try RecordColumnsCursor(statement: self, arguments: arguments) { try R.decode($0) }
        let first = try cursor.next()
        // A look-up by key has no second row: stepping once more finishes the statement, which
        // ends its read without the reset (and re-binding) below, needed only when rows remain.
        if first != nil, try cursor.next() != nil { setUncheckedArguments(arguments) }
        return first
    }

    /// Every row through `decode`, for joined rows whose layout the caller has checked.
    func rows<Element>(arguments: StatementArguments,
                       decode: @escaping (SQLiteStatement) throws -> Element) throws -> [Element] {
        let cursor = try RecordColumnsCursor(statement: self, arguments: arguments, decode: decode)
        var out: [Element] = []
        try cursor.forEach { out.append($0) }
        return out
    }
}

extension ColumnDecodable {
    /// The record whose columns start at `index` of the current row (0: a record of its own).
    static func decode(_ statement: SQLiteStatement, from index: CInt = 0) throws -> Self {
        var columns = StatementColumns(statement, from: index)
        return try Self(columns: &columns)
    }

    /// The record whose columns start at `index`, or nil when its first column (the id) is NULL:
    /// the other side of a LEFT JOIN that found nothing.
    static func decodeIfPresent(_ statement: SQLiteStatement, from index: CInt) throws -> Self? {
        // nil only for NULL: a text id reads as a number here, without making a string.
        guard Int64.fromStatement(statement, atUncheckedIndex: index) != nil else { return nil }
        return try decode(statement, from: index)
    }
}
