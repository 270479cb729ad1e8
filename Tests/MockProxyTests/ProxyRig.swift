import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
@testable import MockProxy
@testable import MockServer
@testable import MockBasics
import MockHTTP
import RepairMinderMockControl
import MockTestSupport
import MockConcurrency

extension MockProxy: Startable {}

/// Runs `body` with a rig of its own (`ProxyRig(configure)`), stopped when `body` returns or throws.
func withProxyRig<T>(
    isolation: isolated (any Actor)? = #isolation,
    _ configure: (inout MockProxyConfiguration) -> Void = { _ in },
    _ body: (ProxyRig) async throws -> T
) async throws -> T {
    try await withStarted(isolation: isolation, { try ProxyRig(configure) }, body)
}

/// An answer as the test reads it.
struct Reply: Sendable {
    let status: Int
    let headers: [String: String]
    let body: Data
    var json: JSONValue { JSONValue.parse(body) ?? .null }
    var data: JSONValue { json["data"] ?? .null }
    var error: String? { json["error"]?.string }
    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// The proxy between a test and an upstream on loopback: a real mock (answered in process) behind a
/// small HTTP server of the test's own, which records every request it receives and can alter an
/// answer on purpose (an upstream that drifts), and `MockProxy` on port 0 in front, recording to a
/// folder of its own and logging into `logLines`. A test has one through `withProxyRig`.
final class ProxyRig: Stoppable {
    typealias Alteration = @Sendable (HTTPResponse) -> HTTPResponse

    let mock: MockServer
    let upstream: HTTPServer
    let proxy: MockProxy
    let recordDirectory: URL
    let reportFile: URL
    /// What the upstream received, in order.
    let received = Locked<[HTTPRequest]>([])
    /// Answers altered on purpose, by `"METHOD /path"` (the path as requested, no query).
    private let alterations = Locked<[String: Alteration]>([:])
    let logLines = Locked<[String]>([])
    private let session: URLSession

    init(_ configure: (inout MockProxyConfiguration) -> Void = { _ in }) throws {
        let mock = try MockServer(configuration: .forTesting())
        self.mock = mock
        let received = received
        let alterations = alterations
        var transport = HTTPServerConfiguration()
        transport.hosts = ["127.0.0.1"]
        upstream = HTTPServer(configuration: transport) { request in
            received.withLock { $0.append(request) }
            let response = mock.respond(to: request)
            let change = alterations.withLock { $0["\(request.method) \(request.path)"] }
            return change.map { $0(response) } ?? response
        }
        try upstream.start()

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proxy-\(UUID().uuidString)")
        recordDirectory = folder.appendingPathComponent("har")
        reportFile = folder.appendingPathComponent("report.json")
        var configuration = MockProxyConfiguration(upstream: URL(string: "http://127.0.0.1:\(upstream.port)")!)
        configuration.hosts = ["127.0.0.1"]
        configuration.recordDirectory = recordDirectory
        configuration.reportFile = reportFile
        let lines = logLines
        configuration.logger = Logger(label: "proxy-test") { _ in CapturingLogHandler(lines: lines) }
        configure(&configuration)
        proxy = try MockProxy(configuration: configuration)
        try proxy.start()
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = 20
        sessionConfiguration.httpCookieStorage = nil
        session = URLSession(configuration: sessionConfiguration)
    }

    func stop() {
        session.invalidateAndCancel()
        proxy.stop()
        upstream.stop()
        mock.stop()
        try? FileManager.default.removeItem(at: recordDirectory.deletingLastPathComponent())
    }

    /// The upstream answers `method path` through `change` from now on.
    func alter(_ method: String, _ path: String, _ change: @escaping Alteration) {
        alterations.withLock { $0["\(method) \(path)"] = change }
    }

    /// The upstream answers `method path` with its JSON body changed by `change`.
    func alterJSON(_ method: String, _ path: String, _ change: @escaping @Sendable (inout JSONValue) -> Void) {
        alter(method, path) { response in
            var response = response
            guard var value = JSONValue.parse(response.body) else { return response }
            change(&value)
            response.body = Data(value.encoded())
            return response
        }
    }

    /// A request to the proxy, as the app makes it (`direct`: to the upstream itself, as the app
    /// would without the proxy).
    func send(_ method: String, _ path: String, json: [String: JSONValue]? = nil, body: Data? = nil,
              bearer: String? = nil, headers: [String: String] = [:], direct: Bool = false) async throws -> Reply {
        let base = direct ? "http://127.0.0.1:\(upstream.port)" : proxy.baseURL.absoluteString
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        if let json {
            request.httpBody = try JSONEncoder().encode(json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let body { request.httpBody = body }
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        request.setValue("RepairMinder/1.0 (iPhone; iOS 17.0)", forHTTPHeaderField: "User-Agent")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw TestFailure("no HTTP response") }
        var lowered: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { lowered[name.lowercased()] = value }
        }
        return Reply(status: http.statusCode, headers: lowered, body: data)
    }

