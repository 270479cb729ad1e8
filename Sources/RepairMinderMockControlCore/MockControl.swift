import Foundation

/// The RepairMinder Mock's control API (`/__mock/…`, docs/control-api.md), typed, for tests: an iOS
/// UI-test bundle that drives the app against a mock, or Swift tests that start one.
///
/// ```swift
/// let mock = MockControl(baseURL: URL(string: "http://127.0.0.1:8787")!)
/// let namespace = try await mock.makeNamespace(prefix: "login")   // hand namespace.baseURL to the app
/// // … the app asks for a 2FA code …
/// let code = try await namespace.control.waitForCode(to: "admin@acme.test", kind: .staff2FA)
/// ```
///
/// Made from the mock's base URL, which may name a namespace (`http://127.0.0.1:8787/ns/t42`): every
/// call then acts on that namespace. With a control token (`--control-token`) every call sends
/// `Authorization: Bearer <token>`. Calls travel over URLSession unless another
/// ``MockControlTransport`` is given (`MockServer.control()` hands one that reaches a mock in the same
/// process). Failures are ``MockControlError``s.
///
/// This module (RepairMinderMockControlCore) holds everything but URLSession, so that the server can
/// hand out a control without linking FoundationNetworking on Linux; `import RepairMinderMockControl`
/// brings it with the URLSession transport and the public initializer.
public struct MockControl: Sendable {
    /// The mock's base URL, with `/ns/<name>` for a namespace.
    public let baseURL: URL
    /// Sent as `Authorization: Bearer <token>` on every call.
    public let token: String?
    public let transport: MockControlTransport
    /// How often the `waitFor…` helpers ask again.
    public var pollInterval: Duration

    /// Every field given; the public initializer (RepairMinderMockControl) defaults the transport to URLSession.
    package init(at baseURL: URL, token: String?, transport: MockControlTransport, pollInterval: Duration) {
        self.baseURL = baseURL
        self.token = token
        self.transport = transport
        self.pollInterval = pollInterval
    }

