@testable import MockCodegen
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@Projection`'s expansion: the table, the SELECT list's columns and the reader, from the stored
/// properties in declaration order (computed and static ones left out); and the refusals.
@Suite struct ProjectionMacroTests: MacroExpansionTesting {
    let macros: [String: MacroSpec] = [
        "Projection": MacroSpec(type: ProjectionMacro.self, conformances: ["ColumnProjection", "ColumnDecodable", "TableRecord"]),
    ]

    @Test func theColumnsAreNamedOnceByTheProperties() {
        expand("""
            @Projection("devices")
            package struct ListedDevice: Sendable, Equatable {
                package var id: String
                var orderID: String
                package var authorizationStatus: String?
                static let kind = "device"
                package var label: String { id }
            }
            """, """
            package struct ListedDevice: Sendable, Equatable {
                package var id: String
                var orderID: String
                package var authorizationStatus: String?
                static let kind = "device"
                package var label: String { id }
            }

            extension ListedDevice: ColumnProjection, ColumnDecodable, TableRecord {
                package static let databaseTableName = "devices"
                package static let databaseColumns: [String] = ["id", "order_id", "authorization_status"]

                var columnValues: [(any DatabaseValueConvertible)?] {
                    [self.`id`, self.`orderID`, self.`authorizationStatus`]
                }

                package init(row: Row) throws {
                    var columns = RowReader(row: row)
                    try self.init(columns: &columns)
                }

                package init<Columns: ColumnReader>(columns: inout Columns) throws {
                    self.`id` = try columns.next("id")
                    self.`orderID` = try columns.next("order_id")
                    self.`authorizationStatus` = try columns.next("authorization_status")
                }
            }
            """)
    }

    @Test func itTakesAStructWithStoredPropertiesAndATableName() {
        expand("""
            @Projection("users")
            enum Name {}
            """, """
            enum Name {}
            """, diagnostics: [DiagnosticSpec(message: "@Projection applies to a struct", line: 1, column: 1)])
        expand("""
            @Projection(table)
            struct Name {
                var id: String
            }
            """, """
            struct Name {
                var id: String
            }
            """, diagnostics: [DiagnosticSpec(message: #"@Projection takes the table's name as a string literal: @Projection("clients")"#,
                                              line: 1, column: 1)])
        expand("""
            @Projection("users")
            struct Name {
                var id: String { "x" }
            }
            """, """
            struct Name {
                var id: String { "x" }
            }
            """, diagnostics: [DiagnosticSpec(message: "@Projection needs at least one stored property", line: 1, column: 1)])
    }
}
