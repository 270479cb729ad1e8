import Foundation
import Testing
import Yams
import MockBasics
@testable import MockServer

/// docs/openapi.yaml's response components are the payloads' declarations (`ResponseComponents`):
/// each component is what `@JSONObject` makes of its struct, so a field added to a payload and not
/// to the document, or typed differently, fails here.
/// `REPAIRMINDER_MOCK_WRITE_GENERATED=1 swift test --filter OpenAPISchemaTests` writes them into the
/// document instead (then review its diff), as for the store's other generated files.
@Suite(.serialized) struct OpenAPISchemaTests {   // two tests may write the document in turn
    /// docs/openapi.yaml's file (the link resolved, so that writing it keeps the link).
    static let documentURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/openapi.yaml")
        .resolvingSymlinksInPath()

    /// Every generated component, by name, as its YAML lines.
    static func generated() -> [(name: String, lines: [String])] {
        var components: [(String, [String])] = []
        for type in ResponseComponents.objects {
            components.append((type.componentName,
                               WireSchemaYAML.component(named: type.componentName, type.wireObject, nullable: false)))
        }
        for type in ResponseComponents.nullable {
            let name = "Nullable" + type.componentName
            components.append((name, WireSchemaYAML.component(named: name, type.wireObject, nullable: true)))
        }
        for scalar in WireScalar.all {
            components.append((scalar.name, WireSchemaYAML.component(named: scalar.name, scalar.schema, description: scalar.description,
                                                                     decided: scalar.decided)))
            if let description = scalar.nullableDescription {
                let name = "Nullable" + scalar.name
                components.append((name, WireSchemaYAML.component(named: name, scalar.schema, nullable: true, description: description,
                                                                  decided: scalar.decided)))
            }
        }
        for type in ResponseComponents.requests {
            components.append((type.componentName,
                               WireSchemaYAML.component(named: type.componentName, type.wireObject, nullable: false)))
        }
        let nullableNames = nullableReferences()
        for type in ResponseComponents.requests where nullableNames.contains(type.componentName) {
            let name = "Nullable" + type.componentName
            components.append((name, WireSchemaYAML.component(named: name, type.wireObject, nullable: true)))
        }
        for type in ResponseComponents.enumerations {
            components.append((type.componentName, WireSchemaYAML.component(named: type.componentName, type.componentSchema,
                                                                             description: type.wireDescription, decided: type.decided)))
            if nullableNames.contains(type.componentName) {
                let name = "Nullable" + type.componentName
                components.append((name, WireSchemaYAML.component(named: name, type.componentSchema, nullable: true,
                                                                  description: "`\(type.componentName)`, or null.", decided: false)))
            }
        }
        for type in ResponseComponents.labelled {
            components.append((type.labelComponentName, WireSchemaYAML.component(
                named: type.labelComponentName, type.labelComponentSchema, description: type.labelDescription, decided: false)))
        }
        return components
    }

    /// The components a generated object (a payload or a request body) refers to as nullable (`Nullable<Name>`).
    static func nullableReferences() -> Set<String> {
        let objects = ResponseComponents.objects.map { $0.wireObject } + ResponseComponents.requests.map { $0.wireObject }
        return Set(objects.flatMap { WireSchema.object($0).componentReferences }.filter(\.nullable).map(\.name))
    }

