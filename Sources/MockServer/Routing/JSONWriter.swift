#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one way the mock writes JSON: `Encodable` → UTF-8 text, written as the value encodes itself.
///
/// - Object keys come in the order they are encoded: declaration (or `CodingKeys`) order for a
///   synthesized conformance, which is the contract's order (CONTRACT §8, docs/http.md), so an
///   answer is byte-identical from run to run. A `Dictionary` has no order: its keys are written
///   sorted by their UTF-8 bytes, and so are a `JSONValue` object's.
/// - As `JSONEncoder` with `.withoutEscapingSlashes` writes: `/` and non-ASCII unescaped, integral
///   floating-point numbers without `.0` (`-2`, `1e+20`), `URL` as its `absoluteString`, `Data` as
///   base64; a non-finite number throws `EncodingError.invalidValue`.
/// - Containers are filled one after another, innermost first, as every synthesized `Encodable`
///   does: nothing is built before it is written. A value that goes back to a container after a
///   sibling's (or encodes one key twice) is not supported — none of ours does, and the tests
///   that pin every answer's bytes would show it.
///
/// One encoder object serves the whole value (the `Encoder` protocols box each container; this
/// keeps it to that), so writing a list page allocates little besides its output.
enum JSONWriter {
    /// `value` as JSON text.
    static func bytes<T: Encodable>(_ value: T) throws -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(1024)
        try write(value, to: &out)
        return out
    }

    /// Appends `value` as JSON text to `out` (unchanged when it throws).
    static func write<T: Encodable>(_ value: T, to out: inout [UInt8]) throws {
        let start = out.count
        let encoder = StreamEncoder(out: out)
        out = []   // the encoder owns the bytes while it writes, so appending never copies them
        defer { out = encoder.out }
        do {
            try encoder.encodeValue(value)
        } catch {
            encoder.out.removeSubrange(start...)
            throw error
        }
    }

    /// A JSON string literal, escaped per RFC 8259 (control characters, `"` and `\` only).
    static func writeString(_ string: String, to out: inout [UInt8]) {
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
    @inline(__always)
    static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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

    static func writeInteger<I: BinaryInteger>(_ value: I, to out: inout [UInt8]) {
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
    /// (`1.5`, `-2`, `1e+20`, `1e-07`). Throws for a non-finite number.
    static func writeNumber<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F, to out: inout [UInt8]) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
        }
        let utf8 = value.description.utf8
        if utf8.count > 2, utf8.last == UInt8(ascii: "0"), utf8[utf8.index(utf8.endIndex, offsetBy: -2)] == UInt8(ascii: ".") {
            out.append(contentsOf: utf8.dropLast(2))
        } else {
            out.append(contentsOf: utf8)
        }
    }

    /// A `JSONValue`, directly: its objects' keys sorted, a non-finite number (which no parsed
    /// value holds) as `null`.
    static func write(_ value: JSONValue, to out: inout [UInt8]) {
        switch value {
        case .string(let text): writeString(text, to: &out)
        case .int(let number): writeInteger(number, to: &out)
        case .double(let number):
            if number.isFinite { try! writeNumber(number, to: &out) } else { out.append(contentsOf: "null".utf8) }
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(element, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                write(members[key]!, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}

/// A key known only when encoding (a document's own keys).
struct JSONKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// The encoder behind `JSONWriter`: the output and the containers still open in it, innermost last.
private final class StreamEncoder: Encoder {
    struct Frame {
        let isObject: Bool
        var count = 0
        /// A `Dictionary`'s members (key, where the key starts in `out`), sorted when it closes.
        var sortedMembers: [(key: String, start: Int)]?
    }

    var out: [UInt8]
    var frames: [Frame] = []

    init(out: [UInt8]) { self.out = out }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Writes a value after its key or separator: scalars directly, anything else by its own
    /// `encode(to:)`, whose containers are closed when it returns.
    func encodeValue<T: Encodable>(_ value: T) throws {
        if try writeScalar(value) { return }
        let depth = frames.count
        let before = out.count
        try value.encode(to: self)
        if frames.count == depth && out.count == before {
            out.append(contentsOf: "{}".utf8)   // a value that encoded nothing, as JSONEncoder writes it
        }
        close(downTo: depth)
    }

    /// The values that need no encoder of their own.
    @inline(__always)
    func writeScalar<T: Encodable>(_ value: T) throws -> Bool {
        if T.self == String.self { JSONWriter.writeString(value as! String, to: &out); return true }
        if T.self == Int.self { JSONWriter.writeInteger(value as! Int, to: &out); return true }
        if T.self == Bool.self { out.append(contentsOf: ((value as! Bool) ? "true" : "false").utf8); return true }
        if T.self == Int64.self { JSONWriter.writeInteger(value as! Int64, to: &out); return true }
        if T.self == JSONValue.self { JSONWriter.write(value as! JSONValue, to: &out); return true }
        if T.self == Double.self { try JSONWriter.writeNumber(value as! Double, to: &out); return true }
        if T.self == Float.self { try JSONWriter.writeNumber(value as! Float, to: &out); return true }
        if T.self == Int32.self { JSONWriter.writeInteger(value as! Int32, to: &out); return true }
        if T.self == Int16.self { JSONWriter.writeInteger(value as! Int16, to: &out); return true }
        if T.self == Int8.self { JSONWriter.writeInteger(value as! Int8, to: &out); return true }
        if T.self == UInt.self { JSONWriter.writeInteger(value as! UInt, to: &out); return true }
        if T.self == UInt64.self { JSONWriter.writeInteger(value as! UInt64, to: &out); return true }
        if T.self == UInt32.self { JSONWriter.writeInteger(value as! UInt32, to: &out); return true }
        if T.self == UInt16.self { JSONWriter.writeInteger(value as! UInt16, to: &out); return true }
        if T.self == UInt8.self { JSONWriter.writeInteger(value as! UInt8, to: &out); return true }
        if T.self == URL.self { JSONWriter.writeString((value as! URL).absoluteString, to: &out); return true }
        if T.self == Data.self { JSONWriter.writeString((value as! Data).base64EncodedString(), to: &out); return true }
        return false
    }

    // MARK: Containers

    func open(object: Bool, sorted: Bool = false) -> Int {
        out.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        frames.append(Frame(isObject: object, sortedMembers: sorted ? [] : nil))
        return frames.count
    }

    /// Closes every container opened inside the one at `depth` (its own frame stays open).
    @inline(__always)
    func close(downTo depth: Int) {
        while frames.count > depth { closeInnermost() }
    }

    private func closeInnermost() {
        let frame = frames.removeLast()
        if let members = frame.sortedMembers, members.count > 1 {
            // Each member runs from its key to the comma before the next one (or the end).
            var slices: [(key: String, bytes: ArraySlice<UInt8>)] = []
            for (i, member) in members.enumerated() {
                let end = i + 1 < members.count ? members[i + 1].start - 1 : out.count
                slices.append((member.key, out[member.start..<end]))
            }
            slices.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            var sorted = [UInt8]()
            sorted.reserveCapacity(out.count - members[0].start)
            for (i, slice) in slices.enumerated() {
                if i > 0 { sorted.append(UInt8(ascii: ",")) }
                sorted.append(contentsOf: slice.bytes)
            }
            out.replaceSubrange(members[0].start..., with: sorted)
        }
        out.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// `"key":` in the object at `depth`.
    @inline(__always)
    func writeKey(_ key: String, at depth: Int) {
        close(downTo: depth)
        let i = depth - 1
        if frames[i].count > 0 { out.append(UInt8(ascii: ",")) }
        frames[i].count += 1
        if frames[i].sortedMembers != nil { frames[i].sortedMembers!.append((key, out.count)) }
        JSONWriter.writeString(key, to: &out)
        out.append(UInt8(ascii: ":"))
    }

    /// The separator before a new element of the array at `depth`.
    @inline(__always)
    func startElement(at depth: Int) {
        close(downTo: depth)
        let i = depth - 1
        if frames[i].count > 0 { out.append(UInt8(ascii: ",")) }
        frames[i].count += 1
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let sorted = ObjectIdentifier(Key.self) == Self.dictionaryKeyType
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, depth: open(object: true, sorted: sorted)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedContainer(encoder: self, depth: open(object: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValueContainer(encoder: self) }

    /// The key type `Dictionary` encodes its `String` and `Int` keys with (the standard library's
    /// private `_DictionaryCodingKey`), found once by watching a dictionary encode itself.
    static let dictionaryKeyType: ObjectIdentifier? = {
        let probe = KeyTypeProbe()
        try? ["": 0].encode(to: probe)
        return probe.keyType
    }()

    private final class KeyTypeProbe: Encoder {
        var keyType: ObjectIdentifier?
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            keyType = ObjectIdentifier(Key.self)
            let encoder = StreamEncoder(out: [])   // not `container(keyedBy:)`, which asks for `dictionaryKeyType`
            return KeyedEncodingContainer(KeyedContainer<Key>(encoder: encoder, depth: encoder.open(object: true)))
        }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { StreamEncoder(out: []).unkeyedContainer() }
        func singleValueContainer() -> any SingleValueEncodingContainer { StreamEncoder(out: []).singleValueContainer() }
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: StreamEncoder
    /// The frame count with this container's object innermost.
    let depth: Int

    var codingPath: [any CodingKey] { [] }

    private func key(_ key: Key) { encoder.writeKey(key.stringValue, at: depth) }

    mutating func encodeNil(forKey key: Key) throws { self.key(key); encoder.out.append(contentsOf: "null".utf8) }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        self.key(key); encoder.out.append(contentsOf: (value ? "true" : "false").utf8)
    }
    mutating func encode(_ value: String, forKey key: Key) throws { self.key(key); JSONWriter.writeString(value, to: &encoder.out) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        guard value.isFinite else { return try JSONWriter.writeNumber(value, to: &encoder.out) }
        self.key(key); try JSONWriter.writeNumber(value, to: &encoder.out)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        guard value.isFinite else { return try JSONWriter.writeNumber(value, to: &encoder.out) }
        self.key(key); try JSONWriter.writeNumber(value, to: &encoder.out)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { self.key(key); JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { self.key(key); JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { self.key(key); JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { self.key(key); JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { self.key(key); JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { self.key(key); JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { self.key(key); JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { self.key(key); JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { self.key(key); JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { self.key(key); JSONWriter.writeInteger(value, to: &encoder.out) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        self.key(key)
        try encoder.encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        self.key(key)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: encoder, depth: encoder.open(object: true)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        self.key(key)
        return UnkeyedContainer(encoder: encoder, depth: encoder.open(object: false))
    }

    mutating func superEncoder() -> any Encoder { preconditionFailure("JSONWriter: super-encoders are not supported") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { preconditionFailure("JSONWriter: super-encoders are not supported") }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: StreamEncoder
    let depth: Int

    var codingPath: [any CodingKey] { [] }
    var count: Int { encoder.frames.count >= depth ? encoder.frames[depth - 1].count : 0 }

    private func element() { encoder.startElement(at: depth) }

    mutating func encodeNil() throws { element(); encoder.out.append(contentsOf: "null".utf8) }
    mutating func encode(_ value: Bool) throws { element(); encoder.out.append(contentsOf: (value ? "true" : "false").utf8) }
    mutating func encode(_ value: String) throws { element(); JSONWriter.writeString(value, to: &encoder.out) }
    mutating func encode(_ value: Double) throws {
        guard value.isFinite else { return try JSONWriter.writeNumber(value, to: &encoder.out) }
        element(); try JSONWriter.writeNumber(value, to: &encoder.out)
    }
    mutating func encode(_ value: Float) throws {
        guard value.isFinite else { return try JSONWriter.writeNumber(value, to: &encoder.out) }
        element(); try JSONWriter.writeNumber(value, to: &encoder.out)
    }
    mutating func encode(_ value: Int) throws { element(); JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: Int8) throws { element(); JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: Int16) throws { element(); JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: Int32) throws { element(); JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: Int64) throws { element(); JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: UInt) throws { element(); JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: UInt8) throws { element(); JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: UInt16) throws { element(); JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: UInt32) throws { element(); JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: UInt64) throws { element(); JSONWriter.writeInteger(value, to: &encoder.out) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        element()
        try encoder.encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        element()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: encoder, depth: encoder.open(object: true)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        element()
        return UnkeyedContainer(encoder: encoder, depth: encoder.open(object: false))
    }

    mutating func superEncoder() -> any Encoder { preconditionFailure("JSONWriter: super-encoders are not supported") }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: StreamEncoder

    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { encoder.out.append(contentsOf: "null".utf8) }
    mutating func encode(_ value: Bool) throws { encoder.out.append(contentsOf: (value ? "true" : "false").utf8) }
    mutating func encode(_ value: String) throws { JSONWriter.writeString(value, to: &encoder.out) }
    mutating func encode(_ value: Double) throws { try JSONWriter.writeNumber(value, to: &encoder.out) }
    mutating func encode(_ value: Float) throws { try JSONWriter.writeNumber(value, to: &encoder.out) }
    mutating func encode(_ value: Int) throws { JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: Int8) throws { JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: Int16) throws { JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: Int32) throws { JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: Int64) throws { JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: UInt) throws { JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: UInt8) throws { JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: UInt16) throws { JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: UInt32) throws { JSONWriter.writeInteger(value, to: &encoder.out) }
    mutating func encode(_ value: UInt64) throws { JSONWriter.writeInteger(value, to: &encoder.out) }

    /// The wrapped value (an `Optional`'s, a `@Nullable`'s) encodes through this same encoder.
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeValue(value) }
}
