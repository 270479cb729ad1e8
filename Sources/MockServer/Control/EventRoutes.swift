import Foundation
import MockHTTP
import MockBasics
import MockRouting
import MockStore

/// `POST /__mock/events`: the backend's own events, played on demand (docs/control-api.md,
/// "Events"). Nothing in the app makes an order arrive or a payment come in, but the staff app
/// handles both pushes (seed 000 `handleNotificationTap`): a test plays the event, the mock does
/// what the backend would (the order or payment is there, its totals follow) and records the push
/// seed 000 expects, through the same path as every other push (the Simulator included).
enum EventRoutes {
    static let types = ["order_created", "payment_received"]
    /// Largest payment: £10,000,000, the seed format's bound on money.
    static let maxAmountPence: Int64 = 1_000_000_000

    static func register(on router: inout ControlRouter) {
        router.post("/__mock/events") { context in
            guard let body = JSONValue.parse(context.request.body) else { throw APIFailure.invalidJSON }
            guard case .object(let members) = body else { throw APIFailure.badRequest("Expected a JSON object") }
            try JSONBody.rejectNUL(in: body)
            guard case .string(let type)? = members["type"] else { throw APIFailure.invalidField("type") }
            switch type {
            case "payment_received":
                try refuseUnknownKeys(members, allowed: ["type", "order_id", "amount_pence", "payment_method"])
                guard case .string(let orderID)? = members["order_id"], !orderID.isEmpty else { throw APIFailure.invalidField("order_id") }
                guard let amount = wholeNumber(members["amount_pence"]), (1...maxAmountPence).contains(amount) else {
                    throw APIFailure.invalidField("amount_pence")
                }
                var method = PaymentMethod.card
                if let given = members["payment_method"], given != .null {
                    guard case .string(let text) = given, let parsed = PaymentMethod(rawValue: text) else {
                        throw APIFailure.invalidField("payment_method")
                    }
                    method = parsed
                }
                guard let receipt = try context.store.receivePayment(orderID: orderID, amountPence: amount, method: method,
                                                                     now: context.now) else {
                    throw APIFailure(status: 404, message: "Order not found: \(orderID)")
                }
                return JSONBody.success(PaymentReceivedPayload(receipt), status: 201)
            case "order_created":
                try refuseUnknownKeys(members, allowed: ["type", "order"])
                guard let order = members["order"] else { throw APIFailure.invalidField("order") }
                let iterations = context.environment.configuration.passwordHashIterations
                let values = context.environment.invented
                do {
                    let made = try context.store.createOrder(order, now: context.now) {
                        PasswordHasher.hash($0, iterations: iterations, invented: values)
                    }
                    return JSONBody.success(OrderCreatedPayload(rows: made.rows, pushes: made.pushes), status: 201)
                } catch let error as SeedError {
                    throw APIFailure.badRequest("\(error.path): \(error.message)")
                }
            default:
                throw APIFailure.badRequest("Unknown event type: \(type) (one of \(types.joined(separator: ", ")))")
            }
        }
    }

    /// A JSON number without a fractional part (`1000` or `1000.0`).
    private static func wholeNumber(_ value: JSONValue?) -> Int64? {
        switch value {
        case .int(let number)?: number
        case .double(let number)? where number.rounded() == number && abs(number) < 1e15: Int64(number)
        default: nil
        }
    }

    private static func refuseUnknownKeys(_ members: [String: JSONValue], allowed: Set<String>) throws {
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw APIFailure.badRequest("Unknown key: \(unknown)")
        }
    }
}

/// `POST /__mock/events`' answer to a `payment_received`: the payment, the order's payment status and
/// balance after it, and the pushes it recorded.
/*@JSONObject(component: "PaymentReceivedEvent")*/
struct PaymentReceivedPayload {
    let type = "payment_received"
    let order_id: String
    let order_number: Int64
    let payment: Payment
    let payment_status: OrderTotals.PaymentStatus
    let balance_due_pence: Int64
    /// Pushes recorded (one per device token of each staff member told).
    /*@Schema(.integer(minimum: 0))*/ let pushes: Int

    /*@JSONObject*/
    struct Payment {
        let id: String
        let amount_pence: Int64
        let payment_method: PaymentMethod
        /*@Schema(.string(format: "date-time"))*/ let payment_date: String
    }

    init(_ receipt: PaymentReceipt) {
        order_id = receipt.payment.orderID
        order_number = receipt.orderNumber
        payment = Payment(id: receipt.payment.id, amount_pence: receipt.payment.amountPence,
                          payment_method: receipt.payment.paymentMethod, payment_date: receipt.payment.paymentDate)
        payment_status = receipt.totals.paymentStatus
        balance_due_pence = receipt.totals.balanceDuePence
        pushes = receipt.pushes
    }
}

/// `POST /__mock/events`' answer to an `order_created`: the order, every row made for it, and the
/// pushes it recorded.
/*@JSONObject(component: "OrderCreatedEvent")*/
struct OrderCreatedPayload {
    let type = "order_created"
    let order_id: String
    let order_number: Int64
    /// Every row made, as `POST /__mock/fixtures` lists them, paths starting `order`.
    let rows: [MadeRow]
    /// Pushes recorded (one per device token of each staff member told).
    /*@Schema(.integer(minimum: 0))*/ let pushes: Int

    init(rows made: [FixtureRow], pushes: Int) {
        let order = made.first { $0.table == "orders" }
        order_id = order?.id ?? ""
        order_number = order?.number ?? 0
        rows = made.map(MadeRow.init)
        self.pushes = pushes
    }
}
