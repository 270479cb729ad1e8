import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import MockServer
@testable import MockBasics
import MockStore
import MockTestSupport
import RepairMinderMockControl

/// The `repairminder-mock` binary itself: environment variables, `--export-on-exit` after SIGTERM,
/// `--seed` with a state file, and `--health-probe`.
@Suite(.serialized) struct CommandLineTests {
    private static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        try CommandLineRun.run(arguments, environment: environment)
    }

    @Test func sigtermWritesTheStateAndASeedFromItRestoresIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("bug-1234.sqlite")

        // Options from the environment: port 0, memory database, export path.
        let first = try SpawnedMock(arguments: ["--host", "127.0.0.1"], environment: [
            "REPAIRMINDER_MOCK_PORT": "0", "REPAIRMINDER_MOCK_DB": ":memory:",
            "REPAIRMINDER_MOCK_EXPORT_ON_EXIT": state.path,
        ])
        // A magic link leaves a mail in the outbox, which is part of the state.
        let asked = try await Self.request(port: first.port, "POST", "/api/auth/magic-link/request",
                                           body: #"{"email":"admin@acme.test"}"#)
        #expect(asked.status == 200)
        #expect(first.terminate() == 0)
        #expect(first.log.contains("state written to \(state.path)"))
        #expect(StateFile.isDatabase(at: state))

        let second = try SpawnedMock(arguments: ["--host", "127.0.0.1", "--port", "0", "--db", ":memory:", "--seed", state.path])
        defer { _ = second.terminate() }
        let outbox = try await Self.request(port: second.port, "GET", "/__mock/outbox?to=admin@acme.test")
        #expect(outbox.json["data"]?.array?.map { $0["kind"] } == ["staff_magic_link"],
                "\(String(decoding: outbox.body, as: UTF8.self))")
    }

    /// `repairminder-mock proxy` (docs/drift.md): options from the environment, a request passed on,
    /// the report written on SIGTERM, exit status 0 with findings; no upstream is a usage error.
    @Test func theProxySubcommandPassesRequestsOnAndWritesItsReportOnStop() async throws {
        let upstream = try SpawnedMock(arguments: ["--host", "127.0.0.1", "--port", "0", "--db", ":memory:"])
        defer { _ = upstream.terminate() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proxy-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("drift.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let proxy = try SpawnedMock(arguments: ["proxy", "--host", "127.0.0.1", "--port", "0", "--report", report.path],
                                    environment: ["REPAIRMINDER_MOCK_UPSTREAM": "http://127.0.0.1:\(upstream.port)",
                                                  "REPAIRMINDER_MOCK_RECORD": folder.appendingPathComponent("har").path],
                                    banner: "RepairMinder Mock proxy listening on ")
        let login = try await Self.request(port: proxy.port, "POST", "/api/auth/login",
                                           body: #"{"email":"admin@acme.test","password":"password123"}"#)
        #expect(login.status == 200 && login.json["data"]?["requiresTwoFactor"] == true)
        let unknown = try await Self.request(port: proxy.port, "GET", "/api/no-such-thing")
        #expect(unknown.status == 404, "the upstream's answer")
        #expect(proxy.terminate() == 0, "findings are information, not a failure")
        let written = try #require(JSONValue.parse(try Data(contentsOf: report)))
        #expect(written["exchanges"]?.intValue == 2 && written["matched"]?.intValue == 1)
        #expect(written["operations"]?.array?.map { $0["operation_id"] ?? .null } == [.string("loginStaff"), .null])
        #expect(proxy.log.contains("drift: GET /api/no-such-thing 404 undocumented_operation"))
        let recordings = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("har").path)
        #expect(recordings.sorted() == ["000001-POST-loginStaff.har", "000002-GET-undocumented.har"])

        let usage = try Self.run(["proxy", "--port", "0"])
        #expect(usage.status != 0)
        #expect(usage.output.contains("--upstream is required"))
    }

    /// `repairminder-mock proxy` runs the program `repairminder-mock-proxy` found beside the mock's
    /// file, through a symbolic link too; without it, a clear message and 127, as a shell's.
    @Test func theProxySubcommandRunsTheProxyProgramBesideTheMocksFileOrSaysHowToBuildIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proxy-launch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = try BuiltPrograms.mock()

        let link = folder.appendingPathComponent("linked-mock")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: binary)
        let linked = try CommandLineRun.run(executable: link, ["proxy", "--port", "0"])
        #expect(linked.status == 64 && linked.output.contains("Usage: repairminder-mock-proxy"), "\(linked.output)")

        let alone = folder.appendingPathComponent("repairminder-mock")
        try FileManager.default.copyItem(at: binary, to: alone)
        let missing = try CommandLineRun.run(executable: alone, ["proxy", "--upstream", "http://127.0.0.1:1"])
        #expect(missing.status == 127)
        #expect(missing.output == """
            repairminder-mock proxy runs repairminder-mock-proxy, which is not in \(folder.resolvingSymlinksInPath().path).
            Build it with `swift build --product repairminder-mock-proxy`, or start it with `swift run repairminder-mock-proxy --upstream <url>`.

            """, "\(missing.output)")
    }

    #if os(Linux)
    /// The mock's program does not load what the proxy's upstream client needs (FoundationNetworking
    /// and libcurl, with some thirty libraries behind it): they cost every start of the mock. The
    /// proxy's program does load them.
    @Test func theMockProgramLinksNoNetworkingLibraryAndTheProxyProgramDoes() throws {
        func needed(_ program: URL) throws -> String {
            let run = try CommandLineRun.run(executable: URL(fileURLWithPath: "/usr/bin/ldd"), [program.path])
            #expect(run.status == 0, "\(run.output)")
            return run.output
        }
        let mock = try needed(try BuiltPrograms.mock())
        #expect(!mock.contains("libFoundationNetworking") && !mock.contains("libcurl"), "\(mock)")
        let proxy = try needed(try BuiltPrograms.proxy())
        #expect(proxy.contains("libcurl"), "\(proxy)")
    }
    #endif

    /// The proxy's program links nothing of the store: MockProxy depends on MockRouting, not on
    /// MockServer, so no symbol of MockStore, MockSeeds or GRDB (Swift's mangling writes a module as
    /// its length and name: `9MockStore`) and no SQLite function is in it. The mock's program, which
    /// does link the store, holds MockStore's symbols: a scan that could find nothing would fail there.
    @Test(.enabled(if: ProgramSymbols.nm != nil, "needs nm (binutils) to list a program's symbols"),
          .enabled(if: (try? BuiltPrograms.proxy()) != nil, "needs both programs built beside the tests"))
    func theProxyProgramLinksNothingOfTheStore() throws {
        let proxy = try ProgramSymbols(of: try BuiltPrograms.proxy())
        for module in ["MockStore", "MockSeeds", "GRDB"] {
            let found = proxy.names(module: module)
            #expect(found.isEmpty, "\(module) in the proxy's program: \(found.prefix(5))")
        }
        let sqlite = proxy.names(containing: "sqlite3_")
        #expect(sqlite.isEmpty, "SQLite in the proxy's program: \(sqlite.prefix(5))")
        let mock = try ProgramSymbols(of: try BuiltPrograms.mock())
        #expect(!mock.names(module: "MockStore").isEmpty, "the mock's program links the store")
    }

    /// The README says `--help` lists the options: it lists serve's (the default) and the subcommands.
    @Test func helpListsTheServeOptionsAndTheSubcommands() throws {
        for flag in ["--help", "-h"] {
            let (status, output) = try Self.run([flag])
            #expect(status == 0)
            for option in ["--host <host>", "--port <port>", "--db <db>", "--vary <vary>", "--namespace-pool", "--simulator-push",
                           "--control-token", "--health-probe"] {
                #expect(output.contains(option), "\(flag) lists \(option)")
            }
            #expect(output.contains("OPTIONS (serve, the default):"))
            #expect(output.contains("  proxy  ") || output.contains("  proxy "), "the proxy subcommand")
            #expect(output.contains("REPAIRMINDER_MOCK_"))
        }
        let (status, proxy) = try Self.run(["help", "proxy"])
        #expect(status == 0)
        #expect(proxy.contains("--upstream"))
    }

    /// A port another process holds on all addresses (here another mock on 0.0.0.0) stops the start
    /// with a clear message and a non-zero exit, rather than two mocks sharing the port.
    @Test func aPortHeldOnAllAddressesIsAClearErrorAndANonZeroExit() async throws {
        let holder = try SpawnedMock(arguments: ["--host", "0.0.0.0", "--port", "0", "--db", ":memory:"])
        let (status, output) = try Self.run(["--host", "127.0.0.1", "--port", String(holder.port), "--db", ":memory:"])
        #expect(status != 0)
        #expect(output.contains("cannot bind 127.0.0.1:\(holder.port) (127.0.0.1): the port is already in use"), "\(output)")
        #expect(holder.child.isRunning)
    }

    /// The start-up table's STATUS is the account's own; a company's status is beside its name.
    @Test func theStartUpTableShowsEachAccountsOwnStatus() async throws {
        let mock = try SpawnedMock(arguments: ["--port", "0", "--host", "127.0.0.1", "--db", ":memory:"])
        let banner = await mock.bannerText()
        func row(_ email: String) -> [String] {
            banner.split(separator: "\n").first { $0.hasPrefix(email + " ") }?
                .components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } ?? []
        }
        #expect(row("ACCOUNT") == ["ACCOUNT", "KIND", "COMPANY", "STATUS", "SIGN IN"])
        #expect(row("admin@acme.test") == ["admin@acme.test", "staff (admin)", "Acme Repairs", "active", "password123 + email code"])
        #expect(row("archived@acme.test") == ["archived@acme.test", "staff (office)", "Acme Repairs", "archived", "archived: cannot log in"])
        #expect(row("inactive@acme.test") == ["inactive@acme.test", "staff (engineer)", "Acme Repairs", "deactivated",
                                              "deactivated: cannot log in"])
        #expect(row("owner@pending.test") == ["owner@pending.test", "staff (admin)", "Pending Co (pending_approval)", "active",
                                              "password123 + email code"])
    }

    @Test func healthProbeAnswersWhetherAMockIsUp() async throws {
        let running = try SpawnedMock(arguments: ["--host", "127.0.0.1", "--port", "0", "--db", ":memory:"])
        let up = try Self.run(["--health-probe", "--port", String(running.port)])
        #expect(up.status == 0)
        #expect(running.terminate() == 0)
        let down = try Self.run(["--health-probe"], environment: ["REPAIRMINDER_MOCK_PORT": String(running.port)])
        #expect(down.status == 1)
    }

    /// A mock listening only on IPv6 with the control API off is still healthy to a probe told its
    /// host as the wildcard the container would use.
    @Test func healthProbeKnocksOnTheConfiguredHostEvenWithTheControlAPIOff() async throws {
        let running = try SpawnedMock(arguments: ["--host", "::1", "--port", "0", "--db", ":memory:", "--no-control-api"])
        defer { _ = running.terminate() }
        #expect(try Self.run(["--health-probe", "--host", "::", "--port", String(running.port)]).status == 0)
        #expect(try Self.run(["--health-probe", "--port", String(running.port)],
                             environment: ["REPAIRMINDER_MOCK_HOST": "::1"]).status == 0)
        // The probe asks the host it is given: nothing listens on 127.0.0.2 (127.0.0.1 could be
        // another parallel test's server that drew the same port number for IPv4).
        #expect(try Self.run(["--health-probe", "--host", "127.0.0.2", "--port", String(running.port)]).status == 1)
    }

    @Test(arguments: [
        ("REPAIRMINDER_MOCK_PORT", "http", "Error: REPAIRMINDER_MOCK_PORT=http is not valid"),
        ("REPAIRMINDER_MOCK_RESET", "maybe", "Error: REPAIRMINDER_MOCK_RESET=maybe is not 1/0, true/false, yes/no or on/off"),
        ("REPAIRMINDER_MOCK_LOG_LEVEL", "loud", "Error: log level loud is not a level"),
        ("REPAIRMINDER_MOCK_MAX_NAMESPACES", "0", "Error: max namespaces must be at least 1"),
        ("REPAIRMINDER_MOCK_NAMESPACE_POOL", "-1", "Error: namespace pool must be zero or more"),
    ])
    func aBadEnvironmentValueStopsTheStartNamingIt(name: String, value: String, message: String) throws {
        let result = try Self.run(["--db", ":memory:"], environment: [name: value])
        #expect(result.status == 64)
        #expect(result.output.hasPrefix(message), "\(result.output)")
    }

    /// `--clock-start` (and its variable) sets where the clock starts and what a reset returns to;
    /// `--clock-frozen` keeps it there until a test moves it.
    @Test func clockStartAndClockFrozenSetTheMocksClock() async throws {
        let flagged = try SpawnedMock(arguments: ["--host", "127.0.0.1", "--port", "0", "--db", ":memory:",
                                                  "--clock-start", "2027-03-01T08:30:00Z", "--clock-frozen"])
        defer { _ = flagged.terminate() }
        let control = MockControl(baseURL: URL(string: "http://127.0.0.1:\(flagged.port)")!)
        var clock = try await control.clock()
        #expect(Timestamp.string(clock.now) == "2027-03-01T08:30:00Z" && clock.frozen)
        _ = try await control.advanceClock(by: 60)
        _ = try await control.reset()
        clock = try await control.clock()
        #expect(Timestamp.string(clock.now) == "2027-03-01T08:30:00Z")

        let variable = try SpawnedMock(arguments: ["--host", "127.0.0.1", "--port", "0", "--db", ":memory:"],
                                       environment: ["REPAIRMINDER_MOCK_CLOCK_START": "2027-03-01T08:30:00Z",
                                                     "REPAIRMINDER_MOCK_CLOCK_FROZEN": "1"])
        defer { _ = variable.terminate() }
        let other = try await MockControl(baseURL: URL(string: "http://127.0.0.1:\(variable.port)")!).clock()
        #expect(Timestamp.string(other.now) == "2027-03-01T08:30:00Z" && other.frozen)

        let bad = try Self.run(["--db", ":memory:", "--clock-start", "yesterday"])
        #expect(bad.status == 64)
        #expect(bad.output.hasPrefix("Error: clock start must be an ISO 8601 instant such as 2026-11-21T12:00:00Z, not yesterday"),
                "\(bad.output)")
        let badVariable = try Self.run(["--db", ":memory:"], environment: ["REPAIRMINDER_MOCK_CLOCK_START": "soon"])
        #expect(badVariable.output.hasPrefix("Error: REPAIRMINDER_MOCK_CLOCK_START=soon is not valid"), "\(badVariable.output)")
    }

    @Test func aSeedThatIsABrokenDatabaseStopsTheStart() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        try (Data("SQLite format 3\u{0}".utf8) + Data(repeating: 1, count: 2048)).write(to: file)
        let result = try Self.run(["--port", "0", "--db", ":memory:", "--seed", file.path])
        #expect(result.status != 0)
        #expect(result.output.contains("Not a RepairMinder Mock state file: not an SQLite database"), "\(result.output)")
    }

    static func request(port: Int, _ method: String, _ path: String, body: String? = nil) async throws -> MockHarness.Reply {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        return MockHarness.Reply(status: (response as! HTTPURLResponse).statusCode, headers: [:], body: data)
    }
}
