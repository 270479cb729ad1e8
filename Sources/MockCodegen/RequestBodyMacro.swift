import SwiftSyntax
import SwiftSyntaxMacros

/// `@RequestBody` on a struct: a request body declared once (MockBasics' `RequestObject`). From the
/// stored properties, in declaration order, it writes
/// - `init(members:)`, the parser: each key read the way its property is declared (`let x: T`
///   required, `var x: T?` optional but not `null`, `@Nullable var x: T?` optional or `null`,
///   `var x: FieldUpdate<T>?` where `null` clears) and held to its schema;
/// - `wireObject`, the same members as a schema with the body's rules, which is the component of
///   docs/openapi.yaml (`component:`) and the client's request type;
/// - `bodyKeys` and `bodyRules`: `unknownKeys: .refused` makes an undeclared key a 400 (default
///   `.ignored`), `atLeastOne: true` makes a body without a declared key `No fields to update`
///   (`noneGiven: "…"` with another message), `exclusive: [keys], exclusiveMessage: "…"` refuses
///   those keys together.
/// A property's schema is its `@Schema(…)` mark (a string's limits: `.string(maxLength: 100,
/// notBlank: true)`) or its type's.
public struct RequestBodyMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(StructDeclSyntax.self) else { throw MacroError("@RequestBody applies to a struct") }
        let properties = try StoredProperty.of(declaration, macro: "RequestBody")
        let arguments = node.arguments?.as(LabeledExprListSyntax.self)
        func argument(_ label: String) -> String? {
            arguments?.first { $0.label?.text == label }?.expression.trimmedDescription
        }
        let component = try JSONObjectMacro.stringArgument("component", of: node)
        let decided = argument("decided") == "true"
        let unknownKeys = argument("unknownKeys") ?? ".ignored"
        guard [".ignored", ".refused"].contains(unknownKeys) else { throw MacroError("unknownKeys is .ignored or .refused") }
        let noneGiven = argument("noneGiven")
        let atLeastOne = argument("atLeastOne") == "true" || noneGiven != nil
        let exclusive = argument("exclusive")
        let exclusiveMessage = argument("exclusiveMessage")
        guard (exclusive == nil) == (exclusiveMessage == nil) else { throw MacroError("exclusive needs its exclusiveMessage") }

        var reads: [String] = []
        for property in properties {
            if property.inline { throw MacroError("@Inline is for an object the server writes") }
            guard property.type != nil else { throw MacroError("@RequestBody needs the type of `\(property.name)` written out") }
            let reader: String
            if property.isFieldUpdate {
                if property.nullable { throw MacroError("`\(property.name)`: a FieldUpdate is nullable already (null clears)") }
                reader = "clearable"
            } else if property.optional {
                reader = property.nullable ? "nullable" : "optional"
            } else {
                if property.nullable { throw MacroError("`\(property.name)`: @Nullable is for an optional property") }
                reader = "required"
            }
            reads.append("self.`\(property.name)` = try members.\(reader)(\(JSONObjectMacro.swiftLiteral(property.name)), "
                + "\(JSONObjectMacro.schemaExpression(property)))")
        }
        if atLeastOne, properties.contains(where: { !$0.optional }) {
            throw MacroError("atLeastOne is for a body whose every key may be left out")
        }
        let keys = properties.map { (property: $0.name, key: $0.name) }
        var rules = "unknownKeys: \(unknownKeys), atLeastOne: \(atLeastOne)"
        if let noneGiven { rules += ", noneGiven: \(noneGiven)" }
        if let exclusive, let exclusiveMessage { rules += ", exclusive: \(exclusive), exclusiveMessage: \(exclusiveMessage)" }
        let nullMeansAbsent = properties.filter { $0.nullable }.map { JSONObjectMacro.swiftLiteral($0.name) }
        if atLeastOne || exclusive != nil, !nullMeansAbsent.isEmpty {
            rules += ", nullMeansAbsent: [\(nullMeansAbsent.joined(separator: ", "))]"
        }
        let wireObject = try JSONObjectMacro.wireObjectBody(keys: keys, properties: properties, declaration: declaration,
                                                           decided: decided, required: { !$0.optional }, body: "bodyRules")
        let conformances = component == nil ? "RequestObject" : "RequestObject, WireComponent"
        let componentMembers = JSONObjectMacro.schemaMembers(component: component)
        let keyList = keys.map { JSONObjectMacro.swiftLiteral($0.key) }.joined(separator: ", ")
        let extensionDecl: DeclSyntax = """
            extension \(type.trimmed): \(raw: conformances) {
                package static let bodyKeys: [String] = [\(raw: keyList)]
                package static let bodyRules = BodyRules(\(raw: rules))
                package init(members: RequestMembers) throws {
                    \(raw: reads.joined(separator: "\n"))
                }
                package static var wireObject: WireObject {
                    \(raw: wireObject)
                }
                \(raw: componentMembers)
            }
            """
        return [extensionDecl.cast(ExtensionDeclSyntax.self)]
    }
}
