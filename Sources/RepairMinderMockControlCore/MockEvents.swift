import Foundation

// The backend's own events (`POST /__mock/events`): an order arrives, a payment comes in. Nothing the
// app does causes them, yet the staff app handles their pushes (`order_created`,
// `payment_received`, seed 000). Playing one makes the mock do what the backend would and record
// the push, to the order's assigned user (else every active staff member) on each device token they
// registered, by their preferences — so register the app's token first, or `pushes` is 0.

extension MockControl {
    /// `payment_received`: a payment of `amountPence` on the order (dated now, not a deposit); its
    /// totals, balance due and payment status follow, and the push is recorded.
    @discardableResult
    public func receivePayment(orderID: String, amountPence: Int, method: MockPaymentMethod = .card) async throws -> MockPaymentReceived {
        try await data(MockPaymentReceived.self, "POST", "/__mock/events", json: [
            "type": "payment_received", "order_id": .string(orderID), "amount_pence": .number(Double(amountPence)),
            "payment_method": .string(method.rawValue),
        ])
    }

    /// `order_created`: an order built as ``MockFixtures/addOrder(companyID:clientID:locationID:assignedUserID:devices:items:)``
    /// builds it arrives, and the push is recorded.
    @discardableResult
    public func createOrder(companyID: String, clientID: String, locationID: String? = nil, assignedUserID: String? = nil,
                            devices: [MockFixtures.Device], items: [MockFixtures.Item] = []) async throws -> MockOrderCreated {
        var fixtures = MockFixtures()
        fixtures.addOrder(companyID: companyID, clientID: clientID, locationID: locationID, assignedUserID: assignedUserID,
                          devices: devices, items: items)
        return try await createOrder(json: fixtures.orders[0])
    }

    /// `order_created` with an order in the fixture format as it is (Seeds/README.md).
    @discardableResult
    public func createOrder(json order: MockJSON) async throws -> MockOrderCreated {
        try await data(MockOrderCreated.self, "POST", "/__mock/events", json: ["type": "order_created", "order": order])
    }
}

/// How a played payment was made.
public enum MockPaymentMethod: String, Sendable, CaseIterable {
    case cash, card, other
    case bankTransfer = "bank_transfer"
}

/// What ``MockControl/receivePayment(orderID:amountPence:method:)`` answers.
public struct MockPaymentReceived: Sendable, Equatable, Decodable {
    public struct Payment: Sendable, Equatable, Decodable, Identifiable {
        public let id: String
        public let amountPence: Int
        public let paymentMethod: String
        public let paymentDate: Date

        enum CodingKeys: String, CodingKey {
            case id, amountPence = "amount_pence", paymentMethod = "payment_method", paymentDate = "payment_date"
        }
    }

    public let orderID: String
    public let orderNumber: Int
    public let payment: Payment
    /// `unpaid`, `partially_paid`, `paid` or `no_charge`, after the payment.
    public let paymentStatus: String
    public let balanceDuePence: Int
    /// Pushes recorded: one per device token of each staff member told.
    public let pushes: Int

    enum CodingKeys: String, CodingKey {
        case payment, pushes, orderID = "order_id", orderNumber = "order_number"
        case paymentStatus = "payment_status", balanceDuePence = "balance_due_pence"
    }
}

/// What ``MockControl/createOrder(json:)`` answers.
public struct MockOrderCreated: Sendable, Equatable, Decodable {
    public let orderID: String
    public let orderNumber: Int
    /// Every row made: the order (`order`), its devices (`order.devices[0]`), items…
    public let rows: [MockFixtureRow]
    /// Pushes recorded: one per device token of each staff member told.
    public let pushes: Int

    enum CodingKeys: String, CodingKey {
        case rows, pushes, orderID = "order_id", orderNumber = "order_number"
    }
}
