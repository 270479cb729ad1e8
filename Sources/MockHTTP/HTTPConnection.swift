import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One connection, served on its own thread from accept to close.
struct HTTPConnection {
    let server: HTTPServer
    let fd: Int32
    let remoteAddress: String
    let parser: HTTPRequestParser
    let requestNanos: UInt64
    let idleNanos: UInt64
    let lingerNanos: UInt64
    var buffer: [UInt8]
    var start = 0
    var end = 0
    var pollFDs: [pollfd]
    var writer: HTTPResponseWriter

    init(server: HTTPServer, fd: Int32, remoteAddress: String, stopRead: Int32) {
        let config = server.configuration
        self.server = server
        self.fd = fd
        self.remoteAddress = remoteAddress
        parser = HTTPRequestParser(maxHeaderBytes: config.maxHeaderBytes, maxBodyBytes: config.maxBodyBytes)
        requestNanos = Sys.nanos(config.requestTimeout)
        idleNanos = Sys.nanos(config.idleTimeout)
        lingerNanos = Sys.nanos(min(1, config.requestTimeout))
        buffer = [UInt8](repeating: 0, count: 8192)
        pollFDs = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0)]
        writer = HTTPResponseWriter(cors: config.cors, grantsCORS: config.grantsCORS)
    }

    enum ReadOutcome { case data, eof, timeout, stopped }

    /// A full buffer: moves the unread bytes to the front, or doubles it when they fill it.
    mutating func makeRoomToRead() {
        guard end == buffer.count else { return }
        if start > 0 {
            buffer.withUnsafeMutableBytes { p in
                p.baseAddress!.copyMemory(from: p.baseAddress! + start, byteCount: end - start)
            }
            end -= start
            start = 0
        } else {
            buffer.append(contentsOf: repeatElement(0, count: buffer.count))
        }
    }

    /// Reads more bytes into the buffer, waiting until `deadline`. Idle reads also end when the
    /// server stops.
    mutating func readMore(deadline: UInt64, idle: Bool) -> ReadOutcome {
        makeRoomToRead()
        while true {
            let timeout = Sys.pollTimeout(until: deadline)
            if timeout == 0 && Sys.now() >= deadline { return .timeout }
            pollFDs[0].revents = 0
            pollFDs[1].revents = 0
            let r = poll(&pollFDs, idle ? 2 : 1, timeout)
            if r < 0 {
                if errno == EINTR { continue }
                return .eof
            }
            if r == 0 { continue }
            if idle && pollFDs[1].revents != 0 { return .stopped }
            let got = buffer.withUnsafeMutableBytes { p in recv(fd, p.baseAddress! + end, p.count - end, 0) }
            if got > 0 {
                end += got
                return .data
            }
            if got == 0 { return .eof }
            if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
            return .eof
        }
    }

    /// Makes room for `count` bytes after `start`.
    mutating func reserve(_ count: Int) {
        if buffer.count - start >= count { return }
        if start > 0 {
            buffer.withUnsafeMutableBytes { p in
                p.baseAddress!.copyMemory(from: p.baseAddress! + start, byteCount: end - start)
            }
            end -= start
            start = 0
        }
        if buffer.count < count { buffer.append(contentsOf: repeatElement(0, count: count - buffer.count)) }
    }

    /// Serves the connection, blocking, until it closes. With `untilIdle` (a connection the Linux
    /// pool handed over), returns true instead as soon as every request read so far is answered and
    /// the connection is still open, for the pool to take it back.
    @discardableResult
    mutating func run(untilIdle: Bool = false) -> Bool {
        var becameIdle = false
        serveBlocking(untilIdle: untilIdle, becameIdle: &becameIdle)
        return becameIdle
    }

    private mutating func serveBlocking(untilIdle: Bool, becameIdle: inout Bool) {
        var idleSince = Sys.now()
        while true {
            if untilIdle && start == end && !server.isStopping {
                becameIdle = true
                return
            }
            // Head.
            var requestStart: UInt64? = end > start ? Sys.now() : nil
            var scanFrom = 0
            var headRange = 0..<0
            headLoop: while true {
                let scan = buffer.withUnsafeBufferPointer { p in
                    parser.scanHead(UnsafeBufferPointer(rebasing: p[start..<end]), from: scanFrom)
                }
                switch scan {
                case .complete(let s, let e):
                    headRange = s..<e
                    break headLoop
                case .error(let error):
                    return fail(error)
                case .needMore:
                    scanFrom = max(0, end - start - 3)
                    let idle = requestStart == nil
                    let deadline = idle ? idleSince &+ idleNanos : requestStart! &+ requestNanos
                    switch readMore(deadline: deadline, idle: idle) {
                    case .data: if requestStart == nil { requestStart = Sys.now() }
                    case .eof, .stopped: return
                    case .timeout:
                        if !idle { fail(HTTPParseError(status: 408, message: "Request timeout")) }
                        return
                    }
                }
            }
            let parsed = buffer.withUnsafeBufferPointer { p in
                parser.parseHead(UnsafeBufferPointer(rebasing: p[(start + headRange.lowerBound)..<(start + headRange.upperBound)]))
            }
            let head: HTTPRequestHead
            switch parsed {
            case .failure(let error): return fail(error)
            case .success(let h): head = h
            }
            start += headRange.upperBound
            let requestDeadline = requestStart! &+ requestNanos

            // Body.
            var body = Data()
            switch head.framing {
            case .none:
                break
            case .contentLength(let length):
                if head.expectsContinue && end == start { guard sendContinue() else { return } }
                reserve(length)
                while end - start < length {
                    switch readMore(deadline: requestDeadline, idle: false) {
                    case .data: continue
                    case .eof, .stopped: return
                    case .timeout: return fail(HTTPParseError(status: 408, message: "Request timeout"), head: head.method == "HEAD")
                    }
                }
                body = buffer.withUnsafeBufferPointer { Data(UnsafeBufferPointer(rebasing: $0[start..<(start + length)])) }
                start += length
            case .chunked:
                if head.expectsContinue && end == start { guard sendContinue() else { return } }
                var decoder = HTTPChunkedDecoder(maxBodyBytes: parser.maxBodyBytes, maxTrailerBytes: parser.maxHeaderBytes)
                chunkLoop: while true {
                    let (used, state) = buffer.withUnsafeBufferPointer { p in
                        decoder.feed(UnsafeBufferPointer(rebasing: p[start..<end]))
                    }
                    start += used
                    switch state {
                    case .done: break chunkLoop
                    case .error(let error): return fail(error, head: head.method == "HEAD")
                    case .needMore:
                        start = 0
                        end = 0
                        switch readMore(deadline: requestDeadline, idle: false) {
                        case .data: continue
                        case .eof, .stopped: return
                        case .timeout: return fail(HTTPParseError(status: 408, message: "Request timeout"), head: head.method == "HEAD")
                        }
                    }
                }
                body = Data(decoder.body)
            }
            if start == end {
                start = 0
                end = 0
            }

            switch answer(head, body: body) {
            case .keepOpen:
                idleSince = Sys.now()
            case .close:
                if end > start { lingerClose() }
                return
            case .abort:
                return
            }
        }
    }

    /// Runs the handler for one parsed request and writes its answer. `pooled`: the thread is a
    /// pool worker, so a write that would block first hands the worker's place to a new thread.
    mutating func answer(_ head: HTTPRequestHead, body: Data, pooled: Bool = false) -> HTTPResponseWriter.Outcome {
        let request = head.request(body: body, remoteAddress: remoteAddress)
        let response: HTTPResponse
        let origin = writer.grantedOrigin(of: request)
        if let preflight = writer.preflight(for: request, grantedOrigin: origin) {
            response = preflight
        } else {
            do {
                let r = try server.handler(request)
                response = (200...999).contains(r.status)
                    ? r : server.errorResponder(HTTPServerError("handler returned status \(r.status)"), request)
            } catch {
                response = server.errorResponder(error, request)
            }
        }
        if response.delay > 0 {
            if pooled { HTTPServer.willBlock() }
            Thread.sleep(forTimeInterval: response.delay)
        }
        let keepAlive = head.keepAlive && !server.isStopping
        return writer.write(response, for: request, grantedOrigin: origin, keepAlive: keepAlive, fd: fd, pooled: pooled)
    }

    // MARK: Pooled (Linux: EventPool)

    enum ReceiveOutcome { case data, wouldBlock, eof }

    /// One read that does not wait (the pool only calls it when epoll reported the socket
    /// readable, or to see whether the rest of a request has already arrived).
    mutating func receiveNow() -> ReceiveOutcome {
        makeRoomToRead()
        while true {
            #if os(Linux)
            let flags = Int32(MSG_DONTWAIT)
            #else
            let flags: Int32 = MSG_DONTWAIT
            #endif
            let got = buffer.withUnsafeMutableBytes { p in recv(fd, p.baseAddress! + end, p.count - end, flags) }
            if got > 0 {
                end += got
                return .data
            }
            if got == 0 { return .eof }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .eof
        }
    }

    enum BufferedOutcome: Equatable {
        /// Every buffered request was answered and nothing is left: wait for the next one.
        case idle
        /// A request has begun but is not all here yet.
        case needMore
        /// The rest needs the blocking code: a chunked body, `100-continue`, or an error to answer
        /// and linger on (`run()` parses the buffer again from the same place).
        case handOff
        /// The answer closed the connection with nothing left to read.
        case close
        /// The answer closed the connection and the client sent more: drain it (`lingerClose`).
        case linger
        /// The handler or the write gave up this thread's place in the pool (`detached` became
        /// true): serve the rest of this connection here with `run()`.
        case detached
    }

    /// Answers every request already complete in the buffer without waiting for a byte. Only a
    /// request whose head and `Content-Length` body are all here is served; anything else is left
    /// in the buffer, unconsumed, for `run()`.
    mutating func serveBuffered(detached: () -> Bool) -> BufferedOutcome {
        while true {
            if start == end {
                start = 0
                end = 0
                return .idle
            }
            let scan = buffer.withUnsafeBufferPointer { p in
                parser.scanHead(UnsafeBufferPointer(rebasing: p[start..<end]), from: 0)
            }
            let headRange: Range<Int>
            switch scan {
            case .complete(let s, let e): headRange = s..<e
            case .needMore: return .needMore
            case .error: return .handOff
            }
            let parsed = buffer.withUnsafeBufferPointer { p in
                parser.parseHead(UnsafeBufferPointer(rebasing: p[(start + headRange.lowerBound)..<(start + headRange.upperBound)]))
            }
            guard case .success(let head) = parsed else { return .handOff }
            let bodyStart = start + headRange.upperBound
            var body = Data()
            switch head.framing {
            case .none:
                start = bodyStart
            case .contentLength(let length):
                if end - bodyStart < length {
                    // `100 Continue` is owed only when no body byte has arrived.
                    return head.expectsContinue && end == bodyStart ? .handOff : .needMore
                }
                body = buffer.withUnsafeBufferPointer { Data(UnsafeBufferPointer(rebasing: $0[bodyStart..<(bodyStart + length)])) }
                start = bodyStart + length
            case .chunked:
                return .handOff
            }
            switch answer(head, body: body, pooled: true) {
            case .keepOpen:
                if detached() { return .detached }
            case .close:
                return end > start ? .linger : .close
            case .abort:
                return .close
            }
        }
    }

    static let headPrefix = Array("HEAD ".utf8)

    mutating func sendContinue() -> Bool {
        Sys.sendAll(fd, HTTPResponseWriter.continueBytes)
    }

    /// Answers a client-caused error with the configured error body and `Connection: close`, then closes.
    /// (No body when the request line says HEAD.)
    mutating func fail(_ error: HTTPParseError, head: Bool? = nil) {
        let isHead = head ?? buffer[start..<end].starts(with: Self.headPrefix)
        let bytes = HTTPResponseWriter.errorResponse(status: error.status, message: error.message,
                                                     body: server.configuration.errorBody, date: &writer.date, omitBody: isHead)
        if Sys.sendAll(fd, bytes) { lingerClose() }
    }

    /// Half-closes, then reads and drops what the client is still sending (for a short while), so
    /// that closing does not reset the connection before the client has read our answer.
    mutating func lingerClose() {
        shutdown(fd, Int32(SHUT_WR))
        let deadline = Sys.now() &+ lingerNanos
        var drained = 0
        start = 0
        end = 0
        while drained < 8 << 20 {
            switch readMore(deadline: deadline, idle: false) {
            case .data:
                drained += end
                end = 0
            default:
                return
            }
        }
    }
}

