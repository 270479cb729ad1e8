import Foundation

extension KeyedDecodingContainer {
    /// Decodes a SQLite-style flag: `0`/`1` (the backend's form) or `true`/`false`.
    /// Any other value is a `DecodingError` at that key, never a silent default.
    func decodeFlag(forKey key: Key) throws -> Bool {
        if let bool = try? decode(Bool.self, forKey: key) { return bool }
        let int: Int
        do {
            int = try decode(Int.self, forKey: key)
        } catch DecodingError.typeMismatch(_, let context) {
            throw DecodingError.typeMismatch(Bool.self, DecodingError.Context(
                codingPath: context.codingPath,
                debugDescription: "Expected a 0/1 flag or a boolean"))
        }
        switch int {
        case 0: return false
        case 1: return true
        default:
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "Expected a 0/1 flag, found \(int)")
        }
    }

    /// Like ``decodeFlag(forKey:)``; `nil` only when the key is absent or `null`.
    func decodeFlagIfPresent(forKey key: Key) throws -> Bool? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeFlag(forKey: key)
    }
}

/// Renders a coding path as `data.companies[1].logoUrl`.
func renderKeyPath(_ path: [any CodingKey]) -> String {
    var result = ""
    for key in path {
        if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == String(index) {
            result += "[\(index)]"
        } else {
            if !result.isEmpty { result += "." }
            result += key.stringValue
        }
    }
    return result
}

extension RepairMinderError {
    /// Maps a `DecodingError` to ``RepairMinderError/decoding(keyPath:message:)`` naming the full key path.
    static func from(_ error: DecodingError) -> RepairMinderError {
        switch error {
        case .keyNotFound(let key, let context):
            return .decoding(keyPath: renderKeyPath(context.codingPath + [key]),
                             message: "missing key")
        case .valueNotFound(let type, let context):
            return .decoding(keyPath: renderKeyPath(context.codingPath),
                             message: "expected \(type), found null")
        case .typeMismatch(let type, let context):
            return .decoding(keyPath: renderKeyPath(context.codingPath),
                             message: "expected \(type): \(context.debugDescription)")
        case .dataCorrupted(let context):
            return .decoding(keyPath: renderKeyPath(context.codingPath),
                             message: context.debugDescription)
        @unknown default:
            return .decoding(keyPath: "", message: "\(error)")
        }
    }
}

/// Pagination beside `data` in list answers.
public struct Pagination: Decodable, Sendable, Hashable {
    public var page: Int
    public var limit: Int
    public var total: Int
    public var totalPages: Int

    enum CodingKeys: String, CodingKey {
        case page, limit, total, totalPages = "total_pages"
    }

    public init(page: Int, limit: Int, total: Int, totalPages: Int) {
        self.page = page
        self.limit = limit
        self.total = total
        self.totalPages = totalPages
    }
}

/// The unwrapped success envelope: `data` plus `pagination` when the answer is a list.
public struct APIResponse<Payload: Decodable & Sendable>: Sendable {
    public var data: Payload
    public var pagination: Pagination?
}

/// `{success, data?, pagination?}` — decoded in one place.
struct SuccessEnvelope<Payload: Decodable & Sendable>: Decodable {
    var data: Payload
    var pagination: Pagination?

    enum CodingKeys: String, CodingKey { case success, data, pagination }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if !container.contains(.data), let empty = EmptyResponse() as? Payload {
            data = empty
        } else {
            data = try container.decode(Payload.self, forKey: .data)
        }
        pagination = try container.decodeIfPresent(Pagination.self, forKey: .pagination)
    }
}

/// `{success: false, error, code?}`.
struct ErrorEnvelope: Decodable {
    var error: String
    var code: String?
}

/// A message-only payload, e.g. `{"message": "Magic link sent"}`.
public struct MessageResponse: Decodable, Sendable, Hashable {
    public var message: String
    enum CodingKeys: String, CodingKey { case message }
    public init(message: String) { self.message = message }
}

/// Any JSON value, for resources the library has no typed model of yet.
public enum JSONValue: Codable, Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let bool = try? container.decode(Bool.self) { self = .bool(bool) }
        else if let number = try? container.decode(Double.self) { self = .number(number) }
        else if let string = try? container.decode(String.self) { self = .string(string) }
        else if let array = try? container.decode([JSONValue].self) { self = .array(array) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}
