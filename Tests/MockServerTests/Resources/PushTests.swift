import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import RepairMinderMockControl
import MockTestSupport

/// Pushes recorded by order and device events (CONTRACT §7): types and payloads of seeds 000 and
/// 004, recipients, the actor left out, preferences, and one row per registered token.
@Suite struct PushTests {
    static let adminPhone = "adm1000000000001"
    static let adminPad = "adm1000000000002"
    static let engineerPhone = "eng2000000000001"
    static let janePhone = "jan3000000000001"
    static let samAcme = "sam4000000000001"
    static let samBeta = "sam4000000000002"

    /// The pushes of one device token, oldest first, as (type, payload).
    func received(_ mock: MockHarness, _ token: String) async throws -> [JSONValue] {
        try await mock.pushes(token: token).reversed().compactMap { $0["payload"] }
    }

    func types(_ mock: MockHarness, _ token: String) async throws -> [String] {
        try await received(mock, token).compactMap { $0["type"]?.string }
    }

    @Test func aMoveByTheEngineerPushesTheAssignedAdminOnEveryTokenAndTheClient() async throws {
        try await withSignedInMock { mock, admin in
            let engineer = try await mock.signInStaffByMagicLink("engineer@acme.test")
            let jane = try await mock.signInCustomer("jane@customer.test")
            try await mock.registerPushToken(Self.adminPhone, appType: "staff", bearer: admin.token)
            try await mock.registerPushToken(Self.adminPad, appType: "staff", bearer: admin.token)
            try await mock.registerPushToken(Self.engineerPhone, appType: "staff", bearer: engineer)
            try await mock.registerPushToken(Self.janePhone, appType: "customer", bearer: jane)

            // Jane's #10001: one device, assigned to the admin, order assigned to the admin.
            let moved = try await mock.patch("/api/devices/\(SeedIDs.device(1))", ["status": "authorised_source_parts"],
                                             bearer: engineer)
            #expect(moved.status == 200)

            let expectedDevice: JSONValue = [
                "aps": ["alert": ["title": "Device status changed",
                                  "body": "Apple iPhone 14 Pro (order #10001): Awaiting Authorisation → Authorised - Source Parts"],
                        "sound": "default"],
                "type": "device_status_changed", "order_id": .string(SeedIDs.order(1)), "device_id": .string(SeedIDs.device(1)),
            ]
            let expectedOrder: JSONValue = [
                "aps": ["alert": ["title": "Order status changed", "body": "Order #10001 is now In Progress"], "sound": "default"],
                "type": "order_status_changed", "order_id": .string(SeedIDs.order(1)),
            ]
            for token in [Self.adminPhone, Self.adminPad] {
                #expect(try await received(mock, token) == [expectedDevice, expectedOrder])
            }
            #expect(try await received(mock, Self.engineerPhone).isEmpty)   // the actor
            #expect(try await received(mock, Self.janePhone) == [[
                "aps": ["alert": ["title": "Order Update", "body": "Your order #10001 is now In Progress"], "badge": 1,
                        "sound": "default"],
                "type": "order_status", "order_id": .string(SeedIDs.order(1)),
            ]])

            // The record says who got what.
            let row = try #require(try await mock.pushes(token: Self.janePhone).first)
            #expect(row.keys == ["id", "device_token", "app_type", "recipient_type", "recipient_id", "payload", "sent_at"])
            #expect(row["recipient_type"]?.string == "customer")
            #expect(row["recipient_id"]?.string == MockSeed.Customer.jane.id)
            #expect(row["app_type"]?.string == "customer")
        }
    }

    @Test func theActorIsNotPushedAboutTheirOwnMove() async throws {
        try await withSignedInMock { mock, admin in
            try await mock.registerPushToken(Self.adminPhone, appType: "staff", bearer: admin.token)
            let moved = try await mock.patch("/api/devices/\(SeedIDs.device(1))", ["status": "rejected"], bearer: admin.token)
            #expect(moved.status == 200)
            #expect(try await mock.pushes(token: Self.adminPhone).isEmpty)
        }
    }

    @Test func anUnassignedOrderPushesEveryActiveStaffMemberButTheActor() async throws {
        try await withSignedInMock { mock, admin in
            let engineer = try await mock.signInStaffByMagicLink("engineer@acme.test")
            let beta = try await mock.signInStaff("admin@beta.test")
            try await mock.registerPushToken(Self.adminPhone, appType: "staff", bearer: admin.token)
            try await mock.registerPushToken(Self.engineerPhone, appType: "staff", bearer: engineer)
            try await mock.registerPushToken("beta000000000001", appType: "staff", bearer: beta.token)

            // #10014: no assigned user; its one device (assigned to the engineer) is ready → collected.
            let moved = try await mock.patch("/api/devices/\(SeedIDs.device(15))", ["status": "collected"], bearer: engineer)
            #expect(moved.status == 200)
            #expect(try await types(mock, Self.adminPhone) == ["order_collected"])
            #expect(try await types(mock, Self.engineerPhone) == [])
            #expect(try await types(mock, "beta000000000001") == [])     // another company
            let collected = try #require(try await received(mock, Self.adminPhone).first)
            #expect(collected == [
                "aps": ["alert": ["title": "Order collected", "body": "Order #10014 has been collected"], "sound": "default"],
                "type": "order_collected", "order_id": .string(SeedIDs.order(14)),
            ])
        }
    }

    @Test func quoteReadyAndRepairCompleteGoToTheClientOnThisCompanysTokensOnly() async throws {
        try await withSignedInMock { mock, admin in
            let samAcme = try await mock.signInCustomer("sam@customer.test", companyID: MockSeed.Company.acme)
            let samBeta = try await mock.signInCustomer("sam@customer.test", companyID: MockSeed.Company.beta)
            try await mock.registerPushToken(Self.samAcme, appType: "customer", bearer: samAcme)
            try await mock.registerPushToken(Self.samBeta, appType: "customer", bearer: samBeta)

            // Sam's Acme #10003 (repairing): a revised quote, approval, then the repair finishes.
            for status in ["awaiting_revised_quote", "awaiting_authorisation", "authorised_source_parts",
                           "authorised_awaiting_parts", "ready_to_repair", "repairing", "repaired_qc", "repaired_ready"] {
                let reply = try await mock.patch("/api/devices/\(SeedIDs.device(3))", ["status": .string(status)], bearer: admin.token)
                #expect(reply.status == 200, "\(status): \(reply.error ?? "")")
            }
            let pushes = try await received(mock, Self.samAcme)
            // The repair finished (repaired_qc), then the order ready for collection: seed 004's payload.
            #expect(pushes.compactMap { $0["type"]?.string }
                        == ["order_status", "quote_ready", "order_status", "repair_complete", "order_status"])
            #expect(pushes[1] == [
                "aps": ["alert": ["title": "Quote Ready", "body": "Your quote for your Apple MacBook Air M2 is ready for approval"],
                        "badge": 1, "sound": "default"],
                "type": "quote_ready", "order_id": .string(SeedIDs.order(3)),
            ])
            #expect(pushes[3] == [
                "aps": ["alert": ["title": "Repair Complete", "body": "The repair of your Apple MacBook Air M2 is finished"],
                        "badge": 1, "sound": "default"],
                "type": "repair_complete", "order_id": .string(SeedIDs.order(3)),
            ])
            #expect(pushes[4] == [
                "aps": ["alert": ["title": "Order Update", "body": "Your repair is ready for collection!"], "badge": 1, "sound": "default"],
                "type": "order_status", "order_id": .string(SeedIDs.order(3)),
            ])
            #expect(try await mock.pushes(token: Self.samBeta).isEmpty)
        }
    }

    @Test func assigningADevicePushesTheNewEngineer() async throws {
        try await withSignedInMock { mock, admin in
            let engineer = try await mock.signInStaffByMagicLink("engineer@acme.test")
            try await mock.registerPushToken(Self.engineerPhone, appType: "staff", bearer: engineer)
            let assigned = try await mock.patch("/api/devices/\(SeedIDs.device(4))",
                                                ["assigned_engineer_id": .string(MockSeed.Staff.engineer.id)], bearer: admin.token)
            #expect(assigned.status == 200)
            #expect(try await received(mock, Self.engineerPhone) == [[
                "aps": ["alert": ["title": "Device assigned to you", "body": "Samsung Galaxy S23 (order #10004)"], "sound": "default"],
                "type": "device_assigned", "order_id": .string(SeedIDs.order(4)), "device_id": .string(SeedIDs.device(4)),
            ]])
            // Assigning the same engineer again is no news; a notes edit is none either.
            _ = try await mock.patch("/api/devices/\(SeedIDs.device(4))",
                                     ["assigned_engineer_id": .string(MockSeed.Staff.engineer.id), "repair_notes": "x"], bearer: admin.token)
            #expect(try await received(mock, Self.engineerPhone).count == 1)
        }
    }

    @Test func preferencesGateTheirKindsAndPushEnabledGatesAll() async throws {
        try await withSignedInMock { mock, admin in
            let engineer = try await mock.signInStaffByMagicLink("engineer@acme.test")
            try await mock.registerPushToken(Self.adminPhone, appType: "staff", bearer: admin.token)
            func move(_ device: Int, _ status: String) async throws {
                let reply = try await mock.patch("/api/devices/\(SeedIDs.device(device))", ["status": .string(status)], bearer: engineer)
                #expect(reply.status == 200, "\(status): \(reply.error ?? "")")
            }
            func prefer(_ change: [String: JSONValue]) async throws {
                #expect(try await mock.send("PUT", "/api/user/push-preferences", json: change, bearer: admin.token).status == 200)
            }

            try await prefer(["device_updates": false])
            try await move(1, "authorised_source_parts")          // device + order status change
            #expect(try await types(mock, Self.adminPhone) == ["order_status_changed"])

            try await prefer(["device_updates": true, "order_updates": false])
            try await move(1, "authorised_awaiting_parts")        // device only (order stays in progress)
            try await move(26, "diagnosing")                      // device + order, both unassigned: all staff
            #expect(try await types(mock, Self.adminPhone) == ["order_status_changed", "device_status_changed", "device_status_changed"])

            try await prefer(["order_updates": true, "push_enabled": false])
            try await move(1, "ready_to_repair")
            #expect(try await types(mock, Self.adminPhone).count == 3)
        }
    }

    @Test func aFailedRequestRecordsNoPush() async throws {
        try await withSignedInMock { mock, admin in
            let engineer = try await mock.signInStaffByMagicLink("engineer@acme.test")
            try await mock.registerPushToken(Self.adminPhone, appType: "staff", bearer: admin.token)
            // A legal move with an invalid field beside it: the whole PATCH fails.
            let reply = try await mock.patch("/api/devices/\(SeedIDs.device(1))",
                                             ["status": "authorised_source_parts", "priority": "asap"], bearer: engineer)
            #expect(reply.status == 400)
            #expect(reply.error == "Invalid or missing field: priority")
            let foreign = try await mock.patch("/api/devices/\(SeedIDs.device(1))",
                                               ["status": "authorised_source_parts", "assigned_engineer_id": .string(MockSeed.Staff.betaAdmin.id)],
                                               bearer: engineer)
            #expect(foreign.error == "Invalid or missing field: assigned_engineer_id")
            #expect(try await mock.pushes().isEmpty)
            let device = try await mock.get("/api/devices/\(SeedIDs.device(1))", bearer: engineer)
            #expect(device.data["status"]?.string == "awaiting_authorisation")
        }
    }
}
