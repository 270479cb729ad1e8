import Foundation
import GRDB
import MockBasics

extension Seed {
    /// Writes the seed into a migrated database (inside the caller's transaction): an empty one for
    /// a seed file, the live one for fixtures. Passwords are stored as `hashPassword(plain)`, hashed
    /// once per distinct password (so every `password123` account shares one hash: a fixture, not
    /// a real user base).
    func insert(into db: Database, hashPassword: (String) -> String) throws {
        var hashes: [String: String] = [:]
        var seed = self
        for index in seed.users.indices {
            seed.users[index].row.record.passwordHash = seed.users[index].password.map { plain in
                if let known = hashes[plain] { return known }
                let value = hashPassword(plain)
                hashes[plain] = value
                return value
            }
        }
        var writer = SeedWriter(db: db, file: sourceName)
        try seed.visitRows(&writer)
    }

    /// A stable UUID for rows the fixture doesn't name (recovery codes): SHA-256 of the parent
    /// id and `n`, shaped as a version-4 UUID.
    static func derivedID(_ parent: String, _ n: Int) -> String {
        let hex = Array(Secrets.sha256Hex("\(parent)#\(n)").utf8.prefix(32))
        var out = [UInt8]()
        for (i, c) in hex.enumerated() {
            if i == 8 || i == 12 || i == 16 || i == 20 { out.append(45) }
            if i == 12 { out.append(52); continue }                 // version 4
            if i == 16 { out.append(56); continue }                 // variant 8
            out.append(c)
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Writes each row as its record, in its table's column order, through one cached INSERT per table
/// (`columnValues`): several times faster than GRDB's `Encodable` path, and the seed is most of a
/// cold start. A row the database refuses is a `SeedError` at its path.
private struct SeedWriter: SeedRowVisitor {
    let db: Database
    let file: String
    var statements: [String: Statement] = [:]

    init(db: Database, file: String) {
        self.db = db
        self.file = file
    }

    mutating func visit<Record: ColumnEncodable & TableRecord>(_ rows: [SeedRow<Record>], listed: Bool) throws {
        guard !rows.isEmpty else { return }
        let statement = try insertStatement(Record.self)
        for row in rows {
            do {
                try statement.execute(arguments: StatementArguments(row.record.columnValues))
            } catch let error as DatabaseError {
                throw SeedError(file: file, path: row.path, message: error.message ?? "\(error.resultCode)")
            }
        }
    }

    private mutating func insertStatement<Record: ColumnEncodable & TableRecord>(_ type: Record.Type) throws -> Statement {
        if let cached = statements[Record.databaseTableName] { return cached }
        let columns = Record.databaseColumns
        // Table and column names are the records' own constants; values are bound.
        let statement = try db.makeStatement(sql: """
            INSERT INTO \(Record.databaseTableName) (\(columns.joined(separator: ", "))) \
            VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ",")))
            """)
        statements[Record.databaseTableName] = statement
        return statement
    }
}

/// A pristine in-memory database holding the migrated and seeded schema. `restore(into:)`
/// copies it over a live store with SQLite's backup API: this is both first-run seeding and
/// `POST /__mock/reset`, so the two can never differ.
public final class SeedSnapshot: Sendable {
    /// The fixture it was built from; nil for a snapshot loaded from a state file.
    let seed: Seed?
    let pristine: DatabaseQueue
    /// The instant the fixture was written around (its `now`); nil for a state file. Where a
    /// namespace on a replay seed starts its clock (docs/replay.md).
    package let fixtureNow: Date?
    /// When the pristine database's next macro stage is due (none, for a seed): a store restored
    /// from it knows without asking.
    private let nextMacroStage: MacroSchedule.Next

    /// Takes over `pristine`, an in-memory database of our schema with `Store.pageSize` pages
    /// (`StateFile.load` makes one).
    init(pristine: DatabaseQueue, fixtureNow: Date? = nil) throws {
        seed = nil
        self.pristine = pristine
        self.fixtureNow = fixtureNow
        nextMacroStage = try pristine.read { db in try MacroSchedule.next(in: db) }
    }

    package init(seed: Seed, hashPassword: @Sendable (String) -> String) throws {
        self.seed = seed
        fixtureNow = Timestamp.parse(seed.now)
        pristine = try DatabaseQueue(configuration: Store.configuration(file: false))
        _ = try Store(writer: pristine)
        nextMacroStage = try pristine.write { db in
            try seed.insert(into: db, hashPassword: hashPassword)
            return try MacroSchedule.next(in: db)
        }
    }

    /// Replaces every table of `store` with the seeded state (schema included: the copy is page
    /// by page, so the store must come from this build's migrations, as every `Store` does).
    package func restore(into store: Store) throws {
        do {
            try store.copyPages(from: pristine, nextMacroStage: nextMacroStage)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
            // A database created with another page size (an older file, or a writer made
            // elsewhere) cannot receive a page copy. A file is rebuilt with our page size once;
            // an in-memory database cannot change it, so its rows are copied instead (slower).
            guard try Self.pageSize(of: store) != Store.pageSize else { throw error }
            if try Self.adoptPageSize(of: store) {
                try store.copyPages(from: pristine, nextMacroStage: nextMacroStage)
            } else {
                try copyRows(into: store)
            }
        }
    }

    private static func pageSize(of store: Store) throws -> Int? {
        try store.readDatabase { db in try Int.fetchOne(db, sql: "PRAGMA page_size") }
    }

    /// Row by row: empties every table of `store` and inserts the pristine rows.
    private func copyRows(into store: Store) throws {
        let contents: [(table: String, rows: [Row])] = try pristine.read { db in
            try StoredTables.names.map { table in
                // Table names are our own constants.
                (table, try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY rowid"))
            }
        }
        defer { store.macroSchedule.forget() }
        try store.writeDatabaseWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
            try db.inTransaction {
                for table in StoredTables.names.reversed() {
                    try db.execute(sql: "DELETE FROM \(table)")
                }
                for (table, rows) in contents {
                    guard let first = rows.first else { continue }
                    let columns = Array(first.columnNames)
                    let sql = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES ("
                        + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
                    let statement = try db.cachedStatement(sql: sql)
                    for row in rows {
                        try statement.execute(arguments: StatementArguments(Array(row.databaseValues)))
                    }
                }
                return .commit
            }
        }
    }

    /// A new in-memory store holding the seed, without running the DDL twice: the fast way to
    /// give every test its own database.
    package func makeInMemoryStore() throws -> Store {
        let queue = try DatabaseQueue(configuration: Store.configuration(file: false))
        try pristine.backup(to: queue)
        let store = try Store(writer: queue)   // migrations: already applied, nothing to do
        try store.learnMacroSchedule()         // so its first request asks the database nothing
        return store
    }

    /// Rebuilds `store` with `Store.pageSize` pages (VACUUM); false when that did not take
    /// (an in-memory database keeps its page size).
    private static func adoptPageSize(of store: Store) throws -> Bool {
        try store.writeDatabaseWithoutTransaction { db in
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "delete"
            if mode == "wal" { try db.execute(sql: "PRAGMA journal_mode = DELETE") }
            try db.execute(sql: "PRAGMA page_size = \(Store.pageSize)")
            try db.execute(sql: "VACUUM")
            if mode == "wal" { try db.execute(sql: "PRAGMA journal_mode = WAL") }
            return try Int.fetchOne(db, sql: "PRAGMA page_size") == Store.pageSize
        }
    }
}
