import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MockServer
import MockBasics

import MockHTTP
import RepairMinderMockControl
import MockStore
import MockTestSupport

/// A mock server of the test's own, with a fresh seeded in-memory database, and the helpers the
/// server tests share. Two ways to reach it, as HummingbirdTesting's `.router` and `.live`:
/// - `.router` (the default): each request is written as HTTP/1.1 bytes, parsed by the transport's
///   own parser and answered by the server's dispatcher in process — no socket, no URLSession,
///   microseconds a request. What route logic is tested through.
/// - `.live`: the server listens on 127.0.0.1 port 0 and requests go over URLSession: for what
///   only the transport does (framing, keep-alive, CORS, dropped connections, a browser).
/// The server logs nothing unless the test configures a logger. A test has one through `withMock`,
/// which stops it when the test is done.
package final class MockHarness: Stoppable {
    package enum Mode: Sendable { case router, live }

    package let server: MockServer
    package let mode: Mode
    package let baseURL: URL
    /// What stands in front of the server's app API, when the test put something there (the
    /// integration tests' drift proxy); stopped with the harness.
    package let front: (any Stoppable)?
    /// Where the app API is reached: the front's URL when there is one, else the server's. The
    /// control API is always the server's own (`baseURL`).
    package let appURL: URL
    /// `/ns/<name>` for a view of a namespace, else "".
    private let pathPrefix: String
    private let session: URLSession?
    /// False for a view of another harness's server (a namespace): `stop()` leaves the server and
    /// the session, which are the other harness's, alone.
    private let ownsServer: Bool

    /// `front`, for a `.live` harness: made once the server listens, given its URL, and answering
    /// the app API at the URL it returns (the server is stopped again if it throws).
    package init(_ mode: Mode = .router, _ configure: (inout MockServerConfiguration) -> Void = { _ in },
                 front: ((URL) throws -> (url: URL, running: any Stoppable))? = nil) throws {
        let server = try MockServer(configuration: .forTesting(configure))   // logs only what the test asks for
        self.server = server
        self.mode = mode
        if mode == .live { try server.start() }
        baseURL = server.baseURL
        do {
            let made = try front.map { try $0(server.baseURL) }
            self.front = made?.running
            appURL = made?.url ?? server.baseURL
        } catch {
            server.stop()
            throw error
        }
        pathPrefix = ""
        session = mode == .live ? Self.makeSession() : nil
        ownsServer = true
    }

    /// The namespace `name` of `other`'s server: the same helpers, every path under `/ns/<name>`,
    /// over `other`'s session. Nothing to stop: it ends with `other`.
    package init(namespace name: String, of other: MockHarness) throws {
        server = other.server
        mode = other.mode
        baseURL = try other.server.namespaceURL(name)
        front = nil
        appURL = baseURL
        pathPrefix = "/ns/" + name
        session = other.session
        ownsServer = false
    }

    private static func makeSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 90   // a held request (HoldTests) waits for its release
        configuration.httpMaximumConnectionsPerHost = 64
        return URLSession(configuration: configuration)
    }

    /// The default seed's pristine database, built once; every test's mock starts from a copy of it.
    package static var pristineSeed: SeedSnapshot { get throws { try MockServerConfiguration.bundledSeed.get() } }

    package func stop() {
        guard ownsServer else { return }
        session?.invalidateAndCancel()
        front?.stop()
        server.stop()
    }

    package struct Reply: Sendable {
        package let status: Int
        package let headers: [String: String]
        package let body: Data
        package var json: JSONValue { (try? JSONDecoder().decode(JSONValue.self, from: body)) ?? .null }
        package var data: JSONValue { json["data"] ?? .null }
        package var error: String? { json["error"]?.string }
        package func header(_ name: String) -> String? { headers[name.lowercased()] }

        package init(status: Int, headers: [String: String], body: Data) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    /// Keys sorted: a dictionary's order differs from one instance to the next, and a replayed run
    /// must send the same bytes.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    /// Sends `body` verbatim (a JSON text), `json` (an object encoded here) or `data` (bytes, with
    /// the `Content-Type` given in `headers`).
    package func send(_ method: String, _ path: String, body: String? = nil, json: [String: JSONValue]? = nil, data: Data? = nil,
              bearer: String? = nil, userAgent: String? = nil, headers: [String: String] = [:]) async throws -> Reply {
        var fields: [(String, String)] = []
        var payload: Data? = data
        if let body { payload = Data(body.utf8) }
        if let json { payload = try Self.encoder.encode(json) }
        if payload != nil { fields.append(("Content-Type", "application/json")) }
        if let bearer { fields.append(("Authorization", "Bearer \(bearer)")) }
        fields.append(("User-Agent", userAgent ?? "MockServerTests/1.0 (Linux)"))
        for (name, value) in headers {
            fields.removeAll { $0.0.lowercased() == name.lowercased() }
            fields.append((name, value))
        }
        switch mode {
        case .router: return try await respondWithoutSocket(method, pathPrefix + path, fields: fields, body: payload)
        case .live: return try await sendLive(method, path, fields: fields, body: payload)
        }
    }

    /// The request as a client writes it, through the transport's parser, to the dispatcher.
    private func respondWithoutSocket(_ method: String, _ target: String, fields: [(String, String)],
                                  body: Data?) async throws -> Reply {
        guard let response = server.respondWithoutSocket(method, target, headers: fields, body: body) else {
            throw TestFailure("\(method) \(target) is not a request the transport would pass on: use MockHarness(.live)")
        }
        if response.delay > 0 { try await Task.sleep(for: .seconds(response.delay)) }
        guard response.delivery == .normal else { throw URLError(.networkConnectionLost) }   // as a client sees it
        var headers = response.firstHeaderValues
        headers["content-length"] = String(response.body.count)
        return Reply(status: response.status, headers: headers, body: method == "HEAD" ? Data() : response.body)
    }

    private func sendLive(_ method: String, _ path: String, fields: [(String, String)], body: Data?) async throws -> Reply {
        var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in fields { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session!.data(for: request)
        let http = response as! HTTPURLResponse
        var lowered: [String: String] = [:]
        for (key, value) in http.allHeaderFields { lowered[String(describing: key).lowercased()] = String(describing: value) }
        return Reply(status: http.statusCode, headers: lowered, body: data)
    }

    package func get(_ path: String, bearer: String? = nil, userAgent: String? = nil) async throws -> Reply {
        try await send("GET", path, bearer: bearer, userAgent: userAgent)
    }

    package func post(_ path: String, _ json: [String: JSONValue]? = nil, bearer: String? = nil, userAgent: String? = nil) async throws -> Reply {
        try await send("POST", path, json: json ?? [:], bearer: bearer, userAgent: userAgent)
    }

    package func patch(_ path: String, _ json: [String: JSONValue], bearer: String? = nil) async throws -> Reply {
        try await send("PATCH", path, json: json, bearer: bearer)
    }

    /// Every row of every table: equal dumps before and after a request mean it wrote nothing.
    package func dump() throws -> [String: [String]] {
        try server.dumpState()
    }

    // MARK: - Control API (the RepairMinderMockControl library, as the integration tests use it)

    /// The library's control of this harness's server (of its namespace, for a namespace view), with
    /// the server's control token if it has one. `.router`: each call goes to the dispatcher in
    /// process, through the transport's parser; `.live`: over this harness's URLSession.
    package var control: MockControl {
        let token = server.configuration.controlToken
        guard mode == .router else { return MockControl(baseURL: baseURL, token: token, transport: .urlSession(session!), pollInterval: .milliseconds(20)) }
        return MockControl(baseURL: baseURL, token: token, transport: MockControlTransport { [self] request in
            let reply = try await respondWithoutSocket(request.method, request.target,
                                                   fields: request.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                                                   body: request.body)
            return MockControlResponse(status: reply.status, headers: reply.headers, body: reply.body)
        }, pollInterval: .milliseconds(20))
    }

    /// The `data` of a control call's answer as the wire has it, for the tests that check its shape.
    private func controlData(_ method: String, _ path: String, query: KeyValuePairs<String, String?> = [:]) async throws -> JSONValue {
        let reply = try await control.send(method, path, query: query)
        guard (200..<300).contains(reply.status) else {
            throw TestFailure("\(method) \(path) → \(reply.status) \(String(decoding: reply.body, as: UTF8.self))")
        }
        return try Self.json(reply.body)["data"] ?? .null
    }

    private static func json(_ data: Data) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: data) }

    /// Recorded pushes, newest first (`GET /__mock/push`).
    package func pushes(token: String? = nil) async throws -> [JSONValue] {
        try await controlData("GET", "/__mock/push", query: ["device_token": token]).array ?? []
    }

    /// The newest code mailed to `email` of `kind`.
    package func latestCode(to email: String, kind: String) async throws -> String? {
        try await control.latestCode(to: email, kind: MockMailKind(rawValue: kind))
    }

    package func outboxCount(to email: String? = nil) async throws -> Int {
        try await control.outbox(to: email).count
    }

    package func advanceClock(seconds: Double) async throws {
        try await control.advanceClock(by: seconds)
    }

    package func setCompanyStatus(_ companyID: String, _ status: String) async throws {
        try await control.setCompanyStatus(companyID, to: MockCompanyStatus(rawValue: status))
    }

    // MARK: - Sign-in shortcuts

    package struct StaffTokens: Sendable {
        package let token: String
        package let refreshToken: String
        package let userID: String
    }

    /// Password + emailed 2FA code, the way the app signs staff in.
    package func signInStaff(_ email: String, password: String = MockSeed.password, userAgent: String? = nil) async throws -> StaffTokens {
        let login = try await post("/api/auth/login", ["email": .string(email), "password": .string(password)],
                                   userAgent: userAgent)
        guard login.status == 200, let userID = login.data["userId"]?.string else {
            throw TestFailure("login failed: \(login.status) \(login.error ?? "")")
        }
        _ = try await post("/api/auth/2fa/request", ["userId": .string(userID), "email": .string(email)])
        guard let code = try await latestCode(to: email, kind: "staff_2fa") else { throw TestFailure("no 2FA code") }
        let verify = try await post("/api/auth/2fa/verify", ["userId": .string(userID), "code": .string(code)],
                                    userAgent: userAgent)
        guard verify.status == 200, let token = verify.data["token"]?.string,
              let refresh = verify.data["refreshToken"]?.string else {
            throw TestFailure("2FA verify failed: \(verify.status) \(verify.error ?? "")")
        }
        return StaffTokens(token: token, refreshToken: refresh, userID: userID)
    }

    /// The namespace `name` of this harness's server (`init(namespace:of:)`) with Acme's admin signed
    /// in there as `withSignedInMock` signs in: a namespace keeps its own sessions, so a token of
    /// another is refused in it.
    package func signedInNamespace(_ name: String) async throws -> (mock: MockHarness, admin: StaffTokens) {
        let namespace = try MockHarness(namespace: name, of: self)
        return (namespace, try await namespace.signInStaff(MockSeed.Staff.admin.email))
    }

    /// Staff magic link (the only way in for `engineer@acme.test`): request, read the code, verify.
    package func signInStaffByMagicLink(_ email: String) async throws -> String {
        _ = try await post("/api/auth/magic-link/request", ["email": .string(email)])
        guard let code = try await latestCode(to: email, kind: "staff_magic_link") else { throw TestFailure("no code") }
        let verify = try await post("/api/auth/magic-link/verify-code", ["email": .string(email), "code": .string(code)])
        guard let token = verify.data["token"]?.string else {
            throw TestFailure("magic link verify failed: \(verify.status) \(verify.error ?? "")")
        }
        return token
    }

    /// Registers an APNs token for the bearer (`app_type` staff or customer).
    package func registerPushToken(_ token: String, appType: String, bearer: String) async throws {
        let reply = try await post("/api/user/device-token", ["device_token": .string(token), "platform": "ios",
                                                              "app_type": .string(appType)], bearer: bearer)
        guard reply.status == 200 else { throw TestFailure("token not registered: \(reply.status) \(reply.error ?? "")") }
    }

    /// Magic-link code, choosing `companyID` when the customer has several.
    package func signInCustomer(_ email: String, companyID: String? = nil) async throws -> String {
        _ = try await post("/api/customer/auth/request-magic-link", ["email": .string(email)])
        guard let code = try await latestCode(to: email, kind: "customer_magic_link") else { throw TestFailure("no code") }
        var body: [String: JSONValue] = ["email": .string(email), "code": .string(code)]
        if let companyID { body["companyId"] = .string(companyID) }
        let verify = try await post("/api/customer/auth/verify-code", body)
        guard let token = verify.data["token"]?.string else {
            throw TestFailure("customer verify failed: \(verify.status) \(verify.error ?? "")")
        }
        return token
    }
}

