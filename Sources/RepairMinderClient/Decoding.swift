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
        case page, limit, total, totalPages = "total_pages", camelTotalPages = "totalPages"
    }

    /// The page count as `total_pages` or as `totalPages`: seed 003 shows both spellings of the
    /// envelope (the mock sends `total_pages`; `--vary pagination-camel-case` the other).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        page = try container.decode(Int.self, forKey: .page)
        limit = try container.decode(Int.self, forKey: .limit)
        total = try container.decode(Int.self, forKey: .total)
        if container.contains(.totalPages) {
            totalPages = try container.decode(Int.self, forKey: .totalPages)
        } else {
            totalPages = try container.decode(Int.self, forKey: .camelTotalPages)
        }
    }

    public init(page: Int, limit: Int, total: Int, totalPages: Int) {
        self.page = page
        self.limit = limit
        self.total = total
        self.totalPages = totalPages
    }
}

/// A decoded answer: the envelope's `data`, its `pagination` when the answer is a list, and the
/// HTTP status code and headers it came with (as kean/Get's `Response<T>` carries them).
public struct APIResponse<Payload: Decodable & Sendable>: Sendable {
    public var data: Payload
    public var pagination: Pagination?
    /// The HTTP status code, e.g. 200, or 201 for a created resource.
    public var statusCode: Int
    /// The response headers, names lower-cased; look one up in any case with ``header(_:)``.
    public var headers: [String: String]

    public init(data: Payload, pagination: Pagination? = nil, statusCode: Int = 200, headers: [String: String] = [:]) {
        self.data = data
        self.pagination = pagination
        self.statusCode = statusCode
        self.headers = lowercasedNames(headers)
    }

    /// The value of the header `name`, in any case (`Content-Type` or `content-type`).
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// `{success, data?, pagination?}` — decoded in one place.
struct SuccessEnvelope<Payload: Decodable & Sendable>: Decodable {
    var data: Payload
    var pagination: Pagination?

    enum CodingKeys: String, CodingKey { case success, data, pagination }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        _ = try container.decodeIfPresent(Bool.self, forKey: .success)
        if !container.contains(.data), let empty = EmptyPayload() as? Payload {
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

@available(*, deprecated, renamed: "MessagePayload")
public typealias MessageResponse = MessagePayload

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

// MARK: - The wire's scalar conventions, each handled once

extension CodingUserInfoKey {
    /// Set (to `true`) by ``StrictDecoding``: open enums then reject values they do not know.
    static let repairMinderStrict = CodingUserInfoKey(rawValue: "RepairMinderClient.strict")!
}

extension Decoder {
    /// Whether this decoding runs under ``StrictDecoding``.
    var isStrict: Bool { userInfo[.repairMinderStrict] as? Bool == true }
}

/// A SQLite flag: `0`/`1` on the wire (`true`/`false` accepted too), `Bool` in Swift.
/// Anything else is a `DecodingError` at its key; it encodes back as `0`/`1`.
///
/// Public only because Swift requires the wrapper of a public property to be public; apps read
/// the `Bool`.
@propertyWrapper
public struct IntFlag: Codable, Sendable, Hashable {
    public var wrappedValue: Bool

    public init(wrappedValue: Bool) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let bool = try? container.decode(Bool.self) {
            wrappedValue = bool
            return
        }
        let int: Int
        do {
            int = try container.decode(Int.self)
        } catch {
            throw DecodingError.typeMismatch(Bool.self, DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "Expected a 0/1 flag or a boolean"))
        }
        switch int {
        case 0: wrappedValue = false
        case 1: wrappedValue = true
        default:
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a 0/1 flag, found \(int)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue ? 1 : 0)
    }
}

/// `"-12.50"` ↔ -1250: a decimal string with exactly two decimals, as hundredths.
enum Hundredths {
    static func parse(_ text: String) -> Int64? {
        var utf8 = Substring(text).utf8[...]
        var negative = false
        if utf8.first == UInt8(ascii: "-") {
            negative = true
            utf8 = utf8.dropFirst()
        }
        guard let dot = utf8.firstIndex(of: UInt8(ascii: ".")) else { return nil }
        let whole = utf8[utf8.startIndex..<dot]
        let fraction = utf8[utf8.index(after: dot)...]
        guard !whole.isEmpty, whole.count <= 15, fraction.count == 2 else { return nil }
        var value: Int64 = 0
        for byte in Array(whole) + Array(fraction) {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    static func format(_ value: Int64) -> String {
        let magnitude = value.magnitude
        let fraction = magnitude % 100
        return (value < 0 ? "-" : "") + "\(magnitude / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }

    static func decode(_ decoder: any Decoder, what: String) throws -> Int64 {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = parse(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected \(what) as a string with two decimals, found \"\(text)\"")
        }
        return value
    }
}

/// An amount of money. On the wire a string with two decimals (`"129.99"`, `"-12.00"`); here
/// an exact count of minor units (pence), never a `Double`.
public struct Money: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Pence (cents): `"129.99"` → 12999.
    public var minorUnits: Int64

    public init(minorUnits: Int64) { self.minorUnits = minorUnits }

    /// Parses the wire form; nil unless it is `-?digits.dd`.
    public init?(_ text: String) {
        guard let value = Hundredths.parse(text) else { return nil }
        minorUnits = value
    }

    public static let zero = Money(minorUnits: 0)

    /// The wire form, `"129.99"`.
    public var description: String { Hundredths.format(minorUnits) }
    /// The exact decimal value, for formatting with a currency.
    public var decimal: Decimal { Decimal(minorUnits) / 100 }
    public var isNegative: Bool { minorUnits < 0 }

    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.minorUnits < rhs.minorUnits }
    public static func + (lhs: Money, rhs: Money) -> Money { Money(minorUnits: lhs.minorUnits + rhs.minorUnits) }
    public static func - (lhs: Money, rhs: Money) -> Money { Money(minorUnits: lhs.minorUnits - rhs.minorUnits) }

