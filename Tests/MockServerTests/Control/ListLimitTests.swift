import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import MockTestSupport
import RepairMinderMockControl

/// Every list of the control API takes `?limit=` (1…1000; omitted = all) and says in
/// `X-Total-Count` how many items there were before the cut (after its other filters), so that a
/// caller (a coding agent above all, through MCP) asks for a small answer and knows it was cut. A
/// list kept newest first keeps its first items; one kept oldest first (the journal, the device
/// tokens, the faults) keeps its newest, still oldest first.
@Suite struct ListLimitTests {
    enum Keep: Sendable { case first, last }

    /// Every list of the control API and which end a limit keeps.
    static let lists: [(path: String, keep: Keep)] = [
        ("/__mock/accounts", .first), ("/__mock/clients", .first), ("/__mock/companies", .first),
        ("/__mock/device-tokens", .last), ("/__mock/faults", .last), ("/__mock/namespaces", .first),
        ("/__mock/orders", .first), ("/__mock/outbox", .first), ("/__mock/push", .first),
        ("/__mock/requests", .last), ("/__mock/sessions", .first),
    ]

    static let adminPhone = "adm1000000000001"
    static let adminTablet = "adm1000000000002"
    static let engineerPhone = "eng2000000000001"

    /// At least three of everything the control API lists: sessions, mail, device tokens, pushes,
    /// faults, namespaces and journal entries (the seed has the accounts, clients, companies and orders).
    static func busy(_ mock: MockHarness) async throws {
        var tokens: [String] = []
        for email in ["admin@acme.test", "engineer@acme.test", "admin@beta.test"] {
            let minted = try await mock.post("/__mock/sessions", ["email": .string(email)])
            tokens.append(try #require(minted.data["token"]?.string, "\(minted.json)"))
        }
        _ = try await mock.post("/api/auth/magic-link/request", ["email": "engineer@acme.test"])
        for email in ["jane@customer.test", "sam@customer.test"] {
            _ = try await mock.post("/api/customer/auth/request-magic-link", ["email": .string(email)])
        }
        try await mock.registerPushToken(adminPhone, appType: "staff", bearer: tokens[0])
        try await mock.registerPushToken(engineerPhone, appType: "staff", bearer: tokens[1])
        try await mock.registerPushToken(adminTablet, appType: "staff", bearer: tokens[0])
        for pence: Int64 in [100, 200] {   // #10001 is the admin's: two pushes to each of the admin's tokens
            let paid = try await mock.post("/__mock/events", ["type": "payment_received", "order_id": .string(SeedIDs.order(1)),
                                                              "amount_pence": .int(pence)])
            #expect(paid.data["pushes"] == 2, "\(paid.json)")
        }
        for index in 1...3 {
            #expect(try await mock.post("/__mock/faults", ["path": .string("/api/nothing/\(index)"), "status": 503]).status == 201)
            #expect(try await mock.get("/ns/limits-\(index)/__mock/health").status == 200)
        }
    }

    /// The list's items: `data`, or `data.namespaces`.
    static func items(_ reply: MockHarness.Reply, _ path: String) -> [JSONValue] {
        (path.hasPrefix("/__mock/namespaces") ? reply.data["namespaces"]?.array : reply.data.array) ?? []
    }

    /// What stays the same between two reads: a namespace's `idle_seconds` grows as it is read.
    static func stable(_ items: [JSONValue], _ path: String) -> [JSONValue] {
        path == "/__mock/namespaces" ? items.map { $0["name"] ?? .null } : items
    }

    @Test(arguments: lists)
    func aLimitKeepsItsEndOfTheListAndTheHeaderCountsThemAll(path: String, keep: Keep) async throws {
        try await withMock({ $0.freezeClock() }) { mock in
            try await Self.busy(mock)
            let whole = try await mock.get(path)
            #expect(whole.status == 200)
            let all = Self.items(whole, path)
            #expect(all.count >= 3, "\(path) lists \(all.count)")
            #expect(whole.header("X-Total-Count") == String(all.count), "omitted = all, and the header says so")

            for limit in [1, 2, all.count - 1] {
                let reply = try await mock.get("\(path)?limit=\(limit)")
                #expect(reply.status == 200)
                #expect(reply.json.keys == ["success", "data"])
                let expected = keep == .first ? Array(all.prefix(limit)) : Array(all.suffix(limit))
                #expect(Self.stable(Self.items(reply, path), path) == Self.stable(expected, path), "\(path)?limit=\(limit)")
                #expect(reply.header("X-Total-Count") == String(all.count), "\(path)?limit=\(limit)")
            }
            for limit in [all.count, 1000] {
                let reply = try await mock.get("\(path)?limit=\(limit)")
                #expect(Self.stable(Self.items(reply, path), path) == Self.stable(all, path), "\(path)?limit=\(limit) cuts nothing")
                #expect(reply.header("X-Total-Count") == String(all.count))
            }
        }
    }

    @Test(arguments: lists.map(\.path), ["0", "1001", "abc", "-1", "2.5", ""])
    func aBadLimitIsRefusedNamingIt(path: String, limit: String) async throws {
        try await withMock { mock in
            let reply = try await mock.get("\(path)?limit=\(limit)")
            #expect(reply.status == 400)
            #expect(reply.json == ["success": false, "error": "Invalid query parameter: limit"])
            #expect(reply.header("X-Total-Count") == nil)
        }
    }

    @Test func theJournalKeepsTheNewestEntriesStillOldestFirst() async throws {
        try await withMock { mock in
            for index in 1...5 { #expect(try await mock.get("/api/orders/\(index)").status == 401) }
            let all = try #require(try await mock.get("/__mock/requests").data.array)
            #expect(all.map { $0["id"] } == [1, 2, 3, 4, 5])

            let reply = try await mock.get("/__mock/requests?limit=2")
            #expect(reply.status == 200)
            #expect(reply.header("X-Total-Count") == "5")
            let entries = try #require(reply.data.array)
            #expect(entries == Array(all[3...]))
            #expect(entries.map { $0["id"] } == [4, 5])
            #expect(entries.map { $0["path"] } == ["/api/orders/4", "/api/orders/5"])
            #expect(entries[0].keys == ["id", "method", "path", "query", "status", "duration_ms", "who", "time", "digest"])

            // After the other filters: the newest two GETs of /api/orders/:id among six, then of one path.
            _ = try await mock.post("/api/auth/refresh", ["refreshToken": "nope"])
            let orders = try await mock.get("/__mock/requests?method=GET&path=/api/orders/:id&limit=2")
            #expect(orders.data.array?.map { $0["id"] } == [4, 5])
            #expect(orders.header("X-Total-Count") == "5")
            let refresh = try await mock.get("/__mock/requests?path=/api/auth/refresh&limit=2")
            #expect(refresh.data.array?.map { $0["id"] } == [6])
            #expect(refresh.header("X-Total-Count") == "1")
            let none = try await mock.get("/__mock/requests?method=DELETE&limit=2")
            #expect(none.json == ["success": true, "data": []])
            #expect(none.header("X-Total-Count") == "0")
        }
    }

    @Test func theCountIsTakenAfterTheListsOtherFilters() async throws {
        try await withMock({ $0.freezeClock() }) { mock in
            try await Self.busy(mock)
            // Mail: two customer codes of three mails.
            let customer = try await mock.get("/__mock/outbox?kind=customer_magic_link&limit=1")
            let customerMail = try #require(try await mock.get("/__mock/outbox?kind=customer_magic_link").data.array)
            #expect(customer.data.array == Array(customerMail.prefix(1)))
            #expect(customer.header("X-Total-Count") == String(customerMail.count))
            #expect(try await mock.get("/__mock/outbox?to=JANE@customer.test&limit=1").header("X-Total-Count") == "1")

            // Pushes: two to each of the admin's tokens.
            let phone = try await mock.get("/__mock/push?device_token=\(Self.adminPhone)&limit=1")
            #expect(phone.data.array?.count == 1)
            #expect(phone.data[0]?["device_token"] == .string(Self.adminPhone))
            #expect(phone.header("X-Total-Count") == "2")
            #expect(try await mock.get("/__mock/push?limit=1").header("X-Total-Count") == "4")

            // Sessions: a status is judged in Swift, so its count reads every row (`live`: the three minted).
            let staff = try await mock.get("/__mock/sessions?kind=staff&limit=1")
            #expect(staff.data.array?.count == 1)
            #expect(staff.header("X-Total-Count") == "3")
            let live = try await mock.get("/__mock/sessions?status=live&limit=2")
            #expect(live.data.array?.map { $0["status"] } == ["live", "live"])
            #expect(live.header("X-Total-Count") == "3")
            #expect(try await mock.get("/__mock/sessions?status=revoked&limit=2").header("X-Total-Count") == "0")
            #expect(try await mock.get("/__mock/sessions?email=admin@acme.test&limit=5").header("X-Total-Count") == "1")

            // Namespaces: the most recently used first.
            let namespaces = try await mock.get("/__mock/namespaces?limit=1")
            #expect(namespaces.data.keys == ["max", "idle_timeout_seconds", "namespaces"])
            #expect(namespaces.data["namespaces"]?.array?.map { $0["name"] } == ["limits-3"])
            #expect(namespaces.header("X-Total-Count") == "3")

            // Device tokens and faults: the newest, oldest first.
            let tokens = try await mock.get("/__mock/device-tokens?limit=2")
            #expect(tokens.data.array?.map { $0["device_token"] } == [.string(Self.engineerPhone), .string(Self.adminTablet)])
            #expect(tokens.header("X-Total-Count") == "3")
            let faults = try await mock.get("/__mock/faults?limit=2")
            #expect(faults.data.array?.map { $0["path"] } == ["/api/nothing/2", "/api/nothing/3"])
            #expect(faults.header("X-Total-Count") == "3")
        }
    }

    @Test func theHeaderGoesOutOnTheWire() async throws {
        try await withMock(.live) { mock in
            let reply = try await mock.get("/__mock/companies?limit=1")
            #expect(reply.data == [["id": .string(MockSeed.Company.acme), "name": "Acme Repairs", "status": "active"]])
            #expect(reply.header("X-Total-Count") == "4")
        }
    }

    @Test func theControlLibraryPassesItsLimits() async throws {
        try await withMock({ $0.freezeClock() }) { mock in
            try await Self.busy(mock)
            let control = mock.control
            #expect(try await control.journal(limit: 2) == Array(try await control.journal().suffix(2)))
            #expect(try await control.outbox(limit: 2).map(\.id) == Array(try await control.outbox().prefix(2)).map(\.id))
            #expect(try await control.pushes(deviceToken: Self.adminPhone, limit: 1).count == 1)
            #expect(try await control.deviceTokens(limit: 1).map(\.deviceToken) == [Self.adminTablet])
            #expect(try await control.faults(limit: 1).map(\.path) == ["/api/nothing/3"])
            #expect(try await control.companies(limit: 2).map(\.name) == ["Acme Repairs", "Beta Tech"])
            #expect(try await control.accounts(limit: 1).count == 1)
            #expect(try await control.clients(limit: 3).count == 3)
            #expect(try await control.namespaces(limit: 2).namespaces.count == 2)
            #expect(try await control.orders(limit: 1).count == 1)
        }
    }
}
