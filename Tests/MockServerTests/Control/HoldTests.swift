import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import MockServer
import MockBasics
import MockTestSupport
import RepairMinderMockControl

/// `hold` faults (`POST /__mock/faults {"action": "hold"}`, `POST /__mock/faults/{id}/release`): a
/// request waits, unanswered and not run, until the test lets it go; everything else is served
/// meanwhile; nothing held outlives a reset, its fault, its namespace, its timeout or the server.
/// Over a socket (`.live`): a held request keeps its connection's thread waiting.
@Suite struct HoldTests {
    /// Waits until fault `id` holds `count` requests; the fault as listed.
    static func waitUntilHeld(_ mock: MockHarness, fault id: Int, count: Int = 1) async throws -> JSONValue {
        let deadline = ContinuousClock.now + .seconds(90)   // a loaded machine: the request may be slow to come
        while true {
            let faults = try await mock.get("/__mock/faults").data.array ?? []
            if let fault = faults.first(where: { $0["id"]?.number == Double(id) }),
               (fault["held"]?.array?.count ?? 0) >= count {
                return fault
            }
            guard ContinuousClock.now < deadline else {
                let journal = try await mock.get("/__mock/requests").data
                throw TestFailure("fault \(id) never held \(count): \(faults); journal: \(journal)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    static func addHold(_ mock: MockHarness, _ method: String, _ path: String,
                        extra: [String: JSONValue] = [:]) async throws -> Int {
        // Two minutes unless the test says: with both cores busy, a test's steps between the hold and
        // its release took longer than the default 30 s.
        var body: [String: JSONValue] = ["method": .string(method), "path": .string(path), "action": .string("hold"),
                                         "timeout_ms": 120_000]
        body.merge(extra) { $1 }
        let added = try await mock.post("/__mock/faults", body)
        #expect(added.status == 201)
        return Int(try #require(added.data["id"]?.number))
    }

    @Test func aHeldRequestWaitsUntilReleasedWhileEverythingElseIsServed() async throws {
        try await withSignedInMock(.live, { $0.freezeClock() }) { mock, admin in
            let id = try await Self.addHold(mock, "GET", "/api/auth/me")
            async let held = mock.get("/api/auth/me", bearer: admin.token)

            let fault = try await Self.waitUntilHeld(mock, fault: id)
            #expect(fault == .object([
                "id": .int(Int64(id)), "method": "GET", "path": "/api/auth/me", "remaining": .null, "latency_ms": .null,
                "status": .null, "body": .null, "action": "hold", "timeout_ms": .int(120_000),
                "held": .array([.object(["id": 1, "method": "GET", "path": "/api/auth/me",
                                         "held_at": .string(Timestamp.string(MockSeed.referenceNow))])]),
            ]))
            // Meanwhile: the app's other calls, the control API, and nothing of the held one journaled.
            #expect(try await mock.get("/api/dashboard/stats", bearer: admin.token).status == 200)
            #expect(try await mock.get("/__mock/health").status == 200)
            #expect(try await mock.get("/__mock/requests?path=/api/auth/me").data == .array([]))

            let release = try await mock.post("/__mock/faults/\(id)/release")
            #expect(release.status == 200)
            #expect(release.json == .object(["success": true, "data": .object(["released": .int(1), "held": .int(0)])]))
            let answer = try await held
            #expect(answer.status == 200)
            #expect(answer.data["user"]?["email"] == "admin@acme.test")
            // Until cleared: it stays, holding nothing, and holds the next one too.
            #expect(try await mock.get("/__mock/faults").data[0]?["held"] == .array([]))
            #expect(try await mock.get("/__mock/requests?path=/api/auth/me").data[0]?["status"] == .int(200))
        }
    }

    /// The race the app must survive, played step by step: two refreshes with one token, the first
    /// released rotates it, the second is a reuse and ends the whole family.
    @Test func twoHeldRefreshesReleasedOneByOneRotateThenMeetTheReuse() async throws {
        try await withSignedInMock(.live, { $0.freezeClock() }) { mock, admin in
            let id = try await Self.addHold(mock, "POST", "/api/auth/refresh", extra: ["count": .int(2)])
            let body: [String: JSONValue] = ["refreshToken": .string(admin.refreshToken)]
            async let first = mock.post("/api/auth/refresh", body)
            async let second = mock.post("/api/auth/refresh", body)
            _ = try await Self.waitUntilHeld(mock, fault: id, count: 2)
            #expect(try await mock.get("/__mock/faults").data[0]?["remaining"] == .int(0))

            let one = try await mock.post("/__mock/faults/\(id)/release", ["count": .int(1)])
            #expect(one.data == .object(["released": .int(1), "held": .int(1)]))
            let two = try await mock.post("/__mock/faults/\(id)/release", ["count": .int(1)])
            #expect(two.data == .object(["released": .int(1), "held": .int(0)]))

            let answers = [try await first, try await second].sorted { $0.status < $1.status }
            #expect(answers.map(\.status) == [200, 401])
            #expect(answers[1].error == "Token reuse detected. All sessions revoked. Please log in again.")
            let rotated = try #require(answers[0].data["token"]?.string)
            #expect(try await mock.get("/api/auth/me", bearer: rotated).status == 401)   // the family is over
            // Spent and empty: the fault is gone with its last held request.
            #expect(try await mock.get("/__mock/faults").data == .array([]))
        }
    }

    /// The lost rotation answer: the refresh commits, the connection closes without an answer, and
    /// the app's retry with the token it still holds is a reuse.
    @Test func aRefreshReleasedWithADroppedConnectionCommitsAndItsRetryIsAReuse() async throws {
        try await withSignedInMock(.live, { $0.freezeClock() }) { mock, admin in
            let id = try await Self.addHold(mock, "POST", "/api/auth/refresh", extra: ["count": .int(1)])
            let body: [String: JSONValue] = ["refreshToken": .string(admin.refreshToken)]
            // Over a bare socket: URLSession on Linux (libcurl) resends a request whose reused
            // connection closed without an answer, which is not the point here.
            let socket = try LoopbackSocket(port: mock.server.port, receiveTimeout: 10)
            let json = #"{"refreshToken":"\#(admin.refreshToken)"}"#
            try socket.send(Array("POST /api/auth/refresh HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n\r\n\(json)".utf8))
            _ = try await Self.waitUntilHeld(mock, fault: id)

            let release = try await mock.post("/__mock/faults/\(id)/release", ["then": "drop_connection"])
            #expect(release.data == .object(["released": .int(1), "held": .int(0)]))
            var buffer = [UInt8](repeating: 0, count: 256)
            #expect(socket.receive(into: &buffer) == 0)   // closed, no answer
            #expect(try await mock.get("/__mock/requests?path=/api/auth/refresh").data[0]?["status"] == .int(0))

            let retry = try await mock.post("/api/auth/refresh", body)
            #expect(retry.status == 401)
            #expect(retry.error == "Token reuse detected. All sessions revoked. Please log in again.")
            #expect(try await mock.get("/api/auth/me", bearer: admin.token).status == 401)
        }
    }

    @Test func releasedWithATruncatedBodyTheRequestRunsAndHalfItsAnswerIsSent() async throws {
        try await withMock(.live) { mock in
            let id = try await Self.addHold(mock, "GET", "/api/auth/me")
            async let cut = mock.get("/api/auth/me")
            _ = try await Self.waitUntilHeld(mock, fault: id)
            _ = try await mock.post("/__mock/faults/\(id)/release", ["then": "truncate_body"])
            let cutAnswer: MockHarness.Reply? = try? await cut
            #expect(cutAnswer == nil, "a whole answer came: \(cutAnswer?.status ?? 0)")
            #expect(try await mock.get("/__mock/requests?path=/api/auth/me").data[0]?["status"] == .int(401))
        }
    }

    /// A reset answers what is held 503, saying so, before the journal is emptied.
    @Test func aResetLetsHeldRequestsGoWithA503SayingWhy() async throws {
        try await withMock(.live) { mock in
            let id = try await Self.addHold(mock, "GET", "/api/auth/me")
            async let held = mock.get("/api/auth/me")
            _ = try await Self.waitUntilHeld(mock, fault: id)
            #expect(try await mock.post("/__mock/reset").status == 200)
            let answer = try await held
            #expect(answer.status == 503)
            #expect(answer.json == .object(["success": false,
                                            "error": .string("Held by fault \(id), then let go unanswered: the mock was reset")]))
            #expect(answer.header("X-Mock-Hold-End") == "reset")
            #expect(answer.header("X-Mock-Fault") == "injected")
            #expect(try await mock.get("/__mock/faults").data == .array([]))
            #expect(try await mock.get("/__mock/requests").data == .array([]))
        }
    }

    @Test(arguments: [("DELETE", "/__mock/faults/1", "fault_removed", "the fault was removed"),
                      ("DELETE", "/__mock/faults", "faults_cleared", "the faults were cleared")])
    func removingTheFaultLetsItsHeldRequestsGo(method: String, path: String, code: String, reason: String) async throws {
        try await withMock(.live) { mock in
            let id = try await Self.addHold(mock, "GET", "/api/auth/me")
            async let held = mock.get("/api/auth/me")
            _ = try await Self.waitUntilHeld(mock, fault: id)
            #expect(try await mock.send(method, path).status == 200)
            let answer = try await held
            #expect(answer.status == 503)
            #expect(answer.error == "Held by fault 1, then let go unanswered: \(reason)")
            #expect(answer.header("X-Mock-Hold-End") == code)
            #expect(try await mock.get("/__mock/requests?path=/api/auth/me").data[0]?["status"] == .int(503))
        }
    }

    @Test func aHoldTimesOutAfterItsTimeout() async throws {
        try await withMock(.live) { mock in
            let id = try await Self.addHold(mock, "GET", "/api/auth/me", extra: ["timeout_ms": .int(200)])
            let answer = try await mock.get("/api/auth/me")
            #expect(answer.status == 503)
            #expect(answer.error == "Held by fault \(id), then let go unanswered: the hold timed out after 200 ms (the fault's timeout_ms)")
            #expect(answer.header("X-Mock-Hold-End") == "timeout")
            #expect(try await mock.get("/__mock/faults").data[0]?["held"] == .array([]))
        }
    }

    @Test func droppingItsNamespaceLetsAHeldRequestGo() async throws {
        try await withMock(.live) { mock in
            let space = try MockHarness(namespace: "held", of: mock)
            let id = try await Self.addHold(space, "GET", "/api/auth/me")
            async let held = space.get("/api/auth/me")
            _ = try await Self.waitUntilHeld(space, fault: id)
            #expect(try await mock.send("DELETE", "/__mock/namespaces/held").status == 200)
            let answer = try await held
            #expect(answer.status == 503)
            #expect(answer.header("X-Mock-Hold-End") == "namespace_dropped")
            #expect(answer.error == "Held by fault \(id), then let go unanswered: the namespace was dropped")
        }
    }

    @Test func stoppingTheServerLetsAHeldRequestGo() async throws {
        let server = try MockServer.startedForTesting()
        let control = MockControl(baseURL: server.baseURL)
        let gate = try await control.hold(.on("GET", "/api/auth/me"))
        let held = Task { try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("api/auth/me")) }
        do {
            try await gate.waitUntilHeld(timeout: .seconds(90))   // a loaded machine: as `waitUntilHeld` above
        } catch {
            server.stop()
            throw error
        }
        server.stop()
        let (body, response) = try await held.value
        #expect((response as? HTTPURLResponse)?.statusCode == 503)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Mock-Hold-End") == "server_stopping")
        #expect(String(decoding: body, as: UTF8.self)
                == #"{"success":false,"error":"Held by fault 1, then let go unanswered: the server is stopping"}"#)
    }

    /// Past the namespace's limit a matching request is answered at once, not held.
    @Test func pastTheLimitAMatchingRequestIsAnswered503AndNotHeld() async throws {
        try await withMock(.live, { $0.maxHeldRequests = 1 }) { mock in
            let id = try await Self.addHold(mock, "GET", "/api/auth/me")
            async let held = mock.get("/api/auth/me")
            _ = try await Self.waitUntilHeld(mock, fault: id)
            let refused = try await mock.get("/api/auth/me")
            #expect(refused.status == 503)
            #expect(refused.error == "Too many held requests: this namespace holds 1 already (fault \(id) did not hold this one); release some first")
            #expect(try await mock.post("/__mock/faults/\(id)/release").data["released"] == .int(1))
            #expect(try await held.status == 401)
        }
    }

    @Test(arguments: [
        ("/__mock/faults/1/release", #"{"count":0}"#, 400, "Invalid or missing field: count"),
        ("/__mock/faults/1/release", #"{"then":"explode"}"#, 400, "Invalid or missing field: then"),
        ("/__mock/faults/1/release", #"[1]"#, 400, "Invalid JSON body"),
        ("/__mock/faults/2/release", #"{}"#, 404, "Fault not found"),
        ("/__mock/faults/x/release", "", 404, "Fault not found"),
    ])
    func aBadReleaseIsRefusedAndReleasesNothing(path: String, body: String, status: Int, message: String) async throws {
        try await withMock(.live) { mock in
            let id = try await Self.addHold(mock, "GET", "/api/auth/me")
            // The held request over a bare socket of its own: in the full suite, URLSession's held
            // request now and then did not reach the mock in 30 s (five of these run at once).
            let socket = try LoopbackSocket(port: mock.server.port, receiveTimeout: 30)
            try socket.send(Array("GET /api/auth/me HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
            _ = try await Self.waitUntilHeld(mock, fault: id)
            let reply = try await mock.send("POST", path, body: body.isEmpty ? nil : body)
            #expect(reply.status == status)
            #expect(reply.error == message)
            #expect(try await mock.get("/__mock/faults").data[0]?["held"]?.array?.count == 1)
            _ = try await mock.post("/__mock/faults/\(id)/release")
            #expect(String(decoding: socket.receiveAll(), as: UTF8.self).hasPrefix("HTTP/1.1 401"))
        }
    }

    /// Under a replay seed the same holds and releases in the same order make the same journal and digest.
    @Test func theSameReleasesInTheSameOrderReplayToTheSameDigest() async throws {
        func play() async throws -> (digest: String?, journal: [MockJournalEntry]) {
            try await withSignedInMock(.live, { $0.replaySeed = "holds" }) { mock, admin in
                let control = MockControl(baseURL: mock.baseURL)
                let gate = try await control.hold(.on("POST", "/api/auth/refresh").times(2))
                let body: [String: JSONValue] = ["refreshToken": .string(admin.refreshToken)]
                async let first = mock.post("/api/auth/refresh", body)
                async let second = mock.post("/api/auth/refresh", body)
                try await gate.waitUntilHeld(2)
                #expect(try await gate.release(count: 1) == 1)
                #expect(try await gate.release(then: .dropConnection) == 1)
                _ = try? await first
                _ = try? await second
                return (try await control.replay().digest, try await control.journal())
            }
        }
        let one = try await play()
        let two = try await play()
        #expect(one.journal.suffix(2).map(\.status) == [200, 0])
        #expect(one.journal == two.journal)
        #expect(one.digest != nil && one.digest == two.digest)
    }
}
