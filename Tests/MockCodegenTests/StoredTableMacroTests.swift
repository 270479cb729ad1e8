@testable import MockCodegen
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@StoredTable`'s expansion: one declaration gives the table's name, the column list, the values that
/// write a row and the reader, all in declaration order, a `@Columns` projection's in its place; and
/// the refusals.
@Suite struct StoredTableMacroTests: MacroExpansionTesting {
    let macros: [String: MacroSpec] = [
        "StoredTable": MacroSpec(type: StoredTableMacro.self, conformances: ["ColumnDecodable"]),
        "Columns": MacroSpec(type: ColumnsMacro.self),
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

                static var columnGroups: [any ColumnProjection.Type] {
                    []
                }

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

    @Test func aColumnsPropertyStandsForItsProjectionsColumnsInItsPlace() {
        expand("""
            @StoredTable("clients")
            @dynamicMemberLookup
            struct ClientRecord: Equatable, Sendable {
                @Columns var client: Client
                @Columns var address: ClientAddress
                var emailSuppressed: Int
                var createdAt: String
            }
            """, """
            @dynamicMemberLookup
            struct ClientRecord: Equatable, Sendable {
                var client: Client
                var address: ClientAddress
                var emailSuppressed: Int
                var createdAt: String

                package static let databaseTableName = "clients"

                subscript <Value>(dynamicMember column: WritableKeyPath<Client, Value>) -> Value {
                    get {
                        self.`client`[keyPath: column]
                    }
                    set {
                        self.`client`[keyPath: column] = newValue
                    }
                }

                subscript <Value>(dynamicMember member: KeyPath<Client, Value>) -> Value {
                    self.`client`[keyPath: member]
                }

                subscript <Value>(dynamicMember column: WritableKeyPath<ClientAddress, Value>) -> Value {
                    get {
                        self.`address`[keyPath: column]
                    }
                    set {
                        self.`address`[keyPath: column] = newValue
                    }
                }

                subscript <Value>(dynamicMember member: KeyPath<ClientAddress, Value>) -> Value {
                    self.`address`[keyPath: member]
                }
            }

            extension ClientRecord: ColumnDecodable, ColumnEncodable {
                package static let databaseColumns: [String] = Client.columnNames + ClientAddress.columnNames + ["email_suppressed", "created_at"]

                static var columnGroups: [any ColumnProjection.Type] {
                    [Client.self, ClientAddress.self]
                }

                package var columnValues: [(any DatabaseValueConvertible)?] {
                    self.`client`.columnValues + self.`address`.columnValues + [self.`emailSuppressed`, self.`createdAt`]
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
                    self.`client` = try Client(columns: &columns)
                    self.`address` = try ClientAddress(columns: &columns)
                    self.`emailSuppressed` = try columns.next("email_suppressed")
                    self.`createdAt` = try columns.next("created_at")
                }
            }
            """)
        expand("""
            @StoredTable("clients")
            @dynamicMemberLookup
            struct ClientRecord {
                var id: String
                @Columns var address: ClientAddress?
            }
            """, """
            @dynamicMemberLookup
            struct ClientRecord {
                var id: String
                var address: ClientAddress?

                package static let databaseTableName = "clients"
            }
            """, diagnostics: [
                DiagnosticSpec(message: "@Columns applies to a stored property of a non-optional @Projection type", line: 5, column: 5),
                DiagnosticSpec(message: "@Columns applies to a stored property of a non-optional @Projection type", line: 1, column: 1),
            ])
        expand("""
            @StoredTable("clients")
            struct ClientRecord {
                @Columns var client: Client
            }
            """, """
            struct ClientRecord {
                var client: Client
            }

            extension ClientRecord: ColumnDecodable, ColumnEncodable {
                package static let databaseColumns: [String] = Client.columnNames

                static var columnGroups: [any ColumnProjection.Type] {
                    [Client.self]
                }

                package var columnValues: [(any DatabaseValueConvertible)?] {
                    self.`client`.columnValues
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
                    self.`client` = try Client(columns: &columns)
                }
            }
            """, diagnostics: [
                DiagnosticSpec(message: "a record with @Columns is @dynamicMemberLookup: the projection's columns read as the record's own",
                               line: 1, column: 1),
            ])
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
