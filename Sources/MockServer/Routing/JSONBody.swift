import Foundation
import MockHTTP
import MockBasics

/// JSON in and out: the envelope of CONTRACT §1, and request bodies decoded with errors that name
/// the field.
package enum JSONBody {
    /// `{"success": true, "data": …, "pagination"?: …}`
    struct Success<Payload: JSONWritable>: JSONWritable {
        let data: Payload
        let pagination: Pagination?

        func writeJSON(to out: inout [UInt8]) {
            out.appendLiteral(#"{"success":true,"data":"#)
            data.writeJSON(to: &out)
            if let pagination {
                out.appendLiteral(#","pagination":"#)
                pagination.writeJSON(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// `{"success": true}` with no `data` (logout).
    struct Bare: JSONWritable {
        func writeJSON(to out: inout [UInt8]) { out.appendLiteral(#"{"success":true}"#) }
    }

    /// `{"success": false, "error": …, "code"?: …}`
    @JSONObject
    struct Failure {
        let success = false
        let error: String
        let code: String?
    }

    /// What the transport answers in the app's error envelope when it refuses a request itself
    /// (413, 431, …): the mock's and the proxy's servers alike.
    package static let transportErrorBody: @Sendable (_ status: Int, _ message: String) -> HTTPErrorBody = { _, message in
        HTTPErrorBody(contentType: "application/json; charset=utf-8",
                      bytes: Array(encode(Failure(error: message, code: nil))))
    }

    /// The value's JSON text.
    package static func encode<T: JSONWritable>(_ value: T) -> Data {
        Data(JSONWriter.bytes(value))
    }

    static func response<T: JSONWritable>(status: Int = 200, _ value: T) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/json; charset=utf-8")
        return HTTPResponse(status: status, headers: headers, body: encode(value))
    }

    /// `200 {"success": true, "data": payload}` (plus `pagination` for lists).
    package static func success<T: JSONWritable>(_ payload: T, pagination: Pagination? = nil, status: Int = 200) -> HTTPResponse {
        response(status: status, Success(data: payload, pagination: pagination))
    }

    /// `200 {"success": true}`
    static func bare() -> HTTPResponse { response(Bare()) }

    package static func failure(_ failure: APIFailure) -> HTTPResponse {
        var response = response(status: failure.status, Failure(error: failure.message, code: failure.code))
        for header in failure.headers { response.headers.set(header.name, header.value) }
        return response
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

    static func failure(for error: DecodingError) -> APIFailure {
        switch error {
        case .keyNotFound(let key, let context):
            return .invalidField(path(context.codingPath + [key]))
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return context.codingPath.isEmpty ? .invalidJSON : .invalidField(path(context.codingPath))
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? .invalidJSON : .invalidField(path(context.codingPath))
        @unknown default:
            return .invalidJSON
        }
    }

    /// `items[2].name`
    static func path(_ codingPath: [any CodingKey]) -> String {
        var result = ""
        for key in codingPath {
            if let index = key.intValue {
                result += "[\(index)]"
            } else {
                if !result.isEmpty { result += "." }
                result += key.stringValue
            }
        }
        return result
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

/// `"pagination": {"page": 1, "limit": 20, "total": 57, "total_pages": 3}`
@JSONObject
package struct Pagination: Sendable, Equatable {
    let page: Int
    let limit: Int
    let total: Int
    let totalPages: Int

    init(page: Int, limit: Int, total: Int) {
        self.page = page
        self.limit = limit
        self.total = total
        totalPages = total == 0 ? 0 : (total + limit - 1) / limit
    }

    enum CodingKeys: String, CodingKey {
        case page, limit, total, totalPages = "total_pages"
    }
}

/// An optional property written as JSON `null` when absent, where the contract shows the key with
/// null (`"logo_url": null`), rather than left out (`@JSONObject` reads the attribute).
@propertyWrapper
package struct Nullable<Value: Sendable>: Sendable {
    package var wrappedValue: Value?
    package init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }
}
