#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The fast path of `OrderedJSONEncoder`: writes the JSON text as the value encodes itself,
/// without building a tree of nodes first (the tree's allocations were most of the time spent
/// encoding a list page).
///
/// Writing as we go works when containers are filled one after another, innermost first — what
/// every synthesized `Encodable` does. Anything else gives up (`encode` returns false) and the
/// caller encodes the value again with the tree encoder, which handles every pattern the same
/// way the tree always did: a key encoded twice (first position, last value), a container used
/// again after a sibling was written, super-encoders, a second value in one single-value
/// container. A `Dictionary`, whose keys are written sorted, fills a tree object of its own, written
/// when it is done.
enum StreamingJSONEncoder {
    /// Appends `value` to `out` and returns true, or returns false with `out` as it was.
    static func encode<T: Encodable>(_ value: T, into out: inout [UInt8]) throws -> Bool {
        let start = out.count
        let stream = JSONStream(out: out)
        out = []  // the stream owns the bytes while it writes, so appending never copies them
        defer { out = stream.out }
        do {
            if let scalar = try OrderedJSONNode.scalar(value, codingPath: { [] }) {
                stream.write(scalar)
                return true
            }
            // A top-level dictionary, or a value that encodes nothing (an error the tree reports).
            let root = StreamEncoder(stream: stream, parent: nil, key: nil)
            try value.encode(to: root)
            switch root.state {
            case .empty, .sorted: throw JSONStream.GiveUp()
            default: break
            }
            try root.finish()
            guard !stream.gaveUp, stream.frames.isEmpty else { throw JSONStream.GiveUp() }
            return true
        } catch is JSONStream.GiveUp {
            stream.out.removeSubrange(start...)
            return false
        } catch {
            stream.out.removeSubrange(start...)
            throw error
        }
    }
}

/// The output and the containers still open in it, innermost last.
final class JSONStream {
    struct GiveUp: Error {}

    struct Frame {
        let id: Int
        let isObject: Bool
        /// Where this object's keys start in `keys` (for the duplicate check).
        let keysStart: Int
        var count = 0
    }

    var out: [UInt8]
    private(set) var frames: [Frame] = []
    /// The keys of every open object, outermost first.
    private var keys: [String] = []
    private var lastID = 0
    /// Set where the encoding API cannot throw (`container(keyedBy:)` and friends), and by every
    /// error that leaves one of our methods: a value's `encode(to:)` may swallow it with `try?` and
    /// go on, and only the tree knows what such a half-written value leaves behind.
    var gaveUp = false

    func giveUp() -> GiveUp {
        gaveUp = true
        return GiveUp()
    }

    init(out: [UInt8]) { self.out = out }

    // MARK: Containers

    func open(object: Bool) -> Int {
        lastID += 1
        out.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        frames.append(Frame(id: lastID, isObject: object, keysStart: keys.count))
        return lastID
    }

    /// Makes container `id` the innermost open one, closing every container opened inside it.
    /// Gives up if `id` was closed already (a container used again after its siblings).
    private func focus(_ id: Int) throws {
        if frames.last?.id == id { return }
        guard !gaveUp, frames.contains(where: { $0.id == id }) else { throw giveUp() }
        while frames.last?.id != id { closeInnermost() }
    }

    private func closeInnermost() {
        let frame = frames.removeLast()
        if frame.isObject { keys.removeSubrange(frame.keysStart...) }
        out.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// Opens a container once `place` has written its key or separator; when that fails, gives up
    /// and returns 0, which no container has (the nesting calls of `Encoder` cannot throw).
    func openNested(object: Bool, after place: () throws -> Void) -> Int {
        do {
            try place()
            return open(object: object)
        } catch {
            gaveUp = true
            return 0
        }
    }

    func close(_ id: Int) throws {
        try focus(id)
        closeInnermost()
    }

    /// `"key":` in object `id`; a key already written there gives up (its value must replace
    /// the earlier one in place, which only the tree can do).
    func writeKey(_ key: String, in id: Int) throws {
        try focus(id)
        let i = frames.count - 1
        for k in keys[frames[i].keysStart...] where k == key { throw giveUp() }
        keys.append(key)
        if frames[i].count > 0 { out.append(UInt8(ascii: ",")) }
        frames[i].count += 1
        JSONValue.writeString(key, to: &out)
        out.append(UInt8(ascii: ":"))
    }

    /// The separator before a new element of array `id`.
    func startElement(in id: Int) throws {
        try focus(id)
        let i = frames.count - 1
        if frames[i].count > 0 { out.append(UInt8(ascii: ",")) }
        frames[i].count += 1
    }

    // MARK: Values

    func write(_ node: OrderedJSONNode) { node.write(to: &out) }

    /// Any value, after its key or separator: scalars directly, everything else through an
    /// encoder of its own, closed when its `encode(to:)` returns.
    func encodeValue<T: Encodable>(_ value: T, parent: StreamEncoder?, key: (any CodingKey)?) throws {
        if let scalar = try OrderedJSONNode.scalar(value, codingPath: { Self.path(parent, key) }) {
            write(scalar)
        } else {
            let encoder = StreamEncoder(stream: self, parent: parent, key: key)
            do {
                try value.encode(to: encoder)
                try encoder.finish()
            } catch {
                gaveUp = true
                throw error
            }
        }
    }

    static func path(_ parent: StreamEncoder?, _ key: (any CodingKey)?) -> [any CodingKey] {
        var path = parent?.codingPath ?? []
        if let key { path.append(key) }
        return path
    }
}

final class StreamEncoder: Encoder {
    enum State {
        case empty
        case object(Int)
        case array(Int)
        case single
        /// A `Dictionary`: its keys are collected in a tree object and written sorted at the end.
        case sorted(OrderedJSONObject)
    }

