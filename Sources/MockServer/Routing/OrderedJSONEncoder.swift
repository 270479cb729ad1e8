#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `Encodable` → UTF-8 JSON whose object keys come in the order they were encoded (declaration /
/// `CodingKeys` order for synthesized conformances), so a response is byte-identical from run to
/// run — what the real backend's `JSON.stringify` gives. Foundation's `JSONEncoder` on Linux emits
/// keys in hash order instead.
///
/// - Output matches `JSONEncoder` with `.withoutEscapingSlashes` up to key order: `/` unescaped,
///   non-ASCII as raw UTF-8, integral doubles without `.0` (`-2`, `1e+20`), `URL` as its
///   `absoluteString`, `Data` as base64, non-finite numbers throw `EncodingError.invalidValue`.
/// - A key encoded twice keeps its first position and its last value; a nested container asked
///   for twice under one key is the same container.
/// - `Dictionary` has no order of its own: its keys are written sorted by UTF-8 bytes.
/// - `JSONValue` is written by `JSONValue.write(to:)`, identical to `JSONValue.encoded()`.
enum OrderedJSONEncoder {
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        var out = [UInt8]()
        out.reserveCapacity(512)
        try encode(value, into: &out)
        return Data(out)
    }

    /// Streams the value when it encodes in order (`StreamingJSONEncoder`), else builds the tree.
    static func encode<T: Encodable>(_ value: T, into out: inout [UInt8]) throws {
        if try StreamingJSONEncoder.encode(value, into: &out) { return }
        try encodeTree(value, into: &out)
    }

    /// Builds the whole tree of nodes, then writes it: every pattern of containers, in place.
    static func encodeTree<T: Encodable>(_ value: T, into out: inout [UInt8]) throws {
        let node: OrderedJSONNode
        if let scalar = try OrderedJSONNode.scalar(value, codingPath: { [] }) {
            node = scalar
        } else {
            let encoder = OrderedJSONEncoderImpl(base: .root, key: nil)
            try value.encode(to: encoder)
            guard let encoded = encoder.node else {
                throw EncodingError.invalidValue(value, EncodingError.Context(
                    codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
            }
            node = encoded
        }
        node.write(to: &out)
    }
}

// MARK: - Tree

/// One encoded value. Objects and arrays are references so containers can keep filling them.
enum OrderedJSONNode {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)  // finite
    case float(Float)  // finite
    case string(String)
    case json(JSONValue)
    case object(OrderedJSONObject)
    case array(OrderedJSONArray)

    static var emptyObject: OrderedJSONNode { .object(OrderedJSONObject(sortsKeys: false)) }

    /// The node for a value that needs no encoder of its own, else `nil`.
    @inline(__always)
    static func scalar<T: Encodable>(_ value: T, codingPath: () -> [any CodingKey]) throws -> OrderedJSONNode? {
        if T.self == String.self { return .string(value as! String) }
        if T.self == Int.self { return .int(Int64(value as! Int)) }
        if T.self == Bool.self { return .bool(value as! Bool) }
        if T.self == Double.self { return try double(value as! Double, codingPath: codingPath) }
        if T.self == JSONValue.self { return .json(value as! JSONValue) }
        if T.self == Int64.self { return .int(value as! Int64) }
        if T.self == Int32.self { return .int(Int64(value as! Int32)) }
        if T.self == Int16.self { return .int(Int64(value as! Int16)) }
        if T.self == Int8.self { return .int(Int64(value as! Int8)) }
        if T.self == UInt.self { return .uint(UInt64(value as! UInt)) }
        if T.self == UInt64.self { return .uint(value as! UInt64) }
        if T.self == UInt32.self { return .uint(UInt64(value as! UInt32)) }
        if T.self == UInt16.self { return .uint(UInt64(value as! UInt16)) }
        if T.self == UInt8.self { return .uint(UInt64(value as! UInt8)) }
        if T.self == Float.self { return try float(value as! Float, codingPath: codingPath) }
        if T.self == URL.self { return .string((value as! URL).absoluteString) }
        if T.self == Data.self { return .string((value as! Data).base64EncodedString()) }
        return nil
    }

    static func double(_ value: Double, codingPath: () -> [any CodingKey]) throws -> OrderedJSONNode {
        guard value.isFinite else { throw nonFinite(value, codingPath()) }
        return .double(value)
    }

    static func float(_ value: Float, codingPath: () -> [any CodingKey]) throws -> OrderedJSONNode {
        guard value.isFinite else { throw nonFinite(value, codingPath()) }
        return .float(value)
    }

    private static func nonFinite<F: FloatingPoint>(_ value: F, _ codingPath: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(value, EncodingError.Context(
            codingPath: codingPath, debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
    }

    /// Any value, given the path of the container it goes into and its key there.
    static func encode<T: Encodable, K: CodingKey>(_ value: T, base: OrderedJSONPath, key: K) throws -> OrderedJSONNode {
        if let scalar = try scalar(value, codingPath: { base.codingPath + [key] }) { return scalar }
        let encoder = OrderedJSONEncoderImpl(base: base, key: key)
        try value.encode(to: encoder)
        return encoder.node ?? .emptyObject
    }

    // MARK: Writing

    func write(to out: inout [UInt8]) {
        switch self {
        case .null:
            out.append(contentsOf: "null".utf8)
        case .bool(let value):
            out.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value):
            if value < 0 { out.append(UInt8(ascii: "-")) }
            Self.writeDecimal(value.magnitude, to: &out)
        case .uint(let value):
            Self.writeDecimal(value, to: &out)
        case .double(let value):
            Self.writeNumber(value.description, to: &out)
        case .float(let value):
            Self.writeNumber(value.description, to: &out)
        case .string(let value):
            JSONValue.writeString(value, to: &out)
        case .json(let value):
            value.write(to: &out)
        case .object(let object):
            object.write(to: &out)
        case .array(let array):
            let values = array.values
            out.append(UInt8(ascii: "["))
            for (i, value) in values.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
    }

    private static func writeDecimal(_ value: UInt64, to out: inout [UInt8]) {
        let start = out.count
        var value = value
        repeat {
            out.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10))
            value /= 10
        } while value != 0
        out[start...].reverse()
    }

    /// Swift's shortest round-trip text without a trailing `.0`, as `JSONEncoder` writes it
    /// (`1.5`, `-2`, `1e+20`, `1e-07`).
    private static func writeNumber(_ text: String, to out: inout [UInt8]) {
        let utf8 = text.utf8
        if utf8.count > 2, utf8.last == UInt8(ascii: "0"),
           utf8[utf8.index(utf8.endIndex, offsetBy: -2)] == UInt8(ascii: ".")
        {
            out.append(contentsOf: utf8.dropLast(2))
        } else {
            out.append(contentsOf: utf8)
        }
    }
}