    func get(_ path: String, bearer: String? = nil, direct: Bool = false) async throws -> Reply {
        try await send("GET", path, bearer: bearer, direct: direct)
    }

    /// `GET path` through the proxy, with the same request sent direct just before and just after
    /// it. The mock's clock follows the wall clock, and an answer that shows "now" (the dashboard's
    /// `to`) changes when a second passes between two requests: the proxied answer should be byte
    /// for byte one of the two direct ones.
    func getThroughAndDirect(_ path: String, bearer: String) async throws
        -> (proxied: Reply, direct: [Reply]) {
        let before = try await get(path, bearer: bearer, direct: true)
        let proxied = try await get(path, bearer: bearer)
        let after = try await get(path, bearer: bearer, direct: true)
        return (proxied, [before, after])
    }

    func post(_ path: String, _ json: [String: JSONValue], bearer: String? = nil) async throws -> Reply {
        try await send("POST", path, json: json, bearer: bearer)
    }

    /// The upstream mock's control API, answered in process (so the upstream sees only the app's
    /// requests, through the proxy or direct).
    var control: MockControl {
        MockControl(baseURL: mock.baseURL, transport: MockControlTransport { [mock] request in
            guard let response = mock.respondWithoutSocket(request.method, request.target, headers: request.headers.map { ($0.key, $0.value) },
                                                       body: request.body) else {
                throw TestFailure("\(request.method) \(request.target) does not parse")
            }
            return MockControlResponse(status: response.status, headers: response.firstHeaderValues, body: Data(response.body))
        })
    }

    /// `GET /__mock/drift`'s data.
    func report(token: String? = nil) async throws -> JSONValue {
        let reply = try await send("GET", "/__mock/drift", headers: token.map { ["Authorization": "Bearer \($0)"] } ?? [:])
        guard reply.status == 200 else { throw TestFailure("drift report: \(reply.status) \(reply.error ?? "")") }
        return reply.data
    }

    /// Every finding of the report as `"kind status pointer"` (status `-` when null), sorted.
    static func findings(_ report: JSONValue) -> [String] {
        (report["operations"]?.array ?? []).flatMap { operation in
            (operation["findings"]?.array ?? []).map { finding in
                let status = finding["status"]?.intValue.map { String($0) } ?? "-"
                return "\(operation["operation_id"]?.string ?? "undocumented") \(finding["kind"]?.string ?? "?") \(status) \(finding["pointer"]?.string ?? "?")"
            }
        }.sorted()
    }

    /// Staff sign-in through the proxy (password, emailed code read from the upstream's control API).
    func signInStaff(_ email: String = "admin@acme.test") async throws -> (token: String, refreshToken: String, code: String) {
        let login = try await post("/api/auth/login", ["email": .string(email), "password": "password123"])
        guard let userID = login.data["userId"]?.string else { throw TestFailure("login: \(login.status)") }
        _ = try await post("/api/auth/2fa/request", ["userId": .string(userID), "email": .string(email)])
        guard let code = try await control.latestCode(to: email, kind: .staff2FA) else { throw TestFailure("no 2FA code") }
        let verify = try await post("/api/auth/2fa/verify", ["userId": .string(userID), "code": .string(code)])
        guard let token = verify.data["token"]?.string, let refresh = verify.data["refreshToken"]?.string else {
            throw TestFailure("2FA verify: \(verify.status) \(verify.error ?? "")")
        }
        return (token, refresh, code)
    }

    /// Customer sign-in through the proxy (magic-link code).
    func signInCustomer(_ email: String = "jane@customer.test", companyID: String? = nil) async throws -> (token: String, code: String) {
        _ = try await post("/api/customer/auth/request-magic-link", ["email": .string(email)])
        guard let code = try await control.latestCode(to: email, kind: .customerMagicLink) else { throw TestFailure("no code") }
        var body: [String: JSONValue] = ["email": .string(email), "code": .string(code)]
        if let companyID { body["companyId"] = .string(companyID) }
        let verify = try await post("/api/customer/auth/verify-code", body)
        guard let token = verify.data["token"]?.string else { throw TestFailure("customer verify: \(verify.status)") }
        return (token, code)
    }
}

extension JSONValue {
    /// A copy with the value at `path` (object keys; `*` for every item of an array) replaced, or
    /// removed when `value` is nil.
    func setting(_ path: [String], to value: JSONValue?) -> JSONValue {
        guard let key = path.first else { return value ?? .null }
        switch self {
        case .object(var members):
            if path.count == 1 {
                members[key] = value
            } else if let member = members[key] {
                members[key] = member.setting(Array(path.dropFirst()), to: value)
            }
            return .object(members)
        case .array(let items) where key == "*":
            return .array(items.map { $0.setting(Array(path.dropFirst()), to: value) })
        default:
            return self
        }
    }
}
