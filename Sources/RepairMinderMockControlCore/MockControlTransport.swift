import Foundation

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

/// How control calls travel: URLSession by default (`urlSession`, in RepairMinderMockControl), or any
/// function from a request to its answer (`MockServer.control()` reaches a mock in the same process). Throwing means the call got
/// no answer; ``MockControl`` reports it as ``MockControlError/transport(call:underlying:)``.
public struct MockControlTransport: Sendable {
    public let send: @Sendable (MockControlRequest) async throws -> MockControlResponse

    public init(_ send: @escaping @Sendable (MockControlRequest) async throws -> MockControlResponse) {
        self.send = send
    }
}
