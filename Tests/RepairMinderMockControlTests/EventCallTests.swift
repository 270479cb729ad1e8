import Foundation
import Testing
import MockServer
import RepairMinderMockControl
import MockTestSupport

/// `receivePayment` and `createOrder`: the backend's own events, typed, with the push the staff app
/// waits for (after it registered its device token).
@Suite struct EventCallTests {
    static let adminPhone = "adm1000000000001"

    /// The admin signed in, with a staff device token registered as the app registers it.
    static func adminWithToken(_ mock: MockHarness) async throws {
        let token = try await mock.control.createSession(email: MockSeed.Staff.admin.email).token
        let registered = try await mock.app("POST", "/api/user/device-token", ["device_token": .string(adminPhone),
                                                                             "platform": "ios", "app_type": "staff"], bearer: token)
        guard registered.status == 200 else { throw TestFailure("device token: \(registered.json)") }
    }

    @Test func aPaymentIsTypedAndItsPushArrives() async throws {
        try await withMock(.live) { mock in
            try await Self.adminWithToken(mock)
            let paid = try await mock.control.receivePayment(orderID: MockSeed.Order.janes10001, amountPence: 1050, method: .cash)
            #expect(paid.orderID == MockSeed.Order.janes10001)
            #expect(paid.orderNumber == 10001)
            #expect(paid.payment.amountPence == 1050)
            #expect(paid.payment.paymentMethod == "cash")
            #expect(paid.paymentStatus == "partially_paid")
            #expect(paid.balanceDuePence == 14947)
            #expect(paid.pushes == 1)
            let push = try await mock.control.waitForPush(type: "payment_received", to: .deviceToken(Self.adminPhone), timeout: patience)
            #expect(push.payload.orderID == MockSeed.Order.janes10001)
            #expect(push.payload.aps.alert == .init(title: "Payment received", body: "10.50 GBP received for order #10001"))
        }
    }

    @Test func aNewOrderIsTypedAndItsPushArrives() async throws {
        try await withMock(.live) { mock in
            try await Self.adminWithToken(mock)
            let made = try await mock.control.createOrder(companyID: MockSeed.Company.acme, clientID: MockSeed.Customer.jane.id,
                                                          devices: [.init(brand: "Apple", model: "iPhone 15")])
            #expect(made.orderNumber == 10033)
            #expect(made.rows.map(\.path) == ["order", "order.devices[0]"])
            #expect(made.rows.first?.id == made.orderID)
            #expect(made.pushes == 1)
            let push = try await mock.control.waitForPush(type: "order_created", to: .deviceToken(Self.adminPhone), timeout: patience)
            #expect(push.payload.orderID == made.orderID)
            #expect(push.payload.aps.alert == .init(title: "New order", body: "Order #10033 from Jane Doe"))
        }
    }

    @Test func aRefusedEventIsTheMocksMessage() async throws {
        try await withMock(.live) { mock in
            let error = await controlError { _ = try await mock.control.receivePayment(orderID: "nope", amountPence: 100) }
            guard case .refused(let call, let status, let message, _)? = error else {
                Issue.record("expected refused, got \(String(describing: error))")
                return
            }
            #expect(call == "POST /__mock/events")
            #expect(status == 404)
            #expect(message == "Order not found: nope")
        }
    }
}
