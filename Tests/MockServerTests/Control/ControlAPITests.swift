import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import MockTestSupport
import RepairMinderMockControl

/// The `/__mock/` control API over real HTTP, each endpoint with its bad input.
@Suite struct ControlAPITests {
    @Test func healthReportsStatusVersionAndClock() async throws {
        try await withMock({ $0.clockStart = Timestamp.parse("2026-11-21T10:15:00Z"); $0.clockFrozen = true }) { mock in
            let reply = try await mock.get("/__mock/health")
            #expect(reply.status == 200)
            #expect(reply.json["success"] == .bool(true))
            #expect(reply.data.keys == ["status", "version", "now"])
            #expect(reply.data["status"] == .string("ok"))
            #expect(reply.data["now"]?.string?.hasPrefix("2026-11-21T10:15:0") == true)
        }
    }

    @Test func clockAdvancesAndJumps() async throws {
        try await withMock({ $0.clockStart = Timestamp.parse("2026-11-21T10:00:00Z"); $0.clockFrozen = true }) { mock in
            let advanced = try await mock.post("/__mock/clock", ["advance_seconds": .int(3600)])
            #expect(advanced.status == 200)
            #expect(advanced.data["now"]?.string?.hasPrefix("2026-11-21T11:00:0") == true)
            let jumped = try await mock.post("/__mock/clock", ["now": .string("2027-01-01T00:00:00Z")])
            #expect(jumped.data["now"]?.string?.hasPrefix("2027-01-01T00:00:0") == true)
            let read = try await mock.get("/__mock/clock")
            #expect(read.data.keys == ["now", "offset_seconds", "frozen"])
        }
    }

