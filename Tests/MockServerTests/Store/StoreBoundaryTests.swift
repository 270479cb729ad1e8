import Foundation
import Testing

/// The store is closed (the design rule "Store: named operations, SQL in one folder"). The compiler
/// keeps most of it: the store is its own target (Sources/MockStore), whose database access
/// (`readDatabase`, `writeDatabase`, `writeDatabaseWithoutTransaction`) and GRDB helpers are
/// internal, so the server's targets call named operations only. What it cannot see is tested here:
/// a target importing GRDB by itself (every built module is on the search path), a test reaching
/// past the operations through `@testable import MockStore`, and a record made `package` again: the
/// server is given a table's `…Row` (what it shows), never the record (Records.swift).
@Suite struct StoreBoundaryTests {
    static let storeFolder = "Sources/MockStore/"
    static let access = ["readDatabase", "writeDatabase", "writeDatabaseWithoutTransaction"]

    @Test func onlyStoreImportsGRDB() throws {
        let sources = try SourceFiles.swift(under: "Sources")
        #expect(sources.contains { $0.path.hasPrefix(Self.storeFolder) && $0.text.contains("import GRDB") })
        let outside = sources.filter { !$0.path.hasPrefix(Self.storeFolder) && $0.text.contains("import GRDB") }
        #expect(outside.map(\.path) == [])
    }

    @Test func testsCallNamedOperations() throws {
        let tests = try SourceFiles.swift(under: "Tests").filter { !$0.path.hasSuffix("/StoreBoundaryTests.swift") }
        #expect(!tests.isEmpty)
        for file in tests {
            for name in Self.access {
                #expect(!file.text.contains(name + "("), "\(file.path) calls \(name)")
                #expect(!file.text.contains(name + " {"), "\(file.path) calls \(name)")
            }
        }
    }

    @Test func recordsStayInTheStore() throws {
        let sources = try SourceFiles.swift(under: "Sources")
        let records = try #require(sources.first { $0.path == Self.storeFolder + "Records.swift" })
        let declaration = try Regex(#"/\*@StoredTable\("\w+"\)\*/\s*(?:@dynamicMemberLookup\s*)?(package |public )?struct (\w+)"#)
        let declared = records.text.matches(of: declaration).map { (name: String($0.output[2].substring ?? ""),
                                                                      exported: $0.output[1].substring != nil) }
        #expect(declared.count > 30, "the records of Records.swift")
        #expect(declared.filter(\.exported).map(\.name) == [], "records the server's targets can see")
        let outside = sources.filter { !$0.path.hasPrefix(Self.storeFolder) }
            + (try SourceFiles.swift(under: "Tests")).filter { !$0.path.contains("/Store/") && !$0.path.contains("MockStoreTests/")
                                                              && !$0.path.contains("MockCodegenTests/") }
        for file in outside {
            // Simple word boundaries: Unicode's join `OrderRecord.self` into one word.
            for record in declared where file.text.contains(try Regex("\\b\(record.name)\\b").wordBoundaryKind(.simple)) {
                Issue.record("\(file.path) names \(record.name)")
            }
        }
    }
}
