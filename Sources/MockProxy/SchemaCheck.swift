import OpenAPIKit
import MockRouting
import MockBasics

/// One way an answer differs from its schema, found by `SchemaCheck`. Never holds a value of the
/// answer: `actual` says its JSON type and size only (a token, a code, an email or a name must not
/// reach a report, a log or a screen).
struct SchemaDeviation: Sendable, Equatable {
    enum Kind: String, Sendable, CaseIterable {
        /// A key the schema requires is absent.
        case missingKey = "missing_key"
        /// A key the schema does not declare, where it allows no others (`additionalProperties: false`).
        case unknownKey = "unknown_key"
        /// Another JSON type than the schema's.
        case wrongType = "wrong_type"
        /// `null` where the schema allows none.
        case unexpectedNull = "unexpected_null"
        /// A value outside the schema's `enum` (or `const`).
        case notInEnum = "not_in_enum"
        /// The body is not JSON, where the document says JSON.
        case invalidJSON = "invalid_json"
        /// The status is not documented for the operation.
        case undocumentedStatus = "undocumented_status"
        /// No operation of the document has this method and path.
        case undocumentedOperation = "undocumented_operation"
    }

    let kind: Kind
    /// RFC 6901, array indices written `*` (`/data/*/status`): a finding of every item of a list is one.
    let pointer: String
    let expected: String
    let actual: String
}

/// Checks a JSON value against a dereferenced schema: types (with `integer` a number without a
/// fraction), `null`, `enum`/`const`, required keys, undeclared keys (where `additionalProperties` is
/// false, or absent from an object that names its properties; keys another `allOf` branch names are
/// declared), array items, and `anyOf`/`oneOf` (the value fits when one branch fits; otherwise the
/// branch with the fewest deviations is reported) and `allOf` (every branch). Formats, patterns and
/// bounds are the request side's business and are not checked here.
enum SchemaCheck {
    static func deviations(of value: JSONValue, against schema: DereferencedJSONSchema) -> [SchemaDeviation] {
        var found: [SchemaDeviation] = []
        check(value, schema, pointer: "", known: [], into: &found)
        return found
    }

    /// `known`: keys other branches of an enclosing `allOf` declare, which this branch's object
    /// does not count as unknown.
    private static func check(_ value: JSONValue, _ schema: DereferencedJSONSchema, pointer: String,
                              known: Set<String>, into found: inout [SchemaDeviation]) {
        switch schema {
        case .fragment:   // no type: `const` or `enum` alone, or anything
            if let outside = enumDeviation(value, schema, pointer) { found.append(outside) }
            return
        case .all(of: let branches, core: _):
            let declared = branches.map(\.declaredKeys)
            for (index, branch) in branches.enumerated() {
                var others = known
                for (other, keys) in declared.enumerated() where other != index { others.formUnion(keys) }
                check(value, branch, pointer: pointer, known: others, into: &found)
            }
            return
        case .one(of: let branches, core: _), .any(of: let branches, core: _):
            var closest: [SchemaDeviation]?
            for branch in branches {
                var branchFound: [SchemaDeviation] = []
                check(value, branch, pointer: pointer, known: known, into: &branchFound)
                if branchFound.isEmpty { return }
                if closest == nil || branchFound.count < closest!.count { closest = branchFound }
            }
            if value.isNull, branches.allSatisfy({ !$0.acceptsNull }) {
                found.append(SchemaDeviation(kind: .unexpectedNull, pointer: pointer,
                                             expected: branches.map(\.typeName).joined(separator: " or "), actual: "null"))
                return
            }
            found += closest ?? []
            return
        case .not:
            return
        default:
            break
        }

        if value.isNull {
            if schema.acceptsNull { return }
            found.append(SchemaDeviation(kind: .unexpectedNull, pointer: pointer, expected: schema.typeName, actual: "null"))
            return
        }
        guard schema.accepts(type: value) else {
            found.append(SchemaDeviation(kind: .wrongType, pointer: pointer, expected: schema.typeName, actual: describe(value)))
            return
        }
        if let outside = enumDeviation(value, schema, pointer) {
            found.append(outside)
            return
        }
        switch (schema, value) {
        case (.object(_, let context), .object(let members)):
            // In key order, as the answer's keys below: the document's property order is the JSON
            // decoder's, which on Linux changes from run to run.
            var missing: [(key: String, schema: DereferencedJSONSchema)] = []
            for (key, property) in context.properties where property.own.required && members[key] == nil {
                missing.append((key, property))
            }
            for (key, property) in missing.sorted(by: { $0.key < $1.key }) {
                found.append(SchemaDeviation(kind: .missingKey, pointer: pointer + "/" + escape(key),
                                             expected: "required " + property.typeName, actual: "absent"))
            }
            for key in members.keys.sorted() {
                let member = members[key]!
                let memberPointer = pointer + "/" + escape(key)
                if let property = context.properties[key] {
                    check(member, property, pointer: memberPointer, known: [], into: &found)
                    continue
                }
                switch context.additionalProperties {
                case .b(let additional)?:
                    check(member, additional, pointer: memberPointer, known: [], into: &found)
                case .a(true)?:
                    break
                case .a(false)?, nil:
                    // A key the document does not name: where it closes the object, or names any key at all.
                    guard context.additionalProperties != nil || !context.properties.isEmpty, !known.contains(key) else { break }
                    found.append(SchemaDeviation(kind: .unknownKey, pointer: memberPointer,
                                                 expected: "no such key", actual: describe(member)))
                }
            }
        case (.array(_, let context), .array(let items)):
            if let itemSchema = context.items {
                // Each item is checked; a deviation found in several items is reported once, at `*`.
                var seen = Set<String>()
                for item in items {
                    var itemFound: [SchemaDeviation] = []
                    check(item, itemSchema, pointer: pointer + "/*", known: [], into: &itemFound)
                    for deviation in itemFound where seen.insert("\(deviation.kind.rawValue) \(deviation.pointer)").inserted {
                        found.append(deviation)
                    }
                }
            }
        default:
            break
        }
    }

