import Testing
@testable import MockServer

/// Money in a payload: pence written as a decimal string (docs/resources.md). The amounts
/// themselves are the store's (`OrderRulesTests`).
@Suite struct MoneyTests {
    @Test func moneyHasTwoDecimalsAndASign() {
        #expect(Money.string(0) == "0.00")
        #expect(Money.string(5) == "0.05")
        #expect(Money.string(12999) == "129.99")
        #expect(Money.string(-1200) == "-12.00")
        #expect(Money.string(-7) == "-0.07")
        #expect(Money.string(Int64.min) == "-92233720368547758.08")
        #expect(Money.string(Int64.max) == "92233720368547758.07")
        #expect(Money.string(99) == "0.99" && Money.string(100) == "1.00" && Money.string(-100) == "-1.00")
        #expect(Money.string(1_000_000_00) == "1000000.00")
    }
}
