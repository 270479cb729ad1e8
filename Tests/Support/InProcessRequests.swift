import Foundation
import MockHTTP
import MockServer

extension MockServer {
    /// One request answered in process: written as a client writes it, parsed by the transport's
    /// own parser and answered by the dispatcher, with no socket (microseconds). Nil when the
    /// transport would not pass the bytes on (such a test needs a listening server). The answer's
    /// `delay` and `delivery` are the caller's to honour.
    package func respondInProcess(_ method: String, _ target: String, headers: [(String, String)],
                                  body: Data?) -> HTTPResponse? {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(baseURL.host ?? "127.0.0.1"):\(baseURL.port ?? 0)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        let parser = HTTPRequestParser(maxBodyBytes: configuration.maxBodyBytes)
        guard case .request(let request, _) = parser.parse(Array(head.utf8) + Array(body ?? Data())) else { return nil }
        return respond(to: request)
    }
}

extension HTTPResponse {
    /// The header fields by name, the first of each (names as the server wrote them: lower case).
    package var firstHeaderValues: [String: String] {
        var values: [String: String] = [:]
        for field in headers where values[field.name] == nil { values[field.name] = field.value }
        return values
    }
}
