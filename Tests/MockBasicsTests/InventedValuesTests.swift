import Foundation
import Testing
@testable import MockBasics

/// Where a namespace's invented values come from (MockBasics' `InventedValues`, docs/replay.md).
@Suite struct InventedValuesTests {
    @Test func aSeedGivesTheSameSequenceForTheSameNamespaceAndKindAndNothingElse() {
        let a = InventedValues(seed: "golden", namespace: "one")
        let b = InventedValues(seed: "golden", namespace: "one")
        let first = (0..<5).map { _ in a.uuid(.id("orders")) }
        #expect(first == (0..<5).map { _ in b.uuid(.id("orders")) })
        #expect(Set(first).count == 5)
        // Another namespace, another kind, another seed: other values.
        #expect(InventedValues(seed: "golden", namespace: "two").uuid(.id("orders")) != first[0])
        #expect(InventedValues(seed: "golden", namespace: "one").uuid(.id("tickets")) != first[0])
        #expect(InventedValues(seed: "other", namespace: "one").uuid(.id("orders")) != first[0])
    }

    @Test func eachKindHasASequenceOfItsOwnAndARestartBeginsThemAgain() {
        let values = InventedValues(seed: "golden", namespace: "")
        let code = values.sixDigitCode()
        let token = values.refreshToken()
        let interleaved = InventedValues(seed: "golden", namespace: "")
        _ = interleaved.uuid(.tokenID)          // one more value of another kind first
        _ = interleaved.bytes(16, .salt)
        #expect(interleaved.sixDigitCode() == code)
        #expect(interleaved.refreshToken() == token)
        values.restart()
        #expect(values.sixDigitCode() == code && values.refreshToken() == token)
        #expect(values.seed == "golden")
    }

    @Test func theShapesAreTheRandomOnesShapes() {
        let values = InventedValues(seed: "golden", namespace: "shapes")
        for _ in 0..<50 {
            let uuid = values.uuid(.id("t"))
            #expect(uuid.count == 36 && Array(uuid)[14] == "4" && "89ab".contains(Array(uuid)[19]))
            let code = values.sixDigitCode()
            #expect(code.count == 6 && code.allSatisfy(\.isASCII) && code.allSatisfy(\.isNumber))
            let token = values.refreshToken()
            #expect(token.count == 43 && Secrets.base64URLDecode(token)?.count == 32)
        }
        #expect(values.bytes(100, .salt).count == 100)   // more than one HMAC block
    }

    @Test func withoutASeedValuesAreRandomAndAReplayCanBeTurnedOff() {
        let values = InventedValues()
        #expect(values.seed == nil)
        #expect(values.uuid(.id("orders")) != values.uuid(.id("orders")))
        values.replay(seed: "golden", namespace: "n")
        let seeded = values.refreshToken()
        values.replay(seed: nil, namespace: "n")
        #expect(values.seed == nil && values.refreshToken() != seeded)
        // The derivation is fixed: a change to it would change every replayed run's bytes.
        #expect(InventedValues(seed: "golden", namespace: "").uuid(.id("orders")) == Self.goldenFirstOrderID)
    }

    /// `InventedValues(seed: "golden", namespace: "").uuid(.id("orders"))`, written down when the
    /// derivation was made (docs/replay.md): replayed runs recorded by users depend on it.
    static let goldenFirstOrderID = "9e342521-a4e3-42ba-9f71-8a781f808d49"
}
