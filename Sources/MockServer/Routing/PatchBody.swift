import Foundation
import MockBasics
import MockRouting
import MockStore

/// A PATCH body: a JSON object whose keys must all be editable fields. It tells an absent key
/// (leave the field) from `null` (clear it), which `Decodable` cannot. An unknown key, a wrong
/// type or a value outside its set is a 400 naming the field; an empty object is
/// `No fields to update`.
struct PatchBody {
    private let members: [String: JSONValue]

    /// Parses `body` once. A key of `refused` (a field the resource computes) is its failure, judged
    /// before anything else about the body.
    init(_ body: Data, fields: Set<String>, refused: [String: APIFailure] = [:]) throws {
        guard !body.isEmpty, case .object(let members)? = JSONValue.parse(body) else { throw APIFailure.invalidJSON }
        if let refusal = members.keys.sorted().lazy.compactMap({ refused[$0] }).first { throw refusal }
        try JSONBody.rejectNUL(in: .object(members))
        if let unknown = members.keys.sorted().first(where: { !fields.contains($0) }) {
            throw APIFailure.invalidField(unknown)
        }
        guard !members.isEmpty else { throw APIFailure.badRequest("No fields to update") }
        self.members = members
    }

    func has(_ key: String) -> Bool { members[key] != nil }

    /// Text or `null`; longer than `maxLength` characters is invalid.
    func nullableText(_ key: String, maxLength: Int = 10_000) throws -> String?? {
        switch members[key] {
        case nil: return nil
        case .null?: return .some(nil)
        case .string(let text)? where text.count <= maxLength: return .some(text)
        default: throw APIFailure.invalidField(key)
        }
    }

    /// An id or `null`; an empty string is invalid.
    func nullableID(_ key: String) throws -> String?? {
        switch members[key] {
        case nil: return nil
        case .null?: return .some(nil)
        case .string(let text)? where !text.isEmpty && text.utf8.count <= 64: return .some(text)
        default: throw APIFailure.invalidField(key)
        }
    }

    /// One value of a closed set; `null` is invalid.
    func value<E: StoredEnum>(_ key: String, _ type: E.Type) throws -> E? {
        guard let member = members[key] else { return nil }
        guard let text = member.stringValue, let value = E(rawValue: text) else { throw APIFailure.invalidField(key) }
        return value
    }
}
