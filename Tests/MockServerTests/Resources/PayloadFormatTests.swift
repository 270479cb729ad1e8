import Foundation
import Testing
@testable import MockServer

/// How a payload writes what the store gives it: money as a decimal string, an address's lines in
/// one (docs/resources.md). The amounts themselves are the store's (`OrderRulesTests`).
@Suite struct PayloadFormatTests {
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

    /// The order detail's `address`: each line trimmed as Foundation's `.whitespaces` trims (spaces,
    /// tabs, Unicode's other space separators and the zero-width space, not newlines), blank lines
    /// left out, ", " between.
    @Test func addressLinesTrimAsFoundationsWhitespacesDo() {
        let lines: [String?] = ["3 Mill Lane", "  Flat 2\t", nil, "", " \t ", "\u{00A0}Manchester\u{3000}", "M1 1AA\n",
                                "\u{2003}é\u{2009}", "\u{200B}zero width\u{200B}", "\u{1F3E0} Home", "\u{1680}\u{202F}\u{205F}\u{200A}",
                                "\u{200C}joiner\u{FEFF}", " \u{301}accent", "x\u{2009}\u{301}"]
        let foundation = lines.compactMap { $0?.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(AddressLines.joined(lines) == foundation.joined(separator: ", "))
        #expect(AddressLines.joined(lines) == "3 Mill Lane, Flat 2, Manchester, M1 1AA\n, é, zero width, \u{1F3E0} Home, \u{200C}joiner\u{FEFF}, \u{301}accent, x\u{2009}\u{301}")
        #expect(AddressLines.joined([nil, "", "  "]) == nil)
        #expect(AddressLines.joined(["a", nil, "b"]) == "a, b")
    }
}
