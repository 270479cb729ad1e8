import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MockServer
import RepairMinderMockControl
import MockTestSupport

/// Starts a mock of the test's own (127.0.0.1, port 0, in-memory, seeded), runs `body` with it, and
/// stops it whether `body` returns or throws (`withStarted`, MockTestSupport).
func withMock<T>(
    isolation: isolated (any Actor)? = #isolation,
    _ configure: (inout MockServerConfiguration) -> Void = { _ in },
    _ body: (LiveMock) async throws -> T
) async throws -> T {
    try await withStarted(isolation: isolation, { try LiveMock(configure) }, body)
}

/// A running mock: the library's control over URLSession (with the server's control token, if any),
/// and the few app-API calls the tests need to make the mock send mail, pushes and sessions.
final class LiveMock: Stoppable {
    let server: MockServer
    let baseURL: URL
    /// The control the tests exercise: the library as a UI test would make it, polling every 20 ms.
    let control: MockControl
    private let session: URLSession

    /// Starts a mock of the test's own (`MockServer.startedForTesting(configure)`).
    init(_ configure: (inout MockServerConfiguration) -> Void = { _ in }) throws {
        server = try MockServer.startedForTesting(configure)
        baseURL = server.baseURL
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 20
        session = URLSession(configuration: configuration)
        control = MockControl(baseURL: server.baseURL, token: server.configuration.controlToken,
                              pollInterval: .milliseconds(20))
    }

    func stop() {
        session.invalidateAndCancel()
        server.stop()
    }

    /// The same control with another token (or none).
    func control(token: String?) -> MockControl {
        MockControl(baseURL: baseURL, token: token, pollInterval: .milliseconds(20))
    }

    /// A control polling every 10 ms whose transport runs `hook` once, after the first answer to a
    /// call to `path` (``hookedTransport(after:calls:_:)``).
    func control(hookedAfter path: String, calls: CallCounter = CallCounter(),
                 _ hook: @escaping @Sendable () async throws -> Void) -> MockControl {
        MockControl(baseURL: baseURL, token: server.configuration.controlToken,
                    transport: hookedTransport(after: path, calls: calls, hook), pollInterval: .milliseconds(10))
    }

    // MARK: The app API, by hand

    struct Answer: Sendable {
        let status: Int
        let json: MockJSON
        var data: MockJSON { json["data"] ?? .null }
    }

    /// An app-API request (`/api/…`), under `base` (a namespace's URL) when given.
    func app(_ method: String, _ path: String, _ body: MockJSON? = nil, bearer: String? = nil,
             base: URL? = nil) async throws -> Answer {
        var request = URLRequest(url: URL(string: (base ?? baseURL).absoluteString + path)!)
        request.httpMethod = method
        if let body {
            request.httpBody = body.data
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        request.setValue("RepairMinder-iOS/1.0 (iPhone; iOS 17.0)", forHTTPHeaderField: "User-Agent")
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return Answer(status: status, json: (try? MockJSON(parsing: data)) ?? .null)
    }

    /// Password, then the 2FA request: what makes the mock mail a `staff_2fa` code.
    func requestStaffCode(_ email: String = MockSeed.Staff.admin.email, base: URL? = nil) async throws -> String {
        let login = try await app("POST", "/api/auth/login", ["email": .string(email), "password": .string(MockSeed.password)],
                                  base: base)
        guard let userID = login.data["userId"]?.stringValue else { throw TestFailure("login failed: \(login.json)") }
        let request = try await app("POST", "/api/auth/2fa/request", ["userId": .string(userID), "email": .string(email)],
                                    base: base)
        guard request.status == 200 else { throw TestFailure("2FA request failed: \(request.json)") }
        return userID
    }

    /// The whole staff sign-in, the code read with the library: the access token.
    func signInStaff(_ email: String = MockSeed.Staff.admin.email, using control: MockControl? = nil, base: URL? = nil) async throws -> String {
        let userID = try await requestStaffCode(email, base: base)
        let code = try await (control ?? self.control).waitForCode(to: email, kind: .staff2FA, timeout: patience)
        let verify = try await app("POST", "/api/auth/2fa/verify", ["userId": .string(userID), "code": .string(code)],
                                   base: base)
        guard let token = verify.data["token"]?.stringValue else { throw TestFailure("verify failed: \(verify.json)") }
        return token
    }

    /// A customer's magic-link code, verified (with `companyID` for a customer of several companies).
    func signInCustomer(_ email: String = MockSeed.Customer.jane.email, companyID: String? = nil) async throws -> String {
        _ = try await app("POST", "/api/customer/auth/request-magic-link", ["email": .string(email)])
        let code = try await control.waitForCode(to: email, kind: .customerMagicLink, timeout: patience)
        var body: [String: MockJSON] = ["email": .string(email), "code": .string(code)]
        if let companyID { body["companyId"] = .string(companyID) }
        let verify = try await app("POST", "/api/customer/auth/verify-code", .object(body))
        guard let token = verify.data["token"]?.stringValue else { throw TestFailure("verify failed: \(verify.json)") }
        return token
    }

    func registerPushToken(_ token: String, appType: String, bearer: String) async throws {
        let answer = try await app("POST", "/api/user/device-token",
                                   ["device_token": .string(token), "platform": "ios", "app_type": .string(appType)],
                                   bearer: bearer)
        guard answer.status == 200 else { throw TestFailure("token not registered: \(answer.json)") }
    }
}

/// The ``MockControlError`` `body` threw, or nil when it did not throw one.
func controlError(isolation: isolated (any Actor)? = #isolation,
                  _ body: () async throws -> Void) async -> MockControlError? {
    do {
        try await body()
        return nil
    } catch let error as MockControlError {
        return error
    } catch {
        return .invalidArgument("not a MockControlError: \(error)")
    }
}

/// The URLSession transport, that runs `hook` once, after the first answer to a call whose target
/// contains `path` and before handing that answer back: the app acting between two polls of a
/// waiting helper, with no sleep. `calls` counts those calls.
func hookedTransport(after path: String, calls: CallCounter = CallCounter(),
                     _ hook: @escaping @Sendable () async throws -> Void) -> MockControlTransport {
    MockControlTransport { request in
        let response = try await MockControlTransport.urlSession.send(request)
        if request.target.contains(path), await calls.next() == 1 { try await hook() }
        return response
    }
}

actor CallCounter {
    private(set) var count = 0
    func next() -> Int {
        count += 1
        return count
    }
}
