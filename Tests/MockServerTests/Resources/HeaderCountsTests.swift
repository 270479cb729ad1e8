import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import RepairMinderMockControl
import MockTestSupport

/// `GET /api/header-counts` (decided path and shape): the staff tabs' badges, each equal to the
/// total of the list it summarises, for whoever asks, as the data moves.
@Suite struct HeaderCountsTests {
    static let openOrders = "awaiting_device,received,in_progress,awaiting_authorisation,ready_for_collection"

    /// The totals of the three lists, as the counts' keys.
    static func listTotals(_ mock: MockHarness, _ token: String) async throws -> JSONValue {
        func total(_ path: String) async throws -> JSONValue {
            try await mock.get(path, bearer: token).json["pagination"]?["total"] ?? .null
        }
        return ["devices": try await total("/api/devices/my-queue?limit=1"),
                "orders": try await total("/api/orders?status=\(openOrders)&limit=1"),
                "enquiries": try await total("/api/tickets?awaiting_reply=true&limit=1")]
    }

    @Test func eachCountIsTheTotalOfTheListItSummarisesForEveryCaller() async throws {
        try await withMock({ $0.freezeClock() }) { mock in
            var seen: [String: JSONValue] = [:]
            for email in ["admin@acme.test", "engineer@acme.test", "admin@beta.test"] {
                let token = try await mock.control.createSession(email: email).token
                let reply = try await mock.get("/api/header-counts", bearer: token)
                #expect(reply.status == 200)
                #expect(reply.data.keys == ["devices", "orders", "enquiries"])
                #expect(reply.data == (try await Self.listTotals(mock, token)), "\(email)")
                seen[email] = reply.data
            }
            #expect(seen["admin@acme.test"] == ["devices": 6, "orders": 26, "enquiries": 1])
            #expect(seen["admin@beta.test"] != seen["admin@acme.test"], "each company its own")
        }
    }

    @Test func theCountsMoveWithTheData() async throws {
        try await withMock({ $0.freezeClock() }) { mock in
            let token = try await mock.control.createSession(email: "admin@acme.test").token
            // A new order with a device assigned to the admin, in a queue status: one more of each.
            let made = try await mock.post("/__mock/events", ["type": "order_created", "order": [
                "company_id": .string(MockSeed.Company.acme), "client_id": .string(MockSeed.Customer.jane.id),
                "devices": [["workflow_type": "repair", "brand": "Apple", "model": "iPhone 15", "status": "diagnosing",
                             "assigned_engineer_id": .string(MockSeed.Staff.admin.id)]],
            ]])
            #expect(made.status == 201)
            let counts = try await mock.get("/api/header-counts", bearer: token).data
            #expect(counts == ["devices": 7, "orders": 27, "enquiries": 1])
            #expect(counts == (try await Self.listTotals(mock, token)))
        }
    }

    @Test func quarantineAppliesAndOnlyStaffAsk() async throws {
        try await withMock { mock in
            let pending = try await mock.signInStaff("owner@pending.test").token
            let refused = try await mock.get("/api/header-counts", bearer: pending)
            #expect(refused.status == 403)
            #expect(refused.json == QuarantineTests.pending)
            let customer = try await mock.signInCustomer("jane@customer.test")
            #expect(try await mock.get("/api/header-counts", bearer: customer).status == 401)
            #expect(try await mock.get("/api/header-counts").status == 401)
        }
    }

    @Test func ordersTakeSeveralStatusesAsDevicesDo() async throws {
        try await withMock { mock in
            let token = try await mock.control.createSession(email: "admin@acme.test").token
            var totals: [Int64] = []
            for query in ["status=received", "status=in_progress", "status=received,%20in_progress"] {
                let reply = try await mock.get("/api/orders?" + query + "&limit=1", bearer: token)
                totals.append(reply.json["pagination"]?["total"]?.intValue ?? -1)
            }
            #expect(totals[0] > 0 && totals[1] > 0)
            #expect(totals[2] == totals[0] + totals[1])
            #expect(try await mock.get("/api/orders?status=received,lost", bearer: token).error == "Invalid query parameter: status")
            #expect(try await mock.get("/api/orders?status=received,", bearer: token).error == "Invalid query parameter: status")
        }
    }
}
