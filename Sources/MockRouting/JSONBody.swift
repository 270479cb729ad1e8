import Foundation
import Logging
import MockHTTP
import MockBasics

/// JSON out: the envelope of CONTRACT §1, and the one error→response mapping, the mock's and the
/// proxy's. The mock decodes request bodies with it too (MockServer's `Pipeline/JSONBody+Server.swift`).
package enum JSONBody {
    /// `{"success": true, "data": …, "pagination"?: …}`
    package struct Success<Payload: JSONWritable>: JSONWritable {
        let data: Payload
        let pagination: Pagination?

        package init(data: Payload, pagination: Pagination?) {
            self.data = data
            self.pagination = pagination
        }

        package func writeJSON(to out: inout [UInt8]) {
            out.appendLiteral(#"{"success":true,"data":"#)
            data.writeJSON(to: &out)
            if let pagination {
                out.appendLiteral(#","pagination":"#)
                pagination.writeJSON(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// `{"success": false, "error": "<message>", "code"?: "<CODE>"}`. A `code` appears only where a
    /// client must branch (quarantine) (decided).
    /*@JSONObject(component: "ErrorEnvelope", decided: true)*/
    package struct Failure {
        let success = false
        /// Human message; byte-exact where the seeds quote the backend.
        let error: String
        /// Present only on quarantine 403s, on the control API's control-token 401s, on a replay seed
        /// refused on a mock that answers beyond loopback without a control token (403), and on the
        /// proxy's 502s when its upstream fails.
        var code: FailureCode?

        package init(error: String, code: FailureCode?) {
            self.error = error
            self.code = code
        }
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

    /// `value` as the whole body.
    package static func response<T: JSONWritable>(status: Int = 200, _ value: T) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/json; charset=utf-8")
        return HTTPResponse(status: status, headers: headers, body: encode(value))
    }

    /// `200 {"success": true, "data": payload}` (plus `pagination` for lists).
    package static func success<T: JSONWritable>(_ payload: T, pagination: Pagination? = nil, status: Int = 200) -> HTTPResponse {
        response(status: status, Success(data: payload, pagination: pagination))
    }

    /// `{"success": false, "error": …, "code"?: …}` with the failure's status and headers.
    package static func failure(_ failure: APIFailure) -> HTTPResponse {
        var response = response(status: failure.status, Failure(error: failure.message, code: failure.code))
        for header in failure.headers { response.headers.set(header.name, header.value) }
        return response
    }

    /// The one place where errors become responses, the mock's and the proxy's: `APIFailure` as it
    /// says, a `DecodingError` a 400 naming the field, anything else a 500 that is logged and never
    /// shown to the client. The mock maps its store's errors first (MockServer's `Dispatcher`).
    package static func response(for error: any Error, logger: Logger) -> HTTPResponse {
        switch error {
        case let failure as APIFailure:
            return JSONBody.failure(failure)
        case let decoding as DecodingError:
            return JSONBody.failure(JSONBody.failure(for: decoding))
        default:
            logger.error("unhandled error: \(error)")
            return JSONBody.failure(APIFailure(status: 500, message: "Internal server error"))
        }
    }

    /// A body that does not decode: 400 naming the field (`items[2].name`), or the document.
    package static func failure(for error: DecodingError) -> APIFailure {
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
    package static func path(_ codingPath: [any CodingKey]) -> String {
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

/// A list's page: `"pagination": {"page": 1, "limit": 20, "total": 57, "total_pages": 3}`.
/*@JSONObject(component: "Pagination")*/
package struct Pagination: Sendable, Equatable {
    /*@Schema(.integer(minimum: 1))*/ let page: Int
    /*@Schema(.integer(minimum: 1, maximum: 100))*/ let limit: Int
    /*@Schema(.integer(minimum: 0))*/ let total: Int
    /*@Schema(.integer(minimum: 0))*/ let totalPages: Int

    package init(page: Int, limit: Int, total: Int) {
        self.page = page
        self.limit = limit
        self.total = total
        totalPages = total == 0 ? 0 : (total + limit - 1) / limit
    }

    enum CodingKeys: String, CodingKey {
        case page, limit, total, totalPages = "total_pages"
    }
}
