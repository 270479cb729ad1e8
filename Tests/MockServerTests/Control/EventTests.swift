import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import RepairMinderMockControl
import MockTestSupport

/// `POST /__mock/events`: the backend's own `payment_received` and `order_created`, each doing
/// what the backend would and recording the push seed 000 handles; bad bodies write nothing.
@Suite struct EventTests {
    static let adminPhone = "adm1000000000001"
    static let engineerPhone = "eng2000000000001"

    /// The admin and the engineer of Acme, each with a staff device token.
    static func staffWithTokens(_ mock: MockHarness) async throws -> (admin: String, engineer: String) {
        let admin = try await mock.signInStaff("admin@acme.test").token
        let engineer = try await mock.signInStaffByMagicLink("engineer@acme.test")
        try await mock.registerPushToken(adminPhone, appType: "staff", bearer: admin)
        try await mock.registerPushToken(engineerPhone, appType: "staff", bearer: engineer)
        return (admin, engineer)
    }

    func payloads(_ mock: MockHarness, _ token: String) async throws -> [JSONValue] {
        try await mock.pushes(token: token).reversed().compactMap { $0["payload"] }
    }

    @Test func aPaymentIsRecordedItsOrderFollowsAndTheAssignedUserIsPushed() async throws {
        try await withMock({ $0.freezeClock() }) { mock in
            let (admin, _) = try await Self.staffWithTokens(mock)
            let before = try await mock.get("/api/orders/\(SeedIDs.order(1))", bearer: admin)
            #expect(before.data["totals"]?["balance_due"] == "159.97")
            #expect(before.data["payment_status"] == "partially_paid")

            let reply = try await mock.post("/__mock/events", ["type": "payment_received", "order_id": .string(SeedIDs.order(1)),
                                                               "amount_pence": 1050, "payment_method": "cash"])
            #expect(reply.status == 201)
            let id = try #require(reply.data["payment"]?["id"]?.string)
            #expect(reply.data == [
                "type": "payment_received", "order_id": .string(SeedIDs.order(1)), "order_number": 10001,
                "payment": ["id": .string(id), "amount_pence": 1050, "payment_method": "cash", "payment_date": "2026-11-21T12:00:00Z"],
                "payment_status": "partially_paid", "balance_due_pence": 14947, "pushes": 1,
            ])
            #expect(reply.data.keys == ["type", "order_id", "order_number", "payment", "payment_status", "balance_due_pence", "pushes"])

            // The order's money follows, as for every payment; the payment is in its list.
            let after = try await mock.get("/api/orders/\(SeedIDs.order(1))", bearer: admin)
            #expect(after.data["totals"]?["amount_paid"] == "30.50")
            #expect(after.data["totals"]?["balance_due"] == "149.47")
            #expect(after.data["payments"]?.arrayValue?.contains { $0["id"] == .string(id) } == true)