    /// `not_in_enum` when the schema has an `enum` (or `const`) and `value` is none of it.
    private static func enumDeviation(_ value: JSONValue, _ schema: DereferencedJSONSchema, _ pointer: String) -> SchemaDeviation? {
        guard let allowed = schema.own.allowedValues, !allowed.isEmpty,
              !allowed.contains(where: { equal($0.value, value) }) else { return nil }
        return SchemaDeviation(kind: .notInEnum, pointer: pointer,
                               expected: "one of " + allowed.map { literal($0.value) }.joined(separator: ", "),
                               actual: describe(value))
    }

    /// A value's JSON type and size, never its content.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "string of \(text.count) characters"
        case .int: "integer"
        case .double(let number): number.rounded() == number ? "integer" : "number"
        case .bool: "boolean"
        case .null: "null"
        case .array(let items): "array of \(items.count) items"
        case .object(let members): "object of \(members.count) keys"
        }
    }

    /// `/` and `~` escaped as RFC 6901 says.
    static func escape(_ key: String) -> String {
        // Almost no key has either; Foundation's replacing on Linux costs a bridge to NSString per call.
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
        return key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    private static func equal(_ allowed: Any, _ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): return (allowed as? String) == text
        case .bool(let flag): return (allowed as? Bool) == flag
        case .int(let number):
            if let int = allowed as? Int { return Int64(int) == number }
            if let double = allowed as? Double { return double == Double(number) }
            return false
        case .double(let number):
            if let double = allowed as? Double { return double == number }
            if let int = allowed as? Int { return Double(int) == number }
            return false
        default: return false
        }
    }

    /// A value of the document's `enum`, as the report shows it (the document's, not the answer's).
    private static func literal(_ allowed: Any) -> String {
        switch allowed {
        case let text as String: "\"\(text)\""
        case let flag as Bool: flag ? "true" : "false"
        case let number as Int: String(number)
        case let number as Double: String(number)
        default: "null"
        }
    }
}

extension DereferencedJSONSchema {
    /// The property names an object schema declares (through nested `allOf` too).
    var declaredKeys: Set<String> {
        switch self {
        case .object(_, let context): Set(context.properties.keys)
        case .all(of: let branches, core: _): branches.reduce(into: Set<String>()) { $0.formUnion($1.declaredKeys) }
        default: []
        }
    }

    /// Whether `null` is allowed: `type: [T, 'null']`, `type: 'null'`, or a branch that allows it.
    var acceptsNull: Bool {
        switch self {
        case .null, .fragment: true
        case .one(of: let branches, core: _), .any(of: let branches, core: _): own.nullable || branches.contains { $0.acceptsNull }
        case .all(of: let branches, core: _): branches.allSatisfy { $0.acceptsNull }
        default: own.nullable
        }
    }

    /// Whether `value`'s JSON type is this schema's (an integer is a number; a whole double an integer).
    func accepts(type value: JSONValue) -> Bool {
        switch (self, value) {
        case (.boolean, .bool), (.string, .string), (.object, .object), (.array, .array),
             (.number, .int), (.number, .double), (.integer, .int): true
        case (.integer, .double(let number)): number.rounded() == number
        case (.null, .null): true
        default: false
        }
    }

    /// The schema's type as a report names it: `string`, `integer or null`, `object`…
    var typeName: String {
        let base: String
        switch self {
        case .null: return "null"
        case .boolean: base = "boolean"
        case .number: base = "number"
        case .integer: base = "integer"
        case .string: base = "string"
        case .object: base = "object"
        case .array: base = "array"
        case .all(of: let branches, core: _): base = branches.map(\.typeName).joined(separator: " and ")
        case .one(of: let branches, core: _), .any(of: let branches, core: _):
            base = branches.map(\.typeName).joined(separator: " or ")
        case .not: base = "not"
        case .fragment: base = "any"
        }
        return own.nullable && !base.hasSuffix("or null") ? base + " or null" : base
    }

    /// This schema's own `nullable`, `required` and `enum`, read from its core context. OpenAPIKit's
    /// accessors of those on a dereferenced schema (and so the object context's
    /// `requiredProperties`) first rebuild it as a `JSONSchema`, its whole subtree included; read at
    /// every value of an answer, that made a check quadratic in the schema's size (3 ms for a page of
    /// 20 orders). One switch, not an `any JSONSchemaContext`: the contexts are too big for an
    /// existential's inline buffer, and boxing one per value was the next cost.
    var own: (nullable: Bool, required: Bool, allowedValues: [AnyCodable]?) {
        switch self {
        case .null(let c): (c.nullable, c.required, c.allowedValues)
        case .boolean(let c): (c.nullable, c.required, c.allowedValues)
        case .object(let c, _): (c.nullable, c.required, c.allowedValues)
        case .array(let c, _): (c.nullable, c.required, c.allowedValues)
        case .number(let c, _): (c.nullable, c.required, c.allowedValues)
        case .integer(let c, _): (c.nullable, c.required, c.allowedValues)
        case .string(let c, _): (c.nullable, c.required, c.allowedValues)
        case .fragment(let c): (c.nullable, c.required, c.allowedValues)
        case .all(of: _, core: let c), .one(of: _, core: let c), .any(of: _, core: let c), .not(_, core: let c):
            (c.nullable, c.required, c.allowedValues)
        }
    }
}
