import Foundation
import Testing

/// What the test targets share stays shared (README, "Layout"): MockTestSupport (Tests/Support)
/// uses the libraries' public and package API only (no `@testable`), and a seeded row's id is named once, in the library's
/// `MockSeed` (or numbered by MockTestSupport's `SeedIDs`), never again as a test's own constant.
@Suite struct TestSupportLayoutTests {
    @Test func theSupportTargetImportsNothingTestable() throws {
        let support = try SourceFiles.swift(under: "Tests/Support")
        #expect(support.contains { $0.path.hasSuffix("/WithStarted.swift") }, "Tests/Support was not found")
        for file in support {
            #expect(!file.text.contains("@testable"), "\(file.path) needs internals: keep it in its test target")
        }
    }

    @Test func noTestDeclaresASeededRowsIDOfItsOwn() throws {
        // `let name = "<table>-0000-4000-8000-00000000<company><nnn>"`: a seeded row's id as a constant.
        let declaration = try Regex(#"\b(?:let|var)\s+\w+(?:\s*:\s*String)?\s*=\s*"000000[0-9a-f]{2}-0000-4000-8000-00000000[a-e][0-9]{3}""#)
        #expect(("    static let acme = \"" + "00000001-0000-4000-8000-00000000a000\"").contains(declaration), "the scan finds one")
        #expect(!#"    let client = "00000004-0000-4000-8000-00000000f001""#.contains(declaration), "a new row's id is not the seed's")
        var found: [String] = []
        for file in try SourceFiles.swift(under: "Tests") {
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where line.contains(declaration) { found.append("\(file.path):\(index + 1)") }
        }
        #expect(found == [], "a seeded row's id is MockSeed's (a named row) or SeedIDs' (by number)")
    }
}
