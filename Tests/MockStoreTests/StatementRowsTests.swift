import Foundation
import GRDB
import Testing

@testable import MockBasics
@testable import MockStore

/// `Statement.rows(arguments:)`: the store's reads bind and step with SQLite directly; every kind
/// of value binds as GRDB binds it, errors are GRDB's errors, and no statement is left open.
@Suite struct StatementRowsTests {
    let queue = try! DatabaseQueue()

    @Test func everyKindOfValueBindsAsGRDBBindsIt() throws {
        try queue.inDatabase { db in
            let sql = "SELECT ?, ?, ?, ?, ?, typeof(?), ?"
            let values: SQLValues = [nil, 42, 2.5, "text é \u{0}after nul", Data([0, 1, 255]), DatabaseValue.null, Int64.min]
            let statement = try db.cachedStatement(sql: sql)
            // GRDB's own binding of the same values, for comparison.
            let row = try #require(try Row.fetchOne(db, sql: sql, arguments: StatementArguments(values)))
            #expect(row[0] as DatabaseValue == .null)
            #expect(row[1] as Int == 42 && row[2] as Double == 2.5)
            // Both bind text as a C string (up to a NUL), so they agree there too.
            #expect(row[3] as String == "text é ")
            #expect(row[4] as Data == Data([0, 1, 255]))
            #expect(row[5] as String == "null" && row[6] as Int64 == Int64.min)
            let read = try statement.rows(arguments: values) { sqlite in
                (String.fromStatement(sqlite, atUncheckedIndex: 3), Int64.fromStatement(sqlite, atUncheckedIndex: 6),
                 Data.fromStatement(sqlite, atUncheckedIndex: 4), String.fromStatement(sqlite, atUncheckedIndex: 5))
            }
            #expect(read.first?.0 == row[3] as String && read.first?.1 == Int64.min)
            #expect(read.first?.2 == Data([0, 1, 255]) && read.first?.3 == "null")
            let nullAndReals = try statement.rows(arguments: values) { sqlite in
                (Int64.fromStatement(sqlite, atUncheckedIndex: 0), Int64.fromStatement(sqlite, atUncheckedIndex: 1),
                 Double.fromStatement(sqlite, atUncheckedIndex: 2))
            }
            #expect(nullAndReals.count == 1 && nullAndReals[0].0 == nil && nullAndReals[0].1 == 42 && nullAndReals[0].2 == 2.5)
            // Each value keeps its SQLite type.
            let types = try db.cachedStatement(sql: "SELECT typeof(?), typeof(?), typeof(?), typeof(?), typeof(?)")
                .rows(arguments: [nil, 42, 2.5, "s", Data([1])]) { sqlite in
                    (0..<5).map { String.fromStatement(sqlite, atUncheckedIndex: CInt($0)) ?? "?" }
                }
            #expect(types == [["null", "integer", "real", "text", "blob"]])
        }
    }

    @Test func aWrongNumberOfArgumentsIsAnErrorAndNothingIsLeftOpen() throws {
        try queue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3)")
            let statement = try db.cachedStatement(sql: "SELECT n FROM t WHERE n >= ? ORDER BY n")
            #expect(throws: DatabaseError.self) { try statement.rows(arguments: []) { _ in 0 } }
            #expect(throws: DatabaseError.self) { try statement.rows(arguments: [1, 2]) { _ in 0 } }
            // Every row, the first one only, and a decoding error: never left busy.
            #expect(try statement.rows(arguments: [2]) { Int(Int64.fromStatement($0, atUncheckedIndex: 0)!) } == [2, 3])
            #expect(!statement.isBusy)
            #expect(try statement.rows(arguments: [1], limit: 1) { Int(Int64.fromStatement($0, atUncheckedIndex: 0)!) } == [1])
            #expect(!statement.isBusy)
            struct Refused: Error {}
            #expect(throws: Refused.self) { try statement.rows(arguments: [1]) { _ in throw Refused() } }
            #expect(!statement.isBusy)
            // GRDB uses the statement afterwards with its own arguments.
            #expect(try Int.fetchAll(statement, arguments: [3]) == [3])
            #expect(try db.cachedStatement(sql: "SELECT COUNT(*) FROM t WHERE n >= ?").count(arguments: [2]) == 2)
            #expect(try db.cachedStatement(sql: "SELECT n FROM t WHERE n > ?").count(arguments: [3]) == 0)
            #expect(try db.count("SELECT COUNT(*) FROM t WHERE n >= ?", [2]) == 2)
        }
    }

    @Test func aFailingStepIsGRDBsErrorWithItsMessage() throws {
        try queue.inDatabase { db in
            // abs() of the smallest integer overflows while stepping, not while preparing.
            let statement = try db.cachedStatement(sql: "SELECT abs(?)")
            let error = try #require(throws: DatabaseError.self) {
                try statement.rows(arguments: [Int64.min]) { _ in 0 }
            }
            #expect(error.message == "integer overflow")
            #expect(!statement.isBusy)
            #expect(try statement.rows(arguments: [-2]) { Int64.fromStatement($0, atUncheckedIndex: 0) } == [2])
        }
    }
}