    @Test func theDocumentsResponseComponentsAreThePayloadsDeclarations() throws {
        var text = try String(contentsOf: Self.documentURL, encoding: .utf8)
        let writing = ProcessInfo.processInfo.environment["REPAIRMINDER_MOCK_WRITE_GENERATED"] == "1"
        for component in Self.generated() {
            if writing {
                text = try Self.replacing(component: component.name, with: component.lines, in: text)
                continue
            }
            let document = try #require(try Yams.load(yaml: text) as? [String: Any])
            let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any]
            let written = try #require(schemas?[component.name], "docs/openapi.yaml has no component \(component.name): run REPAIRMINDER_MOCK_WRITE_GENERATED=1 swift test --filter OpenAPISchemaTests")
            let expected = try #require(try Yams.load(yaml: component.lines.joined(separator: "\n")) as? [String: Any])[component.name]
            #expect(try Self.canonical(written) == Self.canonical(expected as Any),
                    "\(component.name) differs from its payload's declaration: run REPAIRMINDER_MOCK_WRITE_GENERATED=1 swift test --filter OpenAPISchemaTests, or change the payload\n\(component.lines.joined(separator: "\n"))")
        }
        if writing { try text.write(to: Self.documentURL, atomically: true, encoding: .utf8) }
    }

    /// ResponseComponents lists every component the sources declare: each JSONObject mark that names a
    /// component and each `WireEnumeration`'s `componentName`, so a payload made a component and left out of
    /// the list (and so out of the document and the client) fails here.
    @Test func theListOfComponentsIsComplete() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var marked: Set<String> = []
        var requestMarks: Set<String> = []
        var enumerations: Set<String> = []
        let files = FileManager.default.enumerator(atPath: root.appendingPathComponent("Sources").path)!
        for case let path as String in files where path.hasSuffix(".swift") && !path.hasSuffix(".generated.swift")
            && !path.hasPrefix("MockCodegen/") {
            let text = try String(contentsOf: root.appendingPathComponent("Sources/" + path), encoding: .utf8)
            // The quoted name after each `start`.
            func names(after start: String) -> [String] {
                text.components(separatedBy: start).dropFirst().map { String($0.prefix { $0 != "\"" }) }
            }
            // Spelled in two pieces, so that the generator does not take this line for a mark.
            marked.formUnion(names(after: "/*" + "@JSONObject(component: \""))
            requestMarks.formUnion(names(after: "/*" + "@RequestBody(component: \""))
            if text.contains("WireEnumeration") { enumerations.formUnion(names(after: "static let componentName = \"")) }
        }
        #expect(marked.count > 60 && enumerations.count > 20 && requestMarks.count > 25, "the scan found the marks")
        let listedRequests = Set(ResponseComponents.requests.map { $0.componentName })
        #expect(requestMarks == listedRequests, "request bodies marked but not in ResponseComponents.requests: \(requestMarks.subtracting(listedRequests).sorted())")
        let listed = Set(ResponseComponents.objects.map { $0.componentName })
        let listedEnumerations = Set(ResponseComponents.enumerations.map { $0.componentName })
        #expect(marked == listed, "marked but not in ResponseComponents.objects: \(marked.subtracting(listed).sorted())")
        #expect(enumerations == listedEnumerations,
                "not in ResponseComponents.enumerations: \(enumerations.subtracting(listedEnumerations).sorted())")
    }

    /// The document's schemas that are still written by hand, by name: a schema that is neither
    /// generated nor here fails, so one is never left out silently. They are the envelopes and the
    /// free-form values (any JSON without a NUL, a push's payload, the control API's fixtures and events).
    static let handWritten: Set<String> = [
        // Envelopes and free-form values.
        "SuccessEnvelope", "JSONValueWithoutNUL", "JSONRPCError", "PushPayload", "MockEvent", "FixtureBody",
    ]

    @Test func everySchemaIsGeneratedOrNamedHandWritten() throws {
        let text = try String(contentsOf: Self.documentURL, encoding: .utf8)
        let document = try #require(try Yams.load(yaml: text) as? [String: Any])
        let names = Set(((document["components"] as? [String: Any])?["schemas"] as? [String: Any] ?? [:]).keys)
        let generated = Set(Self.generated().map(\.name))
        let unaccounted = names.subtracting(generated).subtracting(Self.handWritten)
        #expect(unaccounted.isEmpty, "schemas neither generated nor listed as hand-written: \(unaccounted.sorted())")
        #expect(Self.handWritten.isSubset(of: names), "listed but not in the document: \(Self.handWritten.subtracting(names).sorted())")
        #expect(generated.intersection(Self.handWritten).isEmpty)
        // At least 95 % of the document's schemas are made from code (issue 56).
        #expect(Double(generated.count) >= 0.95 * Double(names.count), "\(generated.count) of \(names.count) generated")
    }

    /// A generated component names no type without a schema and no component the document lacks.
    @Test func everyGeneratedSchemaIsKnownAndItsReferencesResolve() throws {
        let text = try String(contentsOf: Self.documentURL, encoding: .utf8)
        let document = try #require(try Yams.load(yaml: text) as? [String: Any])
        let names = Set(((document["components"] as? [String: Any])?["schemas"] as? [String: Any] ?? [:]).keys)
        for component in Self.generated() {
            let block = component.lines.joined(separator: "\n")
            #expect(!block.contains("x-unknown"), "\(component.name) has a property whose type declares no schema:\n\(block)")
            for line in component.lines {
                guard let range = line.range(of: "#/components/schemas/") else { continue }
                let name = line[range.upperBound...].prefix { $0 != "'" }
                #expect(names.contains(String(name)), "\(component.name) refers to \(name), which the document lacks")
            }
        }
    }

    /// A doc comment is a description, and the macro's schema follows the property's declaration.
    @Test func theMacroReadsTypesNullabilityAndDocComments() {
        let object = UserRefPayload.wireObject
        #expect(object.description?.hasPrefix("A staff member where a resource names one") == true)
        #expect(object.properties.map(\.key) == ["id", "first_name", "last_name", "name"])
        #expect(object.properties[0].schema == .id)
        #expect(object.properties[3].description == "\"first last\".")
        let notes = OrderDetailPayload.wireObject.properties.first { $0.key == "notes" }
        #expect(notes == WireProperty(key: "notes", schema: .string(), required: true, nullable: true, description: nil))
        #expect(UserRefPayload.wireSchema == .component("UserRef"))
    }

    // MARK: - Helpers

    /// `text` with the component's lines (from `    Name:` to the next line as shallow) replaced,
    /// or added at the end of `components.schemas`.
    static func replacing(component name: String, with lines: [String], in text: String) throws -> String {
        var all = text.components(separatedBy: "\n")
        let schemasStart = try #require(all.firstIndex(of: "  schemas:"))
        let schemasEnd = all[(schemasStart + 1)...].firstIndex { !$0.isEmpty && !$0.hasPrefix("   ") } ?? all.count
        if let start = all[schemasStart..<schemasEnd].firstIndex(of: "    \(name):") {
            let end = all[(start + 1)..<schemasEnd].firstIndex { !$0.isEmpty && !$0.hasPrefix("     ") } ?? schemasEnd
            all.replaceSubrange(start..<end, with: lines)
        } else {
            all.insert(contentsOf: lines, at: schemasEnd)
        }
        return all.joined(separator: "\n")
    }

    /// A YAML value as sorted JSON text, to compare two documents' values whatever their style.
    static func canonical(_ value: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: OpenAPIDocumentTests.jsonCompatible(value),
                                              options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }
}
