import Foundation
import GRDB
import MockBasics

/// What `Store.receivePayment` did: the payment, the order's money after it, and how many pushes
/// were recorded (one per registered token of each staff member told).
package struct PaymentReceipt: Sendable {
    package var payment: PaymentRecord
    package var orderNumber: Int64
    package var totals: OrderTotals
    package var pushes: Int
}

extension Store {
    /// The backend's own `payment_received` (`POST /__mock/events`): a payment of `amountPence` by
    /// `method` on the order, dated now, not a deposit and recorded by nobody (the payment came in,
    /// no one typed it); the order's totals, balance and `payment_status` follow from it as they do
    /// from every payment (`OrderTotals`), its `updated_at` moves, and the `payment_received` push
    /// goes to the order's assigned user, else every active staff member, by their preferences —
    /// all in one transaction. nil, writing nothing, when there is no such order.
    package func receivePayment(orderID: String, amountPence: Int64, method: PaymentMethod, now: Date) throws -> PaymentReceipt? {
        try writeDatabase { db in
            guard var order = try OrderRecord.fetchOne(db, key: orderID) else { return nil }
            let stamp = Timestamp.string(now)
            let payment = PaymentRecord(id: invented.id(PaymentRecord.self), companyID: order.companyID,
                                        orderID: order.id, amountPence: amountPence, refundedPence: 0,
                                        paymentMethod: method, paymentDate: stamp, isDeposit: 0, recordedBy: nil,
                                        notes: nil, createdAt: stamp)
            try payment.insert(db)
            order.updatedAt = stamp
            try order.update(db)
            let lines = try db.records(OrderItemRecord.self, where: "order_id", in: [order.id], orderBy: "order_id, created_at, rowid")
                .map(PricedLine.init)
            let payments = try db.records(PaymentRecord.self, where: "order_id", in: [order.id], orderBy: "order_id, payment_date, rowid")
            let currency = try String.fetchOne(db, sql: "SELECT currency_code FROM companies WHERE id = ?", arguments: [order.companyID]) ?? ""
            let pushes = try PushDelivery.record([PushEvent.paymentReceived(order, amountPence: amountPence, currency: currency)],
                                                 db: db, company: order.companyID, actor: "", now: now, invented: invented)
            return PaymentReceipt(payment: payment, orderNumber: order.orderNumber,
                                  totals: OrderTotals(lines: lines, payments: payments), pushes: pushes)
        }
    }
}
