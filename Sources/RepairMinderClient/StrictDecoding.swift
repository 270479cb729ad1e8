import Foundation

/// Decoding that proves nothing was lost: besides decoding `T`, it fails when the JSON holds a
/// key that the models never read (a field the server sends and the app silently ignores), and
/// when an ``OpenEnum`` meets a value it does not know.
///
/// Turn it on for a client with ``APIClient/Configuration/strictDecoding`` (debug builds, tests
/// against the mock): a contract drift then surfaces as
/// ``RepairMinderError/decoding(keyPath:message:)`` naming the key, e.g. `data.devices[0].colour`.
enum StrictDecoding {
    /// Decodes `type` from `data`, requiring every key of the JSON to be read.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decode(type, from: JSONDecoder().decode(JSONValue.self, from: data))
    }

    /// Decodes `type` from an already parsed JSON value, requiring every key to be read.
    static func decode<T: Decodable>(_ type: T.Type, from root: JSONValue) throws -> T {
        let tracker = KeyTracker()
        let decoder = StrictValueDecoder(value: root, codingPath: [], tracker: tracker)
        let value = try T(from: decoder)
        if let unread = tracker.firstUnread(in: root) {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: unread, debugDescription: "Key not decoded by any model (strict decoding)"))
        }
        return value
    }

    /// Key paths of `root` that decoding `type` leaves unread (empty when the model reads all).
    static func unreadKeys<T: Decodable>(_ type: T.Type, in data: Data) throws -> [String] {
        let root = try JSONDecoder().decode(JSONValue.self, from: data)
        let tracker = KeyTracker()
        _ = try T(from: StrictValueDecoder(value: root, codingPath: [], tracker: tracker))
        return tracker.unread(in: root).map(renderKeyPath)
    }
}

/// Records which object keys were read, by rendered path.
private final class KeyTracker {
    private(set) var read: Set<String> = []

    func markRead(_ path: [any CodingKey]) { read.insert(renderKeyPath(path)) }

    func firstUnread(in root: JSONValue) -> [any CodingKey]? {
        var found: [any CodingKey]?
        walk(root, path: []) { path in
            if found == nil { found = path }
        }
        return found
    }

    func unread(in root: JSONValue) -> [[any CodingKey]] {
        var all: [[any CodingKey]] = []
        walk(root, path: []) { all.append($0) }
        return all
    }

    private func walk(_ value: JSONValue, path: [any CodingKey], report: ([any CodingKey]) -> Void) {
        switch value {
        case .object(let object):
            for key in object.keys.sorted() {
                let child = path + [AnyKey(stringValue: key)]
                if read.contains(renderKeyPath(child)) {
                    walk(object[key]!, path: child, report: report)
                } else {
                    report(child)
                }
            }
        case .array(let array):
            for (index, element) in array.enumerated() {
                walk(element, path: path + [AnyKey(index: index)], report: report)
            }
        default:
            break
        }
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) { self.stringValue = "Index \(intValue)"; self.intValue = intValue }
    init(index: Int) { self.init(intValue: index) }
}

private struct StrictValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let tracker: KeyTracker
    var userInfo: [CodingUserInfoKey: Any] { [.repairMinderStrict: true] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else {
            throw DecodingError.typeMismatch([String: JSONValue].self, DecodingError.Context(
                codingPath: codingPath, debugDescription: "Expected an object, found \(value.kind)"))
        }
        return KeyedDecodingContainer(StrictKeyedContainer<Key>(object: object, codingPath: codingPath, tracker: tracker))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let array) = value else {
            throw DecodingError.typeMismatch([JSONValue].self, DecodingError.Context(
                codingPath: codingPath, debugDescription: "Expected an array, found \(value.kind)"))
        }
        return StrictUnkeyedContainer(array: array, codingPath: codingPath, tracker: tracker)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        StrictSingleValueContainer(value: value, codingPath: codingPath, tracker: tracker)
    }
}

private struct StrictSingleValueContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let tracker: KeyTracker

    func decodeNil() -> Bool { value == .null }

    private func mismatch<T>(_ type: T.Type) -> DecodingError {
        if value == .null {
            return DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath, debugDescription: "Expected \(type), found null"))
        }
        return DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: codingPath, debugDescription: "Expected \(type), found \(value.kind)"))
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(type) }
        return bool
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let string) = value else { throw mismatch(type) }
        return string
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard case .number(let number) = value else { throw mismatch(type) }
        return number
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .number(let number) = value, let exact = Int64(exactly: number), let result = T(exactly: exact) else {
            throw mismatch(type)
        }
        return result
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: StrictValueDecoder(value: value, codingPath: codingPath, tracker: tracker))
    }
}

private struct StrictKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: [String: JSONValue]
    let codingPath: [any CodingKey]
    let tracker: KeyTracker

    var allKeys: [Key] { object.keys.sorted().compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    private func value(_ key: Key) throws -> JSONValue {
        tracker.markRead(codingPath + [key])
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: "No value for key \"\(key.stringValue)\""))
        }
        return value
    }

    private func child(_ key: Key) throws -> StrictValueDecoder {
        StrictValueDecoder(value: try value(key), codingPath: codingPath + [key], tracker: tracker)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try T(from: child(key))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try StrictSingleValueContainer(child(key)).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try StrictSingleValueContainer(child(key)).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try StrictSingleValueContainer(child(key)).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try StrictSingleValueContainer(child(key)).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try StrictSingleValueContainer(child(key)).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try StrictSingleValueContainer(child(key)).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try StrictSingleValueContainer(child(key)).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try StrictSingleValueContainer(child(key)).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try StrictSingleValueContainer(child(key)).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try StrictSingleValueContainer(child(key)).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try StrictSingleValueContainer(child(key)).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try StrictSingleValueContainer(child(key)).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try StrictSingleValueContainer(child(key)).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try StrictSingleValueContainer(child(key)).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                               forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        StrictValueDecoder(value: .object(object), codingPath: codingPath, tracker: tracker)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private extension StrictSingleValueContainer {
    init(_ decoder: StrictValueDecoder) {
        self.init(value: decoder.value, codingPath: decoder.codingPath, tracker: decoder.tracker)
    }
}

private struct StrictUnkeyedContainer: UnkeyedDecodingContainer {
    let array: [JSONValue]
    let codingPath: [any CodingKey]
    let tracker: KeyTracker
    private(set) var currentIndex = 0

    init(array: [JSONValue], codingPath: [any CodingKey], tracker: KeyTracker) {
        self.array = array
        self.codingPath = codingPath
        self.tracker = tracker
    }

    var count: Int? { array.count }
    var isAtEnd: Bool { currentIndex >= array.count }

    private mutating func next() throws -> StrictValueDecoder {
        let path = codingPath + [AnyKey(index: currentIndex)]
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(JSONValue.self, DecodingError.Context(
                codingPath: path, debugDescription: "Unkeyed container is at end"))
        }
        defer { currentIndex += 1 }
        return StrictValueDecoder(value: array[currentIndex], codingPath: path, tracker: tracker)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if array[currentIndex] == .null {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: next())
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next() }
}

extension JSONValue {
    /// `object`, `array`, `string`, … for error messages.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
