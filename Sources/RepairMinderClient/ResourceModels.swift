import Foundation

// Wire pieces several resources share. Resource payloads are snake_case; every model spells its
// keys out (`CodingKeys`) so no decoder strategy is needed. Optional properties are the keys the
// server sends as `null` when empty.

/// A staff member where a resource names one (`assigned_user`, `assigned_engineer`,
/// `created_by`, `completed_by`): `{id, first_name, last_name, name}`.
public struct UserRef: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var firstName: String
    public var lastName: String
    /// `"First Last"`.
    public var name: String

    enum CodingKeys: String, CodingKey {
        case id, name
        case firstName = "first_name"
        case lastName = "last_name"
    }
}

/// A shop location in brief: `{id, name}`.
public struct LocationRef: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String

    enum CodingKeys: String, CodingKey { case id, name }
}

/// An order's totals, computed by the server from its items and payments.
public struct OrderTotals: Codable, Sendable, Hashable {
    public var subtotal: Money
    public var vatTotal: Money
    public var grandTotal: Money
    public var amountPaid: Money
    public var balanceDue: Money

    enum CodingKeys: String, CodingKey {
        case subtotal
        case vatTotal = "vat_total"
        case grandTotal = "grand_total"
        case amountPaid = "amount_paid"
        case balanceDue = "balance_due"
    }
}

/// A device status with its display name, as the server lists the legal next statuses of a
/// device (`available_transitions`): `{status, label}`.
public struct WorkflowTransition: Codable, Sendable, Hashable {
    public var status: DeviceStatus
    /// The server's display name of `status`.
    public var label: String

    enum CodingKeys: String, CodingKey { case status, label }
}

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

/// Encodes the non-nil fields of a PATCH body under their wire keys.
struct PatchBody: Encodable, Sendable {
    var fields: [(key: String, value: any Encodable & Sendable)] = []

    mutating func add(_ key: String, _ value: (any Encodable & Sendable)?) {
        if let value { fields.append((key, value)) }
    }

    var isEmpty: Bool { fields.isEmpty }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for field in fields {
            try container.encode(field.value, forKey: AnyKey(stringValue: field.key))
        }
    }
}
