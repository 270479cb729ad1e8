import Foundation
import SwiftCompilerPlugin
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@JSONObject` on a struct: a `JSONWritable` conformance whose `writeJSON(to:)` writes the stored
/// properties as one JSON object, keys in declaration order (or in the order and with the names of a
/// `CodingKeys` enum, when the struct has one), the way a synthesized `Encodable` would:
/// - an optional property is left out when nil;
/// - a `@Nullable` one is always written, as `null` when nil;
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
/// the document's component is generated from it (OpenAPISchemaTests).
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

        var lines: [String] = []
        var somethingWritten = false   // statically: an earlier member is always written, so later ones start with ","
        var needsFlag = false
        for (property, key) in keys {
            guard let info = properties.first(where: { $0.name == property }) else {
                throw MacroError("CodingKeys names `\(property)`, which is not a stored property")
            }
            let access = "self.`\(property)`"
            let keyText = jsonString(key) + ":"
            if info.optional && !info.nullable {
                if somethingWritten {
                    lines += ["if let value = \(access) {", "    out.appendLiteral(\(swiftLiteral("," + keyText)))",
                              "    value.writeJSON(to: &out)", "}"]
                } else {
                    needsFlag = true
                    lines += ["if let value = \(access) {",
                              "    out.appendLiteral(wrote ? \(swiftLiteral("," + keyText)) : \(swiftLiteral(keyText)))",
                              "    wrote = true", "    value.writeJSON(to: &out)", "}"]
                }
            } else {
                if somethingWritten {
                    lines.append("out.appendLiteral(\(swiftLiteral("," + keyText)))")
                } else if needsFlag {
                    lines.append("out.appendLiteral(wrote ? \(swiftLiteral("," + keyText)) : \(swiftLiteral(keyText)))")
                } else {
                    lines.append("out.appendLiteral(\(swiftLiteral(keyText)))")
                }
                lines.append("\(access).writeJSON(to: &out)")
                somethingWritten = true
            }
        }
        let body = (needsFlag ? ["var wrote = false"] : []) + ["out.append(UInt8(ascii: \"{\"))"] + lines
            + ["out.append(UInt8(ascii: \"}\"))"]

        // The schema: the same keys in the same order.
        var schemaLines: [String] = []
        for (property, key) in keys {
            let info = properties.first { $0.name == property }!
            let schema: String
            if let expression = info.schema {
                schema = expression.trimmedDescription
            } else if info.type != nil {
                // By key path: the type as the struct's own scope names it (a sibling nested type).
                schema = "WireSchema.of(\\Self.`\(property)`)"
            } else {
                schema = ".string()"
            }
            let required = !(info.optional && !info.nullable)
            schemaLines.append("WireProperty(key: \(swiftLiteral(key)), schema: \(schema), required: \(required), "
                + "nullable: \(info.nullable), description: \(info.documentation.map(swiftLiteral) ?? "nil"))")
        }
        let objectDescription = StoredProperty.documentation(declaration.leadingTrivia).map(swiftLiteral) ?? "nil"
        let wireObject = "WireObject(description: \(objectDescription), \(decided ? "decided: true, " : "")properties: [\(schemaLines.joined(separator: ", "))])"
        let conformances = component == nil ? "JSONWritable, WireSchemaDescribing" : "JSONWritable, WireSchemaDescribing, WireComponent"
        let componentMembers = component.map {
            """
            package static var componentName: String { \(swiftLiteral($0)) }
            package static var wireSchema: WireSchema { .component(\(swiftLiteral($0))) }
            """
        } ?? "package static var wireSchema: WireSchema { .object(wireObject) }"
        let extensionDecl: DeclSyntax = """
            extension \(type.trimmed): \(raw: conformances) {
                package func writeJSON(to out: inout [UInt8]) {
                    \(raw: body.joined(separator: "\n"))
                }
                package static var wireObject: WireObject {
                    \(raw: wireObject)
                }
                \(raw: componentMembers)
            }
            """
        return [extensionDecl.cast(ExtensionDeclSyntax.self)]
    }

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

@main
struct MockServerMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [JSONObjectMacro.self, SchemaMacro.self, NullableMacro.self, StoredTableMacro.self,
                                             ProjectionMacro.self]
}
