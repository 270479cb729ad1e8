#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A request body, declared once: a struct marked `RequestBody` (in a block comment) whose stored properties
/// are its members. The generator writes from the declaration its parser (``init(members:)``, each
/// member read with its property's schema, in declaration order), its schema (``wireObject``, the
/// component of docs/openapi.yaml) and the client's request type (RepairMinderClient), so the rules
/// a body is held to are the ones the document states.
///
/// A property's declaration says how its key is read:
/// - `let x: T`: required; absent or `null` is a 400 naming it;
/// - `var x: T?`: may be left out; `null` is a 400 (it is not "leave as is");
/// - `var x: T?` marked `Nullable`: may be left out or `null`, both nil;
/// - `var x: FieldUpdate<T>?`: left out is nil, `null` is `.clear` (a PATCH that clears a field).
package protocol RequestObject: WireObjectDescribing, RequestValue {
    /// The declared keys, in declaration order.
    static var bodyKeys: [String] { get }
    static var bodyRules: BodyRules { get }
    /// The members read and checked (the generated parser).
    init(members: RequestMembers) throws
}

extension RequestObject {
    /// `value` as this object: not an object is `Invalid JSON body` at the top and a 400 naming the
    /// member below it; a key the object refuses is a 400 naming it (the first in key order); then the
    /// members in declaration order; then, for a change, `No fields to update` (or the body's own
    /// message) when no declared key is given, and the body's message when keys that exclude each
    /// other are given together.
    package static func parse(_ value: JSONValue, at path: String = "") throws -> Self {
        guard case .object(let members) = value else {
            throw path.isEmpty ? APIFailure.invalidJSON : APIFailure.invalidField(path)
        }
        let reader = RequestMembers(members, path: path)
        if bodyRules.unknownKeys == .refused, let unknown = members.keys.sorted().first(where: { !bodyKeys.contains($0) }) {
            throw APIFailure.invalidField(reader.path(of: unknown))
        }
        let parsed = try Self(members: reader)
        let rules = bodyRules
        guard rules.atLeastOne || !rules.exclusive.isEmpty else { return parsed }
        func given(_ key: String) -> Bool {
            guard let value = members[key] else { return false }
            return !(value.isNull && rules.nullMeansAbsent.contains(key))
        }
        if rules.atLeastOne, !bodyKeys.contains(where: given) { throw APIFailure.badRequest(rules.noneGiven) }
        if !rules.exclusive.isEmpty, rules.exclusive.filter(given).count > 1 {
            throw APIFailure.badRequest(rules.exclusiveMessage)
        }
        return parsed
    }

    package init(requestValue value: JSONValue, schema: WireSchema, path: String) throws {
        self = try Self.parse(value, at: path)
    }
}

/// A request object's members as the generated parser reads them, each by the way its property is
/// declared (``RequestObject``); every failure is a 400 naming the member's path (`signature.typed_name`).
package struct RequestMembers {
    private let members: [String: JSONValue]
    private let path: String

    package init(_ members: [String: JSONValue], path: String) {
        self.members = members
        self.path = path
    }

    /// `key` below this object's path.
    package func path(of key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// There, and not `null`.
    package func required<T: RequestValue>(_ key: String, _ schema: WireSchema) throws -> T {
        guard let value = members[key], !value.isNull else { throw APIFailure.invalidField(path(of: key)) }
        return try T(requestValue: value, schema: schema, path: path(of: key))
    }

    /// Left out is nil; `null` is a 400.
    package func optional<T: RequestValue>(_ key: String, _ schema: WireSchema) throws -> T? {
        guard let value = members[key] else { return nil }
        guard !value.isNull else { throw APIFailure.invalidField(path(of: key)) }
        return try T(requestValue: value, schema: schema, path: path(of: key))
    }

    /// Left out or `null` is nil.
    package func nullable<T: RequestValue>(_ key: String, _ schema: WireSchema) throws -> T? {
        guard let value = members[key], !value.isNull else { return nil }
        return try T(requestValue: value, schema: schema, path: path(of: key))
    }

    /// Left out is nil (leave the field), `null` is `.clear`.
    package func clearable<T: RequestValue>(_ key: String, _ schema: WireSchema) throws -> FieldUpdate<T>? {
        guard let value = members[key] else { return nil }
        guard !value.isNull else { return .clear }
        return .set(try T(requestValue: value, schema: schema, path: path(of: key)))
    }
}

/// A PATCH's change of a field that may be cleared: a value, or `null` on the wire.
package enum FieldUpdate<Value: Sendable>: Sendable {
    case set(Value)
    case clear

    /// The new value; nil when cleared.
    package var value: Value? {
        if case .set(let value) = self { return value }
        return nil
    }
}

extension FieldUpdate: Equatable where Value: Equatable {}

extension FieldUpdate: WireSchemaDescribing where Value: WireSchemaDescribing {
    package static var wireSchema: WireSchema { Value.wireSchema }
}

/// A value a request body's member may hold: read from its JSON and held to its property's schema,
/// else a 400 naming `path`.
package protocol RequestValue {
    init(requestValue value: JSONValue, schema: WireSchema, path: String) throws
}

extension String: RequestValue {
    /// A string held to a `.string` schema's rules (``WireSchema/string(format:values:pattern:minLength:maxLength:examples:notBlank:trimmed:)``).
    package init(requestValue value: JSONValue, schema: WireSchema, path: String) throws {
        guard case .string(var text) = value else { throw APIFailure.invalidField(path) }
        if case .string(_, let values, let pattern, let minLength, let maxLength, _, let notBlank, let trimmed) = schema {
            if trimmed { text = text.trimmingCharacters(in: .whitespacesAndNewlines) }
            if notBlank, text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) { throw APIFailure.invalidField(path) }
            if minLength != nil || maxLength != nil {
                let length = text.unicodeScalars.count
                if let minLength, length < minLength { throw APIFailure.invalidField(path) }
                if let maxLength, length > maxLength { throw APIFailure.invalidField(path) }
            }
            if let values, !values.contains(text) { throw APIFailure.invalidField(path) }
            if let pattern, !Self.matches(text, pattern: pattern) { throw APIFailure.invalidField(path) }
        }
        self = text
    }

    /// JSON Schema's `pattern`: found anywhere in the text (the document's patterns anchor themselves).
    private static func matches(_ text: String, pattern: String) -> Bool {
        guard let regex = try? Regex(pattern) else { return false }
        return text.firstMatch(of: regex) != nil
    }
}