/// Runs `body` with a mock of its own (`MockHarness(mode, configure)`), stopped when `body` returns
/// or throws (`withStarted`, MockTestSupport).
///
/// ```swift
/// try await withMock { mock in … }                                    // .router, the seed, defaults
/// try await withMock({ $0.freezeClock() }) { mock in … }              // configured
/// try await withMock(.live, { $0.maxBodyBytes = 1024 }) { mock in … }  // on a socket, configured
/// ```
package func withMock<T>(
    isolation: isolated (any Actor)? = #isolation,
    _ mode: MockHarness.Mode = .router,
    _ configure: (inout MockServerConfiguration) -> Void = { _ in },
    _ body: (MockHarness) async throws -> T
) async throws -> T {
    try await withStarted(isolation: isolation, { try MockHarness(mode, configure) }, body)
}

/// `withMock(.router, configure, body)`.
package func withMock<T>(
    isolation: isolated (any Actor)? = #isolation,
    _ configure: (inout MockServerConfiguration) -> Void,
    _ body: (MockHarness) async throws -> T
) async throws -> T {
    try await withMock(isolation: isolation, .router, configure, body)
}

/// A mock of the test's own with Acme's admin (`MockSeed.Staff.admin`) signed in: password and
/// the emailed 2FA code, as the app signs in, before `body` runs with the mock and the tokens.
///
/// ```swift
/// try await withSignedInMock { mock, admin in … admin.token … }
/// try await withSignedInMock(.live, { $0.freezeClock() }) { mock, admin in … }
/// ```
package func withSignedInMock<T>(
    isolation: isolated (any Actor)? = #isolation,
    _ mode: MockHarness.Mode = .router,
    _ configure: (inout MockServerConfiguration) -> Void = { _ in },
    _ body: (MockHarness, MockHarness.StaffTokens) async throws -> T
) async throws -> T {
    try await withMock(isolation: isolation, mode, configure) { mock in
        try await body(mock, try await mock.signInStaff(MockSeed.Staff.admin.email))
    }
}

