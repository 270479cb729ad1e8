import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import MockStore
import MockTestSupport

/// Device status moves through `PATCH /api/devices/:id` (CONTRACT §6, seed 003 "Device Workflow"):
/// every legal edge of both workflows, illegal moves, stamped timestamps, the derived order status.
@Suite struct DeviceWorkflowTests {
    struct Edge: Hashable, CustomStringConvertible {
        let workflow: WorkflowType
        let from: DeviceStatus
        let to: DeviceStatus
        var description: String { "\(workflow.rawValue): \(from.rawValue) → \(to.rawValue)" }
    }

    /// PATCHes `device` through `path` (starting at `start`), checking each answer; returns the edges.
    func walk(_ mock: MockHarness, _ token: String, device: String, _ workflow: WorkflowType,
              from start: DeviceStatus, through path: [DeviceStatus]) async throws -> [Edge] {
        var edges: [Edge] = []
        var current = start
        for next in path {
            let reply = try await mock.patch("/api/devices/\(device)", ["status": .string(next.rawValue)], bearer: token)
            #expect(reply.status == 200, "\(current.rawValue) → \(next.rawValue): \(reply.error ?? "")")
            #expect(reply.data["status"]?.string == next.rawValue)
            #expect(reply.data["status_label"]?.string == next.displayName)
            let transitions = reply.data["available_transitions"]?.array?.compactMap { $0["status"]?.string }
            #expect(transitions == next.nextStatuses(in: workflow).map(\.rawValue))
            edges.append(Edge(workflow: workflow, from: current, to: next))
            current = next
        }
        return edges
    }

    @Test func everyLegalEdgeOfBothWorkflowsIsAccepted() async throws {
        try await withSignedInMock { mock, admin in
            var token = admin.token
            var walked: [Edge] = []
            // Repair: the main line with a revised quote on the way.
            walked += try await walk(mock, token, device: SeedIDs.device(4), .repair, from: .deviceReceived, through: [
                .diagnosing, .readyToQuote, .awaitingAuthorisation, .authorisedSourceParts, .authorisedAwaitingParts,
                .readyToRepair, .repairing, .awaitingRevisedQuote, .awaitingAuthorisation, .authorisedSourceParts,
                .authorisedAwaitingParts, .readyToRepair, .repairing, .repairedQC, .repairedReady, .collected])
            walked += try await walk(mock, token, device: SeedIDs.device(15), .repair, from: .repairedReady, through: [.despatched])
            walked += try await walk(mock, token, device: SeedIDs.device(29), .repair, from: .awaitingAuthorisation,
                                     through: [.rejected, .rejectionQC, .rejectionReady, .collected])
            walked += try await walk(mock, token, device: SeedIDs.device(5), .repair, from: .diagnosing,
                                     through: [.companyRejected, .rejectionQC])
            // Buyback.
            walked += try await walk(mock, token, device: SeedIDs.device(23), .buyback, from: .deviceReceived, through: [
                .diagnosing, .readyToQuote, .awaitingAuthorisation, .readyToPay, .paymentMade, .addedToBuyback])
            walked += try await walk(mock, token, device: SeedIDs.device(34), .buyback, from: .awaitingAuthorisation,
                                     through: [.rejected, .rejectionQC, .rejectionReady, .collected])
            // The seed's only buyback device that can still be rejected by the company is the one just
            // walked to the end: reset (which also ends the session) and take the other branch.
            #expect(try await mock.post("/__mock/reset").status == 200)
            token = try await mock.signInStaff("admin@acme.test").token
            walked += try await walk(mock, token, device: SeedIDs.device(23), .buyback, from: .deviceReceived,
                                     through: [.diagnosing, .companyRejected, .rejectionQC])

            var expected = Set<Edge>()
            for workflow in WorkflowType.allCases {
                for status in workflow.statuses {
                    for next in status.nextStatuses(in: workflow) { expected.insert(Edge(workflow: workflow, from: status, to: next)) }
                }
            }
            #expect(expected.count == 31)   // 19 repair edges, 12 buyback
            #expect(Set(walked) == expected, "not walked: \(expected.subtracting(walked)), unexpected: \(Set(walked).subtracting(expected))")
        }
    }

