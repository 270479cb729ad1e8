import Foundation
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@JSONObject` on a struct: a `JSONWritable` conformance whose `writeJSON(to:)` writes the stored
/// properties as one JSON object, keys in declaration order (or in the order and with the names of a
/// `CodingKeys` enum, when the struct has one), the way a synthesized `Encodable` would:
/// - an optional property is left out when nil;
/// - a `@Nullable` one is always written, as `null` when nil;
/// - an `@Inline` one writes its own members in this object, where it stands (its keys, its schema);
/// - `static` and computed properties are not part of the object.
/// The writer is `package`: `JSONWritable` is, so that the proxy's target writes its payloads too.
/// The wire shape is still declared once, by the struct; the compiler writes the writer, so it can
/// never disagree with the declaration.
///
/// From the same properties it writes the OpenAPI schema of the object (`WireSchemaDescribing`):
/// each key with its value's schema (the written type's, or a `@Schema(…)` attribute's), whether it
/// is always written (`required`) and may be `null`, and the `///` comment as its description; the
/// struct's own comment describes the object. `@JSONObject(component: "UserRef")` names it a
/// component of docs/openapi.yaml (`WireComponent`): a property of its type is then a `$ref`, and
/// the document's component is generated from it (OpenAPISchemaTests). `@JSONObject(from: "Row")`
/// also writes `init(_ source: Row)`, each member `source.<key in Swift's casing>` (`company_id` →
/// `source.companyID`) or its `@From(…)` expression: where a member's value comes from is declared
/// with the member.
public struct JSONObjectMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(StructDeclSyntax.self) else {
            throw MacroError("@JSONObject applies to a struct")
        }
        let members = declaration.memberBlock.members
        let properties = try StoredProperty.of(declaration, macro: "JSONObject")
        let component = try stringArgument("component", of: node)
        let source = try stringArgument("from", of: node)
        let decided = node.arguments?.as(LabeledExprListSyntax.self)?
            .first { $0.label?.text == "decided" }?.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)

        // CodingKeys, when declared, name and order the members (cases without a raw value keep their name).
        var keys: [(property: String, key: String)] = properties.map { ($0.name, $0.name) }
        for member in members {
            guard let codingKeys = member.decl.as(EnumDeclSyntax.self), codingKeys.name.text == "CodingKeys" else { continue }
            keys = []
            for caseMember in codingKeys.memberBlock.members {
                guard let cases = caseMember.decl.as(EnumCaseDeclSyntax.self) else { continue }
                for element in cases.elements {
                    let property = element.name.text.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                    var key = property
                    if let raw = element.rawValue?.value.as(StringLiteralExprSyntax.self),
                       let text = raw.representedLiteralValue {
                        key = text
                    }
                    keys.append((property, key))
                }
            }
        }

        // The members, without braces, in `writeJSONMembers(to:)`: whether a comma goes before a key
        // is known statically once a member is always written, else decided at run time by `wrote`.
        var lines: [String] = []
        var written = Written.no
        var needsFlag = false
        for (property, key) in keys {
            guard let info = properties.first(where: { $0.name == property }) else {
                throw MacroError("CodingKeys names `\(property)`, which is not a stored property")
            }
            let access = "self.`\(property)`"
            let keyText = jsonString(key) + ":"
            if info.inline {
                // Another object's members, in this object (it may write none: a comma put before them
                // is taken back).
                switch written {
                case .yes:
                    lines += ["out.append(UInt8(ascii: \",\"))",
                              "if !\(access).writeJSONMembers(to: &out) {", "    out.removeLast()", "}"]
                case .no:
                    needsFlag = true
                    lines.append("wrote = \(access).writeJSONMembers(to: &out)")
                    written = .maybe
                case .maybe:
                    lines += ["if wrote {", "    out.append(UInt8(ascii: \",\"))",
                              "    if !\(access).writeJSONMembers(to: &out) {", "        out.removeLast()", "    }",
                              "} else {", "    wrote = \(access).writeJSONMembers(to: &out)", "}"]
                }
            } else if info.optional && !info.nullable {
                if written == .yes {
                    lines += ["if let value = \(access) {", "    out.appendLiteral(\(swiftLiteral("," + keyText)))",
                              "    value.writeJSON(to: &out)", "}"]
                } else {
                    needsFlag = true
                    lines += ["if let value = \(access) {",
                              "    out.appendLiteral(wrote ? \(swiftLiteral("," + keyText)) : \(swiftLiteral(keyText)))",
                              "    wrote = true", "    value.writeJSON(to: &out)", "}"]
                    written = .maybe
                }
            } else {
                switch written {
                case .yes: lines.append("out.appendLiteral(\(swiftLiteral("," + keyText)))")
                case .maybe: lines.append("out.appendLiteral(wrote ? \(swiftLiteral("," + keyText)) : \(swiftLiteral(keyText)))")
                case .no: lines.append("out.appendLiteral(\(swiftLiteral(keyText)))")
                }
                lines.append("\(access).writeJSON(to: &out)")
                written = .yes
            }
        }
        let result: String
        switch written {
        case .yes: result = "return true"
        case .no: result = "return false"
        case .maybe: result = "return wrote"
        }
        let body = (needsFlag ? ["var wrote = false"] : []) + lines + [result]

        // The schema: the same keys in the same order.
        let wireObject = try wireObjectBody(keys: keys, properties: properties, declaration: declaration, decided: decided)
        let conformances = component == nil ? "JSONObjectWritable, WireObjectDescribing" : "JSONObjectWritable, WireObjectDescribing, WireComponent"
        let componentMembers = schemaMembers(component: component)
        // `from:`: the payload made from one value, each member `source.<key in Swift's casing>` or its
        // `@From(…)` expression, so a member's source is declared where the member is.
        var initializer = ""
        if let source {
            let assignments = properties.map { property in
                "self.`\(property.name)` = " + (property.from?.trimmedDescription ?? "source." + swiftName(property.name))
            }
            initializer = "\n    init(_ source: \(source)) {\n" + assignments.map { "        " + $0 }.joined(separator: "\n") + "\n    }"
        } else if properties.contains(where: { $0.from != nil }) {
            throw MacroError("@From needs the object's `from:`")
        }
        let extensionDecl: DeclSyntax = """
            extension \(type.trimmed): \(raw: conformances) {
                package func writeJSON(to out: inout [UInt8]) {
                    out.append(UInt8(ascii: "{"))
                    _ = writeJSONMembers(to: &out)
                    out.append(UInt8(ascii: "}"))
                }
                package func writeJSONMembers(to out: inout [UInt8]) -> Bool {
                    \(raw: body.joined(separator: "\n"))
                }
                package static var wireObject: WireObject {
                    \(raw: wireObject)
                }
                \(raw: componentMembers)\(raw: initializer)
            }
            """
        return [extensionDecl.cast(ExtensionDeclSyntax.self)]
    }

    /// The body of `static var wireObject`: each key's `WireProperty` (its schema from a `@Schema(…)`
    /// mark or its type's, whether it is always there and may be `null`, its `///` comment), and the
    /// struct's own comment; `required` says which keys are always there (default: every key that is
    /// not an optional without `@Nullable`), `body` the request body's rules to pass on.
    static func wireObjectBody(keys: [(property: String, key: String)], properties: [StoredProperty],
                               declaration: some DeclGroupSyntax, decided: Bool,
                               required: ((StoredProperty) -> Bool)? = nil, body: String? = nil) throws -> String {
        var schemaLines: [String] = []
        for (property, key) in keys {
            let info = properties.first { $0.name == property }!
            if info.inline {
                schemaLines.append("properties += WireObject.members(of: \\Self.`\(property)`)")
                continue
            }
            let isRequired = required?(info) ?? !(info.optional && !info.nullable)
            let nullable = required == nil ? info.nullable : info.nullable || info.isFieldUpdate
            schemaLines.append("properties.append(WireProperty(key: \(swiftLiteral(key)), schema: \(schemaExpression(info)), "
                + "required: \(isRequired), nullable: \(nullable), description: \(info.documentation.map(swiftLiteral) ?? "nil")"
                + (required != nil && info.isFieldUpdate ? ", clears: true" : "") + "))")
        }
        let objectDescription = StoredProperty.documentation(declaration.leadingTrivia).map(swiftLiteral) ?? "nil"
        return ([schemaLines.isEmpty ? "let properties: [WireProperty] = []" : "var properties: [WireProperty] = []"] + schemaLines
            + ["return WireObject(description: \(objectDescription), \(decided ? "decided: true, " : "")properties: properties"
               + (body.map { ", body: \($0)" } ?? "") + ")"])
            .joined(separator: "\n")
    }

    /// `componentName` and a `$ref` schema for a component, else the object's own schema.
    static func schemaMembers(component: String?) -> String {
        component.map {
            """
            package static var componentName: String { \(swiftLiteral($0)) }
            package static var wireSchema: WireSchema { .component(\(swiftLiteral($0))) }
            """
        } ?? "package static var wireSchema: WireSchema { .object(wireObject) }"
    }

    /// A property's schema: its `@Schema(…)` mark's, else its type's (by key path: the type as the
    /// struct's own scope names it, a sibling nested type too), else a string.
    static func schemaExpression(_ info: StoredProperty) -> String {
        if let expression = info.schema { return expression.trimmedDescription }
        if info.type != nil { return "WireSchema.of(\\Self.`\(info.name)`)" }
        return ".string()"
    }

    /// Whether an earlier member has been written, as far as the macro knows.
    enum Written { case no, yes, maybe }

    /// The string literal given for `label` (`component: "UserRef"`), nil without one.
    static func stringArgument(_ label: String, of node: AttributeSyntax) throws -> String? {
        guard let argument = node.arguments?.as(LabeledExprListSyntax.self)?.first(where: { $0.label?.text == label }) else {
            return nil
        }
        guard let literal = argument.expression.as(StringLiteralExprSyntax.self), let text = literal.representedLiteralValue else {
            throw MacroError("@JSONObject's \(label) is a string literal")
        }
        return text
    }

    /// A snake_case key in the store's Swift casing: `company_id` → `companyID`, `logo_url` → `logoURL`.
    static func swiftName(_ key: String) -> String {
        let capitals: [String: String] = ["id": "ID", "ids": "IDs", "url": "URL", "html": "HTML", "vat": "VAT", "imei": "IMEI"]
        let words = key.split(separator: "_").map(String.init)
        guard let first = words.first else { return key }
        return first + words.dropFirst().map { capitals[$0] ?? $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `"key"` as JSON writes it.
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `text` as a Swift string literal.
    static func swiftLiteral(_ text: String) -> String {
        StringLiteralExprSyntax(content: text).description
    }
}

/// `@Schema(.money)` on a property of a `@JSONObject` struct: the value's OpenAPI schema, read by
/// `@JSONObject`; it adds nothing itself.
public struct SchemaMacro: PeerMacro {
    public static func expansion(of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        guard declaration.is(VariableDeclSyntax.self) else { throw MacroError("@Schema applies to a stored property") }
        return []
    }
}

/// `@From(expression)` on a property of a `@JSONObject(from: "Row")` struct: the member's value in
/// terms of `source` (the `Row`), where it is not `source.<the key in Swift's casing>`; read by
/// `@JSONObject`, it adds nothing itself.
public struct FromMacro: PeerMacro {
    public static func expansion(of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        guard declaration.is(VariableDeclSyntax.self), node.arguments?.as(LabeledExprListSyntax.self)?.count == 1 else {
            throw MacroError("@From applies to a stored property and takes one expression")
        }
        return []
    }
}

/// `@Inline` on a property of a `@JSONObject` struct whose type is one too: that object's members are
/// written in this one, where the property stands, rather than as a nested object (a flat wire shape
/// that repeats another's fields: a staff profile is a staff user and more). Read by `@JSONObject`;
/// it adds nothing itself.
public struct InlineMacro: PeerMacro {
    public static func expansion(of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        let variable = try StoredProperty.single(declaration, or: "@Inline applies to one stored property of a non-optional @JSONObject type")
        if variable.attributes.contains(where: {
            ["Nullable", "Schema"].contains($0.as(AttributeSyntax.self)?.attributeName.trimmedDescription ?? "")
        }) {
            throw MacroError("@Inline writes another object's members: their own declarations say their schema")
        }
        return []
    }
}

/// `@Nullable` on an optional property of a `@JSONObject` struct: written as `null` when nil rather
/// than left out, read by `@JSONObject`; it adds nothing itself.
public struct NullableMacro: PeerMacro {
    public static func expansion(of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        guard let variable = declaration.as(VariableDeclSyntax.self),
              variable.bindings.allSatisfy({ $0.typeAnnotation.map { StoredProperty.isOptional($0.type) } ?? false }) else {
            throw MacroError("@Nullable applies to an optional stored property")
        }
        return []
    }
}

struct MacroError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

