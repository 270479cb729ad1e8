import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension APIClient {
    /// A fully built HTTP request, independent of URLSession: what an ``HTTPTransport`` sends.
    ///
    /// Nested in ``APIClient`` (like ``Response`` and ``Method``) so that it never collides
    /// with the `HTTPRequest` of swift-http-types or the `HTTPMethod` of Alamofire in an app
    /// that imports those too.
    public struct Request: Sendable, Hashable {
        /// The HTTP methods the API uses.
        public enum Method: String, Sendable, Hashable {
            case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"
        }

        public var method: Method
        public var url: URL
        /// Header names as sent; the client sets `Content-Type`, `Accept`, `User-Agent`, `Authorization`.
        public var headers: [String: String]
        public var body: Data?

        public init(method: Method, url: URL, headers: [String: String] = [:], body: Data? = nil) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
        }
    }

    /// A raw HTTP response, as an ``HTTPTransport`` returns it: status code, headers (names
    /// lower-cased) and body.
    public struct Response: Sendable, Hashable {
        public var statusCode: Int
        /// Header names lower-cased; look one up with ``header(_:)``.
        public var headers: [String: String]
        public var body: Data

        public init(statusCode: Int, headers: [String: String] = [:], body: Data = Data()) {
            self.statusCode = statusCode
            self.headers = lowercasedNames(headers)
            self.body = body
        }

        /// The value of the header `name`, in any case.
        public func header(_ name: String) -> String? { headers[name.lowercased()] }
    }
}

/// The same headers, names lower-cased.
func lowercasedNames(_ headers: [String: String]) -> [String: String] {
    var lowered: [String: String] = [:]
    for (name, value) in headers { lowered[name.lowercased()] = value }
    return lowered
}

/// The seam between the client and the network. ``URLSessionTransport`` is the real one;
/// tests may supply their own. Errors thrown here are reported as ``RepairMinderError/transport(_:)``.
public protocol HTTPTransport: Sendable {
    func send(_ request: APIClient.Request) async throws -> APIClient.Response
}

/// ``HTTPTransport`` over `URLSession` (FoundationNetworking on Linux).
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// - Parameters:
    ///   - session: defaults to an ephemeral session (no cookies, no URL cache), so that
    ///     nothing but the bearer token authenticates a request.
    ///   - timeout: request timeout of the default session (seconds without data).
    public init(session: URLSession? = nil, timeout: TimeInterval = 30) {
        if let session {
            self.session = session
        } else {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            configuration.httpShouldSetCookies = false
            self.session = URLSession(configuration: configuration)
        }
    }

    public func send(_ request: APIClient.Request) async throws -> APIClient.Response {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        urlRequest.httpBody = request.body
        let (data, response) = try await session.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers[name.lowercased()] = value
            }
        }
        return APIClient.Response(statusCode: http.statusCode, headers: headers, body: data)
    }
}
