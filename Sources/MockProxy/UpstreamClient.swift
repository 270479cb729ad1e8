import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MockHTTP
import MockRouting
import MockBasics
import MockConcurrency

/// Sends an app request on to the upstream and waits for its answer, on the connection's own
/// thread. URLSession, so that an HTTPS upstream works on Linux and on the Mac alike; no cookies,
/// no cache, no redirects followed (the app sees the 3xx as the upstream sent it). URLSession adds
/// `User-Agent`, `Accept`, `Accept-Encoding` and `Accept-Language` to a request that has none (an
/// empty value is sent as it is, not as "leave out"); an iOS app's URLSession sends all four
/// itself, so nothing is added to what the app sends (docs/drift.md, "What the upstream sees").
struct UpstreamClient: Sendable {
    struct Answer: Sendable {
        let status: Int
        let headers: HTTPHeaders
        let body: Data
    }

    enum Failure: Error, Sendable, Equatable {
        case unreachable(String)
        case timedOut(seconds: Double)
        case tls(String)
        case tooLarge(limit: Int)

        /// The app's `502`, in the mock's error envelope.
        var apiFailure: APIFailure {
            switch self {
            case .unreachable(let reason):
                APIFailure(status: 502, message: "Bad gateway: the upstream could not be reached (\(reason))", code: .upstreamUnreachable)
            case .timedOut(let seconds):
                APIFailure(status: 502, message: "Bad gateway: the upstream did not answer within \(Self.seconds(seconds)) s", code: .upstreamTimeout)
            case .tls(let reason):
                APIFailure(status: 502, message: "Bad gateway: TLS with the upstream failed (\(reason))", code: .upstreamTLS)
            case .tooLarge(let limit):
                APIFailure(status: 502, message: "Bad gateway: the upstream's answer is larger than \(limit) bytes", code: .upstreamTooLarge)
            }
        }

        private static func seconds(_ value: Double) -> String {
            value.rounded() == value ? String(Int(value)) : String(value)
        }
    }

    /// Hop-by-hop fields (RFC 9110 §7.6.1) and the ones the sending side sets itself.
    static let notForwarded: Set<String> = ["host", "connection", "keep-alive", "proxy-connection", "proxy-authenticate",
                                            "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade",
                                            "content-length", "expect"]

    let base: URL
    let timeout: TimeInterval
    let maxAnswerBytes: Int
    private let session: URLSession

    init(base: URL, timeout: TimeInterval, maxAnswerBytes: Int) {
        self.base = base
        self.timeout = timeout
        self.maxAnswerBytes = maxAnswerBytes
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpMaximumConnectionsPerHost = 16
        session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }

    /// The upstream URL of `target` (the request-target as the app sent it, query included):
    /// appended to the upstream's own path, if it has one.
    func url(for target: String) -> URL? {
        var prefix = base.absoluteString
        while prefix.hasSuffix("/") { prefix.removeLast() }
        return URL(string: prefix + target)
    }

    func send(_ request: HTTPRequest) -> Result<Answer, Failure> {
        guard let url = url(for: request.target) else { return .failure(.unreachable("the request's path is not a URL")) }
        var outgoing = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        outgoing.httpMethod = request.method
        outgoing.httpShouldHandleCookies = false
        for field in request.headers where !Self.notForwarded.contains(field.name) {
            outgoing.addValue(field.value, forHTTPHeaderField: field.name)
        }
        if !request.body.isEmpty { outgoing.httpBody = request.body }

        let result = Locked<Result<Answer, Failure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let limit = maxAnswerBytes
        let seconds = timeout
        let task = session.dataTask(with: outgoing) { data, response, error in
            let outcome: Result<Answer, Failure>
            if let error {
                outcome = .failure(Self.failure(for: error, timeout: seconds))
            } else if let response = response as? HTTPURLResponse {
                let body = data ?? Data()
                if body.count > limit {
                    outcome = .failure(.tooLarge(limit: limit))
                } else {
                    outcome = .success(Answer(status: response.statusCode, headers: Self.headers(of: response), body: body))
                }
            } else {
                outcome = .failure(.unreachable("no HTTP answer"))
            }
            result.withLock { $0 = outcome }
            done.signal()
        }
        HTTPServer.willBlock()   // a pool worker hands its place on while the upstream thinks
        task.resume()
        done.wait()
        return result.withLock { $0 } ?? .failure(.unreachable("no answer"))
    }

    /// The answer's fields worth passing on: not hop-by-hop, not `Content-Length` (the transport
    /// writes its own), not `Content-Encoding` (URLSession has decoded the body), not `Date` (the
    /// transport writes its own).
    static func headers(of response: HTTPURLResponse) -> HTTPHeaders {
        var headers = HTTPHeaders()
        let dropped = notForwarded.union(["content-encoding", "date"])
        for (name, value) in response.allHeaderFields {
            guard let name = name as? String, let value = value as? String,
                  !dropped.contains(name.lowercased()) else { continue }
            headers.add(name, value)
        }
        return headers
    }

    static func failure(for error: any Error, timeout: TimeInterval) -> Failure {
        guard let error = error as? URLError else { return .unreachable("the connection failed") }
        switch error.code {
        case .timedOut: return .timedOut(seconds: timeout)
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
             .clientCertificateRequired:
            return .tls(error.localizedDescription)
        case .cannotConnectToHost: return .unreachable("connection refused")
        case .cannotFindHost, .dnsLookupFailed: return .unreachable("host not found")
        case .networkConnectionLost: return .unreachable("the connection was closed before an answer")
        case .badServerResponse: return .unreachable("not an HTTP answer")
        default:
            // On Linux a failed handshake is often not one of the codes above but libcurl's error
            // with OpenSSL's text ("SSL routines::wrong version number").
            let text = error.localizedDescription
            return text.contains("SSL") || text.contains("TLS") ? .tls(text) : .unreachable(text)
        }
    }
}

/// Leaves a redirect to the app: the proxy answers the 3xx itself instead of following it.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
