#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one way the mock writes JSON: a value that writes its own text.
///
/// Payload structs get their writer from `@JSONObject`, which the compiler expands from the stored
/// properties (keys in declaration order, or a `CodingKeys` enum's; an optional left out when nil,
/// a `@Nullable` one written as `null`): the wire shape is declared once, by the struct, and the
/// key order is the contract's (docs/contract.md §8). Scalars, arrays, optionals, `JSONValue` and
/// `[String: …]` (keys sorted by their UTF-8 bytes) conform here. No `Encoder` is involved: its
/// containers are boxed and its generic metadata looked up for every value (docs/performance.md,
/// "Payloads write their own JSON").
@usableFromInline
package protocol JSONWritable {
    func writeJSON(to out: inout [UInt8])
}

/// A JSON object's writer that can also write its members alone, into another object (`@Inline`).
package protocol JSONObjectWritable: JSONWritable {
    /// The members, `"key":value` separated by commas, without braces; false when it wrote none
    /// (every member an absent optional).
    func writeJSONMembers(to out: inout [UInt8]) -> Bool
}

// The marks a payload struct carries (the generator reads them: MockCodegen/Generator.swift, and
// writes `<File>.generated.swift` beside the file):
// - `/*@JSONObject*/` on a struct: its `JSONWritable` conformance and its OpenAPI schema
//   (`WireObjectDescribing`), from its stored properties; `component:` names it in docs/openapi.yaml's
//   components (`WireComponent`), `decided: true` marks it `x-decided`.
// - `/*@Schema(.money)*/` on a property: its OpenAPI schema where its type says too little.
// - `/*@Nullable*/` on an optional property: written as JSON `null` when absent, where the contract
//   shows the key with null (`"logo_url": null`), rather than left out. The property stays a plain
//   optional (a property wrapper, generic, ran unspecialised in the payloads' targets:
//   docs/performance.md, "Targets and generic code").
// - `/*@Inline*/` on a property whose type is a `@JSONObject` too: its members are written in the
//   enclosing object, where the property stands (a staff profile is a staff user and more).

@usableFromInline
package enum JSONWriter {
    /// `value` as JSON text.
    @inlinable
    package static func bytes<T: JSONWritable>(_ value: T) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(1024)
        value.writeJSON(to: &out)
        return out
    }

    /// A JSON string literal, escaped per RFC 8259 (control characters, `"` and `\` only).
    @inlinable
    package static func writeString(_ string: String, to out: inout [UInt8]) {
        var string = string
        string.withUTF8 { utf8 in
            out.append(UInt8(ascii: "\""))
            if !needsEscaping(utf8) {
                out.append(contentsOf: utf8)
                out.append(UInt8(ascii: "\""))
                return
            }
            for byte in utf8 {
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
    }

    /// Whether `bytes` hold a byte JSON must escape in a string: a control character (below 0x20),
    /// `"` or `\`. Eight bytes at a time (a string's bytes were a tenth of an order detail's
    /// instructions when tested one by one): for each word, a byte below 0x20 or equal to 0x22 or
    /// 0x5C sets a high bit in the classic "has a byte less than n" and "has a zero byte" tests,
    /// which are exact for whether the word has one (bytes from 0x80 up, in UTF-8 sequences, never
    /// match); the tail goes byte by byte.
    @inlinable
    @inline(__always)
    package static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let control = (word &- ones &* 0x20) & ~word
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let zeros = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
            if (control | zeros) & highs != 0 { return true }
            index += 8
        }
        while index < count {
            let byte = base[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            index += 1
        }
        return false
    }

    @inlinable
    package static func writeInteger<I: BinaryInteger>(_ value: I, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = UInt64(value.magnitude)
        let start = out.count
        repeat {
            out.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        } while magnitude != 0
        out[start...].reverse()
    }

    /// Swift's shortest round-trip text without a trailing `.0`, as `JSONEncoder` writes it
    /// (`1.5`, `-2`, `1e+20`, `1e-07`); `null` for a number JSON cannot hold.
    @inlinable
    package static func writeNumber(_ value: Double, to out: inout [UInt8]) {
        guard value.isFinite else { return out.appendLiteral("null") }
        let utf8 = value.description.utf8
        if utf8.count > 2, utf8.last == UInt8(ascii: "0"), utf8[utf8.index(utf8.endIndex, offsetBy: -2)] == UInt8(ascii: ".") {
            out.append(contentsOf: utf8.dropLast(2))
        } else {
            out.append(contentsOf: utf8)
        }
    }
}

extension Array where Element == UInt8 {
    /// Appends a literal's UTF-8 bytes (the writers' keys and punctuation).
    @inlinable
    @inline(__always)
    package mutating func appendLiteral(_ literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }
}

extension String: JSONWritable {
    @inlinable
    package func writeJSON(to out: inout [UInt8]) { JSONWriter.writeString(self, to: &out) }
}

extension Bool: JSONWritable {
    @inlinable
    package func writeJSON(to out: inout [UInt8]) { out.appendLiteral(self ? "true" : "false") }
}

extension Int: JSONWritable {
    @inlinable
    package func writeJSON(to out: inout [UInt8]) { JSONWriter.writeInteger(self, to: &out) }
}

extension Int64: JSONWritable {
    @inlinable
    package func writeJSON(to out: inout [UInt8]) { JSONWriter.writeInteger(self, to: &out) }
}

extension Double: JSONWritable {
    @inlinable
    package func writeJSON(to out: inout [UInt8]) { JSONWriter.writeNumber(self, to: &out) }
}

extension Optional: JSONWritable where Wrapped: JSONWritable {
    /// `null` when absent: how a `@Nullable` property is written (`@JSONObject` leaves a plain
    /// optional property out instead).
    @inlinable
    package func writeJSON(to out: inout [UInt8]) {
        if let value = self { value.writeJSON(to: &out) } else { out.appendLiteral("null") }
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    @inlinable
    package func writeJSON(to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (i, element) in enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            element.writeJSON(to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }
}

extension Dictionary: JSONWritable where Key == String, Value: JSONWritable {
    /// Keys sorted by their UTF-8 bytes: a dictionary has no order of its own.
    @inlinable
    package func writeJSON(to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        for (i, key) in keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            JSONWriter.writeString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            self[key]!.writeJSON(to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}

extension JSONValue: JSONWritable {
    @inlinable
    package func writeJSON(to out: inout [UInt8]) {
        switch self {
        case .string(let text): text.writeJSON(to: &out)
        case .int(let number): number.writeJSON(to: &out)
        case .double(let number): number.writeJSON(to: &out)
        case .bool(let flag): flag.writeJSON(to: &out)
        case .null: out.appendLiteral("null")
        case .array(let elements): elements.writeJSON(to: &out)
        case .object(let members): members.writeJSON(to: &out)
        }
    }
}
