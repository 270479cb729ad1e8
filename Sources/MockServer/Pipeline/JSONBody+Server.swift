import Foundation
import MockHTTP
import MockBasics
import MockRouting
import MockStore

/// JSON in: request bodies read by their declarations with errors that name the field, and the bare `{"success": true}`.
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

    /// A request body as its declaration reads it (``RequestObject``): not JSON (or nothing) is
    /// `Invalid JSON body`; a key of `refusing` (a field the resource computes) is its failure, judged
    /// first; then a NUL anywhere; then the declaration's own rules, a 400 naming the field.
    static func decode<T: RequestObject>(_ type: T.Type, from body: Data, refusing: [String: APIFailure] = [:]) throws -> T {
        guard !body.isEmpty, let value = JSONValue.parse(body) else { throw APIFailure.invalidJSON }
        if !refusing.isEmpty, case .object(let members) = value,
           let refusal = members.keys.sorted().lazy.compactMap({ refusing[$0] }).first {
            throw refusal
        }
        try rejectNUL(in: body, parsed: value)
        return try T.parse(value)
    }

    /// A string with U+0000 in it is a 400 naming where it is: SQLite takes bound text up to its
    /// first NUL, so `"before\u0000after"` would be answered 200 and stored as `"before"`. JSON
    /// can only carry a NUL as the escape `\u0000`, so a body without those six bytes is not parsed
    /// again; one with them (or with an escaped backslash before `u0000`) is walked as a `JSONValue`.
    /// `parsed` is the body already parsed, when the caller has it.
    static func rejectNUL(in body: Data, parsed: JSONValue? = nil) throws {
        guard body.range(of: escapedNUL) != nil, let value = parsed ?? JSONValue.parse(body) else { return }
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

extension WireSchema {
    /// A row's id in a request body: 1 to 64 characters (what does not name a row is the route's 400).
    static let requestID = WireSchema.string(minLength: 1, maxLength: 64)
    /// A note's text: at most 10,000 characters.
    static let noteText = WireSchema.string(maxLength: 10_000)
}

extension Optional {
    /// A PATCH field's change as the store takes it: nil leaves the field, `.some(nil)` clears it.
    func change<Value>() -> Value?? where Wrapped == FieldUpdate<Value> { map(\.value) }
}

extension HTTPResponse {
    /// The response with `X-Total-Count: total`: the number of items a list had before its `limit`.
    func totalCount(_ total: Int) -> HTTPResponse {
        var response = self
        response.headers.set("X-Total-Count", String(total))
        return response
    }
}
