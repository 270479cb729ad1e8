import Testing
@testable import MockStore

/// The decided rules behind orders, kept by the store: derived status, money, queues
/// (docs/resources.md). How money is written in a payload: `PayloadFormatTests`.
@Suite struct OrderRulesTests {
    @Test(arguments: [
        ([], OrderStatus.awaitingDevice),
        ([.deviceReceived], .received),
        ([.deviceReceived, .collected], .received),
        ([.deviceReceived, .diagnosing], .inProgress),
        ([.repairing, .awaitingRevisedQuote], .awaitingAuthorisation),
        ([.collected, .awaitingAuthorisation], .awaitingAuthorisation),
        ([.collected, .despatched, .addedToBuyback], .collected),
        ([.repairedReady, .rejectionReady, .collected], .readyForCollection),
        ([.repairedReady, .repairing], .inProgress),
        ([.readyToPay], .inProgress),
        ([.rejected], .inProgress),
    ] as [([DeviceStatus], OrderStatus)])
    func orderStatusFollowsTheFirstMatchingRule(devices: [DeviceStatus], expected: OrderStatus) {
        #expect(OrderStatus(devices: devices) == expected)
    }

    @Test func queuesHoldWhatStillNeedsTheShop() {
        #expect(DeviceStatus.activeWorkStatuses == [.diagnosing, .repairing, .repairedQC, .rejectionQC])
        #expect(Set(DeviceStatus.queueStatuses) == [
            .deviceReceived, .diagnosing, .readyToQuote, .companyRejected, .authorisedSourceParts, .readyToRepair,
            .repairing, .awaitingRevisedQuote, .repairedQC, .rejected, .rejectionQC, .readyToPay, .paymentMade,
        ])
        #expect(Set(DeviceStatus.activeWorkStatuses).isSubset(of: Set(DeviceStatus.queueStatuses)))
    }

    @Test(arguments: [
        (12999, "20.00", 2600),   // 2599.8
        (1998, "20.00", 400),     // 399.6
        (25, "20.00", 5),         // 5.0
        (1, "50.00", 1),          // 0.5 rounds away from zero
        (-1, "50.00", -1),
        (-12999, "20.00", -2600),
        (1000, "0.00", 0),
        (1000, "17.5", 175),
        (333, "5.00", 17),        // 16.65
    ] as [(Int64, String, Int64)])
    func vatIsRoundedHalfAwayFromZeroPerLine(amount: Int64, rate: String, vat: Int64) {
        #expect(LineAmounts.vat(on: amount, rate: rate) == vat)
    }

    /// The rate's hundredths, read from its bytes, agree with reading it by splitting at the point
    /// for every form (the plain ones take the byte path, the rest the split).
    @Test func rateHundredthsAreTheSameOnBothPaths() {
        func bySplitting(_ rate: String) -> Int64 {
            let parts = rate.split(separator: ".", maxSplits: 1)
            let whole = Int64(parts.first ?? "0") ?? 0
            var fraction: Int64 = 0
            if parts.count == 2 {
                fraction = Int64(String(parts[1].prefix(2)).padding(toLength: 2, withPad: "0", startingAt: 0)) ?? 0
            }
            return whole * 100 + fraction
        }
        let rates = ["20.00", "20", "20.", "0.00", "5", "17.5", "17.55", "17.555", "007.07", ".5", "", ".", "1.2.3",
                     "-5", "+5", "5.-1", " 5", "abc", "12345678901234.5", "99999999999"]
        for rate in rates { #expect(LineAmounts.hundredths(rate) == bySplitting(rate), "\(rate)") }
        #expect(LineAmounts.hundredths("17.5") == 1750 && LineAmounts.hundredths("20.00") == 2000)
    }

    func item(_ quantity: Int64, _ pence: Int64, _ rate: String = "20.00",
              type: ItemType = .repair) -> PricedLine {
        PricedLine(OrderItemRecord(id: "i", companyID: "c", orderID: "o", deviceID: nil, itemType: type,
                                   description: "x", quantity: quantity, unitPricePence: pence, vatRate: rate,
                                   createdAt: "2026-11-21T10:15:00Z"))
    }

    func payment(_ pence: Int64, refunded: Int64 = 0) -> PaymentRecord {
        PaymentRecord(id: "p", companyID: "c", orderID: "o", amountPence: pence, refundedPence: refunded,
                      paymentMethod: .card, paymentDate: "2026-11-21T10:15:00Z", isDeposit: 0, recordedBy: nil,
                      notes: nil, createdAt: "2026-11-21T10:15:00Z")
    }

    @Test func totalsAddLinesAndSubtractNetPayments() {
        let totals = OrderTotals(lines: [item(1, 12999), item(2, 999)], payments: [payment(2000), payment(1000, refunded: 400)])
        #expect(totals.subtotalPence == 14997)
        #expect(totals.vatTotalPence == 3000)
        #expect(totals.grandTotalPence == 17997)
        #expect(totals.amountPaidPence == 2600)
        #expect(totals.balanceDuePence == 15397)
        #expect(totals.paymentStatus == .partiallyPaid)
    }

    @Test func paymentStatusCoversNothingToPayUnpaidAndPaid() {
        #expect(OrderTotals(lines: [], payments: []).paymentStatus == .noCharge)
        #expect(OrderTotals(lines: [item(1, 1000)], payments: []).paymentStatus == .unpaid)
        #expect(OrderTotals(lines: [item(1, 1000)], payments: [payment(1200)]).paymentStatus == .paid)
        #expect(OrderTotals(lines: [item(1, 1000)], payments: [payment(1500)]).balanceDuePence == -300)
        #expect(OrderTotals(lines: [item(1, 1000)], payments: [payment(1200, refunded: 1200)]).paymentStatus == .unpaid)
    }

    /// A buyback: the shop owes the customer the purchase price until it pays it out.
    @Test func aDevicePurchaseIsOwedByTheShopAndSettledByAPayout() {
        let purchase = item(1, 27998, "0.00", type: .devicePurchase)
        let owed = OrderTotals(lines: [purchase], payments: [])
        #expect(owed.grandTotalPence == -27998)
        #expect(owed.balanceDuePence == -27998)
        #expect(owed.paymentStatus == .unpaid)
        #expect(OrderTotals(lines: [purchase], payments: [payment(-10000)]).paymentStatus == .partiallyPaid)
        let settled = OrderTotals(lines: [purchase], payments: [payment(-27998)])
        #expect(settled.balanceDuePence == 0)
        #expect(settled.paymentStatus == .paid)
    }
}
