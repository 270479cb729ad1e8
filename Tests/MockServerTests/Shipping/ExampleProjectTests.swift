import Foundation
import Testing
import Yams

/// Examples/InRunnerUITests is the recipe of docs/ui-testing.md ("The mock inside your UI tests"),
/// not a variant of it: the UI-test class starts with the documentation's block as it stands, the
/// local package asks for the Server trait only, the Debug configuration reads the plist that
/// allows loopback and the Release one does not, and the UI-test target links the mock, the app
/// only the client.
@Suite struct ExampleProjectTests {
    static let example = "Examples/InRunnerUITests/"

    @Test func theUITestClassIsTheDocumentedRecipe() throws {
        let guide = try Shipping.text("docs/ui-testing.md")
        let section = try #require(guide.range(of: "### `setUp` and `tearDown`"))
        let open = try #require(guide.range(of: "```swift\n", range: section.upperBound..<guide.endIndex))
        let close = try #require(guide.range(of: "```", range: open.upperBound..<guide.endIndex))
        let block = String(guide[open.upperBound..<close.lowerBound])
        #expect(block.contains("@MainActor\nfinal class InProcessOrdersUITests: XCTestCase"))
        let tests = try Shipping.text(Self.example + "SampleAppUITests/InProcessOrdersUITests.swift")
        #expect(tests.hasPrefix(block), "the sample's UI tests begin with the documentation's setUp and tearDown")
    }

    @Test func theProjectUsesTheRecipesSetUp() throws {
        let spec = try #require(try Yams.load(yaml: Shipping.text(Self.example + "project.yml")) as? [String: Any])
        let targets = try #require(spec["targets"] as? [String: Any])
        let app = try #require(targets["SampleApp"] as? [String: Any])
        let appProducts = (app["dependencies"] as? [[String: Any]] ?? []).compactMap { $0["product"] as? String }
        #expect(appProducts == ["RepairMinderClient"], "the app links the client only")
        let configs = try #require((app["settings"] as? [String: Any])?["configs"] as? [String: [String: Any]])
        #expect(configs["Debug"]?["INFOPLIST_FILE"] as? String == "SampleApp/Info-Debug.plist")
        #expect(configs["Release"]?["INFOPLIST_FILE"] as? String == "SampleApp/Info.plist")
        let uiTests = try #require(targets["SampleAppUITests"] as? [String: Any])
        #expect(uiTests["type"] as? String == "bundle.ui-testing")
        let uiProducts = (uiTests["dependencies"] as? [[String: Any]] ?? []).compactMap { $0["product"] as? String }
        #expect(uiProducts == ["UITestSupport"])
        let manifest = try Shipping.text(Self.example + "UITestSupport/Package.swift")
        #expect(manifest.contains(#"traits: ["Server"]"#))
        for product in ["MockServer", "RepairMinderMockControl"] { #expect(manifest.contains(#".product(name: "\#(product)""#)) }
        let debug = try Shipping.text(Self.example + "SampleApp/Info-Debug.plist")
        let release = try Shipping.text(Self.example + "SampleApp/Info.plist")
        #expect(debug.contains("<key>NSAllowsLocalNetworking</key>"))
        #expect(!release.contains("NSAppTransportSecurity"))
        #expect(!debug.contains("NSAllowsArbitraryLoads"))
    }
}
