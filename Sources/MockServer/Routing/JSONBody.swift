import Foundation
import MockHTTP
import MockBasics
import MockRouting
import MockStore

/// JSON in: request bodies decoded with errors that name the field, and the bare `{"success": true}`.
/// The envelope and the error mapping the proxy shares are MockRouting's `JSONBody`.
extension JSONBody {
    /// `{"success": true}` with no `data`.
    // Logout's answer, and the control API's where there is nothing to show.
    /*@JSONObject(component: "BareSuccess")*/
    struct Bare {
        let success = true
    }

    /// `200 {"success": true}`
    static func bare() -> HTTPResponse { response(Bare()) }

    /// `200 {"success": true, "data": [items]}` of a control-API list cut to its `?limit=`, with
    /// `X-Total-Count`: how many there were before the cut (after the other filters).
    static func list<Item: Sendable, Payload: JSONWritable>(_ list: PageOf<Item>,
                                                             _ payload: (Item) throws -> Payload) rethrows -> HTTPResponse {
        success(try list.items.map(payload)).totalCount(list.total)
    }

    /// Decodes a request body; a malformed document or a missing/mistyped field is a 400 naming it.
    static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws -> T {
        guard !body.isEmpty else { throw APIFailure.invalidJSON }
        let value: T
        do {
            value = try JSONDecoder().decode(T.self, from: body)
        } catch let error as DecodingError {
            throw failure(for: error)
        } catch let failure as APIFailure {
            throw failure
        }
        try rejectNUL(in: body)
        return value
    }

    /// A string with U+0000 in it is a 400 naming where it is: SQLite takes bound text up to its
    /// first NUL, so `"before\u0000after"` would be answered 200 and stored as `"before"`. JSON
    /// can only carry a NUL as the escape `\u0000`, so a body without those six bytes is not parsed
    /// again; one with them (or with an escaped backslash before `u0000`) is walked as a `JSONValue`.
    static func rejectNUL(in body: Data) throws {
        guard body.range(of: escapedNUL) != nil, let value = JSONValue.parse(body) else { return }
        try rejectNUL(in: value)
    }

    /// The same check on a body already parsed.
    static func rejectNUL(in value: JSONValue) throws {
        if let path = pathOfNUL(in: value, at: "") { throw APIFailure.invalidField(path.isEmpty ? "body" : path) }
    }

    private static let escapedNUL = Data(#"\u0000"#.utf8)

    /// `items[2].name` of the first string value (or object key) that holds U+0000.
    private static func pathOfNUL(in value: JSONValue, at path: String) -> String? {
        switch value {
        case .string(let text):
            return text.utf8.contains(0) ? path : nil
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let found = pathOfNUL(in: element, at: path + "[\(index)]") { return found }
            }
            return nil
        case .object(let members):
            for key in members.keys.sorted() {
                let keyPath = path.isEmpty ? key : path + "." + key
                if key.utf8.contains(0) { return path.isEmpty ? "body" : path }
                if let found = pathOfNUL(in: members[key]!, at: keyPath) { return found }
            }
            return nil
        case .int, .double, .bool, .null:
            return nil
        }
    }
}

extension KeyedDecodingContainer {
    /// An optional field that may be left out but not sent as `null` (`decodeIfPresent` would take
    /// `null` for "absent" and quietly do nothing): `null` is a 400 naming the field.
    func decodeUnlessNull<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) {
            throw APIFailure.invalidField(JSONBody.path(codingPath + [key]))
        }
        return try decode(T.self, forKey: key)
    }
}

extension HTTPResponse {
    /// The response with `X-Total-Count: total`: the number of items a list had before its `limit`.
    func totalCount(_ total: Int) -> HTTPResponse {
        var response = self
        response.headers.set("X-Total-Count", String(total))
        return response
    }
}
