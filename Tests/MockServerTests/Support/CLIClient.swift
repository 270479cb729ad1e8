import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import MockServer
@testable import MockBasics
import MockTestSupport

/// Plain HTTP to a `repairminder-mock` binary started by a test (`SpawnedMock`): the
/// sign-in and control calls the push and control-token tests need, sending the control token on
/// every `/__mock/` call when the mock has one.
struct CLIClient {
    let port: Int
    var controlToken: String?

    func send(_ method: String, _ path: String, json: [String: JSONValue]? = nil, bearer: String? = nil,
              headers: [String: String] = [:]) async throws -> MockHarness.Reply {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        if let json {
            request.httpBody = try JSONEncoder().encode(json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let bearer = bearer ?? (path.hasPrefix("/__mock/") ? controlToken : nil) {
            request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var lowered: [String: String] = [:]
        for (key, value) in http.allHeaderFields { lowered[String(describing: key).lowercased()] = String(describing: value) }
        return MockHarness.Reply(status: http.statusCode, headers: lowered, body: data)
    }

    /// What a push test of the program starts from: the admin signed in (`signInAdmin`) with their
    /// phone's APNs token registered, so pushes to them are recorded and delivered.
    func signInAdminWithPhone(_ deviceToken: String) async throws {
        try await registerPushToken(deviceToken, bearer: try await signInAdmin())
    }

    /// `admin@acme.test` by password and emailed 2FA code; the access token.
    func signInAdmin() async throws -> String {
        let login = try await send("POST", "/api/auth/login", json: ["email": "admin@acme.test", "password": "password123"])
        guard let userID = login.data["userId"]?.string else { throw TestFailure("login failed: \(login.status)") }
        _ = try await send("POST", "/api/auth/2fa/request", json: ["userId": .string(userID), "email": "admin@acme.test"])
        let outbox = try await send("GET", "/__mock/outbox?to=admin@acme.test&kind=staff_2fa")
        guard let code = outbox.data[0]?["code"]?.string else { throw TestFailure("no 2FA code: \(outbox.status)") }
        let verify = try await send("POST", "/api/auth/2fa/verify", json: ["userId": .string(userID), "code": .string(code)])
        guard let token = verify.data["token"]?.string else { throw TestFailure("2FA verify failed: \(verify.status)") }
        return token
    }

    func registerPushToken(_ deviceToken: String, bearer: String) async throws {
        let reply = try await send("POST", "/api/user/device-token", json: [
            "device_token": .string(deviceToken), "platform": "ios", "app_type": "staff"], bearer: bearer)
        guard reply.status == 200 else { throw TestFailure("token not registered: \(reply.status)") }
    }

    /// A customer's email to Acme: a new enquiry, which pushes `new_enquiry` to every active Acme
    /// staff member. Answers the inbound-email reply (`ticket_id`, `ticket_number`).
    func newEnquiry(subject: String = "Battery price?") async throws -> MockHarness.Reply {
        try await send("POST", "/__mock/inbound-email", json: [
            "to": "hello@acme.test", "from": "noah.walker@example.test", "from_name": "Noah Walker",
            "subject": .string(subject), "body": "How much is a battery for an iPhone 12?"])
    }

    /// Recorded pushes, newest first.
    func pushes() async throws -> [JSONValue] {
        try await send("GET", "/__mock/push").data.array ?? []
    }

    /// The exact stored payload of the `new_enquiry` push for an enquiry (compact JSON, keys sorted).
    static func enquiryPayload(ticketID: String, number: Int, subject: String = "Battery price?") -> String {
        ##"{"aps":{"alert":{"body":"#\##(number): \##(subject)","title":"New enquiry"},"sound":"default"},"ticket_id":"\##(ticketID)","type":"new_enquiry"}"##
    }
}

/// Polls `condition` every 20 ms for at most `seconds`; true once it holds.
func eventually(seconds: Double = 15, _ condition: () throws -> Bool) async rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return try condition()
}
