import ArgumentParser
import Dispatch
import Foundation
import Logging
import enum MockHTTP.DescriptorLimit   // only this: MockHTTP's Flag would shadow ArgumentParser's
import enum MockBasics.Timestamp
import MockCommandLine
import MockServer

/// `repairminder-mock`: the mock (`serve`, the default: `repairminder-mock --port 8787` is
/// `repairminder-mock serve --port 8787`) or the proxy that checks a real backend against the
/// contract (`proxy`: the program `repairminder-mock-proxy`, run in this one's place by ProgramLauncher; `mcp` likewise runs `repairminder-mock-mcp`).
@main
struct RepairMinderMockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repairminder-mock",
        abstract: "A local emulation of the Repair Minder API for developing and testing its iOS app.",
        discussion: """
            Without a subcommand, serves the mock (the options of `repairminder-mock serve --help`). \
            `repairminder-mock proxy --upstream URL` passes the app's requests to a real backend \
            instead and reports where its answers differ from the contract (docs/drift.md).
            """,
        subcommands: [ServeCommand.self],
        defaultSubcommand: ServeCommand.self)

    /// `repairminder-mock --help` lists the options of `serve`, the default, as the README says,
    /// then the subcommands; everything else is ArgumentParser's own.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "proxy" { ProgramLauncher.run(ProxyProgram.name, subcommand: "proxy", usage: "--upstream <url>", Array(arguments.dropFirst())) }
        if arguments == ["help", "proxy"] { ProgramLauncher.run(ProxyProgram.name, subcommand: "proxy", usage: "--upstream <url>", ["--help"]) }
        if arguments.first == "mcp" { ProgramLauncher.run(MCPBridgeProgram.name, subcommand: "mcp", usage: "--url <url>", Array(arguments.dropFirst())) }
        if arguments == ["help", "mcp"] { ProgramLauncher.run(MCPBridgeProgram.name, subcommand: "mcp", usage: "--url <url>", ["--help"]) }
        if arguments.count == 1, ["--help", "-h", "-help", "help"].contains(arguments[0]) {
            print(rootHelp())
            return
        }
        main(nil)
    }

    static func rootHelp() -> String {
        let serve = helpMessage(for: ServeCommand.self)
        let options = serve.range(of: "OPTIONS:").map { String(serve[$0.lowerBound...]) } ?? serve
        let proxy = ProxyProgram.abstract
        return """
            OVERVIEW: \(configuration.abstract)

            Every option can also be set with an environment variable: REPAIRMINDER_MOCK_ and the
            option's name in capitals with _ for - (REPAIRMINDER_MOCK_PORT=8787). The command line wins.

            USAGE: repairminder-mock [serve] [<options>]
                   repairminder-mock proxy --upstream <url> [<options>]
                   repairminder-mock mcp --url <url> [--control-token <token>]

            \(options.replacingOccurrences(of: "OPTIONS:", with: "OPTIONS (serve, the default):"))
            SUBCOMMANDS:
              serve (default)         \(ServeCommand.configuration.abstract)
              proxy                   \(proxy)
              mcp                     \(MCPBridgeProgram.abstract)

              See 'repairminder-mock help proxy' and 'repairminder-mock help mcp' for their options. They
              are the programs \(ProxyProgram.name) and \(MCPBridgeProgram.name), beside this one.
            """
    }
}