/// An object under construction: keys in first-encoded order, last value wins.
final class OrderedJSONObject {
    struct Member {
        let key: String
        var value: OrderedJSONNode
    }

    private(set) var members: [Member] = []
    /// Built once an object is wide enough that a linear key search would cost more.
    private var positions: [String: Int]?
    /// A `Dictionary`'s keys (see `OrderedJSONEncoderImpl.dictionaryKeyType`): unique by
    /// construction, so never looked up, and written sorted.
    let sortsKeys: Bool

    init(sortsKeys: Bool) { self.sortsKeys = sortsKeys }

    func value(at i: Int) -> OrderedJSONNode { members[i].value }

    func position(of key: String) -> Int? {
        if sortsKeys { return nil }
        if let positions { return positions[key] }
        return members.firstIndex { $0.key == key }
    }

    func set(_ key: String, _ value: OrderedJSONNode) {
        if let i = position(of: key) {
            members[i].value = value
        } else {
            append(key, value)
        }
    }

    func set(at i: Int, _ value: OrderedJSONNode) { members[i].value = value }

    @discardableResult
    func append(_ key: String, _ value: OrderedJSONNode) -> Int {
        let i = members.count
        members.append(Member(key: key, value: value))
        if !sortsKeys {
            if positions != nil {
                positions![key] = i
            } else if i == 15 {
                positions = Dictionary(uniqueKeysWithValues: members.indices.map { (members[$0].key, $0) })
            }
        }
        return i
    }

