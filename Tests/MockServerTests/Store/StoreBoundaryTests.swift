import Foundation
import Testing

/// The store is closed (the design rule "Store: named operations, SQL in one folder"). The compiler
/// keeps most of it: the store is its own target (Sources/MockStore), whose database access
/// (`readDatabase`, `writeDatabase`, `writeDatabaseWithoutTransaction`) and GRDB helpers are
/// internal, so the server's targets call named operations only. What it cannot see is tested here:
/// a target importing GRDB by itself (every built module is on the search path), and a test reaching
/// past the operations through `@testable import MockStore`.
@Suite struct StoreBoundaryTests {
    static let storeFolder = "Sources/MockStore/"
    static let access = ["readDatabase", "writeDatabase", "writeDatabaseWithoutTransaction"]

    /// Every Swift file under `folder`, by its path from the package root.
    static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let root = Shipping.root
        guard let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder),
                                                          includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            files.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        return files
    }

    @Test func onlyStoreImportsGRDB() throws {
        let sources = try Self.swiftFiles(under: "Sources")
        #expect(sources.contains { $0.path.hasPrefix(Self.storeFolder) && $0.text.contains("import GRDB") })
        let outside = sources.filter { !$0.path.hasPrefix(Self.storeFolder) && $0.text.contains("import GRDB") }
        #expect(outside.map(\.path) == [])
    }

    @Test func testsCallNamedOperations() throws {
        let tests = try Self.swiftFiles(under: "Tests").filter { !$0.path.hasSuffix("/StoreBoundaryTests.swift") }
        #expect(!tests.isEmpty)
        for file in tests {
            for name in Self.access {
                #expect(!file.text.contains(name + "("), "\(file.path) calls \(name)")
                #expect(!file.text.contains(name + " {"), "\(file.path) calls \(name)")
            }
        }
    }
}