    /// The namespace the base URL names (`t42` of `…/ns/t42`), or nil for the default namespace.
    public var namespaceName: String? {
        let parts = baseURL.path.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2] == "ns" else { return nil }
        return String(parts[parts.count - 1])
    }

    /// The server's own base URL: ``baseURL`` without its `/ns/<name>`.
    public var serverURL: URL {
        guard let name = namespaceName else { return baseURL }
        var text = trimmedBase
        text.removeLast(("/ns/" + name).count)
        return URL(string: text) ?? baseURL
    }

    /// The control of the server's default namespace, with the same token and transport.
    public var server: MockControl {
        MockControl(at: serverURL, token: token, transport: transport, pollInterval: pollInterval)
    }

    /// The control of the namespace `name` of the same server (made on its first call).
    public func namespaced(_ name: String) -> MockControl {
        MockControl(at: serverURL.appendingPathComponent("ns").appendingPathComponent(name), token: token,
                    transport: transport, pollInterval: pollInterval)
    }

    /// The console page (`GET /__mock/`), for people: open it in a browser while a test runs.
    public var consoleURL: URL { URL(string: trimmedBase + "/__mock/") ?? baseURL }

    // MARK: - Health and reset

    /// `GET /__mock/health`: status, version and the mock clock. Never needs the control token.
    public func health() async throws -> MockHealth {
        try await data(MockHealth.self, "GET", "/__mock/health")
    }

    /// `POST /__mock/reset`: database, outbox, push record, journal, faults and clock back to the
    /// seed (or to the pinned state, ``pinSnapshot()``).
    @discardableResult
    public func reset() async throws -> MockResetResult {
        try await data(MockResetResult.self, "POST", "/__mock/reset")
    }

    // MARK: - Replay

    /// `GET /__mock/replay`: the namespace's replay seed and its journal's digest.
    public func replay() async throws -> MockReplay {
        try await data(MockReplay.self, "GET", "/__mock/replay")
    }

    /// `PUT /__mock/replay`: from now on the namespace invents every id, token and code from `seed`
    /// (nil: at random) and starts its clock frozen at the seed's `now`; it is reset, so the run
    /// starts here. A 403 when the mock answers beyond loopback without a control token.
    @discardableResult
    public func setReplaySeed(_ seed: String?) async throws -> MockReplay {
        try await data(MockReplay.self, "PUT", "/__mock/replay", json: ["seed": seed.map(MockJSON.string) ?? .null])
    }

    // MARK: - Outbox

    /// `GET /__mock/outbox`: the mail the backend would have sent, newest first; `to` is case-insensitive.
    /// `limit` (1–1000) keeps the newest that many.
    public func outbox(to email: String? = nil, kind: MockMailKind? = nil, limit: Int? = nil) async throws -> [MockMail] {
        try await data([MockMail].self, "GET", "/__mock/outbox",
                       query: ["to": email, "kind": kind?.rawValue, "limit": limit.map(String.init)])
    }

    /// The code of the newest mail to `email` of `kind`, or nil when there is none (yet): see
    /// ``waitForCode(to:kind:timeout:ignoring:)`` to wait for one.
    public func latestCode(to email: String, kind: MockMailKind) async throws -> String? {
        try await outbox(to: email, kind: kind).first?.code
    }

    // MARK: - Clock

    /// `GET /__mock/clock`.
    public func clock() async throws -> MockClockState {
        try await data(MockClockState.self, "GET", "/__mock/clock")
    }

    /// Moves the mock clock by `seconds` (negative and fractional allowed; at most 100 years):
    /// `901` expires an access token, `604801` a 7-day refresh token, `601` a code.
    @discardableResult
    public func advanceClock(by seconds: Double) async throws -> MockClockState {
        try await data(MockClockState.self, "POST", "/__mock/clock", json: ["advance_seconds": .number(seconds)])
    }

    /// Moves the mock clock by `duration`.
    @discardableResult
    public func advanceClock(by duration: Duration) async throws -> MockClockState {
        let (seconds, attoseconds) = duration.components
        return try await advanceClock(by: Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// Sets the mock clock to an instant; it runs on from there with the wall clock.
    @discardableResult
    public func setClock(to instant: Date) async throws -> MockClockState {
        try await data(MockClockState.self, "POST", "/__mock/clock", json: ["now": .string(MockTime.string(instant))])
    }

    /// Stops the mock clock, at `instant` when given, else where it stands: from then on it moves
    /// only when moved (`advanceClock(by:)`, ``setClock(to:)``), so a test that depends on the
    /// time (a TOTP step, an expiry at the second) holds on a machine of any speed.
    @discardableResult
    public func freezeClock(at instant: Date? = nil) async throws -> MockClockState {
        var body: [String: MockJSON] = ["frozen": .bool(true)]
        if let instant { body["now"] = .string(MockTime.string(instant)) }
        return try await data(MockClockState.self, "POST", "/__mock/clock", json: body)
    }

    /// Lets a frozen mock clock run on with the wall clock from where it stands.
    @discardableResult
    public func unfreezeClock() async throws -> MockClockState {
        try await data(MockClockState.self, "POST", "/__mock/clock", json: ["frozen": .bool(false)])
    }

    /// Puts the mock clock back on the wall clock (running, offset 0, to the millisecond), leaving everything
    /// else as it is. The API has no call for it: this reads the offset and moves the clock back by
    /// it (``reset()`` also brings the clock back, with the rest of the state).
    @discardableResult
    public func useWallClock() async throws -> MockClockState {
        var state = try await clock()
        if state.frozen { state = try await unfreezeClock() }
        return state.offsetSeconds == 0 ? state : try await advanceClock(by: -state.offsetSeconds)
    }

    // MARK: - Companies and accounts

    /// `GET /__mock/companies`: every company and its status, by name (the first `limit`, 1–1000, when given).
    public func companies(limit: Int? = nil) async throws -> [MockCompany] {
        try await data([MockCompany].self, "GET", "/__mock/companies", query: ["limit": limit.map(String.init)])
    }

    /// `PATCH /__mock/companies/{id}`: effective on the next request (`suspended` or
    /// `pending_approval` quarantine its signed-in staff).
    @discardableResult
    public func setCompanyStatus(_ companyID: String, to status: MockCompanyStatus) async throws -> MockCompany {
        try await data(MockCompany.self, "PATCH", "/__mock/companies/\(Self.segment(companyID))",
                       json: ["status": .string(status.rawValue)])
    }

    /// `PATCH /__mock/users/{id}`: a staff user deactivated, archived or active again, effective on
    /// their next request (their tokens then fail; their refresh answers `User account is no longer active`).
    @discardableResult
    public func setUserStatus(_ userID: String, to status: MockUserStatus) async throws -> MockUser {
        try await data(MockUser.self, "PATCH", "/__mock/users/\(Self.segment(userID))",
                       json: ["status": .string(status.rawValue)])
    }

    /// `GET /__mock/accounts`: every account and how it signs in (the first `limit`, 1–1000, when given).
    public func accounts(limit: Int? = nil) async throws -> [MockAccount] {
        try await data([MockAccount].self, "GET", "/__mock/accounts", query: ["limit": limit.map(String.init)])
    }

    // MARK: - Journal

    /// `GET /__mock/requests`: the app-API requests answered, oldest first. `method` is exact;
    /// `path` a pattern: exact, `:name` for a segment, or a trailing `*`. `limit` (1–1000) keeps the
    /// newest that many, still oldest first.
    public func journal(method: String? = nil, path: String? = nil, limit: Int? = nil) async throws -> [MockJournalEntry] {
        try await data([MockJournalEntry].self, "GET", "/__mock/requests",
                       query: ["method": method, "path": path, "limit": limit.map(String.init)])
    }

    /// `DELETE /__mock/requests`: empties the journal (ids restart at 1).
    public func clearJournal() async throws {
        try await bare("DELETE", "/__mock/requests")
    }

    // MARK: - Faults

    /// `POST /__mock/faults`: the fault as the mock holds it (its `id` for ``removeFault(id:)``).
    @discardableResult
    public func addFault(_ rule: MockFaultRule) async throws -> MockFault {
        let body = try Self.encoder().encode(rule)
        return try await data(MockFault.self, "POST", "/__mock/faults", body: body, contentType: "application/json")
    }

    /// `GET /__mock/faults`: the active faults, oldest first; `limit` (1–1000) keeps the newest that
    /// many, still oldest first.
    public func faults(limit: Int? = nil) async throws -> [MockFault] {
        try await data([MockFault].self, "GET", "/__mock/faults", query: ["limit": limit.map(String.init)])
    }

    /// `DELETE /__mock/faults`.
    public func clearFaults() async throws {
        try await bare("DELETE", "/__mock/faults")
    }

    /// `POST /__mock/faults` with `action: hold`: matching app requests wait, unanswered and not run,
    /// until the handle releases them. `rule` needs only its method and path (and `times(_:)`,
    /// `holding(timeout:)`, `delayed(by:)` if wanted).
    public func hold(_ rule: MockFaultRule) async throws -> MockHold {
        var holding = rule
        holding.action = .hold
        return MockHold(control: self, fault: try await addFault(holding))
    }

    /// `POST /__mock/faults/{id}/release`; an unknown id is a 404 (`Fault not found`).
    @discardableResult
    public func releaseFault(id: Int, then: MockRelease = .answer, count: Int? = nil) async throws -> MockReleaseResult {
        struct Release: Encodable { let then: MockRelease; let count: Int? }
        let body = try Self.encoder().encode(Release(then: then, count: count))
        return try await data(MockReleaseResult.self, "POST", "/__mock/faults/\(id)/release", body: body,
                              contentType: "application/json")
    }

    /// `DELETE /__mock/faults/{id}`; an unknown id is a 404 (`Fault not found`).
    public func removeFault(id: Int) async throws {
        try await bare("DELETE", "/__mock/faults/\(id)")
    }

    // MARK: - Pushes and mail in

    /// `GET /__mock/device-tokens`: the device tokens apps registered, oldest first. A push is
    /// recorded only for one of these. `limit` (1–1000) keeps the latest registered, still oldest first.
    public func deviceTokens(limit: Int? = nil) async throws -> [MockDeviceToken] {
        try await data([MockDeviceToken].self, "GET", "/__mock/device-tokens", query: ["limit": limit.map(String.init)])
    }

    /// `GET /__mock/push`: the pushes recorded (to `deviceToken` only, when given), newest first;
    /// `limit` (1–1000) keeps the newest that many.
    public func pushes(deviceToken: String? = nil, limit: Int? = nil) async throws -> [MockPush] {
        try await data([MockPush].self, "GET", "/__mock/push",
                       query: ["device_token": deviceToken, "limit": limit.map(String.init)])
    }

    /// `POST /__mock/inbound-email`: a customer's email to a company address (`hello@acme.test`…)
    /// opens an enquiry, or with `ticketID` answers one; staff get their push.
    @discardableResult
    public func inboundEmail(to: String, from: String, fromName: String? = nil, subject: String, body: String,
                             ticketID: String? = nil) async throws -> MockInboundEmailResult {
        var json: [String: MockJSON] = ["to": .string(to), "from": .string(from), "subject": .string(subject),
                                        "body": .string(body)]
        if let fromName { json["from_name"] = .string(fromName) }
        if let ticketID { json["ticket_id"] = .string(ticketID) }
        return try await data(MockInboundEmailResult.self, "POST", "/__mock/inbound-email", json: json)
    }

    // MARK: - Snapshots

    /// `GET /__mock/snapshot`: the namespace's whole state as an SQLite file (usable with `--seed`).
    public func exportSnapshot() async throws -> Data {
        try await checked("GET", "/__mock/snapshot").response.body
    }

    /// `PUT /__mock/snapshot`: replaces the state with such a file (validated first; the clock,
    /// journal and faults stay). A file that is not a state file of this mock is a 400.
    @discardableResult
    public func importSnapshot(_ file: Data) async throws -> MockStateChange {
        try await data(MockStateChange.self, "PUT", "/__mock/snapshot", body: file, contentType: "application/vnd.sqlite3")
    }

    /// `POST /__mock/snapshot/pin`: the current state becomes what ``reset()`` returns to.
    @discardableResult
    public func pinSnapshot() async throws -> MockStateChange {
        try await data(MockStateChange.self, "POST", "/__mock/snapshot/pin")
    }

    // MARK: - Namespaces

    /// A new namespace of its own for one test: named `<prefix>-<12 random hex digits>`, made now
    /// (from the seed) by a reset in it. Hand its `baseURL` to the app; drive it with its `control`.
    public func makeNamespace(prefix: String = "test") async throws -> MockNamespace {
        let suffix = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
        let name = prefix + "-" + suffix
        guard !prefix.isEmpty, name.count <= 64,
              prefix.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-") })
        else {
            throw MockControlError.invalidArgument(
                "Invalid namespace prefix \(prefix.debugDescription): use 1 to 51 of A-Z, a-z, 0-9, _ and -")
        }
        let control = namespaced(name)
        try await control.reset()
        return MockNamespace(name: name, baseURL: control.baseURL, control: control)
    }

    /// The namespace `name` (see ``MockNamespace/name(for:)`` for one made from a test's name), put on
    /// `replaySeed` (nil: random values) and reset, so that a test's run starts from the seed every
    /// time: with a seed, the same requests get the same answers byte for byte (docs/replay.md).
    public func namespace(named name: String, replaySeed: String?) async throws -> MockNamespace {
        guard (1...64).contains(name.utf8.count),
              name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-") })
        else {
            throw MockControlError.invalidArgument(
                "Invalid namespace name \(name.debugDescription): use 1 to 64 of A-Z, a-z, 0-9, _ and -")
        }
        let control = namespaced(name)
        try await control.setReplaySeed(replaySeed)
        return MockNamespace(name: name, baseURL: control.baseURL, control: control)
    }

    /// `GET /__mock/namespaces`: the named namespaces the server holds, most recently used first
    /// (the first `limit`, 1–1000, when given).
    public func namespaces(limit: Int? = nil) async throws -> MockNamespaceList {
        try await server.data(MockNamespaceList.self, "GET", "/__mock/namespaces", query: ["limit": limit.map(String.init)])
    }

    /// `DELETE /__mock/namespaces/{name}`: drops one (its next request starts it afresh); an unknown
    /// name is a 404.
    public func dropNamespace(_ name: String) async throws {
        struct Dropped: Decodable { let name: String; let dropped: Bool }
        _ = try await server.data(Dropped.self, "DELETE", "/__mock/namespaces/\(Self.segment(name))")
    }

    // MARK: - Sessions

    /// `GET /__mock/sessions`: every sign-in, newest first, filtered (`limit` 1–1000, after the rest).
    public func sessions(kind: MockSessionKind? = nil, status: MockSessionStatus? = nil, email: String? = nil,
                         limit: Int? = nil) async throws -> [MockSession] {
        try await data([MockSession].self, "GET", "/__mock/sessions",
                       query: ["kind": kind?.rawValue, "status": status?.rawValue, "email": email,
                               "limit": limit.map(String.init)])
    }

    /// `POST /__mock/sessions`: signs `email` in without the app's steps (no password, no code) and
    /// answers what its final real sign-in step would (staff: the 2FA verify payload with `token` and
    /// `refreshToken`; customer: the verify-code payload). `platform` (default on the mock: mobile)
    /// sets the refresh token's lifetime; `companyID` picks the company of a customer of several.
    public func createSession(email: String, platform: MockPlatform? = nil, companyID: String? = nil) async throws -> MockSignIn {
        var json: [String: MockJSON] = ["email": .string(email)]
        if let platform { json["platform"] = .string(platform.rawValue) }
        if let companyID { json["company_id"] = .string(companyID) }
        let (response, call) = try await checked("POST", "/__mock/sessions", body: MockJSON.object(json).data,
                                                 contentType: "application/json")
        do {
            return try MockSignIn(value: try Self.decoder().decode(DataEnvelope<MockJSON>.self, from: response.body).data)
        } catch {
            throw MockControlError.undecodable(call: call, status: response.status, reason: Self.reason(error),
                                               body: Self.excerpt(response.body))
        }
    }

    /// `DELETE /__mock/sessions/{id}`: revokes a session (its id as ``sessions(kind:status:email:limit:)``
    /// lists it) and answers it as listed now.
    @discardableResult
    public func revokeSession(id: String) async throws -> MockSession {
        try await data(MockSession.self, "DELETE", "/__mock/sessions/\(Self.segment(id))")
    }

    // MARK: - Fixtures

    /// `POST /__mock/fixtures`: adds the builder's clients, orders and enquiries to the mock's
    /// database (of this namespace) in one step, and answers every row made, in the body's order.
    /// A bad body is refused (``MockControlError/refused(call:status:message:code:)``, 400, naming
    /// the field by its path: `orders[0].devices[1].status: …`) and nothing is written.
    @discardableResult
    public func addFixtures(_ fixtures: MockFixtures) async throws -> MockFixtureResult {
        try await addFixtures(json: fixtures.json)
    }

    /// `GET /__mock/orders`: every company's orders, newest first, with their devices and each
    /// device's legal moves; `limit` (1–1000) keeps the newest.
    public func orders(limit: Int? = nil) async throws -> [MockOrder] {
        try await data([MockOrder].self, "GET", "/__mock/orders", query: ["limit": limit.map(String.init)])
    }

    /// `GET /__mock/clients`: every client with the companies they are a client of (the first
    /// `limit`, 1–1000, when given).
    public func clients(limit: Int? = nil) async throws -> [MockClient] {
        try await data([MockClient].self, "GET", "/__mock/clients", query: ["limit": limit.map(String.init)])
    }

    /// `POST /__mock/fixtures` with a body of your own in the seed format (Seeds/README.md): any
    /// subset of its collections, ids and order/ticket numbers optional.
    @discardableResult
    public func addFixtures(json: MockJSON) async throws -> MockFixtureResult {
        try await data(MockFixtureResult.self, "POST", "/__mock/fixtures", body: json.data, contentType: "application/json")
    }

    // MARK: - The console

    /// `GET /__mock/`: the console page's HTML.
    public func consolePage() async throws -> String {
        String(decoding: try await checked("GET", "/__mock/").response.body, as: UTF8.self)
    }

    // MARK: - Any call

    /// One control call as it is, its answer not judged: for what the typed calls do not cover. `path`
    /// is under the base URL (`/__mock/push`); `query` items without a value are left out.
    public func send(_ method: String, _ path: String, query: KeyValuePairs<String, String?> = [:], body: Data? = nil,
                     contentType: String? = nil) async throws -> MockControlResponse {
        try await exchange(method, path, query: query, body: body, contentType: contentType).response
    }
}

// MARK: - Plumbing

extension MockControl {
    var trimmedBase: String {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(MockTime.decode)
        return decoder
    }

    static func callName(_ method: String, target: String) -> String { "\(method) \(target)" }

    /// A path segment, percent-encoded.
    static func segment(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#;")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// `?a=1&b=2` of the items that have a value, percent-encoded (`+` included), or "".
    static func query(_ items: KeyValuePairs<String, String?>) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "+&=?#")
        let parts = items.compactMap { name, value in
            value.map { "\(name)=\($0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0)" }
        }
        return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
    }

    func makeRequest(_ method: String, _ path: String, query: KeyValuePairs<String, String?>, body: Data?,
                     contentType: String?) throws -> (MockControlRequest, String) {
        let rest = path + Self.query(query)
        guard let url = URL(string: trimmedBase + rest) else {
            throw MockControlError.invalidArgument("Not a URL: \(trimmedBase + rest)")
        }
        let basePath = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        var target = basePath
        while target.hasSuffix("/") { target.removeLast() }
        target += rest
        var headers = ["Accept": "application/json"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        if body != nil { headers["Content-Type"] = contentType ?? "application/json" }
        return (MockControlRequest(method: method, url: url, target: target, headers: headers, body: body),
                Self.callName(method, target: target))
    }

    /// One call through the transport, with its name for errors (`GET /ns/t1/__mock/outbox`).
    func exchange(_ method: String, _ path: String, query: KeyValuePairs<String, String?> = [:], body: Data? = nil,
                  contentType: String? = nil) async throws -> (response: MockControlResponse, call: String) {
        let (request, call) = try makeRequest(method, path, query: query, body: body, contentType: contentType)
        do {
            return (try await transport.send(request), call)
        } catch let error as MockControlError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw MockControlError.transport(call: call, underlying: error)
        }
    }

    /// The answer of a call that succeeded (2xx); otherwise the mock's error, typed.
    func checked(_ method: String, _ path: String, query: KeyValuePairs<String, String?> = [:], body: Data? = nil,
                 contentType: String? = nil) async throws -> (response: MockControlResponse, call: String) {
        let (response, call) = try await exchange(method, path, query: query, body: body, contentType: contentType)
        guard (200..<300).contains(response.status) else { throw Self.failure(of: response, call: call) }
        return (response, call)
    }

    /// The one mapping of an error answer: the mock's envelope → ``MockControlError/refused(call:status:message:code:)``,
    /// anything else → ``MockControlError/undecodable(call:status:reason:body:)``.
    static func failure(of response: MockControlResponse, call: String) -> MockControlError {
        struct Envelope: Decodable { let success: Bool; let error: String; let code: String? }
        if let envelope = try? JSONDecoder().decode(Envelope.self, from: response.body), !envelope.success {
            return .refused(call: call, status: response.status, message: envelope.error, code: envelope.code)
        }
        return .undecodable(call: call, status: response.status, reason: "an error status without the mock's error envelope",
                            body: excerpt(response.body))
    }

    static func excerpt(_ body: Data) -> String {
        let text = String(decoding: body.prefix(500), as: UTF8.self)
        return body.count > 500 ? text + "…" : text
    }

    /// The envelope's `data` of a 2xx answer, decoded as `T`.
    func data<T: Decodable>(_ type: T.Type, _ method: String, _ path: String, query: KeyValuePairs<String, String?> = [:],
                            json: [String: MockJSON]) async throws -> T {
        try await data(type, method, path, query: query, body: MockJSON.object(json).data, contentType: "application/json")
    }

    func data<T: Decodable>(_ type: T.Type, _ method: String, _ path: String, query: KeyValuePairs<String, String?> = [:],
                            body: Data? = nil, contentType: String? = nil) async throws -> T {
        let (response, call) = try await checked(method, path, query: query, body: body, contentType: contentType)
        do {
            let envelope = try Self.decoder().decode(DataEnvelope<T>.self, from: response.body)
            guard envelope.success else { throw Self.failure(of: response, call: call) }
            return envelope.data
        } catch let error as MockControlError {
            throw error
        } catch {
            throw MockControlError.undecodable(call: call, status: response.status, reason: Self.reason(error),
                                               body: Self.excerpt(response.body))
        }
    }

    /// A call that answers `{"success": true}`.
    func bare(_ method: String, _ path: String) async throws {
        struct Envelope: Decodable { let success: Bool }
        let (response, call) = try await checked(method, path)
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: response.body), envelope.success else {
            throw MockControlError.undecodable(call: call, status: response.status, reason: "not {\"success\": true}",
                                               body: Self.excerpt(response.body))
        }
    }

    /// A decoding error in a line: what and where.
    static func reason(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        }
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "no key \(path(context)).\(key.stringValue)"
        case DecodingError.typeMismatch(let type, let context):
            return "\(path(context)) is not \(type): \(context.debugDescription)"
        case DecodingError.valueNotFound(let type, let context):
            return "\(path(context)) is null, expected \(type)"
        case DecodingError.dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}

/// `{"success": true, "data": …}`.
struct DataEnvelope<T: Decodable>: Decodable {
    let success: Bool
    let data: T
}

/// The mock's timestamps: ISO 8601, `Z` or an offset, fractions of a second allowed.
enum MockTime {
    static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }

    /// Whole seconds as `2026-12-01T09:00:00Z`, else with milliseconds.
    static func string(_ date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
        return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: !whole))
    }

    @Sendable static func decode(_ decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = parse(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 time: \(text)")
        }
        return date
    }
}
