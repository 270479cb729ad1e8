#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Crypto

// MARK: - JWT

/// Why a token was refused. The HTTP layer answers 401 for all of them.
enum JWTError: Error, Equatable, Sendable {
    /// Not three base64url segments, a header or payload that is not a JSON object, or (for
    /// `verify(_:now:)`) a missing or non-numeric `exp`.
    case malformed
    /// The header's `alg` is anything but the exact string `"HS256"` (or is missing).
    case unsupportedAlgorithm
    /// The signature does not match.
    case badSignature
    /// `exp` is at or before `now`.
    case expired
}

/// HS256 JSON Web Tokens (RFC 7519 / RFC 7515 compact serialization) with hand-rolled base64url.
struct JWTSigner: Sendable {
    private let key: SymmetricKey

    /// `base64url({"alg":"HS256","typ":"JWT"})`: every token this signer makes starts with it.
    static let encodedHeader = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"

    /// The key is the UTF-8 bytes of `secret`.
    init(secret: String) {
        key = SymmetricKey(data: Array(secret.utf8))
    }

    /// A compact JWT: header `{"alg":"HS256","typ":"JWT"}`, the claims as JSON with keys sorted
    /// (so equal claims give equal tokens), signed with HMAC-SHA256.
    func sign(_ claims: [String: JSONValue]) -> String {
        var payload = [UInt8]()
        payload.reserveCapacity(256)
        JSONValue.object(claims).write(to: &payload)
        var token = [UInt8]()
        token.reserveCapacity(Self.encodedHeader.utf8.count + 1 + Base64.encodedCount(payload.count, pad: false) + 44)
        token.append(contentsOf: Self.encodedHeader.utf8)
        token.append(UInt8(ascii: "."))
        Base64.append(payload, urlSafeTo: &token)
        let mac = HMAC<SHA256>.authenticationCode(for: token, using: key)
        token.append(UInt8(ascii: "."))
        mac.withUnsafeBytes { Base64.append($0, urlSafeTo: &token) }
        return String(decoding: token, as: UTF8.self)
    }

    /// Checks the structure, that the header's `alg` is exactly `"HS256"`, the signature (in
    /// constant time) and that the payload is a JSON object, and returns the claims.
    /// Does not look at `exp`: see `verify(_:now:)`.
    func verify(_ token: String) throws(JWTError) -> [String: JSONValue] {
        var token = token
        let result: Result<[String: JSONValue], JWTError> = token.withUTF8 { bytes in
            do throws(JWTError) {
                return .success(try verify(bytes))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// `verify(_:)`, then also requires a numeric `exp` (seconds since 1970) later than `now`.
    /// A missing or non-numeric `exp` is `.malformed`; `exp <= now` is `.expired`.
    func verify(_ token: String, now: Date) throws(JWTError) -> [String: JSONValue] {
        let claims = try verify(token)
        let exp: Double
        switch claims["exp"] {
        case .int(let value)?: exp = Double(value)
        case .double(let value)? where value.isFinite: exp = value
        default: throw .malformed
        }
        guard exp > now.timeIntervalSince1970 else { throw .expired }
        return claims
    }

    private func verify(_ bytes: UnsafeBufferPointer<UInt8>) throws(JWTError) -> [String: JSONValue] {
        // Exactly three segments.
        guard let firstDot = bytes.firstIndex(of: UInt8(ascii: ".")) else { throw .malformed }
        let rest = bytes[(firstDot + 1)...]
        guard let secondDot = rest.firstIndex(of: UInt8(ascii: ".")) else { throw .malformed }
        let signatureSegment = bytes[(secondDot + 1)...]
        guard !signatureSegment.contains(UInt8(ascii: ".")) else { throw .malformed }
        let headerSegment = bytes[..<firstDot]
        let payloadSegment = bytes[(firstDot + 1)..<secondDot]

        // Header: a JSON object whose alg is exactly "HS256".
        guard let headerBytes = Base64.urlDecode(headerSegment),
              case .object(let header)? = JSONValue.parse(headerBytes)
        else { throw .malformed }
        guard case .string("HS256")? = header["alg"] else { throw .unsupportedAlgorithm }

        // Signature over "header.payload", compared in constant time.
        guard let signature = Base64.urlDecode(signatureSegment) else { throw .malformed }
        let signingInput = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[..<secondDot]))
        guard signature.count == SHA256.byteCount,
              HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: signingInput, using: key)
        else { throw .badSignature }

        // Payload: a JSON object.
        guard let payloadBytes = Base64.urlDecode(payloadSegment),
              case .object(let claims)? = JSONValue.parse(payloadBytes)
        else { throw .malformed }
        return claims
    }
}

// MARK: - JSONValue

/// A JSON value for JWT claims. Integers without a fraction or exponent that fit `Int64` parse as
/// `.int`, every other number as `.double`. Encoding sorts object keys and escapes strings per
/// RFC 8259; non-finite doubles encode as `null`.
enum JSONValue: Sendable, Hashable {
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// `.int`, or a `.double` that is a whole number within `Int64`.
    var intValue: Int64? {
        switch self {
        case .int(let value): return value
        case .double(let value): return Int64(exactly: value)
        default: return nil
        }
    }

    /// `.double`, or an `.int` as a `Double`.
    var doubleValue: Double? {
        switch self {
        case .double(let value): return value
        case .int(let value): return Double(value)
        default: return nil
        }
    }

    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member `key` of an object, else `nil`.
    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    // MARK: Encoding

