import Foundation
import Testing

/// The store is closed (the design rule "Store: named operations, SQL in one folder"): SQL and GRDB
/// live in `Sources/MockServer/Store/` only, and everything else — the other folders and the tests
/// — calls named operations. Swift has no access level for a folder, so the database access the
/// named operations are built on (`readDatabase`, `writeDatabase`,
/// `writeDatabaseWithoutTransaction`) is internal; this keeps it to Store/.
@Suite struct StoreBoundaryTests {
    static let storeFolder = "Sources/MockServer/Store/"
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

    @Test func onlyStoreWritesSQL() throws {
        let outside = try Self.swiftFiles(under: "Sources").filter { !$0.path.hasPrefix(Self.storeFolder) }
        #expect(!outside.isEmpty)
        for file in outside {
            for marker in ["sql:", "cachedStatement(", "makeStatement("] {
                #expect(!file.text.contains(marker), "\(file.path) holds SQL (\(marker))")
            }
        }
    }

    @Test func onlyStoreReachesTheDatabase() throws {
        let outside = try (Self.swiftFiles(under: "Sources") + Self.swiftFiles(under: "Tests"))
            .filter { !$0.path.hasPrefix(Self.storeFolder) && !$0.path.hasSuffix("/StoreBoundaryTests.swift") }
        for file in outside {
            for name in Self.access {
                #expect(!file.text.contains(name + "("), "\(file.path) calls \(name)")
                #expect(!file.text.contains(name + " {"), "\(file.path) calls \(name)")
            }
        }
    }
}
