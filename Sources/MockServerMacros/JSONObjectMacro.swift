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
        let extensionDecl: DeclSyntax = """
            extension \(type.trimmed): JSONWritable {
                package func writeJSON(to out: inout [UInt8]) {
                    \(raw: body.joined(separator: "\n"))
                }
            }
            """
        return [extensionDecl.cast(ExtensionDeclSyntax.self)]
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

struct MacroError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@main
struct MockServerMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [JSONObjectMacro.self, StoredTableMacro.self, ProjectionMacro.self]
}
