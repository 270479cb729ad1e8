/// Money of an order, computed from its line items and payments, never stored (decided):
/// - a line: `line_total = quantity × unit_price` (ex VAT); `vat = line_total × rate / 100`
///   rounded half away from zero to the penny; `line_total_inc_vat = line_total + vat`. A
///   `device_purchase` line (a buyback: the shop buys the device) is money the shop owes, so its
///   `line_total` is negative — `-(quantity × unit_price)` — and the payout recorded as a negative
///   payment settles it;
/// - `subtotal` = Σ line totals, `vat_total` = Σ line VAT, `grand_total` = subtotal + vat_total;
/// - `amount_paid` = Σ (payment amount − refunded amount); `balance_due` = grand_total − amount_paid;
/// - `payment_status`: `no_charge` when there is nothing to pay and nothing paid; else `paid` when
///   the balance is zero or lies on the other side of zero from the grand total (settled or
///   overpaid, in whichever direction the money flows); else `partially_paid` when something was
///   paid in the direction owed; else `unpaid`.
package struct OrderTotals: Sendable, Equatable {
    package var subtotalPence: Int64 = 0
    package var vatTotalPence: Int64 = 0
    package var amountPaidPence: Int64 = 0
    package var grandTotalPence: Int64 { subtotalPence + vatTotalPence }
    package var balanceDuePence: Int64 { grandTotalPence - amountPaidPence }

    init(lines: [PricedLine], payments: [PaymentRecord]) {
        for line in lines { add(line.amounts) }
        for payment in payments { addPayment(amountPence: payment.amountPence, refundedPence: payment.refundedPence) }
    }

    init() {}

    mutating func add(_ line: LineAmounts) {
        subtotalPence += line.totalPence
        vatTotalPence += line.vatPence
    }

    mutating func addPayment(amountPence: Int64, refundedPence: Int64) {
        amountPaidPence += amountPence - refundedPence
    }

    package var paymentStatus: PaymentStatus {
        if grandTotalPence == 0 && amountPaidPence == 0 { return .noCharge }
        if balanceDuePence == 0 || balanceDuePence.signum() != grandTotalPence.signum() { return .paid }
        if amountPaidPence.signum() == grandTotalPence.signum() { return .partiallyPaid }
        return .unpaid
    }

    package enum PaymentStatus: String, Sendable, CaseIterable {
        case unpaid
        case partiallyPaid = "partially_paid"
        case paid
        case noCharge = "no_charge"
    }
}

/// A line item with its amounts, computed once: the order's totals add these, and the details show them.
package struct PricedLine: Sendable, Equatable {
    package var item: OrderItemRecord
    package var amounts: LineAmounts

    init(_ item: OrderItemRecord) {
        self.item = item
        amounts = LineAmounts(item)
    }
}

/// One line item's amounts in pence.
package struct LineAmounts: Sendable, Equatable {
    package var totalPence: Int64
    package var vatPence: Int64
    package var totalIncVATPence: Int64 { totalPence + vatPence }

    init(_ item: OrderItemRecord) {
        self.init(itemType: item.itemType, quantity: item.quantity, unitPricePence: item.unitPricePence,
                  vatRate: item.vatRate)
    }

    init(itemType: ItemType, quantity: Int64, unitPricePence: Int64, vatRate: String) {
        let amount = quantity * unitPricePence
        totalPence = itemType == .devicePurchase ? -amount : amount
        vatPence = Self.vat(on: totalPence, rate: vatRate)
    }

    /// `amount × rate / 100`, half away from zero; `rate` is the stored text `"20.00"`.
    static func vat(on amount: Int64, rate: String) -> Int64 {
        let hundredths = Self.hundredths(rate)                     // "20.00" → 2000
        let scaled = amount * hundredths                           // pence × rate% × 100
        let (quotient, remainder) = scaled.quotientAndRemainder(dividingBy: 10_000)
        if abs(remainder) * 2 >= 10_000 { return quotient + (scaled < 0 ? -1 : 1) }
        return quotient
    }

    /// `"20.00"` → 2000, `"5"` → 500, `"17.5"` → 1750 (the seed validates the format).
    static func hundredths(_ rate: String) -> Int64 {
        // Digits with at most one point, as every stored rate is: read from the bytes (this runs
        // for every line of every order a list or the dashboard totals). Anything else: below.
        var whole: Int64 = 0, fraction: Int64 = 0, fractionDigits = 0, sawPoint = false, plain = !rate.isEmpty
        for byte in rate.utf8 {
            if byte == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), whole < 1_000_000_000 {
                let digit = Int64(byte - UInt8(ascii: "0"))
                if !sawPoint {
                    whole = whole * 10 + digit
                } else if fractionDigits < 2 {
                    fraction = fraction * 10 + digit
                    fractionDigits += 1
                }
            } else {
                plain = false
                break
            }
        }
        if plain, rate.utf8.first != UInt8(ascii: ".") {
            for _ in fractionDigits..<2 { fraction *= 10 }
            return whole * 100 + fraction
        }
        return hundredthsBySplitting(rate)
    }

    private static func hundredthsBySplitting(_ rate: String) -> Int64 {
        let parts = rate.split(separator: ".", maxSplits: 1)
        let whole = Int64(parts.first ?? "0") ?? 0
        var fraction: Int64 = 0
        if parts.count == 2 {
            let digits = String(parts[1].prefix(2)).padding(toLength: 2, withPad: "0", startingAt: 0)
            fraction = Int64(digits) ?? 0
        }
        return whole * 100 + fraction
    }
}
