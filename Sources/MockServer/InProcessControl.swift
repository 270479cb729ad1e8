import Dispatch
import Foundation
import MockHTTP
import RepairMinderMockControlCore

extension MockServer {
    /// A `MockControl` that reaches this server in process: the same calls, answers, errors and
    /// waits as over HTTP (each call written as a client writes it, parsed by the transport's own
    /// parser, answered by the dispatcher), with no socket and no URLSession. What a UI-test runner
    /// that starts the mock uses (docs/ui-testing.md): only the app under test talks HTTP to the
    /// mock, so the runner's App Transport Security never sees a control call. Works before
    /// `start()` too. With a control token, the server's own.
    public func control(pollInterval: Duration = .milliseconds(100)) -> MockControl {
        MockControl(at: baseURL, token: configuration.controlToken, transport: inProcessControl,
                    pollInterval: pollInterval)
    }

    /// The same for the namespace `name` (made now if it does not exist).
    public func control(namespace name: String, pollInterval: Duration = .milliseconds(100)) throws -> MockControl {
        MockControl(at: try namespaceURL(name), token: configuration.controlToken, transport: inProcessControl,
                    pollInterval: pollInterval)
    }

    /// How ``control(pollInterval:)`` calls travel. A call runs on a thread of its own (it may wait:
    /// a release waits for the requests it lets go), never on Swift's cooperative pool.
    public var inProcessControl: MockControlTransport {
        MockControlTransport { [self] request in
            let answered = await withCheckedContinuation { (continuation: CheckedContinuation<HTTPResponse?, Never>) in
                DispatchQueue.global().async {
                    continuation.resume(returning: self.respondWithoutSocket(
                        request.method, request.target, headers: request.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                        body: request.body))
                }
            }
            guard let response = answered else { throw InProcessControlError.notARequest(request.method, request.target) }
            if response.delay > 0 { try await Task.sleep(for: .milliseconds(Int64(response.delay * 1000))) }
            guard response.delivery == .normal else { throw InProcessControlError.connectionDropped(request.method, request.target) }
            var headers: [String: String] = [:]
            for field in response.headers where headers[field.name] == nil { headers[field.name] = field.value }
            headers["content-length"] = String(response.body.count)
            return MockControlResponse(status: response.status, headers: headers,
                                       body: request.method == "HEAD" ? Data() : response.body)
        }
    }

    /// One request answered in process: written as a client writes it (with this server's `Host`),
    /// parsed by the transport's own parser and answered by the dispatcher, with no socket. Nil when
    /// the transport would not pass the bytes on. The answer's `delay` and `delivery` are the
    /// caller's to honour.
    package func respondWithoutSocket(_ method: String, _ target: String, headers: [(String, String)],
                                  body: Data?) -> HTTPResponse? {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(baseURL.host ?? "127.0.0.1"):\(baseURL.port ?? 0)\r\n"
        for (name, value) in headers where name.lowercased() != "host" { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        let parser = HTTPRequestParser(maxBodyBytes: configuration.maxBodyBytes)
        guard case .request(let request, _) = parser.parse(Array(head.utf8) + Array(body ?? Data())) else { return nil }
        return respond(to: request)
    }
}

/// Why an in-process control call got no answer (``MockControl`` reports it as a transport error,
/// as it would a refused connection).
public enum InProcessControlError: Error, CustomStringConvertible, Sendable {
    /// The transport would not pass these bytes on (a control call never makes such a request).
    case notARequest(String, String)
    /// The answer was a dropped connection (control calls are never faulted).
    case connectionDropped(String, String)

    public var description: String {
        switch self {
        case .notARequest(let method, let target): "\(method) \(target) is not a request the transport would pass on"
        case .connectionDropped(let method, let target): "\(method) \(target): the connection was dropped"
        }
    }
}