            // Seed 000's push, to #10001's assigned user only (the admin).
            #expect(try await payloads(mock, Self.adminPhone) == [[
                "aps": ["alert": ["title": "Payment received", "body": "10.50 GBP received for order #10001"], "sound": "default"],
                "type": "payment_received", "order_id": .string(SeedIDs.order(1)),
            ]])
            #expect(try await payloads(mock, Self.engineerPhone).isEmpty)
        }
    }

    @Test func paymentsSettleAnOrderAndTheMethodDefaultsToCard() async throws {
        try await withMock({ $0.freezeClock() }) { mock in
            let paid = try await mock.post("/__mock/events", ["type": "payment_received", "order_id": .string(SeedIDs.order(1)),
                                                              "amount_pence": 15997])
            #expect(paid.status == 201)
            #expect(paid.data["payment"]?["payment_method"] == "card")
            #expect(paid.data["payment_status"] == "paid")
            #expect(paid.data["balance_due_pence"] == 0)
            #expect(paid.data["pushes"] == 0, "no one registered a device token")
        }
    }

    @Test func aNewOrderIsAddedAndEveryActiveStaffMemberIsPushedByTheirPreferences() async throws {
        try await withMock({ $0.freezeClock() }) { mock in
            let (_, engineer) = try await Self.staffWithTokens(mock)
            let order: JSONValue = [
                "company_id": .string(MockSeed.Company.acme), "client_id": .string(MockSeed.Customer.jane.id),
                "devices": [["workflow_type": "repair", "brand": "Apple", "model": "iPhone 15", "status": "device_received"]],
            ]
            let reply = try await mock.post("/__mock/events", ["type": "order_created", "order": order])
            #expect(reply.status == 201)
            let orderID = try #require(reply.data["order_id"]?.string)
            #expect(reply.data == [
                "type": "order_created", "order_id": .string(orderID), "order_number": 10033,
                "rows": [["path": "order", "table": "orders", "id": .string(orderID), "number": 10033],
                         ["path": "order.devices[0]", "table": "devices", "id": "00000006-f000-4000-8000-000000000001"]],
                "pushes": 2,
            ])
            #expect(try await mock.get("/api/orders/\(orderID)", bearer: engineer).data["order_number"] == 10033)
            let push: JSONValue = [
                "aps": ["alert": ["title": "New order", "body": "Order #10033 from Jane Doe"], "sound": "default"],
                "type": "order_created", "order_id": .string(orderID),
            ]
            #expect(try await payloads(mock, Self.adminPhone) == [push])
            #expect(try await payloads(mock, Self.engineerPhone) == [push])

            // With order updates off, the engineer hears of the next one no more.
            #expect(try await mock.send("PUT", "/api/user/push-preferences", json: ["order_updates": false], bearer: engineer).status == 200)
            let next = try await mock.post("/__mock/events", ["type": "order_created", "order": order])
            #expect(next.data["pushes"] == 1)
            #expect(try await payloads(mock, Self.engineerPhone).count == 1)
            #expect(try await payloads(mock, Self.adminPhone).count == 2)
        }
    }

    @Test(arguments: [
        (#"{"type":"refund_issued"}"#, 400, "Unknown event type: refund_issued (one of order_created, payment_received)"),
        (#"{"order_id":"x"}"#, 400, "Invalid or missing field: type"),
        (#"{"type":7}"#, 400, "Invalid or missing field: type"),
        (#"[]"#, 400, "Expected a JSON object"),
        (#"not json"#, 400, "Invalid JSON body"),
        (#"{"type":"payment_received","order_id":"00000005-0000-4000-8000-00000000a001"}"#, 400, "Invalid or missing field: amount_pence"),
        (#"{"type":"payment_received","order_id":"00000005-0000-4000-8000-00000000a001","amount_pence":0}"#, 400, "Invalid or missing field: amount_pence"),
        (#"{"type":"payment_received","order_id":"00000005-0000-4000-8000-00000000a001","amount_pence":10.5}"#, 400, "Invalid or missing field: amount_pence"),
        (#"{"type":"payment_received","order_id":"00000005-0000-4000-8000-00000000a001","amount_pence":1000000001}"#, 400, "Invalid or missing field: amount_pence"),
        (#"{"type":"payment_received","order_id":"00000005-0000-4000-8000-00000000a001","amount_pence":5,"payment_method":"cheque"}"#, 400, "Invalid or missing field: payment_method"),
        (#"{"type":"payment_received","order_id":"00000005-0000-4000-8000-00000000a001","amount_pence":5,"currency":"GBP"}"#, 400, "Unknown key: currency"),
        (#"{"type":"payment_received","amount_pence":5}"#, 400, "Invalid or missing field: order_id"),
        (#"{"type":"payment_received","order_id":"00000005-0000-4000-8000-00000000ffff","amount_pence":5}"#, 404, "Order not found: 00000005-0000-4000-8000-00000000ffff"),
        (#"{"type":"order_created"}"#, 400, "Invalid or missing field: order"),
        (#"{"type":"order_created","order":[]}"#, 400, "order: expected an object (an order in the fixture format)"),
        (#"{"type":"order_created","order":{"company_id":"00000001-0000-4000-8000-00000000a000"}}"#, 400, "order.client_id: missing"),
        (#"{"type":"order_created","order":{"company_id":"00000001-0000-4000-8000-00000000b000","client_id":"00000004-0000-4000-8000-00000000e001","devices":[{"workflow_type":"repair","brand":"A","model":"B","status":"device_received"}]}}"#,
         400, #"order.client_id: client "00000004-0000-4000-8000-00000000e001" is not a client of company "00000001-0000-4000-8000-00000000b000""#),
    ])
    func aBadEventIsRefusedNamingWhatAndWritesNothing(body: String, status: Int, message: String) async throws {
        try await withMock({ $0.freezeClock() }) { mock in
            let (admin, _) = try await Self.staffWithTokens(mock)
            let orders = try await mock.get("/__mock/orders").data.arrayValue?.count
            let before = try await mock.get("/api/orders/\(SeedIDs.order(1))", bearer: admin).data
            let reply = try await mock.send("POST", "/__mock/events", body: body)
            #expect(reply.status == status)
            #expect(reply.json == ["success": false, "error": .string(message)])
            #expect(try await mock.get("/__mock/orders").data.arrayValue?.count == orders)
            #expect(try await mock.get("/api/orders/\(SeedIDs.order(1))", bearer: admin).data == before)
            #expect(try await mock.pushes().isEmpty)
        }
    }
}
