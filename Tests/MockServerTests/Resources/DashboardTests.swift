import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import RepairMinderMockControl
import MockStore
import MockTestSupport

/// The staff dashboard (CONTRACT §6, decided shapes): `GET /api/dashboard/stats?period=` and
/// `GET /api/dashboard/enquiry-stats`. Every count must equal the total of the list endpoint with
/// the same filter, and move with the data and the mock clock.
@Suite struct DashboardTests {
    static let periods = ["today", "week", "month", "year"]

    // MARK: - Shape

    @Test func statsHaveExactKeysAndTypesAndTheWindowEndsAtTheClocksNow() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token

            let reply = try await mock.get("/api/dashboard/stats?period=month", bearer: token)
            #expect(reply.status == 200)
            #expect(reply.json.keys == ["success", "data"])
            let stats = reply.data
            #expect(WireShape.dashboardStats.problems(stats) == [])
            #expect(stats["period"] == "month")
            #expect(stats["from"] == "2026-11-01T00:00:00Z")
            let to = stats["to"]?.string ?? ""
            #expect(to >= "2026-11-21T12:00:00Z" && to < "2026-11-21T12:01:00Z", "to is the clock's now: \(to)")
            // Keys in workflow order, every status present.
            #expect(Self.keysAppearInOrder(reply, DeviceStatus.allCases.map(\.rawValue)))
            let byStatus = stats["devices"]?["by_status"]?.objectValue ?? [:]
            #expect(stats["devices"]?["total"]?.intValue == byStatus.values.reduce(0) { $0 + ($1.intValue ?? 0) })
            #expect(stats["devices"]?["total"] == 35)
            // Figures from the seed, by hand: Nov 1 – Nov 21 12:00.
            #expect(stats["orders"] == ["created": 26, "collected": 5])
            // Payments dated in November: 12 of them, two buyback payouts negative:
            // 20.00+107.99+20.00+20.00+20.00+20.00+95.99−279.98−259.98+443.98+20.00+107.99 = 335.99
            #expect(stats["revenue"]?["paid"] == "335.99")