    @Test(arguments: [
        (#"{}"#, "Give advance_seconds, now or frozen"),
        (#"{"frozen": null}"#, "Give advance_seconds, now or frozen"),
        (#"{"frozen": "yes"}"#, "Invalid or missing field: frozen"),
        (#"{"frozen": true, "advance_seconds": 1, "now": "2026-01-01T00:00:00Z"}"#, "Give exactly one of advance_seconds or now"),
        (#"{"advance_seconds": 1, "now": "2026-01-01T00:00:00Z"}"#, "Give exactly one of advance_seconds or now"),
        (#"{"advance_seconds": "ten"}"#, "Invalid or missing field: advance_seconds"),
        (#"{"now": "yesterday"}"#, "Invalid or missing field: now"),
        (#"{"advance_seconds": 1e300}"#, "Invalid or missing field: advance_seconds"),
        (#"not json"#, "Invalid JSON body"),
    ])
    func clockRejectsBadInput(body: String, message: String) async throws {
        try await withMock { mock in
            let before = try await mock.get("/__mock/clock").data["offset_seconds"]?.number ?? .nan
            let reply = try await mock.send("POST", "/__mock/clock", body: body)
            #expect(reply.status == 400)
            #expect(reply.json == .object(["success": .bool(false), "error": .string(message)]))
            let after = try await mock.get("/__mock/clock")
            #expect(abs((after.data["offset_seconds"]?.number ?? .nan) - before) < 1)
            #expect(after.data["frozen"] == .bool(false), "a refused body freezes nothing")
        }
    }

    @Test func aFrozenClockStandsWhereItIsPutAndMovesOnlyWhenMoved() async throws {
        try await withMock { mock in
            let frozen = try await mock.post("/__mock/clock", ["frozen": .bool(true), "now": .string("2026-11-21T10:15:00Z")])
            #expect(frozen.status == 200)
            #expect(frozen.data["now"] == .string("2026-11-21T10:15:00Z"))
            #expect(frozen.data["frozen"] == .bool(true))
            let moved = try await mock.post("/__mock/clock", ["advance_seconds": .int(30)])
            #expect(moved.data["now"] == .string("2026-11-21T10:15:30Z"))
            #expect(moved.data["frozen"] == .bool(true))
            #expect(try await mock.get("/__mock/clock").data["now"] == .string("2026-11-21T10:15:30Z"))
            let running = try await mock.post("/__mock/clock", ["frozen": .bool(false)])
            #expect(running.data["frozen"] == .bool(false))
            #expect(running.data["now"]?.string?.hasPrefix("2026-11-21T10:1") == true)
            _ = try await mock.post("/__mock/clock", ["frozen": .bool(true)])
            let reset = try await mock.post("/__mock/reset", [:])
            #expect(reset.status == 200)
            #expect(try await mock.get("/__mock/clock").data["frozen"] == .bool(false), "reset: the clock runs as the server started")
        }
    }

    @Test func aClockFrozenAtStartReadsExactlyItsStartUntilMoved() throws {
        let start = try #require(Timestamp.parse("2026-11-21T10:15:00Z"))
        let clock = MockClock(start: start, frozen: true)
        #expect(clock.now() == start)
        #expect(clock.isFrozen)
        clock.advance(by: 30)
        #expect(clock.now() == start + 30)
        clock.set(start + 90)
        #expect(clock.now() == start + 90)
        clock.unfreeze()
        #expect(!clock.isFrozen)
        #expect(clock.now() >= start + 90 && clock.now() < start + 90 + 3600)
        clock.reset()
        #expect(clock.now() == start && clock.isFrozen)
        #expect(!MockClock(start: start).isFrozen)
    }

    @Test func companyStatusFlipsAndBadInputIsRejected() async throws {
        try await withMock { mock in
            let changed = try await mock.send("PATCH", "/__mock/companies/\(MockSeed.Company.acme)", body: #"{"status":"suspended"}"#)
            #expect(changed.status == 200)
            #expect(changed.data == .object(["id": .string(MockSeed.Company.acme), "name": .string("Acme Repairs"),
                                             "status": .string("suspended")]))

            let unknownStatus = try await mock.send("PATCH", "/__mock/companies/\(MockSeed.Company.beta)", body: #"{"status":"closed"}"#)
            #expect(unknownStatus.status == 400)
            #expect(unknownStatus.error == "Invalid or missing field: status")
            let missing = try await mock.send("PATCH", "/__mock/companies/\(MockSeed.Company.beta)", body: #"{}"#)
            #expect(missing.error == "Invalid or missing field: status")
            let unknownCompany = try await mock.send("PATCH", "/__mock/companies/nope", body: #"{"status":"active"}"#)
            #expect(unknownCompany.status == 404)
            #expect(unknownCompany.error == "Company not found")
            // Beta untouched by the rejected requests.
            let beta = try await mock.send("PATCH", "/__mock/companies/\(MockSeed.Company.beta)", body: #"{"status":"active"}"#)
            #expect(beta.data["status"] == .string("active"))
        }
    }

    /// `PATCH /__mock/users/{id}`: deactivated, the user's token fails at once and their refresh
    /// says why; archived, signing in says so; active again, they sign in. Bad input changes nothing.
    @Test func aStaffUsersStandingChangesOnTheNextRequestAndBadInputIsRejected() async throws {
        try await withSignedInMock { mock, admin in
            let path = "/__mock/users/\(MockSeed.Staff.admin.id)"
            let deactivated = try await mock.send("PATCH", path, body: #"{"status":"deactivated"}"#)
            #expect(deactivated.json == .object(["success": true, "data": .object([
                "id": .string(MockSeed.Staff.admin.id), "email": "admin@acme.test", "status": "deactivated"])]))
            #expect(try await mock.get("/api/auth/me", bearer: admin.token).status == 401)
            let refresh = try await mock.post("/api/auth/refresh", ["refreshToken": .string(admin.refreshToken)])
            #expect(refresh.status == 401 && refresh.error == "User account is no longer active")

            #expect(try await mock.send("PATCH", path, body: #"{"status":"archived"}"#).data["status"] == "archived")
            let login = try await mock.post("/api/auth/login", ["email": "admin@acme.test", "password": "password123"])
            #expect(login.status == 401 && login.error == "Account has been archived and cannot login")

            for (body, message) in [(#"{"status":"gone"}"#, "Invalid or missing field: status"),
                                    (#"{}"#, "Invalid or missing field: status")] {
                let bad = try await mock.send("PATCH", path, body: body)
                #expect(bad.status == 400 && bad.error == message)
            }
            let unknown = try await mock.send("PATCH", "/__mock/users/nope", body: #"{"status":"active"}"#)
            #expect(unknown.status == 404 && unknown.error == "User not found")
            let customer = try await mock.send("PATCH", "/__mock/users/\(MockSeed.Customer.jane.id)", body: #"{"status":"active"}"#)
            #expect(customer.status == 404, "a customer is not a staff user")

            #expect(try await mock.send("PATCH", path, body: #"{"status":"active"}"#).data["status"] == "active")
            _ = try await mock.signInStaff("admin@acme.test")
        }
    }

    @Test func outboxListsNewestFirstAndFilters() async throws {
        try await withMock { mock in
            #expect(try await mock.outboxCount() == 0)
            _ = try await mock.post("/api/auth/magic-link/request", ["email": .string("engineer@acme.test")])
            _ = try await mock.post("/api/customer/auth/request-magic-link", ["email": .string("jane@customer.test")])
            _ = try await mock.post("/api/auth/magic-link/request", ["email": .string("engineer@acme.test")])
            let all = try await mock.get("/__mock/outbox")
            #expect(all.data.array?.count == 3)
            let first = try #require(all.data[0])
            #expect(first.keys == ["id", "to", "kind", "subject", "body", "code", "sent_at"])
            #expect(first["to"] == .string("engineer@acme.test"))
            let engineer = try await mock.get("/__mock/outbox?to=engineer@acme.test&kind=staff_magic_link")
            #expect(engineer.data.array?.count == 2)
            let code = try #require(engineer.data[0]?["code"]?.string)
            #expect(code.count == 6 && code.allSatisfy(\.isNumber))
            #expect(engineer.data[0]?["body"]?.string?.contains(code) == true)
            let jane = try await mock.get("/__mock/outbox?kind=customer_magic_link")
            #expect(jane.data.array?.count == 1)
            let bad = try await mock.get("/__mock/outbox?kind=carrier_pigeon")
            #expect(bad.status == 400)
            #expect(bad.error == "Unknown outbox kind: carrier_pigeon")
        }
    }

    @Test func resetRestoresSeedOutboxJournalFaultsAndClock() async throws {
        try await withMock { mock in
            try await mock.setCompanyStatus(MockSeed.Company.acme, "suspended")
            _ = try await mock.post("/api/auth/magic-link/request", ["email": .string("engineer@acme.test")])
            try await mock.advanceClock(seconds: 86_400)
            _ = try await mock.post("/__mock/faults", ["path": .string("/api/nowhere"), "status": .int(500)])
            let reset = try await mock.post("/__mock/reset")
            #expect(reset.status == 200)
            #expect(reset.data.keys == ["now", "duration_ms"])
            #expect(try await mock.outboxCount() == 0)
            #expect(try await mock.get("/__mock/requests").data.array?.isEmpty == true)
            #expect(try await mock.get("/__mock/faults").data.array?.isEmpty == true)
            let offset = try await mock.get("/__mock/clock").data["offset_seconds"]?.number ?? .nan
            #expect(abs(offset) < 5)
            // Acme is active again: its admin signs in and reaches a non-allow-listed route family.
            let tokens = try await mock.signInStaff("admin@acme.test")
            let me = try await mock.get("/api/auth/me", bearer: tokens.token)
            #expect(me.data["company"]?["status"] == .string("active"))
        }
    }

    @Test func journalRecordsFiltersAndClears() async throws {
        try await withMock { mock in
            _ = try await mock.post("/api/auth/login", ["email": .string("admin@acme.test"), "password": .string("wrong")])
            _ = try await mock.get("/api/auth/me")
            let tokens = try await mock.signInStaff("admin@acme.test")
            _ = try await mock.get("/api/auth/me", bearer: tokens.token)

            let all = try await mock.get("/__mock/requests")
            let entries = try #require(all.data.array)
            #expect(entries.count == 6)   // control requests are not journalled
            #expect(entries[0].keys == ["id", "method", "path", "query", "status", "duration_ms", "who", "time", "digest"])
            #expect(entries[0]["status"] == .int(401))
            let me = try await mock.get("/__mock/requests?method=GET&path=/api/auth/me")
            #expect(me.data.array?.map { $0["status"] } == [.int(401), .int(200)])
            #expect(me.data[1]?["who"] == .string("staff:\(MockSeed.Staff.admin.id)"))
            #expect(me.data[0]?["who"] == .null)
            let prefix = try await mock.get("/__mock/requests?path=/api/auth/2fa*")
            #expect(prefix.data.array?.count == 2)
            #expect(me.data[0]?["query"] == .null)
            // The query is journalled as sent: not decoded, without the `?`.
            _ = try await mock.get("/api/auth/me?probe=1&x=%20y&z=%3F")
            let probed = try await mock.get("/__mock/requests?method=GET&path=/api/auth/me")
            #expect(probed.data.array?.last?["query"] == .string("probe=1&x=%20y&z=%3F"))
            let badPattern = try await mock.get("/__mock/requests?path=api")
            #expect(badPattern.status == 400)
            #expect(badPattern.error == "Invalid or missing field: path")

            let cleared = try await mock.send("DELETE", "/__mock/requests")
            #expect(cleared.json == .object(["success": .bool(true)]))
            #expect(try await mock.get("/__mock/requests").data.array?.isEmpty == true)
        }
    }

    @Test func statusFaultAnswersForCountThenStops() async throws {
        try await withMock { mock in
            let created = try await mock.send("POST", "/__mock/faults", body: """
                {"method":"POST","path":"/api/auth/login","count":2,"status":503,"body":{"success":false,"error":"Maintenance"}}
                """)
            #expect(created.status == 201)
            #expect(created.data["remaining"] == .int(2))
            let login: [String: JSONValue] = ["email": .string("admin@acme.test"), "password": .string("password123")]
            for _ in 0..<2 {
                let reply = try await mock.post("/api/auth/login", login)
                #expect(reply.status == 503)
                #expect(reply.json == .object(["success": .bool(false), "error": .string("Maintenance")]))
                #expect(reply.header("X-Mock-Fault") == "injected")
            }
            #expect(try await mock.post("/api/auth/login", login).status == 200)
            #expect(try await mock.get("/__mock/faults").data.array?.isEmpty == true)
        }
    }

    @Test func latencyFaultDelaysAndPatternMatchesParameters() async throws {
        try await withSignedInMock { mock, tokens in
            _ = try await mock.post("/__mock/faults", ["path": .string("/api/companies/:id"), "latency_ms": .int(300)])
            let started = Date()
            let reply = try await mock.get("/api/companies/\(MockSeed.Company.acme)", bearer: tokens.token)
            #expect(reply.status == 200)
            #expect(Date().timeIntervalSince(started) >= 0.3)
            let journal = try await mock.get("/__mock/requests?path=/api/companies/:id")
            #expect((journal.data[0]?["duration_ms"]?.number ?? 0) >= 300)
            // Until cleared: still there.
            #expect(try await mock.get("/__mock/faults").data.array?.count == 1)
            let cleared = try await mock.send("DELETE", "/__mock/faults")
            #expect(cleared.status == 200)
            #expect(try await mock.get("/__mock/faults").data.array?.isEmpty == true)
        }
    }

    @Test func dropAndTruncateFaultsBreakTheTransport() async throws {
        try await withMock { mock in
            // Until cleared: HTTP clients retry a request whose reused connection died silently.
            _ = try await mock.post("/__mock/faults", ["path": .string("/api/auth/me"), "action": .string("drop_connection")])
            await #expect(throws: (any Error).self) { try await mock.get("/api/auth/me") }
            _ = try await mock.send("DELETE", "/__mock/faults")
            #expect(try await mock.get("/api/auth/me").status == 401)

            let fault = try await mock.post("/__mock/faults", ["path": .string("/__nothing*"), "action": .string("truncate_body")])
            let id = try #require(fault.data["id"]?.number)
            let removed = try await mock.send("DELETE", "/__mock/faults/\(Int(id))")
            #expect(removed.status == 200)
            let again = try await mock.send("DELETE", "/__mock/faults/\(Int(id))")
            #expect(again.status == 404)
            #expect(again.error == "Fault not found")
            let journal = try await mock.get("/__mock/requests?path=/api/auth/me")
            #expect(journal.data[0]?["status"] == .int(0))
        }
    }

    @Test(arguments: [
        (#"{"status":500}"#, "Invalid or missing field: path"),
        (#"{"path":"api/x","status":500}"#, "Invalid or missing field: path"),
        (#"{"path":"/a*b","status":500}"#, "Invalid or missing field: path"),
        (#"{"path":"/x"}"#, "A fault needs latency_ms, status or action"),
        (#"{"path":"/x","status":99}"#, "Invalid or missing field: status"),
        (#"{"path":"/x","status":"500"}"#, "Invalid or missing field: status"),
        (#"{"path":"/x","latency_ms":-1}"#, "Invalid or missing field: latency_ms"),
        (#"{"path":"/x","latency_ms":600000}"#, "Invalid or missing field: latency_ms"),
        (#"{"path":"/x","status":500,"count":0}"#, "Invalid or missing field: count"),
        (#"{"path":"/x","action":"explode"}"#, "Invalid or missing field: action"),
        (#"{"path":"/x","action":"drop_connection","status":500}"#, "drop_connection cannot have a status or body"),
        (#"{"path":"/x","body":{"a":1}}"#, "body needs a status"),
        (#"{"path":"/x","method":"get","status":500}"#, "Invalid or missing field: method"),
        (#"[1,2]"#, "Invalid JSON body"),
    ])
    func faultRejectsBadInputAndAddsNothing(body: String, message: String) async throws {
        try await withMock { mock in
            let reply = try await mock.send("POST", "/__mock/faults", body: body)
            #expect(reply.status == 400)
            #expect(reply.error == message)
            #expect(try await mock.get("/__mock/faults").data.array?.isEmpty == true)
        }
    }

    @Test func pushRecordStartsEmpty() async throws {
        try await withMock { mock in
            let reply = try await mock.get("/__mock/push")
            #expect(reply.status == 200)
            #expect(reply.data == .array([]))
        }
    }

    @Test func controlAPICanBeTurnedOff() async throws {
        try await withMock({ $0.controlAPI = false }) { mock in
            for path in ["/__mock/outbox", "/__mock/reset", "/__mock/snapshot", "/__mock/namespaces", "/ns/t1/__mock/clock"] {
                let reply = try await mock.get(path)
                #expect(reply.status == 404, "\(path)")
                #expect(reply.json == .object(["success": .bool(false), "error": .string("Not found")]))
            }
            #expect(try await mock.send("POST", "/__mock/reset").status == 404)
            // Health stays: container health checks need it, and it changes and reveals nothing.
            let health = try await mock.get("/__mock/health")
            #expect(health.status == 200)
            #expect(health.data["status"] == .string("ok"))
        }
    }

    @Test func unknownPathIs404AndWrongMethodIs405WithAllow() async throws {
        try await withMock { mock in
            let missing = try await mock.get("/api/nothing-here")
            #expect(missing.status == 404)
            let wrong = try await mock.send("DELETE", "/api/auth/login")
            #expect(wrong.status == 405)
            #expect(wrong.header("Allow") == "POST")
            #expect(wrong.error == "Method not allowed")
        }
    }
}

/// Faults that break the transport, observed on a raw socket.
@Suite struct TransportFaultTests {
    /// Sends one `Connection: close` request and reads until the server closes.
    static func rawExchange(port: Int, _ request: String) throws -> [UInt8] {
        try LoopbackSocket.exchange(port: port, request, receiveTimeout: 5)
    }

    /// One raw `GET /api/auth/me` with a one-shot fault of `action` on it.
    static func getMeOnce(_ mock: MockHarness, withFault action: String) async throws -> [UInt8] {
        _ = try await mock.post("/__mock/faults", ["path": .string("/api/auth/me"), "action": .string(action),
                                                   "count": .int(1)])
        return try rawExchange(port: mock.server.port,
                               "GET /api/auth/me HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
    }

    @Test func truncateFaultSendsTheFullLengthButHalfTheBody() async throws {
        try await withMock(.live) { mock in   // what the transport does with the answer
            let raw = try await Self.getMeOnce(mock, withFault: "truncate_body")
            let text = String(decoding: raw, as: UTF8.self)
            let parts = text.components(separatedBy: "\r\n\r\n")
            #expect(parts[0].hasPrefix("HTTP/1.1 401"))
            let declared = try #require(parts[0].split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) })
            let full = #"{"success":false,"error":"Unauthorized"}"#.utf8.count
            #expect(declared == full)
            #expect(parts[1].utf8.count == full / 2)
            // The next request is whole again (count 1).
            #expect(try await mock.get("/api/auth/me").json == .object(["success": .bool(false), "error": .string("Unauthorized")]))
        }
    }

    @Test func dropFaultClosesWithoutAByte() async throws {
        try await withMock(.live) { mock in   // what the transport does with the answer
            let raw = try await Self.getMeOnce(mock, withFault: "drop_connection")
            #expect(raw.isEmpty)
            let journal = try await mock.get("/__mock/requests?path=/api/auth/me")
            #expect(journal.data[0]?["status"] == .int(0))
        }
    }
}
