import GRDB

/// How the database is set up, and whether its rows hold together.
struct DatabaseCondition: Sendable, Equatable {
    /// `wal` for a file, `memory` in memory.
    var journalMode: String
    /// `PRAGMA synchronous`: 1 is NORMAL, 2 FULL.
    var synchronous: Int
    var pageSize: Int
    /// `PRAGMA temp_store`: 2 (MEMORY) for an in-memory store, which then writes no file at all.
    var temporaryStore: Int
    var foreignKeysEnforced: Bool
    /// No row refers to a row that does not exist (`PRAGMA foreign_key_check`).
    var foreignKeysHold: Bool
}

/// What the database is like as a whole, rather than what it holds: for the tests, and for anyone
/// checking a mock's database.
extension Store {
    func databaseCondition() throws -> DatabaseCondition {
        try readDatabase { db in
            DatabaseCondition(journalMode: try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "",
                              synchronous: try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1,
                              pageSize: try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0,
                              temporaryStore: try Int.fetchOne(db, sql: "PRAGMA temp_store") ?? -1,
                              foreignKeysEnforced: try Int.fetchOne(db, sql: "PRAGMA foreign_keys") == 1,
                              foreignKeysHold: try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") == nil)
        }
    }

    /// The names of the database's tables.
    package func tableNames() throws -> Set<String> {
        try readDatabase { db in try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
    }

    /// Every row of every table of the schema, as text, in rowid order: equal dumps mean equal
    /// databases (a request answered with an error left it as it was).
    package func dumpAllTables() throws -> [String: [String]] {
        try readDatabase { db in
            var out: [String: [String]] = [:]
            for table in StoredTables.names {
                // Table names are our own constants, not input.
                out[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY rowid").map(\.description)
            }
            return out
        }
    }

    /// How many rows have been inserted, updated or deleted since the database was opened.
    package func totalChangesCount() throws -> Int {
        try readDatabase { db in db.totalChangesCount }
    }
}