    /// UTF-8 JSON text.
    func encoded() -> [UInt8] {
        var out = [UInt8]()
        write(to: &out)
        return out
    }

    /// JSON text as a `String`.
    var jsonString: String { String(decoding: encoded(), as: UTF8.self) }

    func write(to out: inout [UInt8]) {
        switch self {
        case .string(let value):
            Self.writeString(value, to: &out)
        case .int(let value):
            out.append(contentsOf: String(value).utf8)
        case .double(let value):
            if value.isFinite {
                out.append(contentsOf: value.description.utf8)  // shortest round-trip form, valid JSON
            } else {
                out.append(contentsOf: "null".utf8)
            }
        case .bool(let value):
            out.append(contentsOf: (value ? "true" : "false").utf8)
        case .null:
            out.append(contentsOf: "null".utf8)
        case .array(let values):
            out.append(UInt8(ascii: "["))
            for (i, value) in values.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            var first = true
            for (key, value) in members.sorted(by: { $0.key < $1.key }) {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                Self.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "\\"))
            case 0x0A: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
            case 0x08: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "b"))
            case 0x0C: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "f"))
            case 0x00..<0x20:
                out.append(contentsOf: "\\u00".utf8)
                out.append(Hex.digits[Int(byte >> 4)])
                out.append(Hex.digits[Int(byte & 0x0F)])
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    // MARK: Decoding

    /// Parses one JSON value (RFC 8259) surrounded by optional whitespace; `nil` for anything else,
    /// including duplicate object keys and nesting deeper than 64.
    static func parse<Bytes: Collection>(_ bytes: Bytes) -> JSONValue? where Bytes.Element == UInt8 {
        let parsed = bytes.withContiguousStorageIfAvailable { buffer in
            var parser = JSONParser(bytes: buffer)
            return parser.parseDocument()
        }
        if let parsed { return parsed }
        let array = Array(bytes)
        return array.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            return parser.parseDocument()
        }
    }

    /// Parses JSON text.
    init?(json: String) {
        guard let value = Self.parse(Array(json.utf8)) else { return nil }
        self = value
    }
}

/// Literals for building claims (`["role": "admin", "exp": 1_700_000_900, "permissions": ["a"]]`).
/// Deliberately not `ExpressibleByNilLiteral`: `nil` must keep meaning `Optional.none`; write `.null`.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int64) { self = .int(value) }
    init(floatLiteral value: Double) { self = .double(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

/// A recursive-descent RFC 8259 parser over UTF-8 bytes.
private struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    var depth = 0
    static let maxDepth = 64

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func parseDocument() -> JSONValue? {
        skipWhitespace()
        guard let value = parseValue() else { return nil }
        skipWhitespace()
        return i == bytes.count ? value : nil
    }

    private mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }

    private mutating func consume(_ literal: StaticString) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard bytes.count - i >= n else { return false }
        let start = literal.utf8Start
        for k in 0..<n where bytes[i + k] != start[k] { return false }
        i += n
        return true
    }

    private mutating func parseValue() -> JSONValue? {
        guard i < bytes.count else { return nil }
        switch bytes[i] {
        case UInt8(ascii: "{"): return parseObject()
        case UInt8(ascii: "["): return parseArray()
        case UInt8(ascii: "\""): return parseString().map(JSONValue.string)
        case UInt8(ascii: "t"): return consume("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return consume("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return consume("null") ? .null : nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return parseNumber()
        default: return nil
        }
    }

    private mutating func parseObject() -> JSONValue? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { return nil }
        i += 1  // {
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\""), let key = parseString() else { return nil }
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
            i += 1
            skipWhitespace()
            guard let value = parseValue() else { return nil }
            guard members.updateValue(value, forKey: key) == nil else { return nil }  // duplicate key
            skipWhitespace()
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            return nil
        }
    }

    private mutating func parseArray() -> JSONValue? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { return nil }
        i += 1  // [
        var values: [JSONValue] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(values) }
        while true {
            skipWhitespace()
            guard let value = parseValue() else { return nil }
            values.append(value)
            skipWhitespace()
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(values) }
            return nil
        }
    }

    /// At an opening quote; leaves `i` after the closing quote.
    private mutating func parseString() -> String? {
        i += 1
        let start = i
        // Fast path: no escapes.
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                i += 1
                return string
            }
            if c == UInt8(ascii: "\\") { break }
            if c < 0x20 { return nil }
            i += 1
        }
        var out = Array(bytes[start..<i])
        while i < bytes.count {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "\""):
                i += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                i += 1
                guard i < bytes.count else { return nil }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard var scalar = parseHex4() else { return nil }
                    if (0xD800...0xDBFF).contains(scalar) {
                        // A high surrogate must be followed by an escaped low surrogate.
                        guard consume("\\u"), let low = parseHex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        return nil
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { return nil }
                    out.append(contentsOf: UTF8.encode(unicode)!)
                default:
                    return nil
                }
            default:
                if c < 0x20 { return nil }
                out.append(c)
                i += 1
            }
        }
        return nil
    }

    private mutating func parseHex4() -> UInt32? {
        guard bytes.count - i >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let digit: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            i += 1
        }
        return value
    }

    private mutating func parseNumber() -> JSONValue? {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { return nil }
        // int = "0" / digit1-9 *digit
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else if isDigit(bytes[i]) {
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        } else {
            return nil
        }
        var isInteger = true
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { return nil }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            isInteger = false
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else { return nil }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        if isInteger, let value = Int64(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { return nil }
        return .double(value)
    }

    private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
}
