import Foundation
import Logging
import MockHTTP

/// Everything the mock can be told at start. Every field has a default; only the CLI reads flags.
public struct MockServerConfiguration: Sendable {
    /// Hosts to bind; the default is both loopbacks (on macOS `localhost` resolves to ::1 first).
    public var hosts: [String] = ["127.0.0.1", "::1"]
    /// 0 picks a free port (tests); the CLI defaults to 8787, the backend's local dev port.
    public var port: Int = 0
    /// `:memory:` or a file path. A file that already holds data is opened as it is.
    public var databasePath: String = ":memory:"
    /// The seed fixture; nil means the bundled `Seeds/default.json`.
    public var seedURL: URL?
    /// Re-seed a file database that already holds data.
    public var resetDatabase: Bool = false
    public var jwtSecret: String = "repairminder-mock-development-secret"
    public var controlAPI: Bool = true
    /// Mock option, not backend behaviour: within this many seconds of a rotation, presenting the
    /// just-rotated refresh token returns a fresh pair instead of revoking the family. 0 = strict.
    public var refreshReuseInterval: TimeInterval = 0
    /// A pristine database from `MockServer.makeSnapshot`, shared by servers that use the same seed;
    /// nil builds one from `seedURL`.
    public var seedSnapshot: SeedSnapshot?
    /// The clock's first reading; nil follows the wall clock.
    public var clockStart: Date?
    public var maxBodyBytes: Int = 1 << 20
    public var maxConnections: Int = 256
    /// PBKDF2-SHA256 rounds for the seeded password hashes. Modest on purpose: the fixtures'
    /// passwords are public, and `swift run` is a debug build where 10,000 rounds cost ~160 ms a login.
    public var passwordHashIterations: Int = 1_000
    public var logger: Logger = Logger(label: "repairminder-mock")

    public init() {}
}

/// The emulated Repair Minder backend: a store seeded from the fixtures, the routes of the contract,
/// the control API, on our own HTTP server. `start()` and `stop()` are all a caller needs.
public final class MockServer: Sendable {
    public let configuration: MockServerConfiguration
    private let http: HTTPServer
    let environment: ServerEnvironment

    public init(configuration: MockServerConfiguration = MockServerConfiguration()) throws {
        self.configuration = configuration
        let started = ContinuousClock.now
        let snapshot = try configuration.seedSnapshot ?? Self.makeSnapshot(configuration)
        let seeded = ContinuousClock.now
        let store: Store
        if configuration.databasePath == ":memory:" {
            store = try snapshot.makeInMemoryStore()      // a copy of the pristine pages: no DDL twice
        } else {
            store = try Store(path: configuration.databasePath)
            if try configuration.resetDatabase || store.isEmpty() { try snapshot.restore(into: store) }
        }
        configuration.logger.debug("""
            start-up: seed \(started.duration(to: seeded)), database \(seeded.duration(to: .now))
            """)
        let environment = ServerEnvironment(
            configuration: configuration, store: store, snapshot: snapshot,
            clock: MockClock(start: configuration.clockStart), journal: RequestJournal(), faults: FaultPlan(),
            signer: JWTSigner(secret: configuration.jwtSecret), logger: configuration.logger)
        self.environment = environment

        var api = Router()
        APIRoutes.register(on: &api)
        var control: Router?
        if configuration.controlAPI {
            var router = Router()
            ControlRoutes.register(on: &router)
            control = router
        }
        let dispatcher = Dispatcher(environment: environment, api: api, control: control,
                                    authenticator: Authenticator(environment: environment))
        let logger = configuration.logger
        var transport = HTTPServerConfiguration()
        transport.hosts = configuration.hosts
        transport.port = configuration.port
        transport.maxBodyBytes = configuration.maxBodyBytes
        transport.maxConnections = configuration.maxConnections
        http = HTTPServer(
            configuration: transport,
            handler: { request in dispatcher.respond(to: request) },
            errorResponder: { error, _ in Dispatcher.response(for: error, logger: logger) })
    }

    /// Binds and starts answering. Throws when the address is taken.
    public func start() throws {
        try http.start()
    }

    /// Stops accepting, lets in-flight requests finish (at most 5 s), then returns.
    public func stop() {
        http.stop()
    }

    /// The pristine seeded database of `configuration`. Build one and hand it to many servers
    /// (`MockServerConfiguration.seedSnapshot`) to skip parsing and seeding on each start.
    public static func makeSnapshot(_ configuration: MockServerConfiguration = MockServerConfiguration()) throws -> SeedSnapshot {
        let seed = try configuration.seedURL.map { try Seed.load(from: $0) } ?? Seed.bundledDefault()
        let iterations = configuration.passwordHashIterations
        return try SeedSnapshot(seed: seed) { PasswordHasher.hash($0, iterations: iterations) }
    }

    /// The bound port (the real one when configured with 0).
    public var port: Int { http.port }

    /// `http://127.0.0.1:<port>` (or the first configured host).
    public var baseURL: URL {
        let host = configuration.hosts.first ?? "127.0.0.1"
        let authority = host.contains(":") ? "[\(host)]" : host
        return URL(string: "http://\(authority):\(port)")!
    }
}

extension MockServer {
    /// The start-up text: where to point the app, and the seeded accounts to sign in with.
    public func banner() throws -> String {
        let accounts = try environment.store.read { db in try SeededAccounts.fetch(db) }
        var lines = ["RepairMinder Mock listening on \(baseURL.absoluteString)"]
        if configuration.hosts.count > 1 {
            lines.append("  also on " + configuration.hosts.dropFirst().map { host in
                host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
            }.joined(separator: ", "))
        }
        lines.append("  control API: " + (configuration.controlAPI ? "\(baseURL.absoluteString)/__mock/health" : "off"))
        lines.append("  database: \(configuration.databasePath)")
        lines.append("")
        lines.append(SeededAccounts.table(accounts))
        return lines.joined(separator: "\n")
    }
}
