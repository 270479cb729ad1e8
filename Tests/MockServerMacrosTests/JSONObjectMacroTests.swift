import MockServerMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@JSONObject`'s expansion, as the compiler sees it: the writer of each kind of member, and the
/// refusals a payload author meets.
@Suite struct JSONObjectMacroTests: MacroExpansionTesting {
    let macros: [String: MacroSpec] = ["JSONObject": MacroSpec(type: JSONObjectMacro.self)]

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
                @Nullable var location: Location?
                static let kind = "order"
                var count: Int { 1 }
            }

            extension Order: JSONWritable {
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

            extension Change: JSONWritable {
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

            extension Clock: JSONWritable {
                package func writeJSON(to out: inout [UInt8]) {
                    out.append(UInt8(ascii: "{"))
                    out.appendLiteral(#""duration_ms":"#)
                    self.`durationMs`.writeJSON(to: &out)
                    out.appendLiteral(#","now":"#)
                    self.`now`.writeJSON(to: &out)
                    out.append(UInt8(ascii: "}"))
                }
            }
            """)
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