            let missing = try await mock.get("/api/dashboard/stats", bearer: token)
            #expect(missing.status == 200)
            #expect(missing.data["period"] == "today")
            #expect(missing.data["from"] == "2026-11-21T00:00:00Z")
            #expect(WireShape.dashboardStats.problems(missing.data) == [])
        }
    }

    @Test func anUnknownPeriodIs400NamingIt() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            for period in ["decade", "TODAY", "week,month", "1", "days"] {
                let reply = try await mock.get("/api/dashboard/stats?period=\(period)", bearer: token)
                #expect(reply.status == 400, "\(period)")
                #expect(reply.json == ["success": false, "error": "Invalid query parameter: period"], "\(period)")
            }
            #expect(try await mock.get("/api/dashboard/stats?period=", bearer: token).data["period"] == "today")
        }
    }

    // MARK: - Parity with the lists

    @Test func everyDeviceCountEqualsTheDeviceListTotalForTheSameStatuses() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let stats = try await mock.get("/api/dashboard/stats", bearer: token).data
            try await Self.expectDeviceParity(stats, mock: mock, token: token)
            // The groups as decided, and non-zero in the seed so the parity above means something.
            #expect(stats["work_in_progress"] == ["awaiting_authorisation": 4, "in_repair": 8, "ready_for_collection": 3])
            #expect(Set(DeviceStatus.allCases.filter { (stats["devices"]?["by_status"]?[$0.rawValue]?.intValue ?? 0) > 0 })
                    == Set(DeviceStatus.allCases), "the seed covers every status")
        }
    }

    @Test func orderCountsAndRevenueEqualTheOrderListsInEveryPeriod() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            var created: [Int64] = []
            for period in Self.periods {
                let stats = try await mock.get("/api/dashboard/stats?period=\(period)", bearer: token).data
                try await Self.expectOrderParity(stats, mock: mock, token: token)
                created.append(stats["orders"]?["created"]?.intValue ?? -1)
            }
            #expect(created == [0, 1, 26, 32], "today, week (10022 on Wed 18th), month, year")
        }
    }

    // MARK: - The dashboard follows the data

    @Test func aDeviceMoveMovesTheCountsByExactlyOneAndTheyStillAgreeWithTheLists() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let device = "/api/devices/\(SeedIDs.device(3))"
            let before = try await mock.get("/api/dashboard/stats", bearer: token).data

            let toQC = try await mock.patch(device, ["status": "repaired_qc"], bearer: token)
            #expect(toQC.status == 200, "\(toQC.error ?? "")")
            let afterQC = try await mock.get("/api/dashboard/stats", bearer: token).data
            #expect(Self.statusChanges(before, afterQC) == ["repairing": -1, "repaired_qc": 1])
            #expect(afterQC["work_in_progress"] == before["work_in_progress"], "both in_repair")
            #expect(afterQC["devices"]?["total"] == before["devices"]?["total"])
            try await Self.expectDeviceParity(afterQC, mock: mock, token: token)

            let toReady = try await mock.patch(device, ["status": "repaired_ready"], bearer: token)
            #expect(toReady.status == 200, "\(toReady.error ?? "")")
            let afterReady = try await mock.get("/api/dashboard/stats", bearer: token).data
            #expect(Self.statusChanges(afterQC, afterReady) == ["repaired_qc": -1, "repaired_ready": 1])
            #expect(Self.groupChanges(afterQC, afterReady) == ["in_repair": -1, "ready_for_collection": 1])
            try await Self.expectDeviceParity(afterReady, mock: mock, token: token)
            // Nothing about orders or money changed.
            #expect(afterReady["orders"] == before["orders"])
            #expect(afterReady["revenue"] == before["revenue"])
        }
    }

    @Test func collectingAnOrderCountsItCollectedAndInvoicedTodayAndNoLongerOutstanding() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            // #10014: one device, repaired_ready, a 20.00 deposit.
            let order = try await mock.get("/api/orders/\(SeedIDs.order(14))", bearer: token).data
            let deviceID = order["devices"]?[0]?["id"]?.string ?? ""
            let grandTotal = Self.pence(order["totals"]?["grand_total"])
            let balance = Self.pence(order["totals"]?["balance_due"])
            #expect(order["devices"]?[0]?["status"] == "repaired_ready")
            #expect(grandTotal > 0 && balance > 0 && balance < grandTotal)
            let before = try await mock.get("/api/dashboard/stats?period=today", bearer: token).data
            #expect(before["orders"]?["collected"] == 0)
            #expect(before["revenue"]?["invoiced"] == "0.00")

            let moved = try await mock.patch("/api/devices/\(deviceID)", ["status": "collected"], bearer: token)
            #expect(moved.status == 200, "\(moved.error ?? "")")
            let after = try await mock.get("/api/dashboard/stats?period=today", bearer: token).data
            #expect(after["orders"] == ["created": 0, "collected": 1])
            #expect(Self.pence(after["revenue"]?["invoiced"]) == grandTotal)
            #expect(Self.pence(before["revenue"]?["outstanding"]) - Self.pence(after["revenue"]?["outstanding"]) == balance)
            #expect(after["revenue"]?["paid"] == before["revenue"]?["paid"], "no payment was taken")
            #expect(Self.statusChanges(before, after) == ["repaired_ready": -1, "collected": 1])
            #expect(Self.groupChanges(before, after) == ["ready_for_collection": -1])
            try await Self.expectOrderParity(after, mock: mock, token: token)
            try await Self.expectDeviceParity(after, mock: mock, token: token)
        }
    }

    @Test func createdCountsGrowWithThePeriodAndFollowTheClock() async throws {
        // The clock only moves forward here: a code mailed "earlier" than the last one would not be
        // the newest in the outbox.
        try await withSignedInMock({ $0.clockStart = Timestamp.date(from: "2026-11-18T20:00:00Z")!; $0.clockFrozen = true }) { mock, admin in
            var token = admin.token
            func stats(_ period: String) async throws -> JSONValue {
                try await mock.get("/api/dashboard/stats?period=\(period)", bearer: token).data
            }
            func created(_ period: String) async throws -> Int64 { try await stats(period)["orders"]?["created"]?.intValue ?? -1 }

            // Wednesday 18th, 20:00: #10022 was created at 08:00 that day.
            #expect(try await created("today") == 1)
            #expect(try await stats("today")["from"] == "2026-11-18T00:00:00Z")
            #expect(try await stats("week")["from"] == "2026-11-16T00:00:00Z")
            let wednesday = try await stats("year")

            // The seed's reference time, Saturday 21st 12:00.
            try await Self.setClock(mock, "2026-11-21T12:00:00Z")
            token = try await mock.signInStaff("admin@acme.test").token
            let froms = try await Self.periods.asyncMap { try await stats($0)["from"]?.string ?? "" }
            #expect(froms == ["2026-11-21T00:00:00Z", "2026-11-16T00:00:00Z", "2026-11-01T00:00:00Z", "2026-01-01T00:00:00Z"])
            let counts = try await Self.periods.asyncMap { try await created($0) }
            #expect(counts == counts.sorted(), "today ≤ week ≤ month ≤ year: \(counts)")
            #expect(counts == [0, 1, 26, 32])

            // A year on: nothing was created in 2027, but the devices and the open balances are unchanged.
            try await Self.setClock(mock, "2027-11-21T12:00:00Z")
            let stale = try await mock.get("/api/dashboard/stats", bearer: token)
            #expect(stale.status == 401, "access tokens live 15 minutes")
            token = try await mock.signInStaff("admin@acme.test").token
            let nextYear = try await Self.periods.asyncMap { try await created($0) }
            #expect(nextYear == [0, 0, 0, 0])
            let year = try await stats("year")
            #expect(year["from"] == "2027-01-01T00:00:00Z")
            #expect(year["orders"] == ["created": 0, "collected": 0])
            #expect(year["revenue"]?["invoiced"] == "0.00")
            #expect(year["revenue"]?["paid"] == "0.00")
            #expect(year["devices"] == wednesday["devices"])
            #expect(year["work_in_progress"] == wednesday["work_in_progress"])
            #expect(year["revenue"]?["outstanding"] == wednesday["revenue"]?["outstanding"])
            #expect(wednesday["revenue"]?["outstanding"] != "0.00")
            try await Self.expectOrderParity(year, mock: mock, token: token)
        }
    }

    @Test func orderListDateFiltersAreInclusiveAndMalformedOnesAre400() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            func total(_ query: String) async throws -> Int64? {
                let reply = try await mock.get("/api/orders?\(query)", bearer: token)
                #expect(reply.status == 200, "\(query): \(reply.error ?? "")")
                return reply.json["pagination"]?["total"]?.intValue
            }
            // #10022 was created at exactly 2026-11-18T08:00:00Z; #10002 and #10032 collected at 2026-11-09T11:00:00Z.
            #expect(try await total("created_from=2026-11-18T08:00:00Z&created_to=2026-11-18T08:00:00Z") == 1)
            #expect(try await total("created_from=2026-11-18T08:00:01Z&created_to=2026-11-18T23:59:59Z") == 0)
            #expect(try await total("created_from=2026-11-18T00:00:00Z&created_to=2026-11-18T07:59:59Z") == 0)
            #expect(try await total("collected_from=2026-11-09T11:00:00Z&collected_to=2026-11-09T11:00:00Z") == 2)
            #expect(try await total("collected_to=2026-11-09T10:59:59Z") == 0)
            #expect(try await total("collected_from=2000-01-01T00:00:00Z") == 5, "only orders with a collected_at")
            #expect(try await total("created_from=2026-11-18T00:00:00Z&created_to=2026-11-01T00:00:00Z") == 0)
            #expect(try await total("created_to=2026-10-31T23:59:59Z") == 6)
            #expect(try await total("created_to=2026-10-31T23:59:59Z&status=collected") == 4, "combines with status")
            let rows = try await mock.get("/api/orders?created_from=2026-11-18T00:00:00Z", bearer: token)
            #expect(rows.itemIDs == [SeedIDs.order(22)])

            for (query, name) in [("created_from=2026-11-18", "created_from"), ("created_to=yesterday", "created_to"),
                                  ("collected_from=2026-11-18T08:00:00%2B01:00", "collected_from"),
                                  ("collected_to=2026-02-30T00:00:00Z", "collected_to"),
                                  ("created_from=2026-11-18T08:00:00.000Z", "created_from"),
                                  ("created_from=2026-11-18T00:00:00Z&collected_to=x", "collected_to")] {
                let reply = try await mock.get("/api/orders?\(query)", bearer: token)
                #expect(reply.status == 400, "\(query)")
                #expect(reply.json == ["success": false, "error": .string("Invalid query parameter: \(name)")], "\(query)")
            }
        }
    }

    // MARK: - Enquiries

    @Test func enquiryStatsHaveExactKeysAndAddUpAndAgreeWithTheTicketList() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let reply = try await mock.get("/api/dashboard/enquiry-stats", bearer: token)
            #expect(reply.status == 200)
            #expect(reply.json.keys == ["success", "data"])
            let stats = reply.data
            #expect(WireShape.enquiryStats.problems(stats) == [])
            // By hand from the seed: #1001–#1006. Awaiting a reply: only #1005 (open, one inbound). #1001's
            // inbound was answered by an SMS, #1002/#1003 by email; #1004 and #1006 are resolved/closed.
            #expect(stats == ["total": 6, "by_status": ["open": 3, "pending": 1, "resolved": 1, "closed": 1],
                              "by_type": ["lead": 3, "order": 3], "awaiting_reply": 1])
            #expect(Self.keysAppearInOrder(reply, ["total", "by_status", "open", "pending", "resolved", "closed", "by_type",
                                                   "lead", "order", "awaiting_reply"]))
            try await Self.expectEnquiryParity(stats, mock: mock, token: token)
        }
    }

    @Test func awaitingReplyFollowsTheNewestMessageThatIsNotANoteAndTheStatus() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let jane = try await mock.signInCustomer("jane@customer.test")
            func awaiting() async throws -> Int64? {
                let stats = try await mock.get("/api/dashboard/enquiry-stats", bearer: token).data
                try await Self.expectEnquiryParity(stats, mock: mock, token: token)
                return stats["awaiting_reply"]?.intValue
            }
            #expect(try await awaiting() == 1)

            // Jane writes on #10001: ticket #1001's newest message is now hers.
            let message = try await mock.post("/api/customer/orders/\(SeedIDs.order(1))/messages",
                                              ["body": "Any news on my phone?"], bearer: jane)
            #expect(message.status == 201, "\(message.error ?? "")")
            #expect(try await awaiting() == 2)

            // An internal note is not an answer.
            let note = try await mock.post("/api/tickets/\(MockSeed.Ticket.acme1001)/note", ["body": "Chasing the part"], bearer: token)
            #expect(note.status == 200, "\(note.error ?? "")")
            #expect(try await awaiting() == 2)

            // A reply is, even in the same second (the message stored last is the newest).
            let reply = try await mock.post("/api/tickets/\(MockSeed.Ticket.acme1001)/reply", ["html_body": "<p>Tomorrow.</p>"],
                                            bearer: token)
            #expect(reply.status == 200, "\(reply.error ?? "")")
            #expect(try await awaiting() == 1)

            // #1005 still awaits, until it is resolved.
            let resolved = try await mock.patch("/api/tickets/\(MockSeed.Ticket.acme1005)", ["status": "resolved"], bearer: token)
            #expect(resolved.status == 200, "\(resolved.error ?? "")")
            #expect(try await awaiting() == 0)
            let stats = try await mock.get("/api/dashboard/enquiry-stats", bearer: token).data
            #expect(stats["by_status"] == ["open": 2, "pending": 1, "resolved": 2, "closed": 1])
        }
    }

    // MARK: - Tenancy and auth

    @Test func betaSeesOnlyItsOwnFigures() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let beta = try await mock.signInStaff("admin@beta.test").token
            let stats = try await mock.get("/api/dashboard/stats?period=year", bearer: beta).data
            #expect(stats["devices"]?["total"] == 4)
            let byStatus = (stats["devices"]?["by_status"]?.objectValue ?? [:]).filter { $0.value != 0 }
            #expect(byStatus == ["diagnosing": 1, "repairing": 1, "repaired_ready": 1, "collected": 1])
            #expect(stats["work_in_progress"] == ["awaiting_authorisation": 0, "in_repair": 1, "ready_for_collection": 1])
            #expect(stats["orders"] == ["created": 4, "collected": 1])
            // Beta's two payments: 20.00 (Nov 6) and 143.99 (Nov 8).
            #expect(stats["revenue"]?["paid"] == "163.99")
            try await Self.expectDeviceParity(stats, mock: mock, token: beta)
            try await Self.expectOrderParity(stats, mock: mock, token: beta)

            let enquiries = try await mock.get("/api/dashboard/enquiry-stats", bearer: beta).data
            #expect(enquiries == ["total": 1, "by_status": ["open": 1, "pending": 0, "resolved": 0, "closed": 0],
                                  "by_type": ["lead": 0, "order": 1], "awaiting_reply": 0])
            try await Self.expectEnquiryParity(enquiries, mock: mock, token: beta)

            // Acme's figures are Acme's alone.
            let acme = admin.token
            let acmeStats = try await mock.get("/api/dashboard/stats?period=year", bearer: acme).data
            #expect(acmeStats["devices"]?["total"] == 35)
            #expect(acmeStats["orders"]?["created"] == 32)
        }
    }

    @Test func dashboardRoutesNeedAStaffToken() async throws {
        try await withMock({ $0.freezeClock() }) { mock in
            let customer = try await mock.signInCustomer("jane@customer.test")
            for bearer in [nil, customer, "not-a-token"] as [String?] {
                for path in ["/api/dashboard/stats", "/api/dashboard/stats?period=decade", "/api/dashboard/enquiry-stats"] {
                    let reply = try await mock.get(path, bearer: bearer)
                    #expect(reply.status == 401, "\(path)")
                    #expect(reply.json == ["success": false, "error": "Unauthorized"], "\(path)")
                }
            }
        }
    }

    // MARK: - Helpers

    static func setClock(_ mock: MockHarness, _ now: String) async throws {
        let reply = try await mock.post("/__mock/clock", ["now": .string(now)])
        #expect(reply.status == 200)
        #expect(reply.data["now"]?.string?.hasPrefix(String(now.prefix(16))) == true)
    }

    static func total(_ mock: MockHarness, _ path: String, _ token: String) async throws -> Int64? {
        let reply = try await mock.get(path, bearer: token)
        #expect(reply.status == 200, "\(path): \(reply.error ?? "")")
        return reply.json["pagination"]?["total"]?.intValue
    }

    /// Every status, every group and the total against `GET /api/devices`.
    static func expectDeviceParity(_ stats: JSONValue, mock: MockHarness, token: String) async throws {
        for status in DeviceStatus.allCases {
            let listed = try await total(mock, "/api/devices?limit=1&status=\(status.rawValue)", token)
            #expect(stats["devices"]?["by_status"]?[status.rawValue]?.intValue == listed, "\(status.rawValue)")
        }
        for group in WorkInProgressGroup.allCases {
            let statuses = group.statuses.map(\.rawValue).joined(separator: ",")
            let listed = try await total(mock, "/api/devices?limit=1&status=\(statuses)", token)
            #expect(stats["work_in_progress"]?[group.rawValue]?.intValue == listed, "\(group.rawValue)")
        }
        #expect(stats["devices"]?["total"]?.intValue == (try await total(mock, "/api/devices?limit=1", token)))
    }

    /// Created and collected against `GET /api/orders` with the window's bounds; invoiced and
    /// outstanding against the money of the rows that list shows.
    static func expectOrderParity(_ stats: JSONValue, mock: MockHarness, token: String) async throws {
        let from = stats["from"]?.string ?? "missing"
        let to = stats["to"]?.string ?? "missing"
        let label = stats["period"]?.string ?? ""
        let created = try await total(mock, "/api/orders?limit=1&created_from=\(from)&created_to=\(to)", token)
        #expect(stats["orders"]?["created"]?.intValue == created, "\(label) created")
        let collected = try await mock.get("/api/orders?limit=100&collected_from=\(from)&collected_to=\(to)", bearer: token)
        #expect(stats["orders"]?["collected"]?.intValue == collected.json["pagination"]?["total"]?.intValue,
                "\(label) collected")
        let invoiced = (collected.data.array ?? []).reduce(0) { $0 + pence($1["grand_total"]) }
        #expect(pence(stats["revenue"]?["invoiced"]) == invoiced, "\(label) invoiced")

        let all = try await mock.get("/api/orders?limit=100", bearer: token).data.array ?? []
        let outstanding = all.filter { $0["status"] != "collected" }.reduce(0) { $0 + max(pence($1["balance_due"]), 0) }
        #expect(pence(stats["revenue"]?["outstanding"]) == outstanding, "\(label) outstanding")
    }

    /// Statuses, types and awaiting-reply against `GET /api/tickets`; and the sums.
    static func expectEnquiryParity(_ stats: JSONValue, mock: MockHarness, token: String) async throws {
        let total = stats["total"]?.intValue
        let byStatus = stats["by_status"]?.objectValue ?? [:]
        let byType = stats["by_type"]?.objectValue ?? [:]
        #expect(byStatus.values.reduce(0) { $0 + ($1.intValue ?? 0) } == total)
        #expect(byType.values.reduce(0) { $0 + ($1.intValue ?? 0) } == total)
        #expect(total == (try await Self.total(mock, "/api/tickets?limit=1", token)))
        for status in TicketStatus.allCases {
            let listed = try await Self.total(mock, "/api/tickets?limit=1&status=\(status.rawValue)", token)
            #expect(byStatus[status.rawValue]?.intValue == listed, "\(status.rawValue)")
        }
        for type in TicketType.allCases {
            let listed = try await Self.total(mock, "/api/tickets?limit=1&ticket_type=\(type.rawValue)", token)
            #expect(byType[type.rawValue]?.intValue == listed, "\(type.rawValue)")
        }
        let awaiting = try await Self.total(mock, "/api/tickets?limit=1&awaiting_reply=true", token)
        #expect(stats["awaiting_reply"]?.intValue == awaiting)
    }

    /// Whether each `"key":` occurs in the body, each after the one before.
    static func keysAppearInOrder(_ reply: MockHarness.Reply, _ keys: [String]) -> Bool {
        let body = String(decoding: reply.body, as: UTF8.self)
        var cursor = body.startIndex
        for key in keys {
            guard let found = body.range(of: "\"\(key)\":", range: cursor..<body.endIndex) else { return false }
            cursor = found.upperBound
        }
        return true
    }

    /// `"129.99"` → 12999 (garbage → a value no real figure has).
    static func pence(_ value: JSONValue?) -> Int64 {
        guard let text = value?.string else { return Int64.min / 2 }
        let negative = text.hasPrefix("-")
        let parts = text.drop { $0 == "-" }.split(separator: ".")
        guard parts.count == 2, let whole = Int64(parts[0]), let cents = Int64(parts[1]) else { return Int64.min / 2 }
        return (negative ? -1 : 1) * (whole * 100 + cents)
    }

    /// The statuses whose count differs, with the difference.
    static func statusChanges(_ before: JSONValue, _ after: JSONValue) -> [String: Int64] {
        changes(before["devices"]?["by_status"], after["devices"]?["by_status"])
    }

    static func groupChanges(_ before: JSONValue, _ after: JSONValue) -> [String: Int64] {
        changes(before["work_in_progress"], after["work_in_progress"])
    }

    private static func changes(_ before: JSONValue?, _ after: JSONValue?) -> [String: Int64] {
        var out: [String: Int64] = [:]
        for (key, value) in after?.objectValue ?? [:] {
            let delta = (value.intValue ?? 0) - (before?[key]?.intValue ?? 0)
            if delta != 0 { out[key] = delta }
        }
        return out
    }
}

extension Array where Element: Sendable {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var out: [T] = []
        for element in self { out.append(try await transform(element)) }
        return out
    }
}

extension WireShape {
    static let dashboardStats: WireShape = .object([
        "period": .oneOf(["today", "week", "month", "year"]), "from": .timestamp, "to": .timestamp,
        "devices": .object(["total": .int,
                            "by_status": .object(Dictionary(uniqueKeysWithValues: DeviceStatus.allCases.map { ($0.rawValue, .int) }))]),
        "work_in_progress": .object(["awaiting_authorisation": .int, "in_repair": .int, "ready_for_collection": .int]),
        "orders": .object(["created": .int, "collected": .int]),
        "revenue": .object(["invoiced": .money, "paid": .money, "outstanding": .money]),
    ])

    static let enquiryStats: WireShape = .object([
        "total": .int,
        "by_status": .object(["open": .int, "pending": .int, "resolved": .int, "closed": .int]),
        "by_type": .object(["lead": .int, "order": .int]),
        "awaiting_reply": .int,
    ])
}
