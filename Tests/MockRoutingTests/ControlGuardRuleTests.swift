import Testing
@testable import MockRouting

/// The control API's two guards as MockRouting holds them, the rules the mock and the proxy share:
/// which `Origin` may make a control call, and that only the whole token matches. How the mock
/// applies them to a request is MockServerTests' (ControlBoundaryTests, ControlTokenTests).
@Suite struct ControlGuardRuleTests {
    @Test(arguments: [
        ("http://localhost:5173", nil, true), ("https://127.0.0.1", nil, true), ("http://[::1]:1", nil, true),
        ("http://mock:8787", "mock:8787", true), ("https://Mock:8787", "mock:8787", true),
        ("http://mock:8788", "mock:8787", false), ("http://mock", "mock:8787", false), ("null", "null", false),
        ("http://localhost:abc", nil, false), ("http://127.0.0.1:80:80", nil, false), ("", nil, false),
    ] as [(String, String?, Bool)])
    func whichOriginsAreAllowed(origin: String, host: String?, allowed: Bool) {
        #expect(ControlBoundary.isAllowed(origin: origin, host: host) == allowed)
    }

    @Test func theComparisonIsOfTheWholeToken() {
        #expect(ControlToken.matches("abc", "abc"))
        #expect(ControlToken.matches(Substring("abc"), "abc"))
        for other in ["", "ab", "abd", "abcd", "ABC", " abc"] {
            #expect(!ControlToken.matches(other, "abc"), "\(other)")
        }
    }
}