    @Test(arguments: [
        (SeedIDs.device(3), "collected", "Invalid status transition from repairing to collected. Allowed: repaired_qc, awaiting_revised_quote"),
        (SeedIDs.device(4), "device_received", "Invalid status transition from device_received to device_received. Allowed: diagnosing"),
        (SeedIDs.device(4), "repairing", "Invalid status transition from device_received to repairing. Allowed: diagnosing"),
        (SeedIDs.device(2), "diagnosing", "Invalid status transition from collected to diagnosing. Allowed: none (collected is final)"),
        (SeedIDs.device(19), "collected", "Invalid status transition from despatched to collected. Allowed: none (despatched is final)"),
        (SeedIDs.device(22), "collected", "Invalid status transition from added_to_buyback to collected. Allowed: none (added_to_buyback is final)"),
        (SeedIDs.device(34), "authorised_source_parts", "Invalid status transition from awaiting_authorisation to authorised_source_parts. Allowed: ready_to_pay, rejected"),
        (SeedIDs.device(1), "ready_to_pay", "Invalid status transition from awaiting_authorisation to ready_to_pay. Allowed: authorised_source_parts, rejected"),
        (SeedIDs.device(20), "repairing", "Invalid status transition from ready_to_pay to repairing. Allowed: payment_made"),
        (SeedIDs.device(18), "despatched", "Invalid status transition from rejection_ready to despatched. Allowed: collected"),
    ])
    func illegalMoveIs400NamingTheAllowedStatusesAndWritesNothing(device: String, to status: String, message: String) async throws {
        try await withSignedInMock { mock, admin in
            let token = try await mock.signInStaffByMagicLink("engineer@acme.test")
            try await mock.registerPushToken("aaaa0000bbbb1111", appType: "staff", bearer: admin.token)
            let before = try mock.dump()
            // Other fields in the same body are not written either.
            let reply = try await mock.patch("/api/devices/\(device)", ["status": .string(status), "repair_notes": "should not stick"],
                                             bearer: token)
            #expect(reply.status == 400)
            #expect(reply.error == message)
            #expect(try mock.dump() == before)
            #expect(try await mock.pushes().isEmpty)
        }
    }

