import GRDB
import MockBasics

// A seed file's row is its table's record (Seeds/README.md): every column is a key of the row's
// object, by the column's name, read by the record's own `init(columns:)` (the one `@StoredTable`
// writes from the declaration). So a new column is seedable the moment its property exists: its
// migration and one line. What the file's shape gives instead (a child's parent id, a position) is
// set by the reader; what a row may leave out has a default (Seed.swift).

/// The columns of one row of a seed file, read by name from its JSON object.
struct SeedRowReader: ColumnReader {
    /// The row's object.
    let object: [String: JSONValue]
    /// Columns the file's shape gives (a parent's id, a position, a derived value): the row's own
    /// key of that name, if any, is not read.
    let set: [String: JSONValue]
    /// Values for columns the row leaves out or sets to null.
    let defaults: [String: JSONValue]
    /// `orders[2].devices[0]`.
    let path: String
    let file: String

    mutating func next<Value: ColumnValue>(_ column: String) throws -> Value {
        guard let value: Value = try next(column) else {
            if set[column] == nil, let given = object[column], given.isNull {
                throw SeedError(file: file, path: "\(path).\(column)", message: "expected \(Value.seedName), found null")
            }
            throw SeedError(file: file, path: "\(path).\(column)", message: "missing")
        }
        return value
    }

    mutating func next<Value: ColumnValue>(_ column: String) throws -> Value? {
        let json: JSONValue?
        if let fixed = set[column] {
            json = fixed
        } else if let given = object[column], !given.isNull {
            json = given
        } else {
            json = defaults[column]
        }
        guard let json, !json.isNull else { return nil }
        do {
            return try Value.seedValue(json)
        } catch let problem as SeedValueProblem {
            throw SeedError(file: file, path: "\(path).\(column)", message: problem.message)
        }
    }
}

/// Why a seed value is not a column's: "expected a string", `unknown role "boss"`.
struct SeedValueProblem: Error {
    let message: String
}

extension String {
    package static var seedName: String { "a string" }

    package static func seedValue(_ json: JSONValue) throws -> String {
        guard let text = json.stringValue else { throw SeedValueProblem(message: "expected a string") }
        return text
    }
}

extension Int64 {
    package static var seedName: String { "an integer" }

    /// An integer; a flag (an integer column of 0 and 1) may be written `true` or `false`.
    package static func seedValue(_ json: JSONValue) throws -> Int64 {
        if let flag = json.boolValue { return flag ? 1 : 0 }
        guard let value = json.intValue else { throw SeedValueProblem(message: "expected an integer") }
        return value
    }
}

extension Int {
    package static var seedName: String { "an integer" }

    package static func seedValue(_ json: JSONValue) throws -> Int {
        guard let value = Int(exactly: try Int64.seedValue(json)) else { throw SeedValueProblem(message: "expected an integer") }
        return value
    }
}

extension StoredEnum {
    package static var seedName: String { "a string" }

    package static func seedValue(_ json: JSONValue) throws -> Self {
        guard let raw = json.stringValue else { throw SeedValueProblem(message: "expected a string") }
        guard let value = Self(rawValue: raw) else { throw SeedValueProblem(message: "unknown \(label) \"\(raw)\"") }
        return value
    }
}