/// Serialises responses: one buffer for the head, sent with the body in one sendmsg.
struct HTTPResponseWriter {
    let cors: Bool
    let grantsCORS: @Sendable (HTTPRequest) -> Bool
    var date = HTTPDateCache()
    var head: [UInt8] = []

    init(cors: Bool, grantsCORS: @escaping @Sendable (HTTPRequest) -> Bool = { _ in true }) {
        self.cors = cors
        self.grantsCORS = grantsCORS
        head.reserveCapacity(512)
    }

    enum Outcome { case keepOpen, close, abort }

    static let continueBytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
    static let allowMethods = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"

    /// The `Origin` of `request` when CORS may be granted to it: nil without `cors`, without an
    /// `Origin`, or when the configuration's `grantsCORS` says no (asked only here, and only when
    /// the request has an `Origin`).
    func grantedOrigin(of request: HTTPRequest) -> String? {
        guard cors, let origin = request.headers["origin"], grantsCORS(request) else { return nil }
        return origin
    }

    /// The server's answer to a CORS preflight, or nil when `request` is not one or its origin was
    /// not granted CORS (`grantedOrigin(of:)`): then the handler answers it.
    func preflight(for request: HTTPRequest, grantedOrigin: String?) -> HTTPResponse? {
        guard grantedOrigin != nil, request.method == "OPTIONS",
              let requestedMethod = request.headers["access-control-request-method"] else { return nil }
        var headers = HTTPHeaders()
        var methods = Self.allowMethods
        if !methods.contains(requestedMethod), requestedMethod.utf8.allSatisfy(isTokenByte) {
            methods += ", " + requestedMethod
        }
        headers.add("Access-Control-Allow-Methods", methods)
        headers.add("Access-Control-Allow-Headers",
                    request.headers["access-control-request-headers"] ?? "Authorization, Content-Type")
        headers.add("Access-Control-Max-Age", "600")
        if request.headers["access-control-request-private-network"] == "true" {
            headers.add("Access-Control-Allow-Private-Network", "true")
        }
        headers.add("Vary", "Origin, Access-Control-Request-Method, Access-Control-Request-Headers")
        return HTTPResponse(status: 204, headers: headers)
    }