extension Bool: RequestValue {
    package init(requestValue value: JSONValue, schema: WireSchema, path: String) throws {
        guard case .bool(let flag) = value else { throw APIFailure.invalidField(path) }
        if case .constant(let constant) = schema, constant != value { throw APIFailure.invalidField(path) }
        self = flag
    }
}

extension Int: RequestValue {
    /// A whole number (`5` or `5.0`) within Int and the schema's `.integer` bounds.
    package init(requestValue value: JSONValue, schema: WireSchema, path: String) throws {
        guard let whole = value.intValue, let number = Int(exactly: whole) else { throw APIFailure.invalidField(path) }
        if case .integer(let minimum, let maximum) = schema {
            if let minimum, number < minimum { throw APIFailure.invalidField(path) }
            if let maximum, number > maximum { throw APIFailure.invalidField(path) }
        }
        self = number
    }
}

extension Double: RequestValue {
    /// A finite number within the schema's `.number` bounds.
    package init(requestValue value: JSONValue, schema: WireSchema, path: String) throws {
        guard let number = value.doubleValue, number.isFinite else { throw APIFailure.invalidField(path) }
        if case .number(let minimum, let maximum) = schema {
            if let minimum, number < minimum { throw APIFailure.invalidField(path) }
            if let maximum, number > maximum { throw APIFailure.invalidField(path) }
        }
        self = number
    }
}

extension JSONValue: RequestValue {
    /// Any JSON value, as sent.
    package init(requestValue value: JSONValue, schema: WireSchema, path: String) throws { self = value }
}

extension Dictionary: RequestValue where Key == String, Value: RequestValue {
    /// An object whose keys are data, each value read with the map's value schema.
    package init(requestValue value: JSONValue, schema: WireSchema, path: String) throws {
        guard case .object(let members) = value else { throw APIFailure.invalidField(path) }
        var element = WireSchema.any
        if case .map(let schema) = schema { element = schema }
        var out: [String: Value] = [:]
        for key in members.keys.sorted() {
            out[key] = try Value(requestValue: members[key]!, schema: element, path: path + "." + key)
        }
        self = out
    }
}

extension Array: RequestValue where Element: RequestValue {
    /// An array, each element read with the array's element schema (`vary[2]`).
    package init(requestValue value: JSONValue, schema: WireSchema, path: String) throws {
        guard case .array(let elements) = value else { throw APIFailure.invalidField(path) }
        var element = WireSchema.any
        if case .array(let schema, _) = schema { element = schema }
        self = try elements.enumerated().map { index, json in
            try Element(requestValue: json, schema: element, path: path + "[\(index)]")
        }
    }
}

extension WireEnumeration {
    /// One of the enumeration's raw values.
    package init(requestValue value: JSONValue, schema: WireSchema, path: String) throws {
        guard case .string(let text) = value, let known = Self(rawValue: text) else { throw APIFailure.invalidField(path) }
        self = known
    }
}
