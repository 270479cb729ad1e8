import Foundation
import GRDB
import Testing
@testable import MockBasics
@testable import MockStore

/// Decoding by index takes only statements whose columns fit; everything else goes by name.
@Suite struct ColumnReaderTests {
    /// A database of our schema with two companies.
    private func database() throws -> DatabaseQueue {
        let (_, database) = try StoreFixture.emptyDatabase()
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO companies (id, name, status, created_at) VALUES
                ('c1', 'One', 'active', '2026-11-20T10:00:00Z'), ('c2', 'Two', 'suspended', '2026-11-21T10:00:00Z')
                """)
        }
        return database
    }

    @Test func aStatementWhoseColumnsDoNotFitIsDecodedThroughAPermutationOrByName() throws {
        try database().read { db in
            let byIndex = try db.records(CompanyRecord.self, "SELECT * FROM companies ORDER BY id")
            // Every column, in another order: by index, through a permutation (the property order of a
            // record need not be the table's).
            let reordered = try db.makeStatement(sql: "SELECT created_at, status, name, id, * FROM companies ORDER BY id")
            guard case .permuted(let order) = reordered.layout(of: CompanyRecord.databaseColumns) else {
                Issue.record("not permuted")
                return
            }
            #expect(order.prefix(3) == [3, 2, 1])   // id, name and status at their first occurrence
            let permuted = try reordered.records(CompanyRecord.self, arguments: [])
            #expect(permuted.map(\.name) == ["One", "Two"])
            #expect(permuted == byIndex)
            #expect(try reordered.record(CompanyRecord.self, arguments: []) == byIndex.first)
            // A column missing: by name, and GRDB says which.
            let missing = try db.makeStatement(sql: "SELECT id, name FROM companies ORDER BY id")
            #expect(missing.layout(of: CompanyRecord.databaseColumns) == .missing)
            #expect(throws: (any Error).self) { try missing.records(CompanyRecord.self, arguments: []) }
            // Extra columns after the record's own still decode by index.
            let extra = try db.makeStatement(sql: "SELECT *, 1 AS extra FROM companies ORDER BY id")
            #expect(extra.startsWith(columns: CompanyRecord.databaseColumns))
            #expect(try extra.records(CompanyRecord.self, arguments: []) == byIndex)
        }
    }

    @Test func aBadRowThrowsAndLeavesTheStatementReusable() throws {
        let database = try database()
        let sql = "SELECT id, name, ?, currency_code, vat_number, logo_url, vat_rate_repair, vat_rate_device_sale, " +
            "vat_rate_accessory, vat_rate_device_purchase, subscription_plan, created_at FROM companies ORDER BY id"
        try database.read { db in
            // The third column is bound, so the same cached statement gives a NULL, an unknown value, a good one.
            let statement = try db.cachedStatement(sql: sql.replacingOccurrences(of: "?", with: "? AS status"))
            #expect(statement.startsWith(columns: CompanyRecord.databaseColumns))
            #expect(throws: ColumnReadError.self) { try statement.records(CompanyRecord.self, arguments: [nil]) }
            let unknown = #expect(throws: ColumnReadError.self) {
                try statement.records(CompanyRecord.self, arguments: ["closed"])
            }
            #expect(unknown?.description == #"unknown company status "closed""#)
            #expect(try statement.records(CompanyRecord.self, arguments: ["active"]).map(\.id) == ["c1", "c2"])
            #expect(try statement.record(CompanyRecord.self, arguments: ["suspended"])?.status == .suspended)
            #expect(try statement.records(CompanyRecord.self, arguments: ["active"]).count == 2)
        }
    }
}
