import Foundation
import Testing
import MockServer
import RepairMinderMockControl
import MockTestSupport

/// Faults (the builder, add, list, remove, clear) and the request journal, against a live mock.
@Suite struct FaultAndJournalCallTests {
    @Test func theBuilderWritesOnlyTheKeysItSets() throws {
        func json(_ rule: MockFaultRule) throws -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try encoder.encode(rule), as: UTF8.self)
        }
        #expect(try json(.on("POST", "/api/auth/refresh").failing(status: 503).times(1))
                == #"{"count":1,"method":"POST","path":"/api/auth/refresh","status":503}"#)
        #expect(try json(.on("/api/orders*").failing(status: 500, body: ["error": "boom"]))
                == #"{"body":{"error":"boom"},"path":"/api/orders*","status":500}"#)
        #expect(try json(.on("/api/auth/me").delayed(by: .milliseconds(1500))) == #"{"latency_ms":1500,"path":"/api/auth/me"}"#)
        #expect(try json(.on("/api/auth/me").droppingConnection()) == #"{"action":"drop_connection","path":"/api/auth/me"}"#)
        #expect(try json(.on("GET", "/api/x").truncatingBody().delayed(by: .seconds(2)))
                == #"{"action":"truncate_body","latency_ms":2000,"method":"GET","path":"/api/x"}"#)
        #expect(try json(.on("POST", "/api/auth/refresh").holding(timeout: .seconds(5)).times(2))
                == #"{"action":"hold","count":2,"method":"POST","path":"/api/auth/refresh","timeout_ms":5000}"#)
    }

    /// `hold(_:)`: the handle waits until a request is held, lists it, releases it (the request then
    /// runs and answers), and an unknown fault's release is the mock's 404.
    @Test func aHoldsHandleWaitsListsAndReleases() async throws {
        try await withMock(.live) { mock in
            let gate = try await mock.control.hold(.on("GET", "/api/auth/me").times(1))
            #expect(gate.fault.action == .hold && gate.fault.timeoutMs == 30000 && gate.fault.held.isEmpty)
            async let held = mock.app("GET", "/api/auth/me")
            let waiting = try await gate.waitUntilHeld()
            #expect(waiting.map(\.id) == [1])
            #expect(waiting.first?.method == "GET" && waiting.first?.path == "/api/auth/me")
            #expect(try await gate.held().count == 1)
            #expect(try await gate.release() == 1)
            #expect(try await held.status == 401)
            // Spent: gone with its one request.
            #expect(try await mock.control.faults().isEmpty)

            let unknown = await controlError { try await mock.control.releaseFault(id: 7) }
            #expect(unknown?.status == 404 && unknown?.message == "Fault not found")
            let timedOut = await controlError {
                try await mock.control.hold(.on("/api/never")).waitUntilHeld(timeout: .milliseconds(50))
            }
            guard case .timedOut(let what, _, let seen)? = timedOut else {
                Issue.record("expected timedOut, got \(String(describing: timedOut))")
                return
            }
            #expect(what == "1 request held by fault 2 (/api/never)" && seen == "0 held")
        }
    }

    @Test func faultsAreAddedListedRemovedAndCleared() async throws {
        try await withMock(.live) { mock in
            let control = mock.control
            let status = try await control.addFault(.on("POST", "/api/auth/refresh")
                .failing(status: 503, body: ["success": false, "error": "Service unavailable"]).times(2))
            #expect(status.id == 1)
            #expect(status.method == "POST" && status.path == "/api/auth/refresh")
            #expect(status.remaining == 2 && status.status == 503 && status.latencyMs == nil && status.action == nil)
            #expect(status.body == ["success": false, "error": "Service unavailable"])

            let latency = try await control.addFault(.on("/api/orders/:id").delayed(by: .milliseconds(10)))
            #expect(latency.method == nil && latency.remaining == nil && latency.latencyMs == 10 && latency.body == nil)
            let drop = try await control.addFault(.on("/api/auth/me").droppingConnection().times(1))
            #expect(drop.action == .dropConnection)
            let truncate = try await control.addFault(.on("GET", "/api/companies/*").truncatingBody())
            #expect(truncate.action == .truncateBody)

            #expect(try await control.faults().map(\.id) == [1, 2, 3, 4])
            try await control.removeFault(id: latency.id)
            #expect(try await control.faults().map(\.id) == [1, 3, 4])

            let unknown = await controlError { try await control.removeFault(id: 99) }
            #expect(unknown?.status == 404)
            #expect(unknown?.message == "Fault not found")

            try await control.clearFaults()
            #expect(try await control.faults().isEmpty)
        }
    }

    @Test func anInjectedStatusAnswersTheAppAndCountsDown() async throws {
        try await withMock(.live) { mock in
            let control = mock.control
            try await control.addFault(.on("GET", "/api/auth/me").failing(status: 503, body: ["error": "down"]).times(1))
            let faulted = try await mock.app("GET", "/api/auth/me")
            #expect(faulted.status == 503)
            #expect(faulted.json == ["error": "down"])
            #expect(try await control.faults().isEmpty)
            #expect(try await mock.app("GET", "/api/auth/me").status == 401)
        }
    }

    @Test(arguments: [
        (MockFaultRule.on("api/no-slash").failing(status: 503), "Invalid or missing field: path"),
        (MockFaultRule.on("post", "/api/x").failing(status: 503), "Invalid or missing field: method"),
        (MockFaultRule.on("/api/x").failing(status: 503).times(0), "Invalid or missing field: count"),
        (MockFaultRule.on("/api/x").delayed(by: .seconds(61)), "Invalid or missing field: latency_ms"),
        (MockFaultRule.on("/api/x").failing(status: 99), "Invalid or missing field: status"),
        (MockFaultRule(path: "/api/x", body: ["error": "x"], action: .truncateBody), "body needs a status"),
        (MockFaultRule.on("/api/x").failing(status: 503).droppingConnection(), "drop_connection cannot have a status or body"),
        (MockFaultRule.on("/api/x"), "A fault needs latency_ms, status or action"),
    ])
    func aBadFaultIsRefusedWithTheMocksMessage(rule: MockFaultRule, message: String) async throws {
        try await withMock(.live) { (mock) async throws in
            let error = await controlError { try await mock.control.addFault(rule) }
            guard case .refused(let call, let status, let text, let code)? = error else {
                Issue.record("expected refused, got \(String(describing: error))")
                return
            }
            #expect(call == "POST /__mock/faults")
            #expect(status == 400)
            #expect(text == message)
            #expect(code == nil)
            #expect(error?.description == "POST /__mock/faults → 400 \(message)")
            #expect(try await mock.control.faults().isEmpty)
        }
    }

    @Test func theJournalListsFiltersAndClears() async throws {
        try await withMock(.live) { mock in
            let control = mock.control
            let before = Date()
            _ = try await mock.requestStaffCode()
            _ = try await mock.app("GET", "/api/auth/me?x=1")
            _ = try await control.outbox()   // control calls are not recorded

            let all = try await control.journal()
            #expect(all.map(\.id) == [1, 2, 3])
            #expect(all.map(\.path) == ["/api/auth/login", "/api/auth/2fa/request", "/api/auth/me"])
            let me = all[2]
            #expect(me.method == "GET" && me.status == 401 && me.query == "x=1" && me.who == nil)
            #expect(me.durationMs >= 0)
            #expect(me.time >= before - 1 && me.time <= Date())   // to the second
            #expect(me.description == "#3 GET /api/auth/me?x=1 → 401")

            #expect(try await control.journal(method: "POST").count == 2)
            #expect(try await control.journal(path: "/api/auth/*").count == 3)
            #expect(try await control.journal(method: "POST", path: "/api/auth/login").map(\.status) == [200])
            #expect(try await control.journal(method: "GET", path: "/api/auth/login").isEmpty)

            let token = try await mock.signInStaffToken()
            _ = try await mock.app("GET", "/api/auth/me", bearer: token)
            #expect(try await control.journal(path: "/api/auth/me").last?.who == "staff:\(MockSeed.Staff.admin.id)")

            let bad = await controlError { _ = try await control.journal(path: "/api/*/x") }
            #expect(bad?.status == 400)
            #expect(bad?.message == "Invalid or missing field: path")

            try await control.clearJournal()
            #expect(try await control.journal().isEmpty)
        }
    }
}
