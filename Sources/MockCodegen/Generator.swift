import Foundation
import SwiftBasicFormat
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros

/// The project's one code generator: the code that marks in our sources stand for, written into
/// committed files, so that no build (an app's above all) compiles a macro or swift-syntax.
///
/// A mark is an attribute in a block comment, where a macro's attribute would stand:
/// `/*@JSONObject(component: "UserRef")*/` on a payload struct, `/*@RequestBody(component:)*/` on a
/// request body's, `/*@Schema(.money)*/`,
/// `/*@Nullable*/` and `/*@Inline*/` on its properties, `/*@StoredTable("orders")*/` and
/// `/*@Projection("clients")*/` on the store's structs. The
/// generator reads each Swift file of ``folders`` with its marks made attributes again, expands them
/// with the expanders of this target (``JSONObjectMacro``, ``StoredTableMacro``,
/// ``ProjectionMacro`` and the marks' checks), and writes what they make beside the file, as
/// `<Name>.generated.swift`, with the file's imports. The declaration stays the one place a shape
/// is typed; the generated file is kept current by `GeneratedSourceTests` (which fails when one is
/// stale) and rewritten by `swift run repairminder-mock-generate` or
/// `REPAIRMINDER_MOCK_WRITE_GENERATED=1 swift test --filter GeneratedSourceTests`.
public enum Generator {
    /// The folders whose Swift files may carry marks, from the package's root.
    public static let folders = ["Sources/MockBasics", "Sources/MockStore", "Sources/MockRouting", "Sources/MockServer",
                                 "Sources/MockProxy", "Tests/MockServerTests", "Tests/MockBasicsTests",
                                 "Tests/MockRoutingTests", "Tests/MockStoreTests"]
    /// What a generated file's name ends with.
    public static let suffix = ".generated.swift"

    /// Every generated file the sources call for, by path from `root`, with its text.
    public static func files(root: URL) throws -> [String: String] {
        var out: [String: String] = [:]
        for source in try sources(root: root) {
            let text = try String(contentsOf: root.appendingPathComponent(source), encoding: .utf8)
            if let generated = try generate(text, file: source) {
                out[String(source.dropLast(".swift".count)) + suffix] = generated
            }
        }
        return out
    }

    /// The generated files there are now, by path from `root`.
    public static func existingFiles(root: URL) throws -> [String] {
        try swiftFiles(root: root).filter { $0.hasSuffix(suffix) }
    }

    /// Writes what ``files(root:)`` makes and deletes generated files no source calls for; the paths
    /// it changed.
    @discardableResult
    public static func write(root: URL) throws -> [String] {
        let wanted = try files(root: root)
        var changed: [String] = []
        for (path, text) in wanted.sorted(by: { $0.key < $1.key }) {
            let url = root.appendingPathComponent(path)
            if (try? String(contentsOf: url, encoding: .utf8)) != text {
                try text.write(to: url, atomically: true, encoding: .utf8)
                changed.append(path)
            }
        }
        for path in try existingFiles(root: root) where wanted[path] == nil {
            try FileManager.default.removeItem(at: root.appendingPathComponent(path))
            changed.append(path)
        }
        return changed
    }

    /// What differs between the generated files there are and the ones the sources call for: one
    /// line per file (stale, missing or left over); empty when current.
    public static func problems(root: URL) throws -> [String] {
        let wanted = try files(root: root)
        var problems: [String] = []
        for (path, text) in wanted.sorted(by: { $0.key < $1.key }) {
            guard let existing = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else {
                problems.append("\(path): missing")
                continue
            }
            if existing != text { problems.append("\(path): stale") }
        }
        for path in try existingFiles(root: root) where wanted[path] == nil {
            problems.append("\(path): no marks in its source any more")
        }
        return problems
    }

    // MARK: - One file

