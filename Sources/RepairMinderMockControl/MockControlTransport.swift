import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One control call as it travels: what a ``MockControlTransport`` sends.
public struct MockControlRequest: Sendable, Equatable {
    /// `GET`, `POST`, `PUT`, `PATCH` or `DELETE`.
    public var method: String
    /// The full URL: the control's base URL (with its `/ns/<name>` prefix, if any), the path and the query.
    public var url: URL
    /// The URL's path and query as they go on the request line (`/ns/t1/__mock/outbox?to=a%40b.test`).
    public var target: String
    /// `Authorization` (with a control token), `Content-Type` (with a body) and `Accept`.
    public var headers: [String: String]
    public var body: Data?

    public init(method: String, url: URL, target: String, headers: [String: String], body: Data?) {
        self.method = method
        self.url = url
        self.target = target
        self.headers = headers
        self.body = body
    }
}

/// The answer to a ``MockControlRequest``, as it came.
public struct MockControlResponse: Sendable, Equatable {
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// A header by name, in any case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// How control calls travel: URLSession by default (``urlSession``), or any function from a request
/// to its answer (a test that reaches the mock in process hands its own). Throwing means the call got
/// no answer; ``MockControl`` reports it as ``MockControlError/transport(call:underlying:)``.
public struct MockControlTransport: Sendable {
    public let send: @Sendable (MockControlRequest) async throws -> MockControlResponse

    public init(_ send: @escaping @Sendable (MockControlRequest) async throws -> MockControlResponse) {
        self.send = send
    }

    /// URLSession with an ephemeral configuration (no cookies, no cache) shared by every control of
    /// the process, 30 s a request.
    public static let urlSession = MockControlTransport.urlSession(sharedSession)

    /// URLSession with a session of the caller's.
    public static func urlSession(_ session: URLSession) -> MockControlTransport {
        MockControlTransport { request in
            var urlRequest = URLRequest(url: request.url)
            urlRequest.httpMethod = request.method
            urlRequest.httpBody = request.body
            for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
            let (data, response) = try await session.data(for: urlRequest)
            guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                headers[String(describing: name).lowercased()] = String(describing: value)
            }
            return MockControlResponse(status: http.statusCode, headers: headers, body: data)
        }
    }

    private static let sharedSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
    }()
}
