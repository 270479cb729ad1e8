import ArgumentParser
import Foundation
import Logging
import enum MockHTTP.DescriptorLimit   // only this: MockHTTP's Flag would shadow ArgumentParser's
import MockCommandLine
import MockProxy

/// `repairminder-mock-proxy --upstream URL` (or `repairminder-mock proxy --upstream URL`, which runs
/// it): the app talks to this instead of the backend; every `/api/` request goes on to the upstream
/// and its answer comes back unchanged, checked against the bundled contract (docs/drift.md).
/// Options can come from `REPAIRMINDER_MOCK_<OPTION>` variables like the mock's; the command line
/// wins. A finding never changes the exit status. A program of its own: ProxyProgram.swift.
@main
struct ProxyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: ProxyProgram.name,
        abstract: ProxyProgram.abstract,
        discussion: """
            Every option can also be set with an environment variable: REPAIRMINDER_MOCK_UPSTREAM, \
            REPAIRMINDER_MOCK_PORT, REPAIRMINDER_MOCK_HOST, REPAIRMINDER_MOCK_RECORD, REPAIRMINDER_MOCK_REPORT, \
            REPAIRMINDER_MOCK_CONTROL_TOKEN, REPAIRMINDER_MOCK_ALLOWED_HOST, REPAIRMINDER_MOCK_UPSTREAM_TIMEOUT, REPAIRMINDER_MOCK_MAX_BODY_BYTES, \
            REPAIRMINDER_MOCK_LOG_LEVEL. The command line wins. The drift report: GET /__mock/drift, the console \
            (/__mock/), one log line per new finding, and --report when the proxy stops.
            """)

    @Option(help: "The backend to pass requests to: https://… or http://…, optionally with a path prefix.")
    var upstream: String?

    @Option(help: "Host to bind; repeat for several (env: comma-separated). Default: 127.0.0.1 and ::1.")
    var host: [String] = []

    @Option(help: "Port to listen on (0 picks a free one). Default: 8787.")
    var port: Int?

    @Option(help: "Write every exchange to this folder as a HAR 1.2 file, with Authorization, cookies, tokens, codes and passwords replaced by [redacted].")
    var record: String?

    @Option(help: "Write the drift report (JSON) to this file when the proxy stops.")
    var report: String?

    @Option(help: "Require `Authorization: Bearer <token>` on GET /__mock/drift (health and the console page stay open).")
    var controlToken: String?

    @Option(help: "Without --control-token, the control API refuses a Host that names a domain (a name a web page could rebind to this machine) but loopback, IP addresses, single-label names and these; repeat for several (env: comma-separated). .example.com allows it and every name under it.")
    var allowedHost: [String] = []

    @Option(help: "Seconds to wait for the upstream's answer before answering the app 502. Default: 30.")
    var upstreamTimeout: Double?

    @Option(help: "Largest app request body passed on, in bytes (larger: 413, nothing sent). Default: 1048576.")
    var maxBodyBytes: Int?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical. Default: info.")
    var logLevel: String?

    func configuration(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (MockProxyConfiguration, Logger.Level) {
        let env = OptionVariables(values: environment)
        guard let text = upstream ?? env.text("UPSTREAM") else {
            throw ValidationError("--upstream is required (or REPAIRMINDER_MOCK_UPSTREAM): the backend to check, e.g. https://staging.example.com")
        }
        guard let url = URL(string: text) else { throw ValidationError("--upstream \(text) is not a URL") }
        var configuration = MockProxyConfiguration(upstream: url)
        let hosts = !host.isEmpty ? host : env.list("HOST") ?? []
        if !hosts.isEmpty { configuration.hosts = hosts }
        configuration.port = try port ?? env.parse("PORT", Int.init) ?? 8787
        guard (0...65_535).contains(configuration.port) else { throw ValidationError("port must be between 0 and 65535") }
        configuration.recordDirectory = (record ?? env.text("RECORD")).map { URL(fileURLWithPath: $0, isDirectory: true) }
        configuration.reportFile = (report ?? env.text("REPORT")).map { URL(fileURLWithPath: $0) }
        configuration.controlToken = controlToken ?? env.text("CONTROL_TOKEN")
        if let token = configuration.controlToken,
           token.isEmpty || !token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) {
            throw ValidationError("the control token must be visible ASCII without spaces")
        }
        configuration.allowedHosts = !allowedHost.isEmpty ? allowedHost : env.list("ALLOWED_HOST") ?? []
        if let bad = configuration.invalidAllowedHost {
            throw ValidationError(MockProxyConfigurationError.invalidAllowedHost(bad).description)
        }
        configuration.upstreamTimeout = try upstreamTimeout ?? env.parse("UPSTREAM_TIMEOUT", Double.init) ?? 30
        guard configuration.upstreamTimeout > 0, configuration.upstreamTimeout.isFinite else {
            throw ValidationError("upstream timeout must be more than zero seconds")
        }
        configuration.maxBodyBytes = try maxBodyBytes ?? env.parse("MAX_BODY_BYTES", Int.init) ?? configuration.maxBodyBytes
        guard configuration.maxBodyBytes >= 1024 else { throw ValidationError("max body bytes must be at least 1024") }
        let parsedLevel = try OptionVariables.logLevel(logLevel ?? env.text("LOG_LEVEL"))
        guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            throw ValidationError("the upstream must be an http:// or https:// URL with a host, not \(text)")
        }
        return (configuration, parsedLevel)
    }

    func validate() throws {
        _ = try configuration()
    }

    func run() throws {
        var (configuration, level) = try configuration()
        DescriptorLimit.raise()
        OptionVariables.bootstrapLogging(level)
        configuration.logger = Logger(label: "repairminder-mock.proxy")
        let stop = StopSignals()
        let proxy = try MockProxy(configuration: configuration)
        try proxy.start()
        print(proxy.banner())
        fflush(nil)
        stop.wait()
        print("Stopping…")
        proxy.stop()   // writes --report
    }
}
