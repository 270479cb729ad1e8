import Foundation
import GRDB

/// A mock's whole state as one SQLite database file: what `GET /__mock/snapshot` and
/// `--export-on-exit` write, and what `PUT /__mock/snapshot` and `--seed` read back. A file is
/// accepted only if it is an intact database of our schema (an older one of ours is migrated
/// forward first); anything else is `StateFileError.invalid` and nothing is touched.
package enum StateFile {
    /// The 16 bytes every SQLite database file starts with.
    static let header = Data("SQLite format 3\u{0}".utf8)

    package static func isDatabase(at url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: header.count)) == header
    }

    /// The state of `store`, compacted, as file bytes (rollback journal, so one file is all of it).
    package static func data(of store: Store) throws -> Data {
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url) }
        try export(store, to: url)
        return try Data(contentsOf: url)
    }

    /// Writes the state of `store` to `url`, replacing what is there.
    package static func export(_ store: Store, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let partial = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).partial")
        defer { try? FileManager.default.removeItem(at: partial) }
        // VACUUM cannot run inside a transaction; INTO writes a consistent copy and leaves the
        // store as it is.
        try store.writeDatabaseWithoutTransaction { db in
            try db.execute(sql: "VACUUM INTO ?", arguments: [partial.path])
        }
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
        try FileManager.default.moveItem(at: partial, to: url)
    }

    /// A snapshot holding the state in `data`, validated.
    package static func load(_ data: Data) throws -> SeedSnapshot {
        guard data.count >= 512, data.prefix(header.count) == header else {
            throw StateFileError.invalid("not an SQLite database")
        }
        let url = temporaryURL()
        defer {
            for suffix in ["", "-journal", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: url.path + suffix)
            }
        }
        try data.write(to: url)
        return try loadCopy(at: url)
    }

    /// A snapshot holding the state in the file at `url`, validated; the file is not changed.
    package static func load(contentsOf url: URL) throws -> SeedSnapshot {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw StateFileError.invalid("cannot read \(url.path)")
        }
        return try load(data)
    }

    /// `url` is our private copy: it may be migrated and rebuilt in place.
    private static func loadCopy(at url: URL) throws -> SeedSnapshot {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        let file: DatabaseQueue
        do {
            file = try DatabaseQueue(path: url.path, configuration: configuration)
            try file.writeWithoutTransaction { db in
                guard try String.fetchOne(db, sql: "PRAGMA quick_check") == "ok" else {
                    throw StateFileError.invalid("the database is damaged")
                }
                try db.execute(sql: "PRAGMA journal_mode = DELETE")
            }
        } catch let error as StateFileError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
            throw StateFileError.invalid("the database is damaged")
        } catch {
            throw StateFileError.invalid("not an SQLite database")
        }
        try checkMigrations(file)
        do {
            try StoreMigrations.migrator.migrate(file)
        } catch {
            throw StateFileError.invalid("its data cannot be brought to this version's schema")
        }
        try checkSchema(file)
        try file.read { db in
            guard try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") == nil else {
                throw StateFileError.invalid("rows refer to rows that do not exist")
            }
        }
        let pageSize = try file.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") }
        if pageSize != Store.pageSize {
            try file.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA page_size = \(Store.pageSize)")
                try db.execute(sql: "VACUUM")
            }
        }
        let pristine = try DatabaseQueue(configuration: Store.configuration(file: false))
        try file.backup(to: pristine)
        try file.close()
        return try SeedSnapshot(pristine: pristine)
    }

    /// The file's applied migrations must be ours, in our order, possibly fewer (an older file).
    private static func checkMigrations(_ file: DatabaseQueue) throws {
        let applied: [String] = try file.read { db in
            guard try db.tableExists("grdb_migrations") else {
                throw StateFileError.invalid("it is not a RepairMinder Mock database (no migrations table)")
            }
            return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
        }
        let ours = StoreMigrations.migrator.migrations
        guard !applied.isEmpty, applied.count <= ours.count, Array(ours.prefix(applied.count)) == applied else {
            throw StateFileError.invalid("its migrations (\(applied.joined(separator: ", "))) are not this version's")
        }
    }

    /// Every table, index and trigger exactly as this build's migrations make them.
    private static func checkSchema(_ file: DatabaseQueue) throws {
        let theirs = try file.read(SchemaEntry.all)
        let reference = try DatabaseQueue()              // this build's schema, on an empty database
        _ = try Store(writer: reference)                 // the migrations' schema in one script (MigratedSchema)
        let ours = try reference.read(SchemaEntry.all)
        guard theirs == ours else {
            let names = Set(theirs.map(\.name)).symmetricDifference(ours.map(\.name))
            let detail = names.isEmpty ? "a table differs" : "differs in \(names.sorted().prefix(5).joined(separator: ", "))"
            throw StateFileError.invalid("its schema is not this version's: \(detail)")
        }
    }

    private static func temporaryURL() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("repairminder-mock-\(UUID().uuidString).sqlite")
    }
}

/// A table, index or trigger of a database, as `sqlite_master` describes it.
private struct SchemaEntry: Equatable {
    var type: String
    var name: String
    var table: String
    /// Nil for the indexes SQLite makes itself (UNIQUE, PRIMARY KEY).
    var sql: String?

    /// Every entry but SQLite's own, by type and name.
    static func all(_ db: Database) throws -> [SchemaEntry] {
        try db.rows("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name",
                    []) { columns in
            SchemaEntry(type: try columns.next("type"), name: try columns.next("name"), table: try columns.next("tbl_name"),
                        sql: try columns.next("sql"))
        }
    }
}

package enum StateFileError: Error, Equatable, CustomStringConvertible {
    case invalid(String)

    package var description: String { message }

    package var message: String {
        switch self {
        case .invalid(let reason): "Not a RepairMinder Mock state file: \(reason)"
        }
    }
}
