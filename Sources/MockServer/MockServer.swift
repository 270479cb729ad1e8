import Foundation
import Logging
import MockBasics
import MockHTTP
import MockRouting
import MockStore

/// The emulated Repair Minder backend: a store seeded from the fixtures, the routes of the contract,
/// the control API, on our own HTTP server. `start()` and `stop()` are all a caller needs.
public final class MockServer: Sendable {
    public let configuration: MockServerConfiguration
    private let http: HTTPServer
    private let dispatcher: Dispatcher
    let namespaces: Namespaces
    /// Ready copies of the pristine database for new namespaces.
    let storePool: StorePool
    var environment: ServerEnvironment { namespaces.defaultEnvironment }

    public init(configuration: MockServerConfiguration = MockServerConfiguration()) throws {
        try configuration.validate()
        if let directory = configuration.pushDirectory {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw MockServerConfigurationError.pushDirectoryUnusable(path: directory.path, reason: error.localizedDescription)
            }
        }
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
            configuration: configuration, namespace: nil, store: store, pristine: snapshot,
            signer: JWTSigner(secret: configuration.jwtSecret), logger: configuration.logger)
        SimulatorPush.attach(to: environment)
        let storePool = StorePool(snapshot: snapshot, capacity: configuration.namespacePoolSize)
        self.storePool = storePool
        namespaces = Namespaces(default: environment, capacity: configuration.maxNamespaces,
                                idleTimeout: configuration.namespaceIdleTimeout) { name in
            let namespace = ServerEnvironment.namespace(name, configuration: configuration, pristine: snapshot,
                                                        store: try storePool.take())
            SimulatorPush.attach(to: namespace)
            return namespace
        }

        let (api, control) = Self.routers(controlAPI: configuration.controlAPI)
        let dispatcher = Dispatcher(namespaces: namespaces, api: api, control: control)
        self.dispatcher = dispatcher
        let logger = configuration.logger
        var transport = HTTPServerConfiguration()
        transport.hosts = configuration.hosts
        transport.port = configuration.port
        transport.maxBodyBytes = configuration.maxBodyBytes
        transport.maxConnections = configuration.maxConnections
        transport.errorBody = JSONBody.transportErrorBody   // the app's error envelope, for what the transport refuses
        transport.grantsCORS = ControlBoundary.corsPolicy(configuration)   // no CORS for a foreign page's control call
        http = HTTPServer(
            configuration: transport,
            handler: { request in dispatcher.respond(to: request) },
            errorResponder: { error, _ in Dispatcher.response(for: error, logger: logger) })
    }

    /// Answers one request in process, as the listening server would before the transport writes
    /// it (no socket: what tests of route behaviour use; `HTTPResponse.delivery` and `delay` are
    /// left for the caller to honour).
    package func respond(to request: HTTPRequest) -> HTTPResponse {
        dispatcher.respond(to: request)
    }

    /// Binds and starts answering, and returns `baseURL` with the real port (the one the system
    /// picked for port 0). Returns once the listener accepts: a request sent after it is answered,
    /// with no wait or retry. Throws when the address is taken. What a UI-test bundle calls in
    /// `setUp` (docs/ui-testing.md, "The mock inside your UI tests"), with `stop()` in `tearDown`.
    @discardableResult
    public func start() throws -> URL {
        try http.start()
        return baseURL
    }

    /// Stops accepting, lets in-flight requests finish (at most 5 s), then writes the state to
    /// `configuration.exportOnExit` if set (a failure to write is logged).
    public func stop() {
        // Held requests first (`hold` faults): each is answered 503 (`server_stopping`), not left to
        // the transport's wait for in-flight requests.
        for environment in namespaces.environments { environment.faults.endHolds(because: .serverStopping) }
        http.stop()
        storePool.close()   // the namespaces' ready copies; a namespace made after this makes its own
        if let url = configuration.exportOnExit {
            do {
                try StateFile.export(environment.store, to: url)
                configuration.logger.info("state written to \(url.path)")
            } catch {
                configuration.logger.error("could not write the state to \(url.path): \(error)")
            }
        }
    }

    /// `baseURL` of the named namespace `name` (`…/ns/<name>`), made now if it does not exist.
    /// Each test can ask for its own and share one server.
    public func namespaceURL(_ name: String) throws -> URL {
        guard Namespaces.isValidName(Substring(name)) else { throw NamespaceError.invalidName(name) }
        _ = try namespaces.environment(named: name)
        return baseURL.appendingPathComponent("ns").appendingPathComponent(name)
    }

    /// A fresh namespace under a new random name, and its base URL.
    public func makeNamespace() throws -> (name: String, baseURL: URL) {
        let name = "t-" + UUID().uuidString.lowercased()
        return (name, try namespaceURL(name))
    }

    /// Every row of every table of the default namespace, as text (a test's before and after: a
    /// request that wrote nothing leaves them equal).
    package func dumpState() throws -> [String: [String]] {
        try environment.store.dumpAllTables()
    }

    /// The default namespace's state as an SQLite database file (what `GET /__mock/snapshot` sends).
    public func exportState() throws -> Data {
        try StateFile.data(of: environment.store)
    }

    /// Every route the server serves: the app API, and the control API (only its health route
    /// when `controlAPI` is off: it changes and reveals nothing, and container health checks,
    /// `--health-probe`, need it).
    static func routers(controlAPI: Bool) -> (api: Router, control: ControlRouter) {
        var api = Router()
        APIRoutes.register(on: &api)
        var control = ControlRouter()
        ControlRoutes.registerHealth(on: &control)
        if controlAPI { ControlAPIRoutes.register(on: &control) }
        return (api, control)
    }

    /// The pristine seeded database of `configuration`. Build one and hand it to many servers
    /// (`MockServerConfiguration.seedSnapshot`) to skip parsing and seeding on each start.
    /// `seedURL` is a JSON fixture, or a state file of ours (an SQLite database, as
    /// `GET /__mock/snapshot` and `--export-on-exit` write), which is validated and used as it is.
    public static func makeSnapshot(_ configuration: MockServerConfiguration = MockServerConfiguration()) throws -> SeedSnapshot {
        if let url = configuration.seedURL, StateFile.isDatabase(at: url) {
            return try StateFile.load(contentsOf: url)
        }
        let iterations = configuration.passwordHashIterations
        if configuration.seedURL == nil, let saved = SavedSeed.bundled(passwordHashIterations: iterations) {
            return saved    // the bundled seed, seeded at build time by this build's code (SavedSeed)
        }
        let seed = try configuration.seedURL.map { try Seed.load(from: $0) } ?? Seed.bundledDefault()
        // The seeded passwords' salts: from the replay seed too, under a name no namespace can have.
        let invented = InventedValues(seed: configuration.replaySeed, namespace: "(seed)")
        return try SeedSnapshot(seed: seed) { PasswordHasher.hash($0, iterations: iterations, invented: invented) }
    }

    /// True when a mock on `host:port` answers `GET /__mock/health` with 200 within `timeout`
    /// seconds (`--health-probe`: a container health check without curl).
    public static func isHealthy(host: String, port: Int, timeout: Double = 2) -> Bool {
        HTTPProbe.status(host: host, port: port, path: "/__mock/health", timeout: timeout) == 200
    }

    /// The bound port (the real one when configured with 0).
    public var port: Int { http.port }

    /// `http://127.0.0.1:<port>` (or the first configured host).
    public var baseURL: URL {
        HTTPServer.url(host: configuration.hosts.first ?? "127.0.0.1", port: port)
    }
}

