import Foundation
import Testing
import MockServer
import RepairMinderMockControl
import MockTestSupport

/// The control token, the one error mapping (refused, transport, undecodable), and an injected transport.
@Suite struct ErrorAndTransportTests {
    static let token = "ui-tests-0123456789abcdef"

    @Test func aGuardedMockRefusesTheLibraryWithoutItsTokenAndAcceptsItWithIt() async throws {
        try await withMock(.live, { $0.controlToken = Self.token }) { mock in
            let without = mock.control(token: nil)
            let missing = await controlError { try await without.reset() }
            guard case .refused(let call, let status, let message, let code)? = missing else {
                Issue.record("expected refused, got \(String(describing: missing))")
                return
            }
            #expect(call == "POST /__mock/reset")
            #expect(status == 401)
            #expect(message == "Control token required")
            #expect(code == "CONTROL_TOKEN_REQUIRED")
            #expect(missing?.description == "POST /__mock/reset → 401 Control token required (CONTROL_TOKEN_REQUIRED)")

            let wrong = await controlError { _ = try await mock.control(token: "another-token").outbox() }
            #expect(wrong?.status == 401)
            #expect(wrong?.message == "Invalid control token")
            #expect(wrong?.code == "CONTROL_TOKEN_INVALID")

            // In a namespace too.
            let namespaced = await controlError { _ = try await without.namespaced("guarded").clock() }
            #expect(namespaced?.code == "CONTROL_TOKEN_REQUIRED")

            // Health needs no token; everything else works with it.
            #expect(try await without.health().status == "ok")
            let with = mock.control(token: Self.token)
            try await with.reset()
            #expect(try await with.outbox().isEmpty)
            let namespace = try await with.makeNamespace(prefix: "guarded")
            #expect(try await namespace.control.clock().offsetSeconds == 0)
            #expect(namespace.control.token == Self.token)
            #expect(try await with.namespaces().namespaces.count == 1)
        }
    }

    @Test func noAnswerIsATransportError() async throws {
        // A port nothing listens on: a mock started and stopped.
        let url = try await withMock(.live) { mock in mock.baseURL }
        let control = MockControl(baseURL: url)
        let error = await controlError { _ = try await control.health() }
        guard case .transport(let call, _)? = error else {
            Issue.record("expected transport, got \(String(describing: error))")
            return
        }
        #expect(call == "GET /__mock/health")
        #expect(error?.status == nil && error?.message == nil)
        #expect(error?.description.hasPrefix("GET /__mock/health: no answer: ") == true)
    }

    @Test func answersThatAreNotTheEndpointsAreUndecodable() async throws {
        func answering(_ status: Int, _ body: String) -> MockControl {
            MockControl(baseURL: URL(string: "http://mock.invalid/ns/t1")!, transport: MockControlTransport { _ in
                MockControlResponse(status: status, headers: ["Content-Type": "text/html"], body: Data(body.utf8))
            })
        }
        let html = await controlError { _ = try await answering(200, "<html>proxy</html>").clock() }
        guard case .undecodable(let call, let status, _, let body)? = html else {
            Issue.record("expected undecodable, got \(String(describing: html))")
            return
        }
        #expect(call == "GET /ns/t1/__mock/clock")
        #expect(status == 200)
        #expect(body == "<html>proxy</html>")

        let missingKey = await controlError { _ = try await answering(200, #"{"success": true, "data": {"now": "2026-11-21T10:15:00Z"}}"#).clock() }
        #expect(missingKey?.description.contains("no key .data.offset_seconds") == true)

        let badDate = await controlError { _ = try await answering(200, #"{"success": true, "data": {"now": "yesterday", "offset_seconds": 0}}"#).clock() }
        #expect(badDate?.description.contains("not an ISO 8601 time: yesterday") == true)

        let gateway = await controlError { try await answering(502, "Bad gateway").reset() }
        #expect(gateway?.status == 502)
        #expect(gateway?.message == nil)
        guard case .undecodable? = gateway else {
            Issue.record("expected undecodable, got \(String(describing: gateway))")
            return
        }

        let bare = await controlError { try await answering(200, #"{"success": false}"#).clearFaults() }
        guard case .undecodable? = bare else {
            Issue.record("expected undecodable, got \(String(describing: bare))")
            return
        }
    }

    @Test func anInjectedTransportGetsEveryCallWithItsTokenTargetAndBody() async throws {
        try await withMock(.live) { mock in
            let seen = RequestLog()
            let base = URL(string: mock.baseURL.absoluteString + "/ns/inject-1")!
            let control = MockControl(baseURL: base, token: "t0ken", transport: MockControlTransport { request in
                await seen.append(request)
                return try await MockControlTransport.urlSession.send(request)
            })
            #expect(control.namespaceName == "inject-1")
            _ = try await control.outbox(to: "a+b@example.test", kind: .staff2FA)
            try await control.advanceClock(by: 60)
            let requests = await seen.requests
            #expect(requests.map(\.method) == ["GET", "POST"])
            #expect(requests[0].target == "/ns/inject-1/__mock/outbox?to=a%2Bb@example.test&kind=staff_2fa")
            #expect(requests[0].url.absoluteString == mock.baseURL.absoluteString + requests[0].target)
            #expect(requests[0].body == nil)
            #expect(requests[0].headers["Content-Type"] == nil)
            #expect(requests.allSatisfy { $0.headers["Authorization"] == "Bearer t0ken" })
            #expect(requests[1].headers["Content-Type"] == "application/json")
            #expect(requests[1].body.map { String(decoding: $0, as: UTF8.self) } == #"{"advance_seconds":60}"#)
            // The namespace moved, the server's default did not.
            #expect(abs(try await control.clock().offsetSeconds - 60) < 1)
            #expect(abs(try await mock.control.clock().offsetSeconds) < 1)
        }
    }

    @Test func aThrowingTransportIsReportedAsTransportWithItsError() async throws {
        struct Offline: Error {}
        let control = MockControl(baseURL: URL(string: "http://127.0.0.1:9")!, transport: MockControlTransport { _ in
            throw Offline()
        })
        let error = await controlError { _ = try await control.faults() }
        guard case .transport(let call, let underlying)? = error else {
            Issue.record("expected transport, got \(String(describing: error))")
            return
        }
        #expect(call == "GET /__mock/faults")
        #expect(underlying is Offline)
    }

    @Test func rawCallsGoThroughTheSameTransportAndToken() async throws {
        try await withMock(.live, { $0.controlToken = Self.token }) { mock in
            let response = try await mock.control.send("GET", "/__mock/outbox", query: ["to": MockSeed.Staff.admin.email, "kind": nil])
            #expect(response.status == 200)
            #expect(response.header("content-type")?.hasPrefix("application/json") == true)
            #expect(try MockJSON(parsing: response.body) == ["success": true, "data": []])
            #expect(try await mock.control(token: nil).send("POST", "/__mock/reset").status == 401)
        }
    }
}

actor RequestLog {
    private(set) var requests: [MockControlRequest] = []
    func append(_ request: MockControlRequest) { requests.append(request) }
}