    public init(from decoder: any Decoder) throws {
        minorUnits = try Hundredths.decode(decoder, what: "money")
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A percentage such as a VAT rate: `"20.00"` on the wire (like the company's VAT rates).
public struct Percentage: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// `"20.00"` → 2000.
    public var hundredths: Int64

    public init(hundredths: Int64) { self.hundredths = hundredths }

    public init?(_ text: String) {
        guard let value = Hundredths.parse(text) else { return nil }
        hundredths = value
    }

    public var description: String { Hundredths.format(hundredths) }
    public var decimal: Decimal { Decimal(hundredths) / 100 }

    public static func < (lhs: Percentage, rhs: Percentage) -> Bool { lhs.hundredths < rhs.hundredths }

    public init(from decoder: any Decoder) throws {
        hundredths = try Hundredths.decode(decoder, what: "a percentage")
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A timestamp as the server sends it: ISO 8601, `2026-11-21T10:15:00Z`. The text is kept as
/// received (``rawValue``), and parsed once into ``date``; text that is not ISO 8601 fails to decode.
public struct Timestamp: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: String
    public let date: Date

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff](Z|±hh:mm)`, and SQLite's `YYYY-MM-DD HH:MM:SS` (UTC) that
    /// a backend over D1 may pass through; nil otherwise.
    public init?(_ text: String) {
        guard let date = Self.parse(text) else { return nil }
        rawValue = text
        self.date = date
    }

    /// The server's form of `date`: UTC, whole seconds, `Z`.
    public init(_ date: Date) {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        var days = seconds / 86_400
        var rest = seconds % 86_400
        if rest < 0 { rest += 86_400; days -= 1 }
        let (y, m, d) = Self.civil(fromDays: days)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        rawValue = "\(y)-\(two(m))-\(two(d))T\(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60))Z"
        self.date = Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    public var description: String { rawValue }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.date == rhs.date ? lhs.rawValue < rhs.rawValue : lhs.date < rhs.date
    }
    public static func == (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = Self.parse(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected an ISO 8601 timestamp, found \"\(text)\"")
        }
        rawValue = text
        self.date = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    static func parse(_ text: String) -> Date? {
        let b = Array(text.utf8)
        func digits(_ from: Int, _ count: Int) -> Int64? {
            guard from + count <= b.count else { return nil }
            var value: Int64 = 0
            for byte in b[from..<(from + count)] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            return value
        }
        func byte(_ at: Int, _ char: Character) -> Bool { at < b.count && b[at] == char.asciiValue! }
        guard let year = digits(0, 4), byte(4, "-"), let month = digits(5, 2), byte(7, "-"), let day = digits(8, 2),
              byte(10, "T") || byte(10, " "), let hour = digits(11, 2), byte(13, ":"), let minute = digits(14, 2), byte(16, ":"),
              let second = digits(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var index = 19
        var fraction = 0.0
        if byte(index, ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < b.count, b[index] >= 48, b[index] <= 57 {
                fraction += Double(b[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset: Int64 = 0
        if byte(10, " ") {
            // SQLite's `CURRENT_TIMESTAMP` (Cloudflare D1): `2026-11-24 12:00:00`, UTC, no zone.
            guard index == b.count else { return nil }
        } else if byte(index, "Z") {
            index += 1
        } else if byte(index, "+") || byte(index, "-") {
            let sign: Int64 = byte(index, "-") ? -1 : 1
            guard let oh = digits(index + 1, 2), byte(index + 3, ":"), let om = digits(index + 4, 2) else { return nil }
            offset = sign * (oh * 3600 + om * 60)
            index += 6
        } else {
            return nil
        }
        guard index == b.count else { return nil }
        let days = days(fromCivil: year, month, day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds) + fraction)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}

/// A closed set of wire strings that keeps values it does not know as `.unknown(raw)` instead of
/// failing (a newer backend may add one). Under strict decoding
/// (``APIClient/Configuration/strictDecoding``) an unknown value is an error, so a test proves
/// every value the server sends is known.
public protocol OpenEnum: Codable, Sendable, Hashable, CustomStringConvertible {
    /// Every known case, in the server's order.
    static var knownCases: [Self] { get }
    /// The value kept for a string that is not a known case.
    static func unknown(_ rawValue: String) -> Self
    /// The wire string.
    var rawValue: String { get }
}

extension OpenEnum {
    /// The known case whose wire string is `rawValue`, else `.unknown(rawValue)`.
    public init(rawValue: String) {
        self = Self.knownCases.first { $0.rawValue == rawValue } ?? Self.unknown(rawValue)
    }

    /// Whether this is one of ``knownCases``.
    public var isKnown: Bool { Self.knownCases.contains(self) }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        self.init(rawValue: raw)
        if decoder.isStrict, !isKnown {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Unknown \(Self.self) \"\(raw)\"")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
