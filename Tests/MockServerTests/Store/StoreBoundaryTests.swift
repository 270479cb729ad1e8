import Foundation
import Testing

/// The store is closed (the design rule "Store: named operations, SQL in one folder"). The compiler
/// keeps most of it: the store is its own target (Sources/MockStore), whose database access
/// (`readDatabase`, `writeDatabase`, `writeDatabaseWithoutTransaction`) and GRDB helpers are
/// internal, so the server's targets call named operations only. What it cannot see is tested here:
/// a target importing GRDB by itself (every built module is on the search path), a test reaching
/// past the operations through `@testable import MockStore`, and a credential made visible: a table
/// is one record (Records.swift), `package` where the server shows the table, with only the columns
/// it shows `package`; the tables of credentials and codes stay internal, and so does every secret.
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

    /// The tables the server never sees, and the columns of shown tables it must not read.
    static let storeOnlyTables = ["UserRecoveryCodeRecord", "ClientCompanyRecord", "AuthCodeRecord",
                                  "RefreshTokenFamilyRecord", "RefreshTokenRecord", "CustomerSessionRecord",
                                  "PushPreferenceRecord", "MacroRunRecord"]
    static let secretColumns = ["passwordHash", "totpSecret", "totpLastStep", "twoFactorMethod", "codeHash", "tokenHash"]

    @Test func credentialsStayInTheStore() throws {
        let sources = try SourceFiles.swift(under: "Sources")
        let records = try #require(sources.first { $0.path == Self.storeFolder + "Records.swift" })
        // Each record: its name, whether the server's targets see it, and its columns by access.
        let declaration = try Regex(#"/\*@StoredTable\("\w+"\)\*/\s*(package |public )?struct (\w+)[^{]*\{([\s\S]*?)\n\}"#)
        let column = try Regex(#"(?m)^    (package |public )?var (\w+):"#)
        let declared = records.text.matches(of: declaration).map { match in
            let columns = String(match.output[3].substring ?? "").matches(of: column)
            return (name: String(match.output[2].substring ?? ""), exported: match.output[1].substring != nil,
                    shown: columns.filter { $0.output[1].substring != nil }.map { String($0.output[2].substring ?? "") },
                    hidden: columns.filter { $0.output[1].substring == nil }.map { String($0.output[2].substring ?? "") })
        }
        #expect(declared.count == 35, "the records of Records.swift")
        #expect(Set(declared.map(\.name)).isSuperset(of: Self.storeOnlyTables))
        #expect(declared.filter { Self.storeOnlyTables.contains($0.name) && $0.exported }.map(\.name) == [],
                "tables of credentials the server's targets can see")
        #expect(declared.filter { !$0.exported && !$0.shown.isEmpty }.map(\.name) == [],
                "a record the server cannot see, with columns marked as shown")
        let shownSecrets = declared.flatMap { record in record.shown.filter(Self.secretColumns.contains).map { "\(record.name).\($0)" } }
        #expect(shownSecrets == [], "secrets the server's targets can read")
        #expect(Set(declared.flatMap(\.hidden)).isSuperset(of: Self.secretColumns), "the scan found the secrets")

        let outside = sources.filter { !$0.path.hasPrefix(Self.storeFolder) }
            + (try SourceFiles.swift(under: "Tests")).filter { !$0.path.contains("/Store/") && !$0.path.contains("MockStoreTests/")
                                                              && !$0.path.contains("MockCodegenTests/") }
        for file in outside {
            // Simple word boundaries: Unicode's join `AuthCodeRecord.self` into one word.
            for record in declared where !record.exported {
                if file.text.contains(try Regex("\\b\(record.name)\\b").wordBoundaryKind(.simple)) {
                    Issue.record("\(file.path) names \(record.name)")
                }
            }
        }
    }
}