    /// `grantedOrigin`: the request's `Origin` when CORS was granted to it (`grantedOrigin(of:)`),
    /// echoed in `Access-Control-Allow-Origin` unless the handler set its own.
    mutating func write(_ response: HTTPResponse, for request: HTTPRequest, grantedOrigin: String?,
                        keepAlive requested: Bool, fd: Int32, pooled: Bool = false) -> Outcome {
        var keepAlive = requested
        switch response.delivery {
        case .dropConnection: return .abort
        case .truncateBody: keepAlive = false
        case .normal: break
        }
        let status = response.status
        let noBody = status == 204 || status == 304 || status < 200
        head.removeAll(keepingCapacity: true)
        appendStatusLine(status)
        var hasDate = false
        var hasAllowOrigin = false
        var handlerLength: String?
        for field in response.headers {
            let name = field.name
            switch name {
            case "content-length":
                handlerLength = field.value
                continue
            case "connection":
                if field.value.lowercased().contains("close") { keepAlive = false }
                continue
            case "transfer-encoding", "keep-alive":
                continue
            case "date": hasDate = true
            case "access-control-allow-origin": hasAllowOrigin = true
            default: break
            }
            appendField(name, field.value)
        }
        if !hasAllowOrigin, let origin = grantedOrigin {
            appendField("access-control-allow-origin", origin)
            if request.method != "OPTIONS" || !request.headers.contains("access-control-request-method") {
                appendField("vary", "Origin")
            }
        }
        if !hasDate {
            head.append(contentsOf: "date: ".utf8)
            date.append(to: &head)
            head.append(contentsOf: "\r\n".utf8)
        }
        if status == 304 {
            if let handlerLength, handlerLength.utf8.allSatisfy(isDigit) { appendField("content-length", handlerLength) }
        } else if !noBody {
            head.append(contentsOf: "content-length: ".utf8)
            appendInt(response.body.count)
            head.append(contentsOf: "\r\n".utf8)
        }
        if case .truncateBody = response.delivery {
            // A broken transfer: nothing announces the close.
        } else if !keepAlive {
            head.append(contentsOf: "connection: close\r\n".utf8)
        } else if request.version == "HTTP/1.0" {
            head.append(contentsOf: "connection: keep-alive\r\n".utf8)
        }
        head.append(13)
        head.append(10)

        let sendBody = !noBody && request.method != "HEAD"
        var bodyCount = sendBody ? response.body.count : 0
        if case .truncateBody(let bytes) = response.delivery { bodyCount = max(0, min(bodyCount, bytes)) }
        let ok = head.withUnsafeBytes { h in
            if bodyCount == 0 { return Sys.sendAll(fd, h, pooled: pooled) }
            return response.body.withUnsafeBytes { b in
                Sys.sendAll(fd, h, UnsafeRawBufferPointer(rebasing: b[0..<bodyCount]), pooled: pooled)
            }
        }
        if !ok { return .abort }
        if case .truncateBody = response.delivery { return .abort }
        return keepAlive ? .keepOpen : .close
    }

