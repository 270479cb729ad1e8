import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_exported import RepairMinderMockControlCore

// The control library as apps and tests import it: RepairMinderMockControlCore (every call, type and
// error) with the one part that needs URLSession, which on Linux is FoundationNetworking and libcurl.
// The server depends on the core only, so the mock's program never links them (MockServer.control()).

extension MockControl {
    /// A control of the mock at `baseURL` (with `/ns/<name>` for a namespace), sending `token` as
    /// `Authorization: Bearer <token>` when given; calls travel over URLSession unless `transport`
    /// says otherwise.
    public init(baseURL: URL, token: String? = nil, transport: MockControlTransport = .urlSession,
                pollInterval: Duration = .milliseconds(100)) {
        self.init(at: baseURL, token: token, transport: transport, pollInterval: pollInterval)
    }
}

extension MockControlTransport {
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
