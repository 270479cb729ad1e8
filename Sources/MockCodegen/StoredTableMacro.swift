import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@StoredTable("companies")` on a record struct: the table declared once, by the struct, as its one
/// type. Its stored properties are the table's columns, in the table's order (so a `SELECT *` is read
/// in place, `Statement.records`; RecordDecodingTests holds every record to it), each named by
/// the snake_case of the property's name (`companyID` → `company_id`, `addressLine1` →
/// `address_line1`, `logoURL` → `logo_url`, `lineTotalIncVAT` → `line_total_inc_vat`). Their access is
/// who sees them: a `package` column is the server's to read, an internal one the store's alone. From
/// them the compiler writes:
/// - `databaseTableName` (a member);
/// - `databaseColumns`, `init(columns:)`, reading the columns by index in that order, and
///   `init(row:)`, in an extension conforming to `ColumnDecodable`, so every row is read one way
///   (a seed file's row too: `SeedRowReader` reads it by the same names);
/// - `columnValues`, the row's values in that order, for the store's cached INSERTs (the seed's),
///   and `encode(to:)`, with which GRDB writes the row from them (inserts and updates).
/// The struct itself declares `FetchableRecord` and `PersistableRecord`: a conformance a macro adds is
/// not seen by every lookup of the ones it implies. The generated members are `package`, as they are
/// when a record is.
/// A new column is its migration and one property.
public struct StoredTableMacro: MemberMacro, ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let table = try tableName(node, declaration)
        let properties = try StoredProperty.of(declaration, macro: "StoredTable")
        if properties.isEmpty { throw MacroError("@StoredTable needs at least one stored property") }
        return ["package static let databaseTableName = \(StringLiteralExprSyntax(content: table))"]
    }

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        _ = try tableName(node, declaration)
        let properties = try StoredProperty.of(declaration, macro: "StoredTable")
        let code = columnCode(properties)
        // A record reads as a projection of all its columns too (a record's `selection` in a join);
        // the compiler leaves out a conformance the type already declares.
        var conformances = "ColumnDecodable, ColumnEncodable"
        if protocols.contains(where: { $0.trimmedDescription == "ColumnProjection" }) { conformances += ", ColumnProjection" }
        let extensionDecl: DeclSyntax = """
            extension \(type.trimmed): \(raw: conformances) {
                package static let databaseColumns: [String] = \(raw: code.columns)

                package var columnValues: [(any DatabaseValueConvertible)?] {
                    \(raw: code.values)
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
                    \(raw: code.reads)
                }
            }
            """
        return [extensionDecl.cast(ExtensionDeclSyntax.self)]
    }

    /// The string literal argument of `@<macro>("table")`, on a struct (`@StoredTable`, `@Projection`).
    static func tableName(_ node: AttributeSyntax, _ declaration: some DeclGroupSyntax,
                          macro: String = "StoredTable", example: String = "companies") throws -> String {
        guard declaration.is(StructDeclSyntax.self) else { throw MacroError("@\(macro) applies to a struct") }
        guard case .argumentList(let arguments) = node.arguments, arguments.count == 1,
              let literal = arguments.first?.expression.as(StringLiteralExprSyntax.self),
              let name = literal.representedLiteralValue, !name.isEmpty else {
            throw MacroError("@\(macro) takes the table's name as a string literal: @\(macro)(\"\(example)\")")
        }
        return name
    }

    /// What a record and a projection write alike from their stored properties, in declaration order:
    /// the column list (`databaseColumns`), the values that write a row (`columnValues`) and the
    /// reads of `init(columns:)`.
    static func columnCode(_ properties: [StoredProperty]) -> (columns: String, values: String, reads: String) {
        let names = properties.map { StringLiteralExprSyntax(content: columnName($0.name)).description }
        return (columns: "[" + names.joined(separator: ", ") + "]",
                values: "[" + properties.map { "self.`\($0.name)`" }.joined(separator: ", ") + "]",
                reads: zip(properties, names).map { "self.`\($0.name)` = try columns.next(\($1))" }.joined(separator: "\n"))
    }

    /// The snake_case column of a camelCase property: a word starts at an upper-case letter after a
    /// lower-case letter or digit, and at the last capital of an acronym followed by a lower-case
    /// letter (`URLString` → `url_string`); digits stay with the word before them.
    static func columnName(_ property: String) -> String {
        let characters = Array(property)
        var out = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next: Character? = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber
                    || (previous.isUppercase && (next?.isLowercase ?? false)) {
                    out.append("_")
                }
            }
            out += character.lowercased()
        }
        return out
    }
}