    private mutating func appendField(_ name: String, _ value: String) {
        // A handler's header that would break the framing (CR, LF, NUL, bad name) is dropped.
        guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte),
              value.utf8.allSatisfy({ $0 >= 0x20 || $0 == 9 }) else { return }
        head.append(contentsOf: name.utf8)
        head.append(58)
        head.append(32)
        head.append(contentsOf: value.utf8)
        head.append(13)
        head.append(10)
    }

    private mutating func appendInt(_ value: Int) {
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var v = max(value, 0)
        while divisor > 0 {
            head.append(UInt8(48 + v / divisor))
            v %= divisor
            divisor /= 10
        }
    }

    private static let ok = Array("HTTP/1.1 200 OK\r\n".utf8)

    private mutating func appendStatusLine(_ status: Int) {
        if status == 200 {
            head.append(contentsOf: Self.ok)
            return
        }
        head.append(contentsOf: "HTTP/1.1 ".utf8)
        appendInt(status)
        head.append(32)
        head.append(contentsOf: reasonPhrase(status).utf8)
        head.append(13)
        head.append(10)
    }

    /// A complete client-error response: the server's error body, `Connection: close`.
    static func errorResponse(status: Int, message: String, body makeBody: (Int, String) -> HTTPErrorBody,
                              date: inout HTTPDateCache, omitBody: Bool = false) -> [UInt8] {
        let errorBody = makeBody(status, message)
        let body = errorBody.bytes
        var out = Array("HTTP/1.1 \(status) \(reasonPhrase(status))\r\ncontent-type: \(errorBody.contentType)\r\ndate: ".utf8)
        date.append(to: &out)
        out += Array("\r\ncontent-length: \(body.count)\r\nconnection: close\r\n\r\n".utf8)
        if !omitBody { out += body }
        return out
    }
}

