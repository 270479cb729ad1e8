import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MockProxy
import MockServer
import RepairMinderClient
import RepairMinderMockControl
import MockTestSupport

// The integration tests run on MockTestSupport's one harness, on a socket: `withMock(.live)`, or
// `withMock(proxied: true)` with a drift proxy of the test's own in front of the app API
// (docs/drift.md; the control API is still the mock's). What they add here: the app's typed
// clients, raw requests, and the control calls they read typed.

/// A mock of the test's own, listening, with a `MockProxy` in front of its app API when `proxied`
/// (`mock.proxy`); both stopped when `body` returns or throws (`withStarted`, MockTestSupport).
func withMock<T>(
    isolation: isolated (any Actor)? = #isolation,
    _ configure: (inout MockServerConfiguration) -> Void = { _ in },
    proxied: Bool,
    _ body: (MockHarness) async throws -> T
) async throws -> T {
    let front: ((URL) throws -> (url: URL, running: any Stoppable))? = proxied ? { try proxyFront($0) } : nil
    return try await withStarted(isolation: isolation, { try MockHarness(.live, configure, front: front) }, body)
}

/// A drift proxy on 127.0.0.1 in front of `upstream`.
private func proxyFront(_ upstream: URL) throws -> (url: URL, running: any Stoppable) {
    var configuration = MockProxyConfiguration(upstream: upstream)
    configuration.hosts = ["127.0.0.1"]
    configuration.logger.logLevel = .critical
    let proxy = try MockProxy(configuration: configuration)
    try proxy.start()
    return (proxy.baseURL, proxy)
}

extension MockProxy: Stoppable {}

/// The raw requests' own session (the harness keeps its own to itself).
private let rawSession: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 20
    return URLSession(configuration: configuration)
}()

extension MockHarness {
    /// The drift proxy in front of the app API (`withMock(proxied: true)`), else nil.
    var proxy: MockProxy? { front as? MockProxy }

    // MARK: Clients of the app API

    /// A client of the mock. Strict decoding is on: any key a model does not read, or an enum
    /// value the client does not know, fails the call with `.decoding(keyPath:…)` — but on a mock
    /// started with `--vary extra-key`, whose unknown key is what strict decoding exists to catch:
    /// there the client decodes as the app does.
    func client(userAgent: String = APIClient.Configuration.defaultUserAgent,
                refreshPolicy: RefreshPolicy = .singleFlight,
                store: any TokenStore = InMemoryTokenStore(),
                transport: any HTTPTransport = URLSessionTransport(),
                strict: Bool? = nil) -> APIClient {
        let extraKeys = server.configuration.vary?.contains("extra-key") == true || server.configuration.vary == "all"
        return APIClient(configuration: .init(baseURL: appURL, userAgent: userAgent, refreshPolicy: refreshPolicy,
                                              strictDecoding: strict ?? !extraKeys),
                         tokenStore: store, transport: transport)
    }

    // MARK: Raw HTTP

    struct RawReply: Sendable {
        let status: Int
        let body: Data
        var object: [String: Any] { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:] }
        var error: String? { object["error"] as? String }
    }

    /// A request outside the client (control API, or the app API with a token of the test's choice).
    func raw(_ method: String, _ path: String, json: [String: any Sendable]? = nil, bearer: String? = nil,
             userAgent: String = "IntegrationTests/1.0 (Linux)") async throws -> RawReply {
        let base = path.hasPrefix("/__mock") ? baseURL : appURL
        var request = URLRequest(url: URL(string: base.absoluteString + path)!)
        request.httpMethod = method
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        let (data, response) = try await rawSession.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw TestFailure("no HTTP response") }
        return RawReply(status: http.statusCode, body: data)
    }

    // MARK: Control API (the harness's control, the library over HTTP as a UI test uses it), typed

    /// The newest code mailed to `email` of `kind`; a failure when there is none.
    func code(to email: String, kind: MockMailKind) async throws -> String {
        guard let code = try await control.latestCode(to: email, kind: kind) else {
            throw TestFailure("no \(kind) code for \(email)")
        }
        return code
    }

    func journal(method: String? = nil, path: String? = nil) async throws -> [MockJournalEntry] {
        try await control.journal(method: method, path: path)
    }

    func clearJournal() async throws { try await control.clearJournal() }

    func addFault(_ fault: MockFaultRule) async throws { try await control.addFault(fault) }

    func clearFaults() async throws { try await control.clearFaults() }

    /// Sets the mock clock to an instant (`MockSeed.referenceNow` is the seed's reference time).
    func setClock(_ instant: Date) async throws { try await control.setClock(to: instant) }

    /// The pushes recorded for `deviceToken` (all when nil), newest first; `payload.json` is the
    /// payload as APNs would deliver it.
    func recordedPushes(to deviceToken: String? = nil) async throws -> [MockPush] {
        try await control.pushes(deviceToken: deviceToken)
    }

    // MARK: Sign-in shortcuts through the client

    /// Password + emailed 2FA code, the way the app signs staff in.
    @MainActor
    func signIn(_ session: StaffSession, email: String = MockSeed.Staff.admin.email) async throws {
        _ = try await session.login(email: email, password: MockSeed.password)
        try await session.requestTwoFactorCode()
        let code = try await code(to: email, kind: .staff2FA)
        try await session.verifyTwoFactor(code: code)
    }

    /// A signed-in staff session of its own client.
    @MainActor
    func signedInStaff(email: String = MockSeed.Staff.admin.email, userAgent: String = APIClient.Configuration.defaultUserAgent,
                       refreshPolicy: RefreshPolicy = .singleFlight,
                       store: any TokenStore = InMemoryTokenStore(),
                       transport: any HTTPTransport = URLSessionTransport(),
                       push: Bool = false) async throws -> StaffSession {
        let client = client(userAgent: userAgent, refreshPolicy: refreshPolicy, store: store, transport: transport)
        let session = StaffSession(client: client, push: push ? PushRegistration(client: client, role: .staff) : nil)
        try await signIn(session, email: email)
        return session
    }
}

