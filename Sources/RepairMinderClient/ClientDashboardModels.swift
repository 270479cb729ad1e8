import Foundation

extension ClientDetail {
    /// A row of the client's orders.
    public typealias Order = ClientOrderBrief
}

/// Counts keyed by the values of an ``OpenEnum`` (`{"repairing": 3, …}` on the wire), in the
/// server's key order. Keys the client does not know are kept as `.unknown`.
public struct CountsBy<Key: OpenEnum>: Codable, Sendable, Hashable {
    /// In the order the server wrote them.
    public var entries: [Entry]

    public struct Entry: Sendable, Hashable {
        public var key: Key
        public var count: Int
    }

    /// The count of `key` (0 when absent).
    public subscript(key: Key) -> Int { entries.first { $0.key == key }?.count ?? 0 }

    /// The sum of all counts.
    public var total: Int { entries.reduce(0) { $0 + $1.count } }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        // JSON object order is not kept by Foundation; the known cases give the order.
        var entries: [Entry] = []
        var seen = Set<String>()
        for key in Key.knownCases where container.contains(AnyKey(stringValue: key.rawValue)) {
            entries.append(Entry(key: key, count: try container.decode(Int.self, forKey: AnyKey(stringValue: key.rawValue))))
            seen.insert(key.rawValue)
        }
        for codingKey in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !seen.contains(codingKey.stringValue) {
            if decoder.isStrict {
                throw DecodingError.dataCorruptedError(forKey: codingKey, in: container,
                                                       debugDescription: "Unknown \(Key.self) \"\(codingKey.stringValue)\"")
            }
            entries.append(Entry(key: Key(rawValue: codingKey.stringValue),
                                 count: try container.decode(Int.self, forKey: codingKey)))
        }
        self.entries = entries
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for entry in entries { try container.encode(entry.count, forKey: AnyKey(stringValue: entry.key.rawValue)) }
    }
}

