import MockServerMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@JSONObject`'s expansion, as the compiler sees it: the writer of each kind of member, and the
/// refusals a payload author meets.
@Suite struct JSONObjectMacroTests: MacroExpansionTesting {
    let macros: [String: MacroSpec] = ["JSONObject": MacroSpec(type: JSONObjectMacro.self, conformances: []),
                                       "Schema": MacroSpec(type: SchemaMacro.self),
                                       "Nullable": MacroSpec(type: NullableMacro.self)]

    @Test func membersInDeclarationOrderOptionalsLeftOutNullablesWritten() {
        expand("""
            @JSONObject
            struct Order {
                let id: String
                var note: String?
                @Nullable var location: Location?
                static let kind = "order"
                var count: Int { 1 }
            }
            """, """
            struct Order {
                let id: String
                var note: String?
                var location: Location?
                static let kind = "order"
                var count: Int { 1 }
            }

            extension Order: JSONWritable, WireSchemaDescribing {
                package func writeJSON(to out: inout [UInt8]) {
                    out.append(UInt8(ascii: "{"))
                    out.appendLiteral(#""id":"#)
                    self.`id`.writeJSON(to: &out)
                    if let value = self.`note` {
                        out.appendLiteral(#","note":"#)
                        value.writeJSON(to: &out)
                    }
                    out.appendLiteral(#","location":"#)
                    self.`location`.writeJSON(to: &out)
                    out.append(UInt8(ascii: "}"))
                }
                package static var wireObject: WireObject {
                    WireObject(description: nil, properties: [WireProperty(key: "id", schema: WireSchema.of(\\Self.`id`), required: true, nullable: false, description: nil), WireProperty(key: "note", schema: WireSchema.of(\\Self.`note`), required: false, nullable: false, description: nil), WireProperty(key: "location", schema: WireSchema.of(\\Self.`location`), required: true, nullable: true, description: nil)])
                }
                package static var wireSchema: WireSchema {
                    .object(wireObject)
                }
            }
            """)
    }

    @Test func optionalsBeforeTheFirstWrittenMemberDecideTheCommaAtRunTime() {
        expand("""
            @JSONObject
            struct Change {
                var before: Int?
                let after = true
            }
            """, """
            struct Change {
                var before: Int?
                let after = true
            }

            extension Change: JSONWritable, WireSchemaDescribing {
                package func writeJSON(to out: inout [UInt8]) {
                    var wrote = false
                    out.append(UInt8(ascii: "{"))
                    if let value = self.`before` {
                        out.appendLiteral(wrote ? #","before":"# : #""before":"#)
                        wrote = true
                        value.writeJSON(to: &out)
                    }
                    out.appendLiteral(wrote ? #","after":"# : #""after":"#)
                    self.`after`.writeJSON(to: &out)
                    out.append(UInt8(ascii: "}"))
                }
                package static var wireObject: WireObject {
                    WireObject(description: nil, properties: [WireProperty(key: "before", schema: WireSchema.of(\\Self.`before`), required: false, nullable: false, description: nil), WireProperty(key: "after", schema: .constant(.bool(true)), required: true, nullable: false, description: nil)])
                }
                package static var wireSchema: WireSchema {
                    .object(wireObject)
                }
            }
            """)
    }

    @Test func codingKeysNameAndOrderTheMembers() {
        expand("""
            @JSONObject
            struct Clock {
                var now: String
                var durationMs: Double
                enum CodingKeys: String, CodingKey {
                    case durationMs = "duration_ms", now
                }
            }
            """, """
            struct Clock {
                var now: String
                var durationMs: Double
                enum CodingKeys: String, CodingKey {
                    case durationMs = "duration_ms", now
                }
            }

            extension Clock: JSONWritable, WireSchemaDescribing {
                package func writeJSON(to out: inout [UInt8]) {
                    out.append(UInt8(ascii: "{"))
                    out.appendLiteral(#""duration_ms":"#)
                    self.`durationMs`.writeJSON(to: &out)
                    out.appendLiteral(#","now":"#)
                    self.`now`.writeJSON(to: &out)
                    out.append(UInt8(ascii: "}"))
                }
                package static var wireObject: WireObject {
                    WireObject(description: nil, properties: [WireProperty(key: "duration_ms", schema: WireSchema.of(\\Self.`durationMs`), required: true, nullable: false, description: nil), WireProperty(key: "now", schema: WireSchema.of(\\Self.`now`), required: true, nullable: false, description: nil)])
                }
                package static var wireSchema: WireSchema {
                    .object(wireObject)
                }
            }
            """)
    }

    /// A component: its name and `x-decided`, a `$ref` where it is used; `@Schema` says what a
    /// `String` holds; the doc comments right above (not a file's header) are the descriptions.
    @Test func aComponentWithSchemasAndDescriptions() {
        expand("""
            /// Wire shapes of the orders.

            /// The sums.
            @JSONObject(component: "Totals", decided: true)
            struct Totals {
                /// Subtotal plus VAT.
                @Schema(.money) let grand_total: String
            }
            """, """
            /// Wire shapes of the orders.

            /// The sums.
            struct Totals {
                /// Subtotal plus VAT.
                let grand_total: String
            }

            extension Totals: JSONWritable, WireSchemaDescribing, WireComponent {
                package func writeJSON(to out: inout [UInt8]) {
                    out.append(UInt8(ascii: "{"))
                    out.appendLiteral(#""grand_total":"#)
                    self.`grand_total`.writeJSON(to: &out)
                    out.append(UInt8(ascii: "}"))
                }
                package static var wireObject: WireObject {
                    WireObject(description: "The sums.", decided: true, properties: [WireProperty(key: "grand_total", schema: .money, required: true, nullable: false, description: "Subtotal plus VAT.")])
                }
                package static var componentName: String {
                    "Totals"
                }
                package static var wireSchema: WireSchema {
                    .component("Totals")
                }
            }
            """)
    }

    /// `@Nullable` marks an optional: on anything else it says so, where a property wrapper's
    /// type error would have.
    @Test func nullableMarksOnlyAnOptional() {
        expand("""
            struct Reply {
                @Nullable var count: Int
            }
            """, """
            struct Reply {
                var count: Int
            }
            """, diagnostics: [DiagnosticSpec(message: "@Nullable applies to an optional stored property", line: 2, column: 5)])
    }

    @Test func aComponentNameIsALiteral() {
        expand("""
            @JSONObject(component: name)
            struct Totals {
                let sum: String
            }
            """, """
            struct Totals {
                let sum: String
            }
            """, diagnostics: [DiagnosticSpec(message: "@JSONObject's component is a string literal", line: 1, column: 1)])
    }

    @Test func aMemberWithoutAWrittenTypeIsRefusedByName() {
        expand("""
            @JSONObject
            struct Bad {
                var inner = Inner()
            }
            """, """
            struct Bad {
                var inner = Inner()
            }
            """, diagnostics: [DiagnosticSpec(message: "@JSONObject needs the type of `inner` written out", line: 1, column: 1)])
    }

    @Test func onlyStructs() {
        expand("""
            @JSONObject
            enum Kind {
                case a
            }
            """, """
            enum Kind {
                case a
            }
            """, diagnostics: [DiagnosticSpec(message: "@JSONObject applies to a struct", line: 1, column: 1)])
    }
}
