import MockCodegen
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@JSONObject`'s expansion, as the compiler sees it: the writer of each kind of member, and the
/// refusals a payload author meets.
@Suite struct JSONObjectMacroTests: MacroExpansionTesting {
    let macros: [String: MacroSpec] = ["JSONObject": MacroSpec(type: JSONObjectMacro.self, conformances: []),
                                       "Schema": MacroSpec(type: SchemaMacro.self),
                                       "Nullable": MacroSpec(type: NullableMacro.self),
                                       "Inline": MacroSpec(type: InlineMacro.self),
                                       "From": MacroSpec(type: FromMacro.self)]

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

            extension Order: JSONObjectWritable, WireObjectDescribing {
                package func writeJSON(to out: inout [UInt8]) {
                    out.append(UInt8(ascii: "{"))
                    _ = writeJSONMembers(to: &out)
                    out.append(UInt8(ascii: "}"))
                }
                package func writeJSONMembers(to out: inout [UInt8]) -> Bool {
                    out.appendLiteral(#""id":"#)
                    self.`id`.writeJSON(to: &out)
                    if let value = self.`note` {
                        out.appendLiteral(#","note":"#)
                        value.writeJSON(to: &out)
                    }
                    out.appendLiteral(#","location":"#)
                    self.`location`.writeJSON(to: &out)
                    return true
                }
                package static var wireObject: WireObject {
                    var properties: [WireProperty] = []
                    properties.append(WireProperty(key: "id", schema: WireSchema.of(\\Self.`id`), required: true, nullable: false, description: nil))
                    properties.append(WireProperty(key: "note", schema: WireSchema.of(\\Self.`note`), required: false, nullable: false, description: nil))
                    properties.append(WireProperty(key: "location", schema: WireSchema.of(\\Self.`location`), required: true, nullable: true, description: nil))
                    return WireObject(description: nil, properties: properties)
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

            extension Change: JSONObjectWritable, WireObjectDescribing {
                package func writeJSON(to out: inout [UInt8]) {
                    out.append(UInt8(ascii: "{"))
                    _ = writeJSONMembers(to: &out)
                    out.append(UInt8(ascii: "}"))
                }
                package func writeJSONMembers(to out: inout [UInt8]) -> Bool {
                    var wrote = false
                    if let value = self.`before` {
                        out.appendLiteral(wrote ? #","before":"# : #""before":"#)
                        wrote = true
                        value.writeJSON(to: &out)
                    }
                    out.appendLiteral(wrote ? #","after":"# : #""after":"#)
                    self.`after`.writeJSON(to: &out)
                    return true
                }
                package static var wireObject: WireObject {
                    var properties: [WireProperty] = []
                    properties.append(WireProperty(key: "before", schema: WireSchema.of(\\Self.`before`), required: false, nullable: false, description: nil))
                    properties.append(WireProperty(key: "after", schema: .constant(.bool(true)), required: true, nullable: false, description: nil))
                    return WireObject(description: nil, properties: properties)
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

            extension Clock: JSONObjectWritable, WireObjectDescribing {
                package func writeJSON(to out: inout [UInt8]) {
                    out.append(UInt8(ascii: "{"))
                    _ = writeJSONMembers(to: &out)
                    out.append(UInt8(ascii: "}"))
                }
                package func writeJSONMembers(to out: inout [UInt8]) -> Bool {
                    out.appendLiteral(#""duration_ms":"#)
                    self.`durationMs`.writeJSON(to: &out)
                    out.appendLiteral(#","now":"#)
                    self.`now`.writeJSON(to: &out)
                    return true
                }
                package static var wireObject: WireObject {
                    var properties: [WireProperty] = []
                    properties.append(WireProperty(key: "duration_ms", schema: WireSchema.of(\\Self.`durationMs`), required: true, nullable: false, description: nil))
                    properties.append(WireProperty(key: "now", schema: WireSchema.of(\\Self.`now`), required: true, nullable: false, description: nil))
                    return WireObject(description: nil, properties: properties)
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

            extension Totals: JSONObjectWritable, WireObjectDescribing, WireComponent {
                package func writeJSON(to out: inout [UInt8]) {
                    out.append(UInt8(ascii: "{"))
                    _ = writeJSONMembers(to: &out)
                    out.append(UInt8(ascii: "}"))
                }
                package func writeJSONMembers(to out: inout [UInt8]) -> Bool {
                    out.appendLiteral(#""grand_total":"#)
                    self.`grand_total`.writeJSON(to: &out)
                    return true
                }
                package static var wireObject: WireObject {
                    var properties: [WireProperty] = []
                    properties.append(WireProperty(key: "grand_total", schema: .money, required: true, nullable: false, description: "Subtotal plus VAT."))
                    return WireObject(description: "The sums.", decided: true, properties: properties)
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

    /// `@Inline` writes another object's members where it stands: first (the comma after it decided at
    /// run time, as the inlined object may write nothing), after a member always written (a comma
    /// taken back when it wrote nothing), and after an optional (either). Its schema is the other
    /// object's members.
    @Test func inlineWritesAnotherObjectsMembersInThisOne() {
        expand("""
            @JSONObject
            struct Profile {
                @Inline let user: User
                let phone: String
                @Inline let address: Address
                var note: String?
                @Inline let extra: Extra
            }
            """, """
            struct Profile {
                let user: User
                let phone: String
                let address: Address
                var note: String?
                let extra: Extra
            }

            extension Profile: JSONObjectWritable, WireObjectDescribing {
                package func writeJSON(to out: inout [UInt8]) {
                    out.append(UInt8(ascii: "{"))
                    _ = writeJSONMembers(to: &out)
                    out.append(UInt8(ascii: "}"))
                }
                package func writeJSONMembers(to out: inout [UInt8]) -> Bool {
                    var wrote = false
                    wrote = self.`user`.writeJSONMembers(to: &out)
                    out.appendLiteral(wrote ? #","phone":"# : #""phone":"#)
                    self.`phone`.writeJSON(to: &out)
                    out.append(UInt8(ascii: ","))
                    if !self.`address`.writeJSONMembers(to: &out) {
                        out.removeLast()
                    }
                    if let value = self.`note` {
                        out.appendLiteral(#","note":"#)
                        value.writeJSON(to: &out)
                    }
                    out.append(UInt8(ascii: ","))
                    if !self.`extra`.writeJSONMembers(to: &out) {
                        out.removeLast()
                    }
                    return true
                }
                package static var wireObject: WireObject {
                    var properties: [WireProperty] = []
                    properties += WireObject.members(of: \\Self.`user`)
                    properties.append(WireProperty(key: "phone", schema: WireSchema.of(\\Self.`phone`), required: true, nullable: false, description: nil))
                    properties += WireObject.members(of: \\Self.`address`)
                    properties.append(WireProperty(key: "note", schema: WireSchema.of(\\Self.`note`), required: false, nullable: false, description: nil))
                    properties += WireObject.members(of: \\Self.`extra`)
                    return WireObject(description: nil, properties: properties)
                }
                package static var wireSchema: WireSchema {
                    .object(wireObject)
                }
            }
            """)
    }

    /// After an optional left out or written, a comma before the inlined members only when
    /// something came before them.
    @Test func inlineAfterAnOptionalDecidesItsCommaAtRunTime() {
        expand("""
            @JSONObject
            struct Brief {
                var note: String?
                @Inline let user: User
            }
            """, """
            struct Brief {
                var note: String?
                let user: User
            }

            extension Brief: JSONObjectWritable, WireObjectDescribing {
                package func writeJSON(to out: inout [UInt8]) {
                    out.append(UInt8(ascii: "{"))
                    _ = writeJSONMembers(to: &out)
                    out.append(UInt8(ascii: "}"))
                }
                package func writeJSONMembers(to out: inout [UInt8]) -> Bool {
                    var wrote = false
                    if let value = self.`note` {
                        out.appendLiteral(wrote ? #","note":"# : #""note":"#)
                        wrote = true
                        value.writeJSON(to: &out)
                    }
                    if wrote {
                        out.append(UInt8(ascii: ","))
                        if !self.`user`.writeJSONMembers(to: &out) {
                            out.removeLast()
                        }
                    } else {
                        wrote = self.`user`.writeJSONMembers(to: &out)
                    }
                    return wrote
                }
                package static var wireObject: WireObject {
                    var properties: [WireProperty] = []
                    properties.append(WireProperty(key: "note", schema: WireSchema.of(\\Self.`note`), required: false, nullable: false, description: nil))
                    properties += WireObject.members(of: \\Self.`user`)
                    return WireObject(description: nil, properties: properties)
                }
                package static var wireSchema: WireSchema {
                    .object(wireObject)
                }
            }
            """)
    }

    /// `@Inline` takes a whole object, always there: not an optional, and no schema of its own.
    @Test func inlineTakesOnlyANonOptionalObject() {
        expand("""
            struct Profile {
                @Inline var user: User?
                @Inline @Schema(.id) let id: Ref
            }
            """, """
            struct Profile {
                var user: User?
                let id: Ref
            }
            """, diagnostics: [
                DiagnosticSpec(message: "@Inline applies to one stored property of a non-optional @JSONObject type", line: 2, column: 5),
                DiagnosticSpec(message: "@Inline writes another object's members: their own declarations say their schema", line: 3, column: 5),
            ])
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

    @Test func fromWritesTheInitializerEachMemberFromItsSource() {
        expand("""
            @JSONObject(from: "MailRow")
            struct Mail {
                let sent_at: String
                @From(source.toAddress) let to: String
            }
            """, """
            struct Mail {
                let sent_at: String
                let to: String
            }

            extension Mail: JSONObjectWritable, WireObjectDescribing {
                package func writeJSON(to out: inout [UInt8]) {
                    out.append(UInt8(ascii: "{"))
                    _ = writeJSONMembers(to: &out)
                    out.append(UInt8(ascii: "}"))
                }
                package func writeJSONMembers(to out: inout [UInt8]) -> Bool {
                    out.appendLiteral(#""sent_at":"#)
                    self.`sent_at`.writeJSON(to: &out)
                    out.appendLiteral(#","to":"#)
                    self.`to`.writeJSON(to: &out)
                    return true
                }
                package static var wireObject: WireObject {
                    var properties: [WireProperty] = []
                    properties.append(WireProperty(key: "sent_at", schema: WireSchema.of(\\Self.`sent_at`), required: true, nullable: false, description: nil))
                    properties.append(WireProperty(key: "to", schema: WireSchema.of(\\Self.`to`), required: true, nullable: false, description: nil))
                    return WireObject(description: nil, properties: properties)
                }
                package static var wireSchema: WireSchema {
                    .object(wireObject)
                }
                init(_ source: MailRow) {
                    self.`sent_at` = source.sentAt
                    self.`to` = source.toAddress
                }
            }
            """)
    }

    /// `var enabled = true` is a default the value may change, not a constant: typed by its literal.
    @Test func aVarWithALiteralIsADefaultNotAConstant() {
        expand("""
            @JSONObject
            struct Switches {
                var enabled = true
                let kind = "switches"
            }
            """, """
            struct Switches {
                var enabled = true
                let kind = "switches"
            }

            extension Switches: JSONObjectWritable, WireObjectDescribing {
                package func writeJSON(to out: inout [UInt8]) {
                    out.append(UInt8(ascii: "{"))
                    _ = writeJSONMembers(to: &out)
                    out.append(UInt8(ascii: "}"))
                }
                package func writeJSONMembers(to out: inout [UInt8]) -> Bool {
                    out.appendLiteral(#""enabled":"#)
                    self.`enabled`.writeJSON(to: &out)
                    out.appendLiteral(#","kind":"#)
                    self.`kind`.writeJSON(to: &out)
                    return true
                }
                package static var wireObject: WireObject {
                    var properties: [WireProperty] = []
                    properties.append(WireProperty(key: "enabled", schema: WireSchema.of(\\Self.`enabled`), required: true, nullable: false, description: nil))
                    properties.append(WireProperty(key: "kind", schema: .constant(.string("switches")), required: true, nullable: false, description: nil))
                    return WireObject(description: nil, properties: properties)
                }
                package static var wireSchema: WireSchema {
                    .object(wireObject)
                }
            }
            """)
    }

    @Test func fromIsNeededForAFromMark() {
        expand("""
            @JSONObject
            struct Mail {
                @From(source.toAddress) let to: String
            }
            """, """
            struct Mail {
                let to: String
            }
            """, diagnostics: [DiagnosticSpec(message: "@From needs the object's `from:`", line: 1, column: 1)])
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