/// The status line's reason phrase (also what the proxy's HAR files call a status).
package func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 100: "Continue"
    case 200: "OK"
    case 201: "Created"
    case 202: "Accepted"
    case 204: "No Content"
    case 206: "Partial Content"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 303: "See Other"
    case 304: "Not Modified"
    case 307: "Temporary Redirect"
    case 308: "Permanent Redirect"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 406: "Not Acceptable"
    case 408: "Request Timeout"
    case 409: "Conflict"
    case 410: "Gone"
    case 411: "Length Required"
    case 412: "Precondition Failed"
    case 413: "Content Too Large"
    case 415: "Unsupported Media Type"
    case 417: "Expectation Failed"
    case 418: "I'm a teapot"
    case 422: "Unprocessable Content"
    case 423: "Locked"
    case 428: "Precondition Required"
    case 429: "Too Many Requests"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    default: "Status"
    }
}

/// The IMF-fixdate of the current second, formatted once per second per connection.
struct HTTPDateCache {
    private var second = -1
    private var bytes: [UInt8] = []

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].map { Array($0.utf8) }
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].map { Array($0.utf8) }

    mutating func append(to out: inout [UInt8]) {
        var now = time(nil)
        if Int(now) != second {
            second = Int(now)
            var parts = tm()
            gmtime_r(&now, &parts)
            var b: [UInt8] = []
            b.reserveCapacity(29)
            func two(_ v: Int32) { b.append(UInt8(48 + v / 10)); b.append(UInt8(48 + v % 10)) }
            b += Self.days[Int(parts.tm_wday) % 7]
            b += Array(", ".utf8)
            two(parts.tm_mday)
            b.append(32)
            b += Self.months[Int(parts.tm_mon) % 12]
            b.append(32)
            let year = Int(parts.tm_year) + 1900
            b += Array(String(year).utf8)
            b.append(32)
            two(parts.tm_hour)
            b.append(58)
            two(parts.tm_min)
            b.append(58)
            two(parts.tm_sec)
            b += Array(" GMT".utf8)
            bytes = b
        }
        out.append(contentsOf: bytes)
    }
}
