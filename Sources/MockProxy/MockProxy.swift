import Foundation
import Logging
import MockHTTP
import MockRouting

/// `repairminder-mock proxy`: listens like the mock, passes every app request (`/api/…`) to a real
/// backend (or any HTTP server) and its answer back unchanged, and checks each answer against the
/// bundled `docs/openapi.yaml` — the drift report (`GET /__mock/drift`, the console, `--report`).
/// docs/drift.md.
public final class MockProxy: Sendable {
    public let configuration: MockProxyConfiguration
    private let http: HTTPServer
    private let dispatcher: ProxyDispatcher

    public init(configuration: MockProxyConfiguration) throws {
        guard let scheme = configuration.upstream.scheme?.lowercased(), ["http", "https"].contains(scheme),
              configuration.upstream.host != nil else {
            throw MockProxyConfigurationError.upstreamNotHTTP(configuration.upstream.absoluteString)
        }
        guard configuration.upstreamTimeout > 0, configuration.upstreamTimeout.isFinite else {
            throw MockProxyConfigurationError.timeoutNotPositive
        }
        if let host = configuration.invalidAllowedHost { throw MockProxyConfigurationError.invalidAllowedHost(host) }
        self.configuration = configuration
        let upstream = UpstreamClient(base: configuration.upstream, timeout: configuration.upstreamTimeout,
                                      maxAnswerBytes: configuration.maxUpstreamBodyBytes)
        let recorder = try configuration.recordDirectory.map { directory in
            do { return try HARRecorder(directory: directory, upstream: upstream) } catch {
                throw MockProxyConfigurationError.recordDirectoryUnusable(path: directory.path, reason: error.localizedDescription)
            }
        }
        let ledger = DriftLedger(upstream: configuration.upstream.absoluteString, startedAt: configuration.now())
        let dispatcher = ProxyDispatcher(upstream: upstream, ledger: ledger, recorder: recorder,
                                         controlToken: configuration.controlToken, allowedHosts: configuration.allowedHosts,
                                         logger: configuration.logger,
                                         now: configuration.now)
        self.dispatcher = dispatcher
        dispatcher.prepare()
        var transport = HTTPServerConfiguration()
        transport.hosts = configuration.hosts
        transport.port = configuration.port
        transport.maxBodyBytes = configuration.maxBodyBytes
        transport.maxConnections = configuration.maxConnections
        transport.errorBody = JSONBody.transportErrorBody
        let hasToken = configuration.controlToken != nil, allowedHosts = configuration.allowedHosts
        transport.grantsCORS = { request in   // no CORS for a foreign page's control call
            ControlBoundary.grantsCORS(request, hasToken: hasToken, allowedHosts: allowedHosts)
        }
        let logger = configuration.logger
        http = HTTPServer(configuration: transport, handler: { request in dispatcher.respond(to: request) },
                          errorResponder: { error, _ in JSONBody.response(for: error, logger: logger) })
    }

    public func start() throws {
        try http.start()
    }

    /// Stops accepting, lets in-flight exchanges finish, then writes `--report` if set (a failure
    /// to write is logged).
    public func stop() {
        http.stop()
        guard let url = configuration.reportFile else { return }
        do {
            try driftReport().write(to: url, options: .atomic)
            configuration.logger.info("drift report written to \(url.path)")
        } catch {
            configuration.logger.error("could not write the drift report to \(url.path): \(error.localizedDescription)")
        }
    }

    /// The drift report as JSON (`GET /__mock/drift`'s `data`, and the `--report` file).
    public func driftReport() -> Data {
        JSONBody.encode(dispatcher.report())
    }

    public var port: Int { http.port }

    public var baseURL: URL {
        HTTPServer.url(host: configuration.hosts.first ?? "127.0.0.1", port: port)
    }

    /// The start-up text.
    public func banner() -> String {
        var lines = ["RepairMinder Mock proxy listening on \(baseURL.absoluteString)",
                     "  upstream: \(configuration.upstream.absoluteString)",
                     "  drift report: \(baseURL.absoluteString)/__mock/drift (console: \(baseURL.absoluteString)/__mock/)"]
        if let directory = configuration.recordDirectory { lines.append("  recording exchanges (HAR, credentials redacted) to \(directory.path)") }
        if let report = configuration.reportFile { lines.append("  report written to \(report.path) on stop") }
        return lines.joined(separator: "\n")
    }
}

/// Everything `repairminder-mock proxy` can be told; only the upstream has no default.
public struct MockProxyConfiguration: Sendable {
    /// The backend to check: `https://…` or `http://…`, optionally with a path prefix.
    public var upstream: URL
    public var hosts: [String] = HTTPServerConfiguration.defaultHosts
    public var port: Int = 0
    /// `--record DIR`: every exchange as a HAR 1.2 file, credentials redacted.
    public var recordDirectory: URL?
    /// `--report FILE`: the drift report as JSON, written when the proxy stops.
    public var reportFile: URL?
    /// `--control-token`: needed on `GET /__mock/drift` (health and the console page stay open).
    public var controlToken: String?
    /// `--allowed-host`: names the control API answers in `Host` without a control token, besides
    /// loopback, IP literals and single-label names (as the mock's; docs/control-api.md#the-browser-boundary).
    public var allowedHosts: [String] = []
    /// Seconds to wait for the upstream's whole answer; past it the app gets a 502.
    public var upstreamTimeout: TimeInterval = 30
    /// The largest app request body passed on (larger: 413, nothing sent upstream).
    public var maxBodyBytes: Int = 1 << 20
    /// The largest upstream answer passed back (larger: 502).
    public var maxUpstreamBodyBytes: Int = 32 << 20
    public var maxConnections: Int = 256
    public var logger: Logger = Logger(label: "repairminder-mock.proxy")
    /// When a finding was seen (the wall clock; a test may set its own).
    public var now: @Sendable () -> Date = { Date() }

    public init(upstream: URL) {
        self.upstream = upstream
    }

    /// The first `allowedHosts` entry that is not a host name (a scheme, a port, a space…), if any.
    public var invalidAllowedHost: String? {
        allowedHosts.first { !ControlBoundary.isAllowedHostName($0) }
    }
}

public enum MockProxyConfigurationError: Error, Equatable, CustomStringConvertible {
    case upstreamNotHTTP(String)
    case timeoutNotPositive
    case invalidAllowedHost(String)
    case recordDirectoryUnusable(path: String, reason: String)

    public var description: String {
        switch self {
        case .upstreamNotHTTP(let url): "the upstream must be an http:// or https:// URL with a host, not \(url)"
        case .timeoutNotPositive: "the upstream timeout must be more than zero seconds"
        case .invalidAllowedHost(let host):
            "--allowed-host \(host) is not a host name: give a name such as dev.example.com, or .example.com for it and every name under it (no scheme, no port)"
        case .recordDirectoryUnusable(let path, let reason): "cannot record to \(path): \(reason)"
        }
    }
}
