import Foundation
import GRDB
import Testing
import MockBasics
@testable import MockStore

/// A new database is made from `MigratedSchema`'s script, not by replaying the migrations: the two
/// must leave the same schema, statement for statement. When a migration changes, run
/// `REPAIRMINDER_MOCK_WRITE_GENERATED=1 swift test --filter MigratedSchemaTests` to write the script
/// again (Sources/MockStore/MigratedSchema.swift, below its MARK), and commit it with the migration.
@Suite struct MigratedSchemaTests {
    @Test func theScriptMakesWhatTheMigrationsMake() throws {
        let migrated = try DatabaseQueue()
        try StoreMigrations.migrator.migrate(migrated)
        let (statements, identifiers) = try Self.script(of: migrated)
        let defaults = try Self.columnDefaults(of: migrated)
        if ProcessInfo.processInfo.environment["REPAIRMINDER_MOCK_WRITE_GENERATED"] == "1" {
            try Self.write(statements: statements, migrations: identifiers, defaults: defaults)
        }
        #expect(MigratedSchema.migrations == identifiers, """
            MigratedSchema is not the migrations' schema: run \
            REPAIRMINDER_MOCK_WRITE_GENERATED=1 swift test --filter MigratedSchemaTests
            """)
        #expect(MigratedSchema.statements == statements)
        // The seed reader's defaults are the migrations' `DEFAULT`s, typed once, there.
        #expect(MigratedSchema.columnDefaults == defaults.mapValues { Dictionary(uniqueKeysWithValues: $0.map { ($0.column, $0.value) }) })

        let scripted = try DatabaseQueue()
        try MigratedSchema.create(in: scripted)
        #expect(try Self.master(scripted) == Self.master(migrated))
        // Nothing is left for the migrator to do on the script's database.
        #expect(try scripted.read { db in try StoreMigrations.migrator.hasCompletedMigrations(db) })
        #expect(try scripted.read { db in try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") } == nil)
    }

    /// A store made the ordinary way gets the script (every migration recorded), and a database
    /// part way through the history is migrated the rest of the way: the same schema either way.
    @Test func aStoreOfAnyEarlierVersionEndsWithTheSameSchema() throws {
        let fresh = try DatabaseQueue()
        _ = try Store(writer: fresh)
        let full = try DatabaseQueue()
        try StoreMigrations.migrator.migrate(full)
        #expect(try Self.master(fresh) == Self.master(full))

        let partial = try DatabaseQueue()
        try StoreMigrations.migrator.migrate(partial, upTo: "v2-device-detail")
        _ = try Store(writer: partial)
        #expect(try Self.master(partial).map { [$0[0], $0[1], $0[3]] } == Self.master(full).map { [$0[0], $0[1], $0[3]] })
        #expect(try partial.read { db in try StoreMigrations.migrator.appliedIdentifiers(db) } == Set(MigratedSchema.migrations))
    }

    @Test func aDatabaseThatHoldsATableIsLeftAlone() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE other (id INTEGER)") }
        try MigratedSchema.create(in: queue)
        #expect(try queue.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master") } == ["other"])
    }

    /// `sqlite_master` as rows of type, name, table and statement, in the order SQLite made them.
    static func master(_ writer: some DatabaseWriter) throws -> [[String?]] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid").map {
                [$0[0], $0[1], $0[2], $0[3]]
            }
        }
    }

    /// The statements that make `writer`'s schema (SQLite's own tables and automatic indexes are made
    /// by SQLite) and the migrations it records.
    static func script(of writer: some DatabaseWriter) throws -> (statements: [String], migrations: [String]) {
        try writer.read { db in
            (try String.fetchAll(db, sql: """
                SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid
                """),
             try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid"))
        }
    }

    /// Each table's columns with a `DEFAULT`, by table and column name, as JSON values: `'GBP'` a
    /// string, `1` an integer. Any other default (an expression) fails: the seed reader could not use it.
    static func columnDefaults(of writer: some DatabaseWriter) throws -> [String: [(column: String, value: JSONValue)]] {
        try writer.read { db in
            var defaults: [String: [(column: String, value: JSONValue)]] = [:]
            let tables = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
                """)
            for table in tables {
                for row in try Row.fetchAll(db, sql: "SELECT name, dflt_value FROM pragma_table_info(?) ORDER BY cid", arguments: [table]) {
                    guard let text: String = row["dflt_value"] else { continue }
                    let value: JSONValue
                    if text.hasPrefix("'"), text.hasSuffix("'"), text.count >= 2 {
                        value = .string(String(text.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'"))
                    } else if let integer = Int64(text) {
                        value = .int(integer)
                    } else {
                        Issue.record("\(table).\(row["name"] as String): DEFAULT \(text) is neither a string nor an integer")
                        continue
                    }
                    defaults[table, default: []].append((row["name"], value))
                }
            }
            return defaults
        }
    }

    static func write(statements: [String], migrations: [String], defaults: [String: [(column: String, value: JSONValue)]]) throws {
        let url = PackageRoot.url.appendingPathComponent("Sources/MockStore/MigratedSchema.swift")
        let text = try String(contentsOf: url, encoding: .utf8)
        let marker = "    // MARK: Generated by MigratedSchemaTests"
        let head = try #require(text.range(of: marker).map { text[..<$0.lowerBound] })
        let firstLine = text[text.range(of: marker)!.lowerBound...].prefix { $0 != "\n" }
        var out = String(head) + firstLine + "\n"
        out += "    static let migrations: [String] = [\n"
        out += migrations.map { "        \"\($0)\",\n" }.joined()
        out += "    ]\n\n    static let statements: [String] = [\n"
        for statement in statements {
            out += "        #\"\"\"\n" + statement.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n") + "\n        \"\"\"#,\n"
        }
        out += "    ]\n\n    static let columnDefaults: [String: [String: JSONValue]] = [\n"
        for table in defaults.keys.sorted() {
            let columns = defaults[table]!.map { "\"\($0.column)\": \(Self.literal($0.value))" }
            out += "        \"\(table)\": [" + columns.joined(separator: ", ") + "],\n"
        }
        out += "    ]\n}\n"
        try out.write(to: url, atomically: true, encoding: .utf8)
    }

    /// A default as Swift source.
    static func literal(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return ".string(\"\(text)\")"
        case .int(let number): return ".int(\(number))"
        default: return "\(value)"
        }
    }
}
