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

    var optional: Bool { type.map(StoredProperty.isOptional) ?? false }

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
                    properties.append(StoredProperty(name: name, type: annotation.type, nullable: nullable))
                } else if let value = binding.initializer?.value,
                          value.is(BooleanLiteralExprSyntax.self) || value.is(StringLiteralExprSyntax.self)
                            || value.is(IntegerLiteralExprSyntax.self) || value.is(FloatLiteralExprSyntax.self) {
                    properties.append(StoredProperty(name: name, type: nil, nullable: nullable))   // never optional
                } else {
                    throw MacroError("@\(macro) needs the type of `\(name)` written out")
                }
            }
        }
        return properties
    }

    /// `T?`, `T!` or `Optional<T>`.
    static func isOptional(_ type: TypeSyntax) -> Bool {
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional" { return true }
        return false
    }
}