    /// The generated file for one source's text (`file` names it in the header and in errors), nil
    /// when it has no marks.
    public static func generate(_ text: String, file: String) throws -> String? {
        let unmarked = unmark(text)
        guard unmarked != text else { return nil }
        let tree = Parser.parse(source: unmarked)
        let finder = MarkedDeclarations(viewMode: .sourceAccurate)
        finder.walk(tree)
        let converter = SourceLocationConverter(fileName: file, tree: tree)
        let context = BasicMacroExpansionContext()
        var blocks: [String] = []
        func fail(_ node: some SyntaxProtocol, _ error: any Error) -> GeneratorError {
            let location = node.startLocation(converter: converter)
            return GeneratorError("\(file):\(location.line):\(location.column): \(error)")
        }
        for marked in finder.found {
            let declaration = marked.declaration
            let type = TypeSyntax(stringLiteral: marked.qualifiedName)
            do {
                try checkPropertyMarks(of: declaration, in: context)
                var extensions: [ExtensionDeclSyntax] = []
                switch marked.mark.attributeName.trimmedDescription {
                case "JSONObject":
                    extensions = try JSONObjectMacro.expansion(of: marked.mark, attachedTo: declaration, providingExtensionsOf: type,
                                                               conformingTo: [], in: context)
                case "RequestBody":
                    extensions = try RequestBodyMacro.expansion(of: marked.mark, attachedTo: declaration, providingExtensionsOf: type,
                                                                conformingTo: [], in: context)
                case "Projection":
                    extensions = try ProjectionMacro.expansion(of: marked.mark, attachedTo: declaration, providingExtensionsOf: type,
                                                               conformingTo: [], in: context)
                default:   // StoredTable
                    let members = try StoredTableMacro.expansion(of: marked.mark, providingMembersOf: declaration, conformingTo: [],
                                                                 in: context)
                    let declared = declaration.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
                    let missing: [TypeSyntax] = declared.contains("ColumnProjection") ? [] : ["ColumnProjection"]
                    let membersExtension: DeclSyntax = """
                        extension \(type) {
                            \(raw: members.map(\.description).joined(separator: "\n\n"))
                        }
                        """
                    extensions = [membersExtension.cast(ExtensionDeclSyntax.self)]
                        + (try StoredTableMacro.expansion(of: marked.mark, attachedTo: declaration, providingExtensionsOf: type,
                                                          conformingTo: missing, in: context))
                }
                blocks += extensions.map { $0.formatted().trimmedDescription }
            } catch let error as GeneratorError {
                throw error
            } catch {
                throw fail(marked.mark, error)
            }
        }
        let header = """
            // Generated by repairminder-mock-generate from \((file as NSString).lastPathComponent)'s marks: do not edit.
            // `swift run repairminder-mock-generate` rewrites it (MockCodegen/Generator.swift).
            """
        let imports = tree.statements.compactMap { item -> String? in
            if item.item.is(ImportDeclSyntax.self) { return item.trimmedDescription }
            if let block = item.item.as(IfConfigDeclSyntax.self), onlyImports(block) { return block.trimmedDescription }
            return nil
        }
        return ([header, imports.joined(separator: "\n")] + blocks).filter { !$0.isEmpty }.joined(separator: "\n\n") + "\n"
    }

    /// `text` with each mark (`/*@Name…*/`) made the attribute it holds.
    public static func unmark(_ text: String) -> String {
        text.replacing(markPattern) { match in match.output.1 }
    }

    nonisolated(unsafe) private static let markPattern = /\/\*(@[A-Z][A-Za-z]*(?:\((?s:.*?)\))?)\*\//

    /// The property marks' own rules (`@Nullable` on an optional, `@Inline` on one
    /// non-optional property, `@Schema` on a stored one), as their macros checked them.
    static func checkPropertyMarks(of declaration: StructDeclSyntax, in context: some MacroExpansionContext) throws {
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for attribute in variable.attributes.compactMap({ $0.as(AttributeSyntax.self) }) {
                switch attribute.attributeName.trimmedDescription {
                case "Schema": _ = try SchemaMacro.expansion(of: attribute, providingPeersOf: variable, in: context)
                case "From": _ = try FromMacro.expansion(of: attribute, providingPeersOf: variable, in: context)
                case "Nullable": _ = try NullableMacro.expansion(of: attribute, providingPeersOf: variable, in: context)
                case "Inline": _ = try InlineMacro.expansion(of: attribute, providingPeersOf: variable, in: context)
                default: break
                }
            }
        }
    }

    private static func onlyImports(_ block: IfConfigDeclSyntax) -> Bool {
        block.clauses.allSatisfy { clause in
            guard case .statements(let statements)? = clause.elements else { return clause.elements == nil }
            return statements.allSatisfy { $0.item.is(ImportDeclSyntax.self) }
        }
    }

    // MARK: - Files

    private static func sources(root: URL) throws -> [String] {
        try swiftFiles(root: root).filter { !$0.hasSuffix(suffix) }
    }

    private static func swiftFiles(root: URL) throws -> [String] {
        var out: [String] = []
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") {
                out.append(folder + "/" + path)
            }
        }
        return out.sorted()
    }
}

/// Why the generator stopped: the file, line and column, and what is wrong there.
public struct GeneratorError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// The structs marked `@JSONObject`, `@RequestBody`, `@StoredTable` or `@Projection`, in source order, each with the
/// name its extension needs (`Outer.Inner` for a nested one, through extensions too).
private final class MarkedDeclarations: SyntaxVisitor {
    struct Marked {
        let declaration: StructDeclSyntax
        let mark: AttributeSyntax
        let qualifiedName: String
    }

    var found: [Marked] = []

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        for attribute in node.attributes.compactMap({ $0.as(AttributeSyntax.self) })
        where ["JSONObject", "RequestBody", "StoredTable", "Projection"].contains(attribute.attributeName.trimmedDescription) {
            found.append(Marked(declaration: node, mark: attribute, qualifiedName: Self.qualifiedName(of: node)))
        }
        return .visitChildren
    }

    static func qualifiedName(of node: StructDeclSyntax) -> String {
        var names = [node.name.text]
        var parent = node.parent
        while let current = parent {
            if let declaration = current.as(StructDeclSyntax.self) { names.insert(declaration.name.text, at: 0) }
            else if let declaration = current.as(EnumDeclSyntax.self) { names.insert(declaration.name.text, at: 0) }
            else if let declaration = current.as(ClassDeclSyntax.self) { names.insert(declaration.name.text, at: 0) }
            else if let declaration = current.as(ActorDeclSyntax.self) { names.insert(declaration.name.text, at: 0) }
            else if let declaration = current.as(ExtensionDeclSyntax.self) {
                names.insert(declaration.extendedType.trimmedDescription, at: 0)
            }
            parent = current.parent
        }
        return names.joined(separator: ".")
    }
}
