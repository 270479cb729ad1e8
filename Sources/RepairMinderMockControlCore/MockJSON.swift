import Foundation

/// Any JSON value: a fault's `body`, a push payload's custom keys, a session's `data`.
/// Written with literals: `["success": false, "error": "Service unavailable"]`.
public enum MockJSON: Sendable, Hashable, Codable, CustomStringConvertible,
    ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([MockJSON])
    case object([String: MockJSON])

    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: MockJSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, MockJSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// Parses JSON text (any value at the top, not only an object or array).
    public init(parsing data: Data) throws {
        self = try JSONDecoder().decode(MockJSON.self, from: data)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([MockJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: MockJSON].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            // Whole numbers as integers (`503`, not `503.0`).
            if value.rounded() == value, abs(value) < 9.0e15 { try container.encode(Int64(value)) } else { try container.encode(value) }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The JSON text: keys sorted, slashes not escaped.
    public var data: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }

    public var description: String { String(decoding: data, as: UTF8.self) }

    public subscript(key: String) -> MockJSON? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public subscript(index: Int) -> MockJSON? {
        if case .array(let array) = self, array.indices.contains(index) { return array[index] }
        return nil
    }

    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    public var doubleValue: Double? { if case .number(let value) = self { value } else { nil } }
    public var intValue: Int? {
        if case .number(let value) = self, value.rounded() == value, abs(value) < 9.0e15 { Int(value) } else { nil }
    }
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var arrayValue: [MockJSON]? { if case .array(let value) = self { value } else { nil } }
    public var objectValue: [String: MockJSON]? { if case .object(let value) = self { value } else { nil } }
    public var isNull: Bool { self == .null }
}
