import Foundation

// Wire pieces several resources share. Resource payloads are snake_case; every model spells its
// keys out (`CodingKeys`) so no decoder strategy is needed. Optional properties are the keys the
// server sends as `null` when empty.

/// The value of one field of a PATCH body: a new value, or `null` to clear it. A field left `nil`
/// in the change struct is not sent at all (unchanged).
public enum FieldUpdate<Value: Encodable & Sendable & Hashable>: Encodable, Sendable, Hashable {
    case set(Value)
    case clear

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .set(let value): try container.encode(value)
        case .clear: try container.encodeNil()
        }
    }
}