/// `repairminder-mock serve`: flags in, a running mock out; SIGINT/SIGTERM stop it gracefully.
/// Every option can also come from the environment (`REPAIRMINDER_MOCK_<OPTION>`, e.g.
/// `REPAIRMINDER_MOCK_PORT`); a flag given on the command line wins.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the mock (the default).",
        discussion: """
            Every option can also be set with an environment variable: REPAIRMINDER_MOCK_ and the \
            option's name in capitals with _ for - (REPAIRMINDER_MOCK_PORT=8787, \
            REPAIRMINDER_MOCK_HOST=0.0.0.0,::, REPAIRMINDER_MOCK_RESET=1). The command line wins.
            """)

    @Option(help: "Host to bind; repeat for several (env: comma-separated). Default: 127.0.0.1 and ::1.")
    var host: [String] = []

    @Option(help: "Port to listen on (0 picks a free one). Default: 8787.")
    var port: Int?

    @Option(help: "SQLite database file, or :memory:. Default: .repairminder-mock/mock.sqlite.")
    var db: String?

    @Option(help: "Seed: a JSON fixture, or a state file (SQLite) saved from GET /__mock/snapshot or --export-on-exit. Default: the bundled Seeds/default.json.")
    var seed: String?

    @Flag(help: "Re-seed the database even if it already holds data.")
    var reset = false

    @Option(help: "Secret for signing access tokens (HS256).")
    var jwtSecret: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical. Default: info.")
    var logLevel: String?

    @Flag(help: "Turn off the /__mock control API (all but /__mock/health).")
    var noControlApi = false

    @Option(help: "Mock option, not backend behaviour: seconds during which a just-rotated refresh token may be presented again (0 = strict).")
    var refreshReuseInterval: Double?

    @Option(help: "Named namespaces (/ns/<name>/…) kept at once; past it the least recently used is dropped. Default: 64.")
    var maxNamespaces: Int?

    @Option(help: "Seconds a named namespace may stay unused before it is dropped. Default: 3600.")
    var namespaceIdleSeconds: Double?

    @Option(help: "Copies of the seed kept ready, made in the background, for new named namespaces (about 0.6 MiB each); 0 makes each on the namespace's first request. Default: 4.")
    var namespacePool: Int?

    @Option(help: "Write the state (an SQLite file, usable with --seed) to this path when the server stops.")
    var exportOnExit: String?

    @Option(help: "Largest request body accepted, in bytes (a PUT /__mock/snapshot file included). Default: 1048576.")
    var maxBodyBytes: Int?

    @Option(help: "Also write every recorded push to this folder as an .apns file (the payload plus \"Simulator Target Bundle\"), to drag onto a Simulator window; a named namespace's in ns/<name>/. Needs --push-bundle-id.")
    var pushDir: String?

    @Flag(help: "Also deliver every recorded push to the booted iOS Simulator with `xcrun simctl push booted <bundle id> -` (macOS, Xcode 11.4+). Needs --push-bundle-id.")
    var simulatorPush = false

    @Option(help: "The app's bundle identifier, for --push-dir and --simulator-push (e.g. com.example.RepairMinder).")
    var pushBundleId: String?

    @Option(help: "Require `Authorization: Bearer <token>` on every /__mock/ call but GET /__mock/health and the console page. Use one whenever the mock listens beyond loopback (the container does).")
    var controlToken: String?

    @Option(help: "Without --control-token, the control API refuses a Host that names a domain (a name a web page could rebind to this machine) but loopback, IP addresses, single-label names (mock:8787) and these; repeat for several (env: comma-separated). .example.com allows it and every name under it.")
    var allowedHost: [String] = []

    @Option(help: "Mock option: answer the app API in other shapes the real backend could send, to prove the app's decoders hold (comma-separated: timestamps-ms, timestamps-sqlite, absent-nulls, reordered-keys, extra-key, pagination-camel-case, quarantine-codes, all, none; per namespace: PUT /__mock/variance). Default: none.")
    var vary: String?

    @Option(help: "Mock option: invent every id, token, code and salt from this text (and the namespace's name), and start every namespace's clock frozen at the seed's `now`, so the same requests get the same answers byte for byte, run after run (docs/replay.md; per namespace: PUT /__mock/replay). Tokens become predictable: beyond loopback it needs --control-token. Default: none (random).")
    var replaySeed: String?

    @Option(help: "Mock option: the mock's clock starts at this instant (ISO 8601, e.g. 2026-11-21T12:00:00Z) instead of the wall clock, and a reset brings it back here; on a replay seed, where each namespace's clock starts frozen, this instead of the seed's `now`. Default: the wall clock (on a replay seed: the seed's `now`).")
    var clockStart: String?

    @Flag(help: "Mock option: the clock stands still (at --clock-start, or at the start) and moves only through POST /__mock/clock. Always so on a replay seed.")
    var clockFrozen = false

    @Flag(help: "Do not serve: ask a running mock on --port (at the first --host, a wildcard as its loopback; 127.0.0.1 by default) for /__mock/health and exit 0 if it answers 200, else 1. For container health checks.")
    var healthProbe = false

    /// The value of every option after the environment is consulted.
    struct Settings {
        var hosts: [String] = []
        var port = 8787
        var db = ".repairminder-mock/mock.sqlite"
        var seed: String?
        var reset = false
        var jwtSecret: String?
        var logLevel = Logger.Level.info
        var controlAPI = true
        var refreshReuseInterval: Double = 0
        var maxNamespaces = 64
        var namespaceIdleSeconds: Double = 3600
        var namespacePool = 4
        var exportOnExit: String?
        var maxBodyBytes = 1 << 20
        var pushDir: String?
        var simulatorPush = false
        var pushBundleID: String?
        var controlToken: String?
        var allowedHosts: [String] = []
        var vary: String?
        var replaySeed: String?
        var clockStart: Date?
        var clockFrozen = false
    }

    func settings(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Settings {
        let env = OptionVariables(values: environment)
        var s = Settings()
        s.hosts = !host.isEmpty ? host : env.list("HOST") ?? []
        s.port = try port ?? env.parse("PORT", Int.init) ?? s.port
        s.db = db ?? env.text("DB") ?? s.db
        s.seed = seed ?? env.text("SEED")
        s.reset = try reset || env.flag("RESET")
        s.jwtSecret = jwtSecret ?? env.text("JWT_SECRET")
        s.logLevel = try OptionVariables.logLevel(logLevel ?? env.text("LOG_LEVEL"))
        s.controlAPI = try !(noControlApi || env.flag("NO_CONTROL_API"))
        s.refreshReuseInterval = try refreshReuseInterval ?? env.parse("REFRESH_REUSE_INTERVAL", Double.init) ?? 0
        s.maxNamespaces = try maxNamespaces ?? env.parse("MAX_NAMESPACES", Int.init) ?? s.maxNamespaces
        s.namespaceIdleSeconds = try namespaceIdleSeconds ?? env.parse("NAMESPACE_IDLE_SECONDS", Double.init) ?? s.namespaceIdleSeconds
        s.namespacePool = try namespacePool ?? env.parse("NAMESPACE_POOL", Int.init) ?? s.namespacePool
        s.exportOnExit = exportOnExit ?? env.text("EXPORT_ON_EXIT")
        s.maxBodyBytes = try maxBodyBytes ?? env.parse("MAX_BODY_BYTES", Int.init) ?? s.maxBodyBytes
        s.pushDir = pushDir ?? env.text("PUSH_DIR")
        s.simulatorPush = try simulatorPush || env.flag("SIMULATOR_PUSH")
        s.pushBundleID = pushBundleId ?? env.text("PUSH_BUNDLE_ID")
        s.controlToken = controlToken ?? env.text("CONTROL_TOKEN")
        s.allowedHosts = !allowedHost.isEmpty ? allowedHost : env.list("ALLOWED_HOST") ?? []
        s.vary = vary ?? env.text("VARY")
        s.replaySeed = replaySeed ?? env.text("REPLAY_SEED")
        if let start = clockStart {
            guard let instant = Timestamp.parse(start) else {
                throw ValidationError("clock start must be an ISO 8601 instant such as 2026-11-21T12:00:00Z, not \(start)")
            }
            s.clockStart = instant
        } else {
            s.clockStart = try env.parse("CLOCK_START", Timestamp.parse)
        }
        s.clockFrozen = try clockFrozen || env.flag("CLOCK_FROZEN")

        guard (0...65_535).contains(s.port) else { throw ValidationError("port must be between 0 and 65535") }
        guard s.refreshReuseInterval >= 0, s.refreshReuseInterval.isFinite else {
            throw ValidationError("refresh reuse interval must be zero or more")
        }
        guard s.maxNamespaces >= 1 else { throw ValidationError("max namespaces must be at least 1") }
        guard s.namespaceIdleSeconds > 0, s.namespaceIdleSeconds.isFinite else {
            throw ValidationError("namespace idle seconds must be more than zero")
        }
        guard s.namespacePool >= 0 else { throw ValidationError("namespace pool must be zero or more") }
        guard s.maxBodyBytes >= 1024 else { throw ValidationError("max body bytes must be at least 1024") }
        do {
            try s.apply(to: MockServerConfiguration()).validate()
        } catch {
            throw ValidationError("\(error)")
        }
        return s
    }

    /// Where `--health-probe` knocks: the first configured host, a wildcard as its loopback
    /// (`0.0.0.0` → `127.0.0.1`, `::` → `::1`); `127.0.0.1` when no host is given (the default
    /// binds both loopbacks).
    static func probeHost(_ hosts: [String]) -> String {
        switch hosts.first {
        case nil, "0.0.0.0"?: "127.0.0.1"
        case "::"?, "[::]"?: "::1"
        case let host?: host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        }
    }

    func validate() throws {
        _ = try settings()
    }

    func run() throws {
        let s = try settings()
        if healthProbe {
            throw ExitCode(MockServer.isHealthy(host: Self.probeHost(s.hosts), port: s.port) ? 0 : 1)
        }
        MallocTuning.apply()   // before any connection thread exists
        DescriptorLimit.raise()
        OptionVariables.bootstrapLogging(s.logLevel)
        var configuration = s.apply(to: MockServerConfiguration())
        if !s.hosts.isEmpty { configuration.hosts = s.hosts }
        configuration.port = s.port
        if s.db != ":memory:" {
            let folder = URL(fileURLWithPath: s.db).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        configuration.databasePath = s.db
        configuration.seedURL = s.seed.map { URL(fileURLWithPath: $0) }
        configuration.resetDatabase = s.reset
        if let secret = s.jwtSecret { configuration.jwtSecret = secret }
        configuration.controlAPI = s.controlAPI
        configuration.refreshReuseInterval = s.refreshReuseInterval
        configuration.maxNamespaces = s.maxNamespaces
        configuration.namespaceIdleTimeout = .milliseconds(Int64(s.namespaceIdleSeconds * 1000))
        configuration.namespacePoolSize = s.namespacePool
        configuration.exportOnExit = s.exportOnExit.map { URL(fileURLWithPath: $0) }
        configuration.maxBodyBytes = s.maxBodyBytes
        configuration.logger = Logger(label: "repairminder-mock")

        let stop = StopSignals()
        let server = try MockServer(configuration: configuration)
        try server.start()
        print(try server.banner())
        fflush(nil)   // the banner reaches a pipe before anyone waits on it
        stop.wait()
        print("Stopping…")
        server.stop()   // writes --export-on-exit
    }
}

extension ServeCommand.Settings {
    /// The hosts, push, control-token, allowed-host, variance and replay options (the ones
    /// `MockServerConfiguration.validate()` judges).
    func apply(to configuration: MockServerConfiguration) -> MockServerConfiguration {
        var configuration = configuration
        if !hosts.isEmpty { configuration.hosts = hosts }
        configuration.replaySeed = replaySeed
        configuration.clockStart = clockStart
        configuration.clockFrozen = clockFrozen
        configuration.pushDirectory = pushDir.map { URL(fileURLWithPath: $0, isDirectory: true) }
        configuration.simulatorPush = simulatorPush
        configuration.pushBundleID = pushBundleID
        configuration.controlToken = controlToken
        configuration.allowedHosts = allowedHosts
        configuration.vary = vary
        return configuration
    }
}