/// `withSignedInMock(.router, configure, body)`.
package func withSignedInMock<T>(
    isolation: isolated (any Actor)? = #isolation,
    _ configure: (inout MockServerConfiguration) -> Void,
    _ body: (MockHarness, MockHarness.StaffTokens) async throws -> T
) async throws -> T {
    try await withSignedInMock(isolation: isolation, .router, configure, body)
}

// MARK: - Enquiries and customer portal helpers

extension MockHarness {
    /// The mock clock's now as the API writes it (`2026-11-21T12:00:00Z`).
    package func clockNow() async throws -> String {
        try await control.clock().now.formatted(.iso8601)
    }

    /// `POST /__mock/inbound-email`: mail a customer sends to a company address. The reply as it
    /// came, for the tests of its status and shape.
    package func inboundEmail(to: String, from: String, fromName: String? = nil, subject: String, body: String,
                      ticketID: String? = nil) async throws -> Reply {
        var json: [String: JSONValue] = ["to": .string(to), "from": .string(from), "subject": .string(subject),
                                         "body": .string(body)]
        if let fromName { json["from_name"] = .string(fromName) }
        if let ticketID { json["ticket_id"] = .string(ticketID) }
        let reply = try await control.send("POST", "/__mock/inbound-email", body: try JSONEncoder().encode(json),
                                           contentType: "application/json")
        return Reply(status: reply.status, headers: reply.headers, body: reply.body)
    }

    /// The outbox's mails, newest first, optionally only to `to` and of `kind`.
    package func outbox(to: String? = nil, kind: String? = nil) async throws -> [JSONValue] {
        try await controlData("GET", "/__mock/outbox", query: ["to": to, "kind": kind]).array ?? []
    }

    /// The payloads pushed to one device token, oldest first.
    package func pushPayloads(token: String) async throws -> [JSONValue] {
        try await pushes(token: token).reversed().compactMap { $0["payload"] }
    }
}