    func write(to out: inout [UInt8]) {
        var members = self.members
        if sortsKeys { members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } }
        out.append(UInt8(ascii: "{"))
        var first = true
        for member in members {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            JSONValue.writeString(member.key, to: &out)
            out.append(UInt8(ascii: ":"))
            member.value.write(to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}

final class OrderedJSONArray {
    var values: [OrderedJSONNode] = []
}

// MARK: - Coding paths

/// A container's coding path, computed only when asked for (errors, `codingPath`): the encoder
/// that owns it plus any keys of nested containers in between.
struct OrderedJSONPath {
    let encoder: OrderedJSONEncoderImpl?
    let tail: [any CodingKey]

    static var root: OrderedJSONPath { OrderedJSONPath(encoder: nil, tail: []) }

    var codingPath: [any CodingKey] { (encoder?.codingPath ?? []) + tail }

    func appending(_ key: any CodingKey) -> OrderedJSONPath { OrderedJSONPath(encoder: encoder, tail: tail + [key]) }
}

struct OrderedJSONKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
    init(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
    static let `super` = OrderedJSONKey(stringValue: "super")
}

// MARK: - Encoder

final class OrderedJSONEncoderImpl: Encoder {
    /// Where a super-encoder's result goes: a slot reserved in its parent.
    enum Sink {
        case none
        case object(OrderedJSONObject, Int)
        case array(OrderedJSONArray, Int)
    }

    let base: OrderedJSONPath
    let key: (any CodingKey)?
    let sink: Sink
    var node: OrderedJSONNode? {
        didSet {
            guard let node else { return }
            switch sink {
            case .none: break
            case .object(let object, let i): object.set(at: i, node)
            case .array(let array, let i): array.values[i] = node
            }
        }
    }

    init(base: OrderedJSONPath, key: (any CodingKey)?, sink: Sink = .none, node: OrderedJSONNode? = nil) {
        self.base = base
        self.key = key
        self.sink = sink
        self.node = node
    }

    var codingPath: [any CodingKey] {
        var path = base.codingPath
        if let key { path.append(key) }
        return path
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The key type `Dictionary` encodes its `String` and `Int` keys with (the standard library's
    /// private `_DictionaryCodingKey`), found once by watching a dictionary encode itself. A
    /// keyed container of that type is a dictionary however it was reached, so its keys are
    /// written sorted.
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
            return KeyedEncodingContainer(OrderedJSONKeyedContainer(object: OrderedJSONObject(sortsKeys: false), base: .root))
        }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { OrderedJSONUnkeyedContainer(array: OrderedJSONArray(), base: .root) }
        func singleValueContainer() -> any SingleValueEncodingContainer {
            OrderedJSONSingleValueContainer(encoder: OrderedJSONEncoderImpl(base: .root, key: nil))
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: OrderedJSONObject
        if case .object(let existing)? = node {
            object = existing
        } else {
            object = OrderedJSONObject(sortsKeys: ObjectIdentifier(Key.self) == Self.dictionaryKeyType)
            node = .object(object)
        }
        return KeyedEncodingContainer(OrderedJSONKeyedContainer(object: object, base: OrderedJSONPath(encoder: self, tail: [])))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: OrderedJSONArray
        if case .array(let existing)? = node {
            array = existing
        } else {
            array = OrderedJSONArray()
            node = .array(array)
        }
        return OrderedJSONUnkeyedContainer(array: array, base: OrderedJSONPath(encoder: self, tail: []))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        OrderedJSONSingleValueContainer(encoder: self)
    }
}

// MARK: - Containers

struct OrderedJSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: OrderedJSONObject
    let base: OrderedJSONPath

    var codingPath: [any CodingKey] { base.codingPath }

    mutating func encodeNil(forKey key: Key) throws { object.set(key.stringValue, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { object.set(key.stringValue, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { object.set(key.stringValue, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        object.set(key.stringValue, try .double(value, codingPath: { base.codingPath + [key] }))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        object.set(key.stringValue, try .float(value, codingPath: { base.codingPath + [key] }))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { object.set(key.stringValue, .int(Int64(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { object.set(key.stringValue, .int(Int64(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { object.set(key.stringValue, .int(Int64(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { object.set(key.stringValue, .int(Int64(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { object.set(key.stringValue, .int(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { object.set(key.stringValue, .uint(UInt64(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { object.set(key.stringValue, .uint(UInt64(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { object.set(key.stringValue, .uint(UInt64(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { object.set(key.stringValue, .uint(UInt64(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { object.set(key.stringValue, .uint(value)) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        object.set(key.stringValue, try OrderedJSONNode.encode(value, base: base, key: key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let name = key.stringValue
        let nested: OrderedJSONObject
        if let i = object.position(of: name), case .object(let existing) = object.value(at: i) {
            nested = existing
        } else {
            nested = OrderedJSONObject(sortsKeys: false)
            object.set(name, .object(nested))
        }
        return KeyedEncodingContainer(OrderedJSONKeyedContainer<NestedKey>(object: nested, base: base.appending(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let name = key.stringValue
        let nested: OrderedJSONArray
        if let i = object.position(of: name), case .array(let existing) = object.value(at: i) {
            nested = existing
        } else {
            nested = OrderedJSONArray()
            object.set(name, .array(nested))
        }
        return OrderedJSONUnkeyedContainer(array: nested, base: base.appending(key))
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: OrderedJSONKey.super) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

    /// An encoder whose value lands at `key` (keeping its position if already there; `{}` if it
    /// encodes nothing).
    private func superEncoder(named key: any CodingKey) -> any Encoder {
        let name = key.stringValue
        if let i = object.position(of: name) {
            return OrderedJSONEncoderImpl(base: base, key: key, sink: .object(object, i), node: object.value(at: i))
        }
        let i = object.append(name, .emptyObject)
        return OrderedJSONEncoderImpl(base: base, key: key, sink: .object(object, i))
    }
}

struct OrderedJSONUnkeyedContainer: UnkeyedEncodingContainer {
    let array: OrderedJSONArray
    let base: OrderedJSONPath

    var codingPath: [any CodingKey] { base.codingPath }
    var count: Int { array.values.count }

    private var nextKey: OrderedJSONKey { OrderedJSONKey(intValue: array.values.count) }

    mutating func encodeNil() throws { array.values.append(.null) }
    mutating func encode(_ value: Bool) throws { array.values.append(.bool(value)) }
    mutating func encode(_ value: String) throws { array.values.append(.string(value)) }
    mutating func encode(_ value: Double) throws {
        let key = nextKey
        array.values.append(try .double(value, codingPath: { base.codingPath + [key] }))
    }
    mutating func encode(_ value: Float) throws {
        let key = nextKey
        array.values.append(try .float(value, codingPath: { base.codingPath + [key] }))
    }
    mutating func encode(_ value: Int) throws { array.values.append(.int(Int64(value))) }
    mutating func encode(_ value: Int8) throws { array.values.append(.int(Int64(value))) }
    mutating func encode(_ value: Int16) throws { array.values.append(.int(Int64(value))) }
    mutating func encode(_ value: Int32) throws { array.values.append(.int(Int64(value))) }
    mutating func encode(_ value: Int64) throws { array.values.append(.int(value)) }
    mutating func encode(_ value: UInt) throws { array.values.append(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { array.values.append(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { array.values.append(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { array.values.append(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { array.values.append(.uint(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let node = try OrderedJSONNode.encode(value, base: base, key: nextKey)
        array.values.append(node)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        let nested = OrderedJSONObject(sortsKeys: false)
        array.values.append(.object(nested))
        return KeyedEncodingContainer(OrderedJSONKeyedContainer<NestedKey>(object: nested, base: base.appending(key)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        let nested = OrderedJSONArray()
        array.values.append(.array(nested))
        return OrderedJSONUnkeyedContainer(array: nested, base: base.appending(key))
    }

    mutating func superEncoder() -> any Encoder {
        let key = nextKey
        let i = array.values.count
        array.values.append(.emptyObject)
        return OrderedJSONEncoderImpl(base: base, key: key, sink: .array(array, i))
    }
}

struct OrderedJSONSingleValueContainer: SingleValueEncodingContainer {
    let encoder: OrderedJSONEncoderImpl

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.node = .null }
    mutating func encode(_ value: Bool) throws { encoder.node = .bool(value) }
    mutating func encode(_ value: String) throws { encoder.node = .string(value) }
    mutating func encode(_ value: Double) throws { encoder.node = try .double(value, codingPath: { encoder.codingPath }) }
    mutating func encode(_ value: Float) throws { encoder.node = try .float(value, codingPath: { encoder.codingPath }) }
    mutating func encode(_ value: Int) throws { encoder.node = .int(Int64(value)) }
    mutating func encode(_ value: Int8) throws { encoder.node = .int(Int64(value)) }
    mutating func encode(_ value: Int16) throws { encoder.node = .int(Int64(value)) }
    mutating func encode(_ value: Int32) throws { encoder.node = .int(Int64(value)) }
    mutating func encode(_ value: Int64) throws { encoder.node = .int(value) }
    mutating func encode(_ value: UInt) throws { encoder.node = .uint(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { encoder.node = .uint(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { encoder.node = .uint(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { encoder.node = .uint(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { encoder.node = .uint(value) }

    /// The wrapped value (an `Optional`'s, a `@Nullable`'s) encodes through this same encoder: it
    /// sits at the same coding path, and that saves an encoder per wrapper.
    mutating func encode<T: Encodable>(_ value: T) throws {
        let encoder = self.encoder
        if let scalar = try OrderedJSONNode.scalar(value, codingPath: { encoder.codingPath }) {
            encoder.node = scalar
            return
        }
        encoder.node = nil
        try value.encode(to: encoder)
        if encoder.node == nil { encoder.node = .emptyObject }
    }
}
