import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Projection("clients")` on a struct: a few columns of one table that a list or a detail shows
/// (`ClientName`, `StaffName`, `ListedDevice`), named once, by the struct's stored properties in
/// declaration order, each the snake_case of its name as `@StoredTable` names them. In an extension
/// conforming to `ColumnProjection` and `ColumnDecodable`, the compiler writes `databaseTableName`,
/// `databaseColumns` (the SELECT list's columns, in order), `columnValues` and the readers,
/// `init(columns:)` and `init(row:)`: the column list is no longer written twice, once for the SELECT
/// and once for the reading, and a projection is read by whatever reads a record (`SELECT *`
/// included, through a permutation). A projection is not a table: its table's one type is its
/// `@StoredTable` record.
public struct ProjectionMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        let table = try StoredTableMacro.tableName(node, declaration, macro: "Projection", example: "clients")
        let properties = try StoredProperty.of(declaration, macro: "Projection")
        if properties.isEmpty { throw MacroError("@Projection needs at least one stored property") }
        let code = StoredTableMacro.columnCode(properties)
        let extensionDecl: DeclSyntax = """
            extension \(type.trimmed): ColumnProjection, ColumnDecodable, TableRecord {
                package static let databaseTableName = \(StringLiteralExprSyntax(content: table))
                package static let databaseColumns: [String] = \(raw: code.columns)

                var columnValues: [(any DatabaseValueConvertible)?] {
                    \(raw: code.values)
                }

                package init(row: Row) throws {
                    var columns = RowReader(row: row)
                    try self.init(columns: &columns)
                }

                package init<Columns: ColumnReader>(columns: inout Columns) throws {
                    \(raw: code.reads)
                }
            }
            """
        return [extensionDecl.cast(ExtensionDeclSyntax.self)]
    }
}
