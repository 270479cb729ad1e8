import MockCodegen
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@RequestBody`'s expansion: the parser reads each key as its property is declared, the schema
/// and the body's rules come from the same members, and a declaration the parser could not honour
/// is refused by name.
@Suite struct RequestBodyMacroTests: MacroExpansionTesting {
    let macros: [String: MacroSpec] = ["RequestBody": MacroSpec(type: RequestBodyMacro.self, conformances: []),
                                       "Schema": MacroSpec(type: SchemaMacro.self),
                                       "Nullable": MacroSpec(type: NullableMacro.self)]

    @Test func eachKeyIsReadAsItsPropertyIsDeclared() {
        expand("""
            /// A change.
            @RequestBody(component: "Change", unknownKeys: .refused, atLeastOne: true)
            struct ChangeBody {
                var status: Status?
                /// Cleared by null.
                @Schema(.string(maxLength: 64)) var owner: FieldUpdate<String>?
                @Nullable var note: String?
            }
            """, """
            /// A change.
            struct ChangeBody {
                var status: Status?
                /// Cleared by null.
                var owner: FieldUpdate<String>?
                var note: String?
            }

            extension ChangeBody: RequestObject, WireComponent {
                package static let bodyKeys: [String] = ["status", "owner", "note"]
                package static let bodyRules = BodyRules(unknownKeys: .refused, atLeastOne: true, nullMeansAbsent: ["note"])
                package init(members: RequestMembers) throws {
                    self.`status` = try members.optional("status", WireSchema.of(\\Self.`status`))
                    self.`owner` = try members.clearable("owner", .string(maxLength: 64))
                    self.`note` = try members.nullable("note", WireSchema.of(\\Self.`note`))
                }
                package static var wireObject: WireObject {
                    var properties: [WireProperty] = []
                    properties.append(WireProperty(key: "status", schema: WireSchema.of(\\Self.`status`), required: false, nullable: false, description: nil))
                    properties.append(WireProperty(key: "owner", schema: .string(maxLength: 64), required: false, nullable: true, description: "Cleared by null.", clears: true))
                    properties.append(WireProperty(key: "note", schema: WireSchema.of(\\Self.`note`), required: false, nullable: true, description: nil))
                    return WireObject(description: "A change.", properties: properties, body: bodyRules)
                }
                package static var componentName: String {
                    "Change"
                }
                package static var wireSchema: WireSchema {
                    .component("Change")
                }
            }
            """)
    }

    @Test func aRequiredKeyAndTheBodysOwnMessages() {
        expand("""
            @RequestBody(noneGiven: "Give a or b", exclusive: ["a", "b"], exclusiveMessage: "Not both")
            struct Pair {
                @Nullable var a: Int?
                @Nullable var b: Int?
            }
            """, """
            struct Pair {
                var a: Int?
                var b: Int?
            }

            extension Pair: RequestObject {
                package static let bodyKeys: [String] = ["a", "b"]
                package static let bodyRules = BodyRules(unknownKeys: .ignored, atLeastOne: true, noneGiven: "Give a or b", exclusive: ["a", "b"], exclusiveMessage: "Not both", nullMeansAbsent: ["a", "b"])
                package init(members: RequestMembers) throws {
                    self.`a` = try members.nullable("a", WireSchema.of(\\Self.`a`))
                    self.`b` = try members.nullable("b", WireSchema.of(\\Self.`b`))
                }
                package static var wireObject: WireObject {
                    var properties: [WireProperty] = []
                    properties.append(WireProperty(key: "a", schema: WireSchema.of(\\Self.`a`), required: false, nullable: true, description: nil))
                    properties.append(WireProperty(key: "b", schema: WireSchema.of(\\Self.`b`), required: false, nullable: true, description: nil))
                    return WireObject(description: nil, properties: properties, body: bodyRules)
                }
                package static var wireSchema: WireSchema {
                    .object(wireObject)
                }
            }
            """)
    }

    @Test func aBodyThatNeedsAKeyCannotAlsoNeedAnyOne() {
        expand("""
            @RequestBody(atLeastOne: true)
            struct Bad {
                let id: String
            }
            """, """
            struct Bad {
                let id: String
            }
            """, diagnostics: [DiagnosticSpec(message: "atLeastOne is for a body whose every key may be left out", line: 1, column: 1)])
    }

    @Test func aFieldUpdateIsNotMarkedNullable() {
        expand("""
            @RequestBody
            struct Bad {
                @Nullable var owner: FieldUpdate<String>?
            }
            """, """
            struct Bad {
                var owner: FieldUpdate<String>?
            }
            """, diagnostics: [DiagnosticSpec(message: "`owner`: a FieldUpdate is nullable already (null clears)", line: 1, column: 1)])
    }

    @Test func anExclusiveRuleNeedsItsMessage() {
        expand("""
            @RequestBody(exclusive: ["a", "b"])
            struct Bad {
                var a: Int?
            }
            """, """
            struct Bad {
                var a: Int?
            }
            """, diagnostics: [DiagnosticSpec(message: "exclusive needs its exclusiveMessage", line: 1, column: 1)])
    }
}