extension MockHarness {
    /// A signed-in customer session of its own client (magic-link code; `companyId` answers the
    /// company selection of a customer of several companies).
    @MainActor
    func signedInCustomer(email: String = MockSeed.Customer.jane.email, companyId: String? = nil,
                          store: any TokenStore = InMemoryTokenStore(), push: Bool = false) async throws -> CustomerSession {
        let client = client(store: store)
        let session = CustomerSession(client: client, push: push ? PushRegistration(client: client, role: .customer) : nil)
        try await session.requestMagicLink(email: email)
        let code = try await code(to: email, kind: .customerMagicLink)
        switch try await session.verifyCode(email: email, code: code) {
        case .signedIn:
            break
        case .companySelectionRequired(let selection):
            try await session.selectCompany(companyId ?? selection.companies[0].id)
        }
        return session
    }
}

/// The error a call threw, as the typed error (or nil if it did not throw).
func typedError(isolation: isolated (any Actor)? = #isolation,
                _ body: () async throws -> Void) async -> RepairMinderError? {
    do {
        try await body()
        return nil
    } catch let error as RepairMinderError {
        return error
    } catch {
        return .transport("not a RepairMinderError: \(error)")
    }
}

/// A store shared with another instance, that returns a stale snapshot of the staff slot on its
/// next read: an instance whose view predates another's rotation.
actor StaleViewStore: TokenStore {
    private let backing: any TokenStore
    private var staleStaff: Data?

    init(sharing backing: any TokenStore) {
        self.backing = backing
    }

    /// Serves `snapshot` on the next staff read, then the shared store again.
    func serveOnce(_ snapshot: Data?) { staleStaff = snapshot }

    func read(_ slot: TokenSlot) async throws -> Data? {
        if slot == .staff, let stale = staleStaff {
            staleStaff = nil
            return stale
        }
        return try await backing.read(slot)
    }

    func write(_ data: Data?, to slot: TokenSlot) async throws {
        try await backing.write(data, to: slot)
    }
}

/// An in-memory store that remembers every staff credential written to it.
actor RecordingStore: TokenStore {
    private var slots: [TokenSlot: Data] = [:]
    private(set) var writtenStaff: [StaffCredentials] = []

    func read(_ slot: TokenSlot) -> Data? { slots[slot] }

    func write(_ data: Data?, to slot: TokenSlot) {
        slots[slot] = data
        if slot == .staff, let data {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            if let credentials = try? decoder.decode(StaffCredentials.self, from: data) {
                writtenStaff.append(credentials)
            }
        }
    }
}

/// ``URLSessionTransport`` that asks for a new connection per request (`Connection: close`).
///
/// Needed to test a dropped POST on Linux: when a reused keep-alive connection is dropped,
/// libcurl (FoundationNetworking) resends the request on a new connection but without its body,
/// so the server waits for the body and answers 408 after its 10 s request timeout. A dropped
/// request on a fresh connection is not resent and surfaces as the transport error the app sees.
struct FreshConnectionTransport: HTTPTransport {
    let base = URLSessionTransport()

    func send(_ request: APIClient.Request) async throws -> APIClient.Response {
        var request = request
        request.headers["Connection"] = "close"
        return try await base.send(request)
    }
}

/// ``URLSessionTransport`` that runs `hook` after each answer, before handing it back, with the
/// number of answers so far to that path: a test's way to change the server between two requests
/// of one client call (e.g. expire the token between two pages of a walk).
final class HookTransport: HTTPTransport {
    private let base = URLSessionTransport()
    private let counts = PathCounter()
    private let hook: @Sendable (APIClient.Request, APIClient.Response, Int) async throws -> Void

    init(_ hook: @escaping @Sendable (APIClient.Request, APIClient.Response, Int) async throws -> Void) {
        self.hook = hook
    }

    func reset() async { await counts.reset() }

    func send(_ request: APIClient.Request) async throws -> APIClient.Response {
        let response = try await base.send(request)
        let count = await counts.increment(request.url.path)
        try await hook(request, response, count)
        return response
    }

    private actor PathCounter {
        var counts: [String: Int] = [:]
        func increment(_ path: String) -> Int {
            counts[path, default: 0] += 1
            return counts[path]!
        }
        func reset() { counts = [:] }
    }
}