public enum NamespaceError: Error, Equatable {
    case invalidName(String)
}

extension MockServer {
    /// The start-up text: where to point the app, and the seeded accounts to sign in with.
    public func banner() throws -> String {
        let accounts = try SeededAccounts.list(environment.store)
        var lines = ["RepairMinder Mock listening on \(baseURL.absoluteString)"]
        if configuration.hosts.count > 1 {
            lines.append("  also on " + configuration.hosts.dropFirst().map { host in
                HTTPServer.url(host: host, port: port).absoluteString
            }.joined(separator: ", "))
        }
        lines.append("  control API: " + (configuration.controlAPI ? "\(baseURL.absoluteString)/__mock/health" : "off (only /__mock/health answers)"))
        if configuration.controlAPI, configuration.controlToken != nil {
            lines.append("  control token: required on every /__mock/ call but health and the console page")
        }
        if let warning = ControlToken.exposureWarning(configuration, port: port) { lines.append(warning) }
        if let seed = configuration.replaySeed {
            lines.append("  replay seed: \(seed.debugDescription): every id, token and code is predictable, and every namespace's clock")
            lines.append("    starts frozen at \(Timestamp.string(environment.replayStart)) (docs/replay.md); for tests, never for real data")
        }
        lines += SimulatorPush.bannerLines(configuration)
        lines.append("  database: \(configuration.databasePath)")
        lines.append("")
        lines.append(SeededAccounts.table(accounts))
        return lines.joined(separator: "\n")
    }
}

extension MockServerConfiguration {
    /// A test's own mock: 127.0.0.1 on a free port, a fresh in-memory database copied from the
    /// bundled seed (parsed and seeded once per process, then shared by every such server), and a
    /// logger that prints nothing but critical errors. Change what the test needs after it.
    public static func forTesting() -> MockServerConfiguration {
        var configuration = MockServerConfiguration()
        configuration.hosts = ["127.0.0.1"]
        configuration.port = 0
        configuration.databasePath = ":memory:"
        configuration.logger.logLevel = .critical
        // When the bundled seed does not load, the server's own start reports why.
        configuration.seedSnapshot = try? bundledSeed.get()
        return configuration
    }

    /// The bundled seed's pristine database, built on first use.
    package static let bundledSeed = Result { try MockServer.makeSnapshot() }
}
