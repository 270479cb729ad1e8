@testable import MockCodegen
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@StoredTable`'s expansion: one declaration gives the table's name, the column list, the values that
/// write a row and the reader, all in declaration order; and the refusals.
@Suite struct StoredTableMacroTests: MacroExpansionTesting {
    let macros: [String: MacroSpec] = [
        "StoredTable": MacroSpec(type: StoredTableMacro.self, conformances: ["ColumnDecodable"]),
    ]

    @Test func columnsInDeclarationOrderNamedBySnakeCase() {
        expand("""
            @StoredTable("company_locations")
            struct CompanyLocationRecord: Equatable, Sendable {
                var id: String
                var companyID: String
                var addressLine1: String
                var logoURL: String?
                static let kind = "location"
                var label: String { id }
            }
            """, """
            struct CompanyLocationRecord: Equatable, Sendable {
                var id: String
                var companyID: String
                var addressLine1: String
                var logoURL: String?
                static let kind = "location"
                var label: String { id }

                package static let databaseTableName = "company_locations"
            }

            extension CompanyLocationRecord: ColumnDecodable, ColumnEncodable {
                package static let databaseColumns: [String] = ["id", "company_id", "address_line1", "logo_url"]

                package var columnValues: [(any DatabaseValueConvertible)?] {
                    [self.`id`, self.`companyID`, self.`addressLine1`, self.`logoURL`]
                }

                package func encode(to container: inout PersistenceContainer) {
                    for (column, value) in zip(Self.databaseColumns, columnValues) {
                        container[column] = value
                    }
                }

                package init(row: Row) throws {
                    var columns = RowReader(row: row)
                    try self.init(columns: &columns)
                }

                package init<Columns: ColumnReader>(columns: inout Columns) throws {
                    self.`id` = try columns.next("id")
                    self.`companyID` = try columns.next("company_id")
                    self.`addressLine1` = try columns.next("address_line1")
                    self.`logoURL` = try columns.next("logo_url")
                }
            }
            """)
    }

    @Test func snakeCaseOfEveryShapeOfName() {
        let cases = ["id": "id", "companyID": "company_id", "logoURL": "logo_url", "addressLine1": "address_line1",
                     "lineTotalIncVAT": "line_total_inc_vat", "totpLastStep": "totp_last_step",
                     "URLString": "url_string", "vatRateDeviceSale": "vat_rate_device_sale", "imei": "imei",
                     "step2Done": "step2_done"]
        for (property, column) in cases {
            #expect(StoredTableMacro.columnName(property) == column, "\(property)")
        }
    }

    @Test func refusesWhatIsNotATableDeclaration() {
        expand("""
            @StoredTable("things")
            class Thing {
                var id: String
            }
            """, """
            class Thing {
                var id: String
            }
            """, diagnostics: [
                DiagnosticSpec(message: "@StoredTable applies to a struct", line: 1, column: 1),
                DiagnosticSpec(message: "@StoredTable applies to a struct", line: 1, column: 1),
            ])
        expand("""
            @StoredTable(name)
            struct Thing {
                var id: String
            }
            """, """
            struct Thing {
                var id: String
            }
            """, diagnostics: [
                DiagnosticSpec(message: #"@StoredTable takes the table's name as a string literal: @StoredTable("companies")"#, line: 1, column: 1),
                DiagnosticSpec(message: #"@StoredTable takes the table's name as a string literal: @StoredTable("companies")"#, line: 1, column: 1),
            ])
    }
}
