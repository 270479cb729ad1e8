import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MockServer
import RepairMinderMockControl
import MockTestSupport

// The control library's tests run on MockTestSupport's one harness, on a socket
// (`withMock(.live) { mock in … }`): the library is tested over URLSession, as a UI test uses it.
// What they add here: controls made otherwise, and the few app-API calls that make the mock send
// mail, pushes and sessions, written with the library's own `MockJSON`.

/// The app's requests, apart from the harness's session: the same user agent as the iOS app, so a
/// sign-in here is a mobile one.
private let appSession: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 20
    return URLSession(configuration: configuration)
}()

extension MockHarness {
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
        let (data, response) = try await appSession.data(for: request)
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

    /// The whole staff sign-in through the app's requests, the code waited for with the library
    /// (`using` a namespace's control, under its `base`): the access token.
    func signInStaffToken(_ email: String = MockSeed.Staff.admin.email, using control: MockControl? = nil,
                          base: URL? = nil) async throws -> String {
        let userID = try await requestStaffCode(email, base: base)
        let code = try await (control ?? self.control).waitForCode(to: email, kind: .staff2FA, timeout: patience)
        let verify = try await app("POST", "/api/auth/2fa/verify", ["userId": .string(userID), "code": .string(code)],
                                   base: base)
        guard let token = verify.data["token"]?.stringValue else { throw TestFailure("verify failed: \(verify.json)") }
        return token
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
