import Foundation
import GRDB
import MockBasics
import MockConcurrency

/// The SQLite database of the mock, behind named operations: like GRDB's demo `AppDatabase`, the
/// writer is private and every query lives in a file of this target (one per resource) as a method
/// of `Store` — `order(id:company:)`, `rotateRefreshToken(…)`, `registerDeviceToken(…)`. Nothing
/// outside MockStore sees SQL, a `Database` or GRDB. Each named operation that writes is one
/// transaction, so a request's writes commit together or not at all.
///
/// Schema by migrations (a new database gets their result in one script, `MigratedSchema`), foreign
/// keys on; a file database uses WAL with `synchronous = NORMAL`
/// (a killed process loses nothing committed; a power loss can drop the last commits). Opening
/// never seeds: the server seeds only when `isEmpty()` (a fresh file) or on `--reset`, through
/// `SeedSnapshot.restore(into:)`.
package struct Store: Sendable {
    private let writer: any DatabaseWriter
    /// Admits one reading thread at a time to the database queue (its first waiter spins before it
    /// sleeps); writes do not take it, the queue serves them in turn. Not reentrant, like the
    /// queue. Why, and what it measured: docs/performance.md, "The store's reader gate".
    private let gate = SpinningGate()
    /// When the next scheduled macro stage is due, so that a request need not ask the database
    /// (`sendDueMacroStages`).
    let macroSchedule = MacroSchedule()
    /// Where the ids, tokens and codes the namespace's operations make come from: random, or from
    /// its replay seed (MockBasics' `InventedValues`).
    package let invented = InventedValues()

    /// `":memory:"` for a private in-memory database, else a file path (its folder is created).
    package init(path: String) throws {
        if path == ":memory:" {
            try self.init(writer: DatabaseQueue(configuration: Self.configuration(file: false)))
        } else {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try self.init(writer: DatabaseQueue(path: path, configuration: Self.configuration(file: true)))
        }
    }

    /// Wraps an open database and runs the migrations it lacks. The caller may keep `writer` (a
    /// test reading its own database, or a `SeedSnapshot` building its pristine copy).
    init(writer: any DatabaseWriter) throws {
        self.writer = writer
        try MigratedSchema.create(in: writer)     // a new database: the migrations' schema in one pass
        try StoreMigrations.migrator.migrate(writer)
    }

    /// The page size of every database the store creates. SQLite's backup API needs the same
    /// page size on both sides for a WAL or in-memory destination. Every table and index has a
    /// page of its own however few rows it holds, so small pages make a namespace's copy in memory
    /// smallest; a read costs the same (the sizes measured: docs/performance.md, "1 KiB pages").
    static let pageSize = 1024

    static func configuration(file: Bool) -> Configuration {
        _ = SQLiteSettings.applied   // before the first database opens
        var config = Configuration()
        config.foreignKeysEnabled = true
        config.label = "RepairMinderMock"
        config.prepareDatabase { db in
            // Only takes effect on a database that has no table yet (a new file or :memory:).
            try db.execute(sql: "PRAGMA page_size = \(Store.pageSize)")
            if file {
                try db.execute(sql: "PRAGMA journal_mode = WAL")
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            } else {
                // An in-memory store writes no file at all, not even a sort's spill: in an iOS test
                // bundle nothing of the mock may land outside memory (docs/ui-testing.md).
                try db.execute(sql: "PRAGMA temp_store = MEMORY")
            }
        }
        return config
    }

    /// True when the database holds no company (a fresh file): the server seeds only then.
    package func isEmpty() throws -> Bool {
        try readDatabase { db in
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT NOT EXISTS (SELECT 1 FROM companies)")) ?? true
        }
    }

    // MARK: - Database access, for the named operations of this target only
    //
    // Internal: every file of MockStore builds its operations on them and the compiler keeps every
    // other target out (StoreBoundaryTests checks that no test calls them and that nothing else
    // imports GRDB). A closure that takes a `Database` is how SQL would escape into other targets.

    /// Runs `body`, which only reads. On a `DatabaseQueue` (every store the mock makes) this is
    /// `unsafeRead`: the queue runs one access at a time, so no write can interleave and no
    /// transaction is needed for a consistent view; and GRDB's `read` would set and reset
    /// `PRAGMA query_only`, a flag pragma after which SQLite expires every prepared statement
    /// (`OP_Expire`), so every cached statement would be compiled again on its next use — the
    /// authorizer and region analysis that dominated the authenticated request's profile.
    func readDatabase<T>(_ body: (Database) throws -> T) throws -> T {
        try gate.withLock {
            if let queue = writer as? DatabaseQueue { return try queue.unsafeRead(body) }
            return try writer.read(body)
        }
    }

    /// One transaction: everything in `body` commits together or not at all. A request's writes
    /// go through one of these — what makes two racing refreshes resolve to one winner.
    func writeDatabase<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.write(body)
    }

    /// `body` outside any transaction: for what cannot run inside one (VACUUM, page size, journal
    /// mode) or manages its own.
    func writeDatabaseWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.writeWithoutTransaction(body)
    }

    /// Replaces the whole database with `source`'s pages (SQLite's backup API).
    /// `next`: when `source`'s next macro stage is due, known to the store from the copy on, so its
    /// first request asks the database nothing about macros (set under the write lock, as the copy).
    func copyPages(from source: DatabaseQueue, nextMacroStage next: MacroSchedule.Next) throws {
        try writer.writeWithoutTransaction { db in
            try source.read { sourceDB in try sourceDB.backup(to: db) }
            macroSchedule.set(next)
        }
    }

    /// Calls `observer` for every transaction for as long as the database is open.
    func observe(_ observer: some TransactionObserver) {
        writer.add(transactionObserver: observer, extent: .databaseLifetime)
    }

    /// Closes the database; the store cannot be used afterwards.
    func close() throws {
        try writer.close()
    }

    /// True when both are the same open database (a namespace kept, not rebuilt).
    package func isSameDatabase(as other: Store) -> Bool {
        writer === other.writer
    }
}

extension InventedValues {
    /// A new row's id in `Record`'s table: random, or the next of the table's replay sequence.
    func id<Record: TableRecord>(_ record: Record.Type) -> String { uuid(.id(Record.databaseTableName)) }
}