    let stream: JSONStream
    let parent: StreamEncoder?
    let key: (any CodingKey)?
    var state = State.empty

    init(stream: JSONStream, parent: StreamEncoder?, key: (any CodingKey)?) {
        self.stream = stream
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] { JSONStream.path(parent, key) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Closes what the value opened; a value that encoded nothing is `{}`, as in the tree.
    func finish() throws {
        switch state {
        case .empty: stream.out.append(contentsOf: "{}".utf8)
        case .object(let id), .array(let id): try stream.close(id)
        case .single: break
        case .sorted(let object): object.write(to: &stream.out)
        }
        state = .single
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if ObjectIdentifier(Key.self) == OrderedJSONEncoderImpl.dictionaryKeyType {
            guard case .empty = state else {
                stream.gaveUp = true
                return KeyedEncodingContainer(StreamKeyedContainer<Key>(stream: stream, id: 0, encoder: self))
            }
            // The tree's container, writing into an object of its own; `finish` writes it sorted.
            let object = OrderedJSONObject(sortsKeys: true)
            let path = OrderedJSONEncoderImpl(base: OrderedJSONPath(encoder: nil, tail: parent?.codingPath ?? []), key: key)
            state = .sorted(object)
            return KeyedEncodingContainer(OrderedJSONKeyedContainer(object: object, base: OrderedJSONPath(encoder: path, tail: [])))
        }
        switch state {
        case .empty: state = .object(stream.open(object: true))
        case .object: break  // the same container again
        default: stream.gaveUp = true
        }
        let id: Int
        if case .object(let open) = state { id = open } else { id = 0 }
        return KeyedEncodingContainer(StreamKeyedContainer<Key>(stream: stream, id: id, encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        switch state {
        case .empty: state = .array(stream.open(object: false))
        case .array: stream.gaveUp = true  // its count would restart at 0
        default: stream.gaveUp = true
        }
        let id: Int
        if case .array(let open) = state { id = open } else { id = 0 }
        return StreamUnkeyedContainer(stream: stream, id: id, encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        StreamSingleValueContainer(encoder: self)
    }

    /// Claims this encoder's one value; a second value gives up.
    func claimSingle() throws {
        guard case .empty = state else { throw stream.giveUp() }
        state = .single
    }
}

struct StreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let stream: JSONStream
    let id: Int
    /// The encoder at this container's coding path: the value's own, or for a nested container
    /// one that only stands for the path (it never writes).
    let encoder: StreamEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func key(_ key: Key) throws { try stream.writeKey(key.stringValue, in: id) }
    private func scalar(_ node: OrderedJSONNode, _ key: Key) throws { try self.key(key); stream.write(node) }

    mutating func encodeNil(forKey key: Key) throws { try scalar(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try scalar(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try scalar(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        try scalar(.double(value, codingPath: { codingPath + [key] }), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        try scalar(.float(value, codingPath: { codingPath + [key] }), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { try scalar(.int(Int64(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try scalar(.int(Int64(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try scalar(.int(Int64(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try scalar(.int(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try scalar(.int(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try scalar(.uint(UInt64(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try scalar(.uint(UInt64(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try scalar(.uint(UInt64(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try scalar(.uint(UInt64(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try scalar(.uint(value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try self.key(key)
        try stream.encodeValue(value, parent: encoder, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = stream.openNested(object: true) { try self.key(key) }
        return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(stream: stream, id: nested, encoder: path(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = stream.openNested(object: false) { try self.key(key) }
        return StreamUnkeyedContainer(stream: stream, id: nested, encoder: path(key))
    }

    /// Where a nested container sits: one key below this one.
    private func path(_ key: Key) -> StreamEncoder { StreamEncoder(stream: stream, parent: encoder, key: key) }

    mutating func superEncoder() -> any Encoder { giveUp() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { giveUp() }

    private func giveUp() -> any Encoder {
        stream.gaveUp = true
        return StreamEncoder(stream: stream, parent: encoder, key: nil)
    }
}

struct StreamUnkeyedContainer: UnkeyedEncodingContainer {
    let stream: JSONStream
    let id: Int
    /// The encoder at this container's coding path (see `StreamKeyedContainer.encoder`).
    let encoder: StreamEncoder
    private(set) var count = 0

    init(stream: JSONStream, id: Int, encoder: StreamEncoder) {
        self.stream = stream
        self.id = id
        self.encoder = encoder
    }

    var codingPath: [any CodingKey] { encoder.codingPath }

    private mutating func element() throws -> OrderedJSONKey {
        try stream.startElement(in: id)
        defer { count += 1 }
        return OrderedJSONKey(intValue: count)
    }

    private mutating func scalar(_ node: OrderedJSONNode) throws { _ = try element(); stream.write(node) }

    mutating func encodeNil() throws { try scalar(.null) }
    mutating func encode(_ value: Bool) throws { try scalar(.bool(value)) }
    mutating func encode(_ value: String) throws { try scalar(.string(value)) }
    // The number is checked before its separator is written, so a non-finite one writes nothing.
    mutating func encode(_ value: Double) throws {
        let key = OrderedJSONKey(intValue: count)
        try scalar(.double(value, codingPath: { codingPath + [key] }))
    }
    mutating func encode(_ value: Float) throws {
        let key = OrderedJSONKey(intValue: count)
        try scalar(.float(value, codingPath: { codingPath + [key] }))
    }
    mutating func encode(_ value: Int) throws { try scalar(.int(Int64(value))) }
    mutating func encode(_ value: Int8) throws { try scalar(.int(Int64(value))) }
    mutating func encode(_ value: Int16) throws { try scalar(.int(Int64(value))) }
    mutating func encode(_ value: Int32) throws { try scalar(.int(Int64(value))) }
    mutating func encode(_ value: Int64) throws { try scalar(.int(value)) }
    mutating func encode(_ value: UInt) throws { try scalar(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { try scalar(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { try scalar(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { try scalar(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { try scalar(.uint(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = try element()
        try stream.encodeValue(value, parent: encoder, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = StreamEncoder(stream: stream, parent: encoder, key: OrderedJSONKey(intValue: count))
        let nested = stream.openNested(object: true) { _ = try element() }
        return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(stream: stream, id: nested, encoder: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = StreamEncoder(stream: stream, parent: encoder, key: OrderedJSONKey(intValue: count))
        let nested = stream.openNested(object: false) { _ = try element() }
        return StreamUnkeyedContainer(stream: stream, id: nested, encoder: path)
    }

    mutating func superEncoder() -> any Encoder {
        stream.gaveUp = true
        return StreamEncoder(stream: stream, parent: encoder, key: nil)
    }
}

struct StreamSingleValueContainer: SingleValueEncodingContainer {
    let encoder: StreamEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func scalar(_ node: OrderedJSONNode) throws {
        try encoder.claimSingle()
        encoder.stream.write(node)
    }

    mutating func encodeNil() throws { try scalar(.null) }
    mutating func encode(_ value: Bool) throws { try scalar(.bool(value)) }
    mutating func encode(_ value: String) throws { try scalar(.string(value)) }
    mutating func encode(_ value: Double) throws { try scalar(.double(value, codingPath: { encoder.codingPath })) }
    mutating func encode(_ value: Float) throws { try scalar(.float(value, codingPath: { encoder.codingPath })) }
    mutating func encode(_ value: Int) throws { try scalar(.int(Int64(value))) }
    mutating func encode(_ value: Int8) throws { try scalar(.int(Int64(value))) }
    mutating func encode(_ value: Int16) throws { try scalar(.int(Int64(value))) }
    mutating func encode(_ value: Int32) throws { try scalar(.int(Int64(value))) }
    mutating func encode(_ value: Int64) throws { try scalar(.int(value)) }
    mutating func encode(_ value: UInt) throws { try scalar(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { try scalar(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { try scalar(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { try scalar(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { try scalar(.uint(value)) }

    /// The wrapped value (an `Optional`'s, a `@Nullable`'s) encodes through this same encoder, at
    /// the same coding path, as in the tree.
    mutating func encode<T: Encodable>(_ value: T) throws {
        guard case .empty = encoder.state else { throw encoder.stream.giveUp() }
        if let scalar = try OrderedJSONNode.scalar(value, codingPath: { encoder.codingPath }) {
            try self.scalar(scalar)
        } else {
            do {
                try value.encode(to: encoder)
                try encoder.finish()
            } catch {
                encoder.stream.gaveUp = true
                throw error
            }
        }
    }
}