    @Test func unknownStatusIs400NamingTheField() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let before = try mock.dump()
            for body in [#"{"status":"fixed"}"#, #"{"status":null}"#, #"{"status":3}"#] {
                let reply = try await mock.send("PATCH", "/api/devices/\(SeedIDs.device(3))", body: body, bearer: token)
                #expect(reply.status == 400)
                #expect(reply.error == "Invalid or missing field: status")
            }
            #expect(try mock.dump() == before)
        }
    }

    @Test func moveStampsItsTimestampsTheAuthorisationAndTheOrderDates() async throws {
        try await withMock { mock in
            #expect(try await mock.post("/__mock/clock", ["now": "2026-12-01T09:30:00Z"]).status == 200)
            let token = try await mock.signInStaff("admin@acme.test").token   // after the jump: tokens live 15 minutes
            /// The clock keeps running: a stamp must lie between the readings before and after the move.
            func move(_ device: Int, _ status: String) async throws -> (reply: JSONValue, from: String, to: String) {
                let from = try await mock.get("/__mock/clock").data["now"]?.string ?? ""
                let reply = try await mock.patch("/api/devices/\(SeedIDs.device(device))", ["status": .string(status)], bearer: token)
                #expect(reply.status == 200, "\(status): \(reply.error ?? "")")
                let to = try await mock.get("/__mock/clock").data["now"]?.string ?? ""
                return (reply.data, from, to)
            }
            func stamped(_ value: JSONValue?, _ window: (reply: JSONValue, from: String, to: String)) -> Bool {
                guard let text = value?.string else { return false }
                return window.from <= text && text <= window.to
            }

            let approved = try await move(1, "authorised_source_parts")
            #expect(stamped(approved.reply["timestamps"]?["authorised_at"], approved))
            #expect(approved.reply["authorization"]?["status"]?.string == "approved")
            #expect(approved.reply["authorization"]?["authorized_at"] == approved.reply["timestamps"]?["authorised_at"])
            #expect(approved.reply["updated_at"] == approved.reply["timestamps"]?["authorised_at"])
            let order = try await mock.get("/api/orders/\(SeedIDs.order(1))", bearer: token).data
            #expect(order["status"]?.string == "in_progress")
            #expect(order["dates"]?["authorised_at"] == approved.reply["timestamps"]?["authorised_at"])
            #expect(order["dates"]?["updated_at"] == approved.reply["timestamps"]?["authorised_at"])
            #expect(order["devices"]?[0]?["authorization_status"]?.string == "approved")

            let completed = try await move(3, "repaired_qc")
            #expect(stamped(completed.reply["timestamps"]?["repair_completed_at"], completed))
            try await mock.advanceClock(seconds: 600)
            let ready = try await move(3, "repaired_ready")
            #expect(stamped(ready.reply["timestamps"]?["qc_completed_at"], ready))
            #expect(ready.reply["timestamps"]?["ready_at"] == ready.reply["timestamps"]?["qc_completed_at"])
            #expect(ready.reply["timestamps"]?["repair_completed_at"] == completed.reply["timestamps"]?["repair_completed_at"])

            let collected = try await move(15, "collected")
            #expect(stamped(collected.reply["timestamps"]?["collected_at"], collected))
            let collectedOrder = try await mock.get("/api/orders/\(SeedIDs.order(14))", bearer: token).data
            #expect(collectedOrder["status"]?.string == "collected")
            #expect(collectedOrder["dates"]?["collected_at"] == collected.reply["timestamps"]?["collected_at"])

            let despatched = try await move(32, "despatched")
            #expect(stamped(despatched.reply["despatched_at"], despatched))
        }
    }

    /// Order #10011 has two devices; its status follows the rule of `OrderStatus(devices:)` at every step.
    @Test func orderStatusIsRecomputedFromAllItsDevicesAfterEachMove() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let first = SeedIDs.device(11), second = SeedIDs.device(12)
            func orderStatus() async throws -> String? {
                try await mock.get("/api/orders/\(SeedIDs.order(11))", bearer: token).data["status"]?.string
            }
            func move(_ device: String, _ status: String) async throws {
                let reply = try await mock.patch("/api/devices/\(device)", ["status": .string(status)], bearer: token)
                #expect(reply.status == 200, "\(status): \(reply.error ?? "")")
            }
            #expect(try await orderStatus() == "in_progress")            // repairing + diagnosing
            try await move(second, "ready_to_quote")
            try await move(second, "awaiting_authorisation")
            #expect(try await orderStatus() == "awaiting_authorisation")
            try await move(second, "rejected")
            #expect(try await orderStatus() == "in_progress")
            try await move(first, "repaired_qc")
            try await move(first, "repaired_ready")
            #expect(try await orderStatus() == "in_progress")            // rejected is not ready yet
            try await move(second, "rejection_qc")
            try await move(second, "rejection_ready")
            #expect(try await orderStatus() == "ready_for_collection")
            try await move(first, "collected")
            #expect(try await orderStatus() == "ready_for_collection")   // one finished, one ready
            try await move(second, "collected")
            #expect(try await orderStatus() == "collected")
            // The list filter agrees with the detail.
            let listed = try await mock.get("/api/orders?status=collected&search=10011", bearer: token)
            #expect(listed.data.array?.compactMap { $0["id"]?.string } == [SeedIDs.order(11)])
        }
    }
}
