import Foundation
import SwiftSyntax

/// A struct's stored instance properties in declaration order, as both macros read them: `static`,
/// `lazy` and computed properties are left out (observers alone keep a property stored).
struct StoredProperty {
    let name: String
    /// The written type, when there is one (`let success = true` has none).
    let type: TypeSyntax?
    /// A `@Nullable` attribute (JSONObject).
    let nullable: Bool
    /// An `@Inline` attribute (JSONObject): the value's members are written in this object.
    var inline: Bool = false
    /// The argument of a `@Schema(…)` attribute (JSONObject): the value's OpenAPI schema, where the
    /// written type says too little (`.money` for a `String`).
    var schema: ExprSyntax? = nil
    /// The argument of a `@From(…)` attribute (JSONObject with `from:`): the value's expression in
    /// terms of `source`, where it is not `source.<the key in Swift's casing>`.
    var from: ExprSyntax? = nil
    /// The `///` comment right above the property (after any blank line), its lines joined (JSONObject: the schema's description).
    var documentation: String? = nil

    var optional: Bool { type.map(StoredProperty.isOptional) ?? false }

    /// `FieldUpdate<T>?` (RequestBody): `null` clears the field.
    var isFieldUpdate: Bool {
        guard let type, StoredProperty.isOptional(type) else { return false }
        return type.trimmedDescription.hasPrefix("FieldUpdate<") || type.trimmedDescription.hasPrefix("Optional<FieldUpdate<")
    }

    static func of(_ declaration: some DeclGroupSyntax, macro: String) throws -> [StoredProperty] {
        var properties: [StoredProperty] = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.lazy) }) {
                continue
            }
            let nullable = variable.attributes.contains { attribute in
                attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Nullable"
            }
            let inline = variable.attributes.contains { attribute in
                attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Inline"
            }
            let schema = variable.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }
                .first { $0.attributeName.trimmedDescription == "Schema" }
                .flatMap { $0.arguments?.as(LabeledExprListSyntax.self)?.first?.expression }
            let from = variable.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }
                .first { $0.attributeName.trimmedDescription == "From" }
                .flatMap { $0.arguments?.as(LabeledExprListSyntax.self)?.first?.expression }
            let documentation = Self.documentation(variable.leadingTrivia)
            for binding in variable.bindings {
                if let accessors = binding.accessorBlock {
                    // Computed (a getter, or a plain `{ … }` body); observers alone keep it stored.
                    if case .getter = accessors.accessors { continue }
                    if case .accessors(let list) = accessors.accessors,
                       list.contains(where: { [.keyword(.get), .keyword(._read)].contains($0.accessorSpecifier.tokenKind) }) {
                        continue
                    }
                }
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                let name = pattern.identifier.text.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                if let annotation = binding.typeAnnotation {
                    properties.append(StoredProperty(name: name, type: annotation.type, nullable: nullable, inline: inline,
                                                     schema: schema, from: from, documentation: documentation))
                } else if let value = binding.initializer?.value, variable.bindingSpecifier.tokenKind == .keyword(.var),
                          let literalType = Self.literalType(value) {
                    // `var enabled = true`: a default, not a constant; the literal says the type.
                    properties.append(StoredProperty(name: name, type: literalType, nullable: nullable, inline: inline,
                                                     schema: schema, from: from, documentation: documentation))
                } else if let value = binding.initializer?.value, Self.literalType(value) != nil {
                    properties.append(StoredProperty(name: name, type: nil, nullable: nullable,   // never optional
                                                     schema: schema ?? Self.literalSchema(value), documentation: documentation))
                } else {
                    throw MacroError("@\(macro) needs the type of `\(name)` written out")
                }
            }
        }
        return properties
    }

    /// A doc comment's text: its `///` lines after the last blank line, without the slashes, joined by
    /// spaces; nil for none.
    static func documentation(_ trivia: Trivia) -> String? {
        var lines: [String] = []
        for piece in trivia {
            switch piece {
            case .docLineComment(let text):
                var line = Substring(text.dropFirst(3))
                if line.hasPrefix(" ") { line = line.dropFirst() }
                lines.append(line.trimmingCharacters(in: .whitespaces))
            case .newlines(let count) where count > 1, .carriageReturnLineFeeds(let count) where count > 1:
                lines = []   // a blank line: what came before is another comment (a file's header)
            default:
                break
            }
        }
        let text = lines.filter { !$0.isEmpty }.joined(separator: " ")
        return text.isEmpty ? nil : text
    }

    /// The type a literal gives a property that does not write one (`Bool` for `true`); nil for any
    /// other expression.
    static func literalType(_ value: ExprSyntax) -> TypeSyntax? {
        if value.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if value.is(StringLiteralExprSyntax.self) { return "String" }
        if value.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if value.is(FloatLiteralExprSyntax.self) { return "Double" }
        return nil
    }

    /// The schema of a `let` with a literal (`let requiresTwoFactor = true`): always that value.
    static func literalSchema(_ value: ExprSyntax) -> ExprSyntax {
        if let literal = value.as(BooleanLiteralExprSyntax.self) { return ".constant(.bool(\(literal.literal.trimmed)))" }
        if let literal = value.as(IntegerLiteralExprSyntax.self) { return ".constant(.int(\(literal.literal.trimmed)))" }
        if let literal = value.as(FloatLiteralExprSyntax.self) { return ".constant(.double(\(literal.literal.trimmed)))" }
        return ".constant(.string(\(value.trimmed)))"
    }

    /// The one stored property a marker attribute (`@Inline`) is on, of a written,
    /// non-optional type; else `problem`.
    static func single(_ declaration: some DeclSyntaxProtocol, or problem: String) throws -> VariableDeclSyntax {
        guard let variable = declaration.as(VariableDeclSyntax.self), variable.bindings.count == 1,
              let type = variable.bindings.first?.typeAnnotation?.type, !isOptional(type) else {
            throw MacroError(problem)
        }
        return variable
    }

    /// `T?`, `T!` or `Optional<T>`.
    static func isOptional(_ type: TypeSyntax) -> Bool {
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional" { return true }
        return false
    }
}
