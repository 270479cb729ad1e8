import Foundation
import GRDB
import Testing
@testable import MockServer
@testable import MockBasics
@testable import MockStore
import MockTestSupport

/// The decoding of every record (`@StoredTable`'s `init(columns:)`) — by index from a
/// statement and by name from a row — on every row of a database in which every table has rows:
/// both agree, and each record encodes (`encode(to:)`, what inserts and updates write) back to
/// exactly the row it was read from.
@Suite struct RecordDecodingTests {
    @Test func everyRecordReadsEveryRowAndWritesItBack() async throws {
        try await withSignedInMock { mock, admin in
            // Fill the tables the seed leaves empty: codes, sessions, tokens, pushes, mail, macro runs.
            let jane = try await mock.signInCustomer("jane@customer.test")
            try await mock.registerPushToken("staff-phone", appType: "staff", bearer: admin.token)
            try await mock.registerPushToken("jane-phone", appType: "customer", bearer: jane)
            let moved = try await mock.patch("/api/devices/\(SeedIDs.device(1))", ["status": "authorised_source_parts"],
                                             bearer: admin.token)
            #expect(moved.status == 200)
            let run = try await mock.post("/api/tickets/\(SeedIDs.ticket(1))/macro",
                                          ["macro_id": .string(SeedIDs.macro(1))], bearer: admin.token)
            #expect(run.status == 200)
            #expect(try await mock.post("/api/auth/magic-link/request", ["email": "engineer@acme.test"]).status == 200)
            _ = try await mock.send("PUT", "/api/user/push-preferences", json: ["marketing": .bool(true)], bearer: jane)

            // The namespace's database as `GET /__mock/snapshot` gives it, read with SQL of the test's own.
            let copy = try DatabaseQueue()
            try DatabaseQueue(path: try Self.stateFile(of: mock)).backup(to: copy)
            try await copy.read { db in
                for type in StoredTables.records { try Self.check(type, db) }
            }
        }
    }

    /// The mock's state file, written where the test can open it.
    private static func stateFile(of mock: MockHarness) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rm-records-\(UUID().uuidString).sqlite")
        try mock.server.exportState().write(to: url)
        return url.path
    }

    private static func check<R: StoredRecord>(_ type: R.Type, _ db: Database) throws {
        // The record reads the table's columns, every one, by index.
        let table = try Row.fetchAll(db, sql: "PRAGMA table_info(\(R.databaseTableName))").map { $0["name"] as String }
        #expect(Set(table) == Set(R.databaseColumns) && table.count == R.databaseColumns.count,
                "\(R.databaseTableName): the record's columns are not the table's")
        let statement = try db.makeStatement(sql: "SELECT * FROM \(R.databaseTableName) ORDER BY rowid")
        // Records declare their columns in the table's order, so `SELECT *` is read in place.
        #expect(statement.layout(of: R.databaseColumns) == .inOrder,
                "\(R.databaseTableName): declare the record's properties in the table's column order")
        let byIndex = try statement.records(R.self, arguments: [])
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(R.databaseTableName) ORDER BY rowid")
        #expect(!rows.isEmpty, "\(R.databaseTableName) has no rows to check")
        #expect(byIndex == (try rows.map { try R(row: $0) }), "\(R.databaseTableName): by index and by name differ")
        for (record, row) in zip(byIndex, rows) {
            // Every column read into the property that writes it back, the value unchanged.
            let stored = Dictionary(uniqueKeysWithValues: row.map { ($0.0, $0.1) })
            #expect(try record.databaseDictionary == stored, "\(R.databaseTableName): \(row)")
        }
    }
}

/// The journal is a ring: full, it overwrites its oldest entry instead of shifting the rest.
@Suite struct RequestJournalTests {
    @Test func aFullJournalKeepsTheNewestEntriesOldestFirst() throws {
        let journal = RequestJournal(capacity: 3)
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        for n in 1...7 {
            journal.record(method: n % 2 == 0 ? "POST" : "GET", path: "/api/orders/\(n)", query: nil, status: 200,
                           durationMs: 0.1234567, who: nil, time: start.addingTimeInterval(Double(n)))
        }
        #expect(journal.entries().map(\.id) == [5, 6, 7])
        #expect(journal.entries().map(\.path) == ["/api/orders/5", "/api/orders/6", "/api/orders/7"])
        #expect(journal.entries(method: "POST").map(\.id) == [6])
        #expect(journal.entries(path: PathPattern("/api/orders/:id")).count == 3)
        #expect(journal.entries().first?.time.date == start.addingTimeInterval(5))
        let encoded = String(decoding: JSONWriter.bytes(journal.entries()[0]), as: UTF8.self)
        #expect(encoded == #"{"id":5,"method":"GET","path":"/api/orders/5","query":null,"status":200,"duration_ms":0.123,"who":null,"time":"2026-11-18T11:06:45Z","digest":null}"#)
        journal.clear()
        #expect(journal.entries().isEmpty)
        journal.record(method: "GET", path: "/", query: "a=1", status: 404, durationMs: 1, who: "staff:u", time: start)
        #expect(journal.entries().map(\.id) == [1])
    }
}

/// A fault is written with every member, `null` where it has none, in the order the control API
/// has always written them.
@Suite struct FaultPlanTests {
    @Test func aFaultWritesEveryMemberNullWhereUnset() throws {
        let plan = FaultPlan()
        let bare = plan.add(method: nil, path: try #require(PathPattern("/api/orders/:id")), count: nil, latencyMs: 300,
                            status: nil, body: nil, action: nil, timeoutMs: nil)
        #expect(String(decoding: JSONWriter.bytes(bare), as: UTF8.self)
                == #"{"id":1,"method":null,"path":"/api/orders/:id","remaining":null,"latency_ms":300,"status":null,"body":null,"action":null,"timeout_ms":null,"held":[]}"#)
        let full = plan.add(method: "POST", path: try #require(PathPattern("/api/auth/*")), count: 2, latencyMs: nil,
                            status: 503, body: .object(["error": .string("Maintenance")]), action: .truncateBody, timeoutMs: nil)
        #expect(String(decoding: JSONWriter.bytes(full), as: UTF8.self)
                == #"{"id":2,"method":"POST","path":"/api/auth/*","remaining":2,"latency_ms":null,"status":503,"body":{"error":"Maintenance"},"action":"truncate_body","timeout_ms":null,"held":[]}"#)
        // A hold without a timeout shows the default it waits.
        let hold = plan.add(method: "GET", path: try #require(PathPattern("/api/auth/me")), count: nil, latencyMs: nil,
                            status: nil, body: nil, action: .hold, timeoutMs: nil)
        #expect(String(decoding: JSONWriter.bytes(hold), as: UTF8.self)
                == #"{"id":3,"method":"GET","path":"/api/auth/me","remaining":null,"latency_ms":null,"status":null,"body":null,"action":"hold","timeout_ms":30000,"held":[]}"#)
    }
}
