import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GRDB
import Testing
@testable import MockServer
@testable import MockBasics
import MockStore
import MockTestSupport

/// `/__mock/snapshot`: the whole state out as an SQLite file, back in, pinned as the reset point;
/// `--seed` from such a file and `--export-on-exit`.
@Suite struct SnapshotTests {
    private static let orderPath = "/api/orders/\(SeedIDs.order(1))"

    private func putSnapshot(_ mock: MockHarness, _ data: Data) async throws -> MockHarness.Reply {
        try await mock.sendData("PUT", "/__mock/snapshot", data)
    }

    private func internalNotes(_ mock: MockHarness, _ token: String) async throws -> String? {
        try await mock.get(Self.orderPath, bearer: token).data["notes"]?.string
    }

    @Test func aSnapshotRoundTripsTheState() async throws {
        try await withSignedInMock { mock, admin in
            var token = admin.token
            #expect(try await mock.patch(Self.orderPath, ["notes": "saved in the snapshot"], bearer: token).status == 200)

            let export = try await mock.get("/__mock/snapshot")
            #expect(export.status == 200)
            #expect(export.header("content-type") == "application/vnd.sqlite3")
            #expect(export.header("content-disposition") == "attachment; filename=\"repairminder-mock-default.sqlite\"")
            #expect(export.body.prefix(16) == Data("SQLite format 3\u{0}".utf8))

            #expect(try await mock.post("/__mock/reset").status == 200)
            token = try await mock.signInStaff("admin@acme.test").token
            #expect(try await internalNotes(mock, token) != "saved in the snapshot")

            let imported = try await putSnapshot(mock, export.body)
            #expect(imported.status == 200)
            #expect(imported.data.keys == ["bytes", "duration_ms"])
            #expect(imported.data["bytes"]?.number == Double(export.body.count))
            // The import replaced the sessions too: the token minted after the reset is gone with them.
            #expect(try await mock.get("/api/auth/me", bearer: token).status == 401)
            token = try await mock.signInStaff("admin@acme.test").token
            #expect(try await internalNotes(mock, token) == "saved in the snapshot")
        }
    }

    @Test func aFileThatIsNotOurDatabaseIsA400AndChangesNothing() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let good = try await mock.get("/__mock/snapshot").body

            let foreignFile = try Self.databaseFile { db in
                try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
                try db.execute(sql: "INSERT INTO notes (body) VALUES ('not ours')")
            }
            let foreign = try Data(contentsOf: foreignFile)
            try? FileManager.default.removeItem(at: foreignFile)
            let missingTable = try Self.rewritten(good) { db in
                try db.execute(sql: "PRAGMA foreign_keys = OFF")
                try db.execute(sql: "DROP TABLE macro_runs")
            }
            let extraTable = try Self.rewritten(good) { db in try db.execute(sql: "CREATE TABLE extra (x)") }
            let danglingRow = try Self.rewritten(good) { db in
                try db.execute(sql: "PRAGMA foreign_keys = OFF")
                try db.execute(sql: "UPDATE orders SET client_id = 'no-such-client' WHERE rowid = (SELECT MIN(rowid) FROM orders)")
            }
            let futureMigration = try Self.rewritten(good) { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
            }
            var damaged = good
            damaged.replaceSubrange(4096..<8192, with: Data(repeating: 0xA5, count: 4096))

