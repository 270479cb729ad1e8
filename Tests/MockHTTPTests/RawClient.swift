import Foundation
import Testing
@testable import MockHTTP
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct ClientError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// A response as read off the wire by `RawClient`.
struct RawResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    func header(_ name: String) -> String? { headers.first { $0.name == name.lowercased() }?.value }
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking TCP client with timeouts everywhere, so a test can never hang.
final class RawClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int, host: String = "127.0.0.1") throws {
        let v6 = host.contains(":")
        fd = socket(v6 ? AF_INET6 : AF_INET, Sys.streamType, 0)
        guard fd >= 0 else { throw ClientError("socket failed") }
        var rc: Int32
        if v6 {
            var a = sockaddr_in6()
            a.sin6_family = sa_family_t(AF_INET6)
            a.sin6_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET6, host, &a.sin6_addr)
            rc = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
        } else {
            var a = sockaddr_in()
            a.sin_family = sa_family_t(AF_INET)
            a.sin_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET, host, &a.sin_addr)
            rc = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        }
        guard rc == 0 else {
            let code = errno
            close(fd)
            throw ClientError("connect to \(host):\(port) failed: \(code)")
        }
        Sys.setInt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        #if canImport(Darwin)
        Sys.setInt(fd, SOL_SOCKET, SO_NOSIGPIPE, 1)
        #endif
    }

    deinit { close(fd) }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Sys.sendAll(fd, $0) }
    }

    func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    enum Fill { case data, eof, timeout }

    /// Reads what is available, waiting at most until `deadline` (monotonic ns).
    func fill(until deadline: UInt64) -> Fill {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let t = Sys.pollTimeout(until: deadline)
            if t == 0 && Sys.now() >= deadline { return .timeout }
            let r = poll(&p, 1, t)
            if r < 0 && errno == EINTR { continue }
            if r <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                buffer += chunk[0..<n]
                return .data
            }
            if n < 0 && errno == EINTR { continue }
            return .eof   // 0 or a reset
        }
    }

    /// Reads one response; `head: true` for a HEAD request (no body follows).
    func readResponse(timeout: Double = 30, head: Bool = false) throws -> RawResponse {
        let deadline = Sys.now() + Sys.nanos(timeout)
        while true {
            if let (response, used) = try Self.parse(buffer, head: head) {
                buffer.removeFirst(used)
                return response
            }
            switch fill(until: deadline) {
            case .data: continue
            case .eof: throw ClientError("connection closed before a full response (\(buffer.count) bytes: \(String(decoding: buffer.prefix(200), as: UTF8.self)))")
            case .timeout: throw ClientError("timed out waiting for a response")
            }
        }
    }

    /// True when the server closes the connection (EOF or reset) before `timeout`, with no more
    /// bytes than already buffered.
    func closedByServer(timeout: Double = 30) -> Bool {
        let deadline = Sys.now() + Sys.nanos(timeout)
        while true {
            switch fill(until: deadline) {
            case .data: continue
            case .eof: return true
            case .timeout: return false
            }
        }
    }

    /// Everything until the server closes (or `timeout`).
    func readAll(timeout: Double = 5) -> (bytes: [UInt8], closed: Bool) {
        let closed = closedByServer(timeout: timeout)
        defer { buffer = [] }
        return (buffer, closed)
    }

    var pending: [UInt8] { buffer }

    /// Parses a response from the start of `bytes`: nil when incomplete; throws when it is not a
    /// valid HTTP/1.1 response.
    static func parse(_ bytes: [UInt8], head: Bool = false) throws -> (RawResponse, Int)? {
        guard let end = bytes.firstRange(of: [13, 10, 13, 10]) else {
            if bytes.count >= 12, !bytes.starts(with: Array("HTTP/1.1 ".utf8)) { throw ClientError("not an HTTP response: \(String(decoding: bytes.prefix(40), as: UTF8.self))") }
            return nil
        }
        let text = String(decoding: bytes[0..<end.lowerBound], as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let sl = Array(statusLine.utf8)
        guard sl.count >= 13, statusLine.hasPrefix("HTTP/1.1 "), sl[9...11].allSatisfy({ $0 >= 48 && $0 <= 57 }), sl[12] == 32,
              let status = Int(String(decoding: sl[9...11], as: UTF8.self)) else {
            throw ClientError("bad status line: \(statusLine)")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw ClientError("bad header line: \(line)") }
            headers.append((line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let response = RawResponse(status: status, headers: headers, body: [])
        let bodyStart = end.upperBound
        var length = 0
        if !head && status >= 200 && status != 204 && status != 304 {
            guard let cl = response.header("content-length"), let n = Int(cl) else { throw ClientError("no Content-Length") }
            length = n
        }
        guard bytes.count - bodyStart >= length else { return nil }
        var r = response
        r.body = Array(bytes[bodyStart..<(bodyStart + length)])
        return (r, bodyStart + length)
    }
}

/// Waits (polling) until `condition` holds or `timeout` passes.
func eventually(timeout: Double = 30, _ condition: () -> Bool) -> Bool {
    let deadline = Sys.now() + Sys.nanos(timeout)
    while Sys.now() < deadline {
        if condition() { return true }
        usleep(2_000)
    }
    return condition()
}

struct TestFailure: Error {}

/// The handler the socket tests run against.
let testHandler: HTTPHandler = { request in
    switch request.path {
    case "/slow":
        Thread.sleep(forTimeInterval: 0.3)
        return HTTPResponse(status: 200, body: Data("slow done".utf8))
    case "/throw":
        throw TestFailure()
    case "/drop":
        return HTTPResponse(status: 200, body: Data("never".utf8), delivery: .dropConnection)
    case "/truncate":
        return HTTPResponse(status: 200, body: Data(repeating: UInt8(ascii: "x"), count: 100), delivery: .truncateBody(bytes: 10))
    case "/close":
        return HTTPResponse(status: 200, headers: HTTPHeaders([("Connection", "close")]), body: Data("bye".utf8))
    case "/big":
        return HTTPResponse(status: 200, body: Data(repeating: UInt8(ascii: "b"), count: 300_000))
    default:
        let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        let text = "\(request.method) \(request.path) \(query) \(String(decoding: request.body, as: UTF8.self))"
        return HTTPResponse(status: 200, headers: HTTPHeaders([("Content-Type", "text/plain")]), body: Data(text.utf8))
    }
}

func testConfiguration(_ change: (inout HTTPServerConfiguration) -> Void = { _ in }) -> HTTPServerConfiguration {
    var c = HTTPServerConfiguration(hosts: ["127.0.0.1"], shutdownGrace: 1)
    change(&c)
    return c
}

/// How the server under test serves its connections: the Linux worker pool (`EventPool`) or a
/// thread per connection (`workerThreads` 0, the only way on Darwin). Transport tests run in each.
struct ServerMode: Sendable, CustomTestStringConvertible {
    var workers: Int
    var testDescription: String { workers == 0 ? "thread per connection" : "\(workers) pool workers" }

    #if os(Linux)
    static let all = [ServerMode(workers: 2), ServerMode(workers: 0)]
    #else
    static let all = [ServerMode(workers: 0)]
    #endif

    func configuration(_ change: (inout HTTPServerConfiguration) -> Void = { _ in }) -> HTTPServerConfiguration {
        testConfiguration { c in
            c.workerThreads = workers
            change(&c)
        }
    }
}

/// Starts a server on 127.0.0.1:0, runs `body`, stops the server on every path.
func withServer<R>(_ configuration: HTTPServerConfiguration = testConfiguration(),
                   handler: @escaping HTTPHandler = testHandler,
                   errorResponder: HTTPErrorResponder? = nil,
                   _ body: (HTTPServer) throws -> R) throws -> R {
    let server = HTTPServer(configuration: configuration, handler: handler, errorResponder: errorResponder)
    try server.start()
    defer { server.stop() }
    return try body(server)
}

func get(_ path: String, _ extra: String = "") -> String {
    "GET \(path) HTTP/1.1\r\nHost: test\r\n\(extra)\r\n"
}

/// Deterministic generator for the fuzz tests (SplitMix64).
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
