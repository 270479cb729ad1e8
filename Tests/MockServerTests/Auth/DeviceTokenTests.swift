import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import RepairMinderMockControl
import MockStore
import MockTestSupport

/// Push device tokens and preferences (CONTRACT §7).
@Suite struct DeviceTokenTests {
    static let token = "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90"

    private func owners(_ mock: MockHarness) throws -> [DeviceTokenRecord] {
        try mock.server.environment.store.deviceTokens()
    }

    /// `GET /__mock/device-tokens`: exactly the registered tokens, each with its owner, oldest first.
    @Test func theControlAPIListsTheRegisteredTokensAndWhose() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, staff in
            #expect(try await mock.get("/__mock/device-tokens").json == ["success": true, "data": []])
            _ = try await mock.post("/api/user/device-token", [
                "device_token": .string(Self.token), "platform": "ios", "app_type": "staff"], bearer: staff.token)
            let jane = try await mock.signInCustomer("jane@customer.test")
            _ = try await mock.post("/api/user/device-token", [
                "device_token": "jane000000000001", "platform": "ios", "app_type": "customer"], bearer: jane)
            let listed = try await mock.get("/__mock/device-tokens")
            #expect(listed.status == 200)
            #expect(listed.data == [
                ["device_token": .string(Self.token), "platform": "ios", "app_type": "staff", "owner_id": .string(MockSeed.Staff.admin.id),
                 "company_id": .string(MockSeed.Company.acme), "registered_at": "2026-11-21T12:00:00Z"],
                ["device_token": "jane000000000001", "platform": "ios", "app_type": "customer", "owner_id": .string(MockSeed.Customer.jane.id),
                 "company_id": .string(MockSeed.Company.acme), "registered_at": "2026-11-21T12:00:00Z"],
            ])
            #expect(listed.data[0]?.keys == ["device_token", "platform", "app_type", "owner_id", "company_id", "registered_at"])
            #expect(try await mock.send("POST", "/__mock/device-tokens", body: "{}").status == 405)
        }
    }

    @Test func staffAndCustomerRegisterAndATokenMovesToItsNewOwner() async throws {
        try await withSignedInMock { mock, admin in
            let staff = admin
            let registered = try await mock.post("/api/user/device-token", [
                "device_token": .string(Self.token), "platform": .string("ios"), "app_type": .string("staff")], bearer: staff.token)
            #expect(registered.status == 200)
            #expect(registered.data == .object(["message": .string("Device token registered")]))
            #expect(try owners(mock).map(\.userID) == [MockSeed.Staff.admin.id])

            let customer = try await mock.signInCustomer("jane@customer.test")
            let moved = try await mock.post("/api/user/device-token", [
                "device_token": .string(Self.token), "platform": .string("ios"), "app_type": .string("customer")], bearer: customer)
            #expect(moved.status == 200)
            let rows = try owners(mock)
            #expect(rows.count == 1)
            #expect(rows.first?.clientID == MockSeed.Customer.jane.id)
            #expect(rows.first?.userID == nil)
            #expect(rows.first?.appType == .customer)

            // The staff user no longer owns it, so their DELETE leaves it; the customer's removes it.
            _ = try await mock.send("DELETE", "/api/user/device-token", json: ["device_token": .string(Self.token)], bearer: staff.token)
            #expect(try owners(mock).count == 1)
            let removed = try await mock.send("DELETE", "/api/user/device-token", json: ["device_token": .string(Self.token)],
                                              bearer: customer)
            #expect(removed.data == .object(["message": .string("Device token removed")]))
            #expect(try owners(mock).isEmpty)
        }
    }

    @Test(arguments: [
        (#"{"device_token":"a1b2c3d4e5f60718","platform":"ios","app_type":"customer"}"#, "app_type must be \"staff\" for this token"),
        (#"{"device_token":"a1b2c3d4e5f60718","platform":"android","app_type":"staff"}"#, "Invalid or missing field: platform"),
        (#"{"device_token":"a1b2c3d4e5f60718","platform":"ios","app_type":"robot"}"#, "Invalid or missing field: app_type"),
        (#"{"device_token":"a1b2c3d4e5f60718","platform":"ios"}"#, "Invalid or missing field: app_type"),
        (#"{"device_token":"bad token!","platform":"ios","app_type":"staff"}"#, "Invalid or missing field: device_token"),
        (#"{"platform":"ios","app_type":"staff"}"#, "Invalid or missing field: device_token"),
        (#"{"deviceToken":"a1b2c3d4e5f60718","platform":"ios","app_type":"staff"}"#, "Invalid or missing field: device_token"),
    ])
    func badRegistrationsAre400AndWriteNothing(body: String, message: String) async throws {
        try await withSignedInMock { mock, admin in
            let staff = admin
            let reply = try await mock.send("POST", "/api/user/device-token", body: body, bearer: staff.token)
            #expect(reply.status == 400)
            #expect(reply.error == message)
            #expect(try owners(mock).isEmpty)
        }
    }

    @Test func registrationNeedsAToken() async throws {
        try await withMock { mock in
            let reply = try await mock.post("/api/user/device-token", [
                "device_token": .string(Self.token), "platform": .string("ios"), "app_type": .string("staff")])
            #expect(reply.status == 401)
            #expect(try owners(mock).isEmpty)
        }
    }

    @Test func pushPreferencesDefaultUpdateAndStayPerOwner() async throws {
        try await withSignedInMock { mock, admin in
            let staff = admin
            let defaults = try await mock.get("/api/user/push-preferences", bearer: staff.token)
            #expect(defaults.data == .object(["push_enabled": .bool(true), "order_updates": .bool(true),
                                              "device_updates": .bool(true), "ticket_messages": .bool(true),
                                              "quote_updates": .bool(true), "marketing": .bool(false)]))
            let updated = try await mock.send("PUT", "/api/user/push-preferences", body: #"{"marketing":true,"order_updates":false}"#,
                                              bearer: staff.token)
            #expect(updated.data["marketing"] == .bool(true))
            #expect(updated.data["order_updates"] == .bool(false))
            #expect(try await mock.get("/api/user/push-preferences", bearer: staff.token).data == updated.data)
            let customer = try await mock.signInCustomer("jane@customer.test")
            #expect(try await mock.get("/api/user/push-preferences", bearer: customer).data == defaults.data)

            for (body, message) in [(#"{}"#, "No fields to update"), (#"{"marketing":"yes"}"#, "Invalid or missing field: marketing"),
                                     (#"{"push_enabled":true,"marketing":null}"#, "Invalid or missing field: marketing")] {
                let bad = try await mock.send("PUT", "/api/user/push-preferences", body: body, bearer: staff.token)
                #expect(bad.status == 400)
                #expect(bad.error == message)
            }
            #expect(try await mock.get("/api/user/push-preferences", bearer: staff.token).data == updated.data)
        }
    }
}