            let cases: [(String, Data, String)] = [
                ("empty", Data(), "not an SQLite database"),
                ("text", Data("hello, not a database".utf8), "not an SQLite database"),
                ("header then noise", Data("SQLite format 3\u{0}".utf8) + Data(repeating: 7, count: 4000), "not an SQLite database"),
                ("truncated", good.prefix(good.count / 3), "the database is damaged"),
                ("damaged pages", damaged, "the database is damaged"),
                ("another application's database", foreign, "it is not a RepairMinder Mock database (no migrations table)"),
                ("a table missing", missingTable, "its schema is not this version's: differs in macro_runs, macro_runs_due, macro_runs_ticket"),
                ("a table too many", extraTable, "its schema is not this version's: differs in extra"),
                ("a row pointing nowhere", danglingRow, "rows refer to rows that do not exist"),
                ("a newer version's", futureMigration,
                 "its migrations (\((Store.migrations + ["v99-from-the-future"]).joined(separator: ", "))) are not this version's"),
            ]
            let before = try mock.dump()
            for (label, data, reason) in cases {
                let reply = try await putSnapshot(mock, data)
                #expect(reply.status == 400, "\(label)")
                #expect(reply.error == "Not a RepairMinder Mock state file: \(reason)", "\(label)")
            }
            #expect(try mock.dump() == before)
            #expect(try await mock.get("/api/auth/me", bearer: token).status == 200)
        }
    }

    @Test func anOlderSchemaOfOursIsBroughtForward() async throws {
        try await withMock { mock in
            let older = try Self.databaseFile { db in }
            try Self.migrate(older, upTo: "v2-device-detail")
            let reply = try await putSnapshot(mock, try Data(contentsOf: older))
            try? FileManager.default.removeItem(at: older)
            #expect(reply.status == 200, "\(reply.error ?? "")")
            // An empty v2 database: no companies, so nobody can sign in; the schema is today's.
            #expect(try await mock.post("/api/auth/login", ["email": "admin@acme.test", "password": "password123"]).status == 401)
            #expect(try mock.server.environment.store.tableNames().contains("macro_stages"))
        }
    }

    @Test func pinMakesTheCurrentStateWhatResetReturnsTo() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            #expect(try await mock.patch(Self.orderPath, ["notes": "pinned"], bearer: token).status == 200)
            let pin = try await mock.post("/__mock/snapshot/pin")
            #expect(pin.status == 200)
            #expect(pin.data.keys == ["bytes", "duration_ms"])
            #expect(try await mock.patch(Self.orderPath, ["notes": "after the pin"], bearer: token).status == 200)
            #expect(try await mock.post("/__mock/reset").status == 200)
            // The pin kept the session that existed when it was taken.
            #expect(try await mock.get("/api/auth/me", bearer: token).status == 200)
            #expect(try await internalNotes(mock, token) == "pinned")
            // A namespace is not affected by the default's pin: it starts from the seed.
            let (other, otherAdmin) = try await mock.signedInNamespace("fresh")
            #expect(try await internalNotes(other, otherAdmin.token) != "pinned")
        }
    }

    @Test func snapshotsBelongToTheirNamespace() async throws {
        try await withSignedInMock { root, admin in
            let (alpha, alphaAdmin) = try await root.signedInNamespace("alpha")
            let token = alphaAdmin.token
            #expect(try await alpha.patch(Self.orderPath, ["notes": "alpha only"], bearer: token).status == 200)
            let export = try await alpha.get("/__mock/snapshot")
            #expect(export.header("content-disposition") == "attachment; filename=\"repairminder-mock-alpha.sqlite\"")
            let beta = try MockHarness(namespace: "beta", of: root)
            #expect(try await putSnapshot(beta, export.body).status == 200)
            // beta now holds alpha's state, sessions included, but its own token key: sign in anew.
            let betaToken = try await beta.signInStaff("admin@acme.test").token
            #expect(try await internalNotes(beta, betaToken) == "alpha only")
            #expect(try await internalNotes(root, admin.token) != "alpha only")
        }
    }

    @Test func aStateFileSeedsANewServerAndStopExportsIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let exported = folder.appendingPathComponent("state.sqlite")
        let token = try await withSignedInMock({ $0.exportOnExit = exported }) { first, admin async throws -> String in
            let token = admin.token
            #expect(try await first.patch(Self.orderPath, ["notes": "handed to a colleague"], bearer: token).status == 200)
            return token
        }
        #expect(FileManager.default.fileExists(atPath: exported.path))

        try await withMock({ configuration in
            configuration.seedSnapshot = nil
            configuration.seedURL = exported
        }) { second in
            // The session came along, and reset returns to the file's state, not the bundled seed.
            #expect(try await second.get("/api/auth/me", bearer: token).status == 200)
            #expect(try await internalNotes(second, token) == "handed to a colleague")
            #expect(try await second.post("/__mock/reset").status == 200)
            let again = try await second.signInStaff("admin@acme.test").token
            #expect(try await internalNotes(second, again) == "handed to a colleague")
        }
    }

    @Test func aSeedFileThatIsNotOurDatabaseStopsTheStartWithTheReason() throws {
        let file = try Self.databaseFile { db in try db.execute(sql: "CREATE TABLE t (x)") }
        defer { try? FileManager.default.removeItem(at: file) }
        var configuration = MockServerConfiguration()
        configuration.seedURL = file
        #expect(throws: StateFileError.invalid("it is not a RepairMinder Mock database (no migrations table)")) {
            _ = try MockServer.makeSnapshot(configuration)
        }
    }

    // MARK: - Files

    /// A new database file built by `body`.
    static func databaseFile(_ body: (Database) throws -> Void) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-test-\(UUID().uuidString).sqlite")
        let queue = try DatabaseQueue(path: url.path)
        try queue.writeWithoutTransaction(body)
        try queue.close()
        return url
    }

    static func migrate(_ url: URL, upTo identifier: String) throws {
        try Store.migrateFile(atPath: url.path, upTo: identifier)
    }

    /// `data` opened as a database, changed by `body`, and read back.
    static func rewritten(_ data: Data, _ body: (Database) throws -> Void) throws -> Data {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-test-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: url) }
        try data.write(to: url)
        let queue = try DatabaseQueue(path: url.path)
        try queue.writeWithoutTransaction(body)
        try queue.close()
        return try Data(contentsOf: url)
    }
}

extension MockHarness {
    /// Sends raw bytes (a snapshot file) as `application/vnd.sqlite3`.
    func sendData(_ method: String, _ path: String, _ data: Data) async throws -> Reply {
        try await send(method, path, data: data, headers: ["Content-Type": "application/vnd.sqlite3"])
    }
}
