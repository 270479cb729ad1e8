import Foundation

/// A request the transport refuses, with the status it answers (always 4xx) and a short message
/// that goes into `{"success":false,"error":"<message>"}`.
public struct HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var status: Int
    public var message: String
    public init(status: Int, message: String) {
        self.status = status
        self.message = message
    }
    public var description: String { "\(status) \(message)" }

    static func bad(_ message: String) -> HTTPParseError { HTTPParseError(status: 400, message: message) }
    static let tooLarge = HTTPParseError(status: 413, message: "Request body too large")
    static let headersTooLarge = HTTPParseError(status: 431, message: "Request header fields too large")
}

/// How the body of a request is delimited.
public enum HTTPBodyFraming: Sendable, Equatable {
    case none
    case contentLength(Int)
    case chunked
}

/// The request line and header section, validated, before any body byte is read.
public struct HTTPRequestHead: Sendable {
    public var method: String
    public var target: String
    public var path: String
    public var query: [(name: String, value: String)]
    public var version: String
    public var headers: HTTPHeaders
    public var framing: HTTPBodyFraming
    /// Whether the connection stays open after the response (HTTP/1.1 unless `Connection: close`;
    /// HTTP/1.0 only with `Connection: keep-alive`).
    public var keepAlive: Bool
    /// `Expect: 100-continue` on an HTTP/1.1 request.
    public var expectsContinue: Bool

    public func request(body: Data, remoteAddress: String) -> HTTPRequest {
        HTTPRequest(method: method, target: target, path: path, query: query, version: version,
                    headers: headers, body: body, remoteAddress: remoteAddress)
    }
}

/// Result of looking for the end of the header section in a buffer.
public enum HTTPHeadScan: Sendable, Equatable {
    /// Not complete yet (and not over the limit).
    case needMore
    /// The head occupies `start..<end` (`end` is just past the blank line; `start` skips empty
    /// lines sent before the request line).
    case complete(start: Int, end: Int)
    case error(HTTPParseError)
}

/// Result of parsing a whole request from a buffer.
public enum HTTPParseResult: Sendable {
    case needMore
    case request(HTTPRequest, consumed: Int)
    case error(HTTPParseError)
}

/// The strict HTTP/1.x request parser: a pure value with no I/O, so it can be unit-tested and fuzzed.
/// The server uses the same pieces (`scanHead`, `parseHead`, `HTTPChunkedDecoder`) incrementally.
public struct HTTPRequestParser: Sendable {
    public var maxHeaderBytes: Int
    public var maxBodyBytes: Int

    public init(maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 1 << 20) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
    }

    // MARK: Whole-request convenience

    /// Parses one complete request (head and body) from the start of `bytes`.
    public func parse(_ bytes: [UInt8]) -> HTTPParseResult {
        bytes.withUnsafeBufferPointer { buf in
            let head: HTTPRequestHead
            let headEnd: Int
            switch scanHead(buf, from: 0) {
            case .needMore: return .needMore
            case .error(let e): return .error(e)
            case .complete(let start, let end):
                switch parseHead(UnsafeBufferPointer(rebasing: buf[start..<end])) {
                case .failure(let e): return .error(e)
                case .success(let h): head = h; headEnd = end
                }
            }
            switch head.framing {
            case .none:
                return .request(head.request(body: Data(), remoteAddress: ""), consumed: headEnd)
            case .contentLength(let n):
                guard buf.count - headEnd >= n else { return .needMore }
                let body = Data(UnsafeBufferPointer(rebasing: buf[headEnd..<(headEnd + n)]))
                return .request(head.request(body: body, remoteAddress: ""), consumed: headEnd + n)
            case .chunked:
                var decoder = HTTPChunkedDecoder(maxBodyBytes: maxBodyBytes, maxTrailerBytes: maxHeaderBytes)
                let (used, state) = decoder.feed(UnsafeBufferPointer(rebasing: buf[headEnd...]))
                switch state {
                case .needMore: return .needMore
                case .error(let e): return .error(e)
                case .done:
                    return .request(head.request(body: Data(decoder.body), remoteAddress: ""), consumed: headEnd + used)
                }
            }
        }
    }

    // MARK: Head

    /// Looks for the blank line that ends the head, scanning new bytes from `from` (pass the
    /// previous buffer length minus 3 to avoid rescanning). Rejects bare LF line endings and heads
    /// longer than `maxHeaderBytes` (counted from the start of the buffer).
    public func scanHead(_ buf: UnsafeBufferPointer<UInt8>, from: Int) -> HTTPHeadScan {
        let count = buf.count
        // Empty lines before the request line are ignored (RFC 9112 §2.2).
        var start = 0
        while start + 1 < count, buf[start] == 13, buf[start + 1] == 10 { start += 2 }
        var i = Swift.max(from, start)
        while i < count {
            let b = buf[i]
            if b == 10 {
                if i == start || buf[i - 1] != 13 { return .error(.bad("Bare LF in request head")) }
                if i >= start + 3, buf[i - 2] == 10, buf[i - 3] == 13 {
                    let end = i + 1
                    if end > maxHeaderBytes { return .error(.headersTooLarge) }
                    return .complete(start: start, end: end)
                }
            }
            i += 1
            if i > maxHeaderBytes { return .error(.headersTooLarge) }
        }
        return .needMore
    }

    /// Parses and validates a head (`bytes` ends with CRLF CRLF, as located by `scanHead`).
    public func parseHead(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<HTTPRequestHead, HTTPParseError> {
        let n = bytes.count
        guard n >= 4, bytes[n - 1] == 10, bytes[n - 2] == 13, bytes[n - 3] == 10, bytes[n - 4] == 13 else {
            return .failure(.bad("Malformed request head"))
        }
        // Request line.
        var lineEnd = 0
        while lineEnd < n, bytes[lineEnd] != 13 { lineEnd += 1 }
        guard lineEnd + 1 < n, bytes[lineEnd + 1] == 10 else { return .failure(.bad("Malformed request line")) }
        var sp1 = 0
        while sp1 < lineEnd, bytes[sp1] != 32 { sp1 += 1 }
        guard sp1 > 0, sp1 < lineEnd else { return .failure(.bad("Malformed request line")) }
        for k in 0..<sp1 where !isTokenByte(bytes[k]) { return .failure(.bad("Malformed request line")) }
        var sp2 = sp1 + 1
        while sp2 < lineEnd, bytes[sp2] != 32 { sp2 += 1 }
        guard sp2 > sp1 + 1, sp2 < lineEnd else { return .failure(.bad("Malformed request line")) }
        for k in (sp1 + 1)..<sp2 {
            let b = bytes[k]
            if b < 0x21 || b > 0x7E || b == UInt8(ascii: "#") { return .failure(.bad("Invalid request target")) }
        }
        let versionBytes = UnsafeBufferPointer(rebasing: bytes[(sp2 + 1)..<lineEnd])
        let version: String
        if versionBytes.elementsEqual(Self.http11) {
            version = "HTTP/1.1"
        } else if versionBytes.elementsEqual(Self.http10) {
            version = "HTTP/1.0"
        } else if versionBytes.count == 8, versionBytes.starts(with: Self.httpSlash),
                  isDigit(versionBytes[5]), versionBytes[6] == UInt8(ascii: "."), isDigit(versionBytes[7]) {
            return .failure(.bad("Unsupported HTTP version"))
        } else {
            return .failure(.bad("Malformed request line"))
        }
        let method = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<sp1]), as: UTF8.self)
        let targetBytes = UnsafeBufferPointer(rebasing: bytes[(sp1 + 1)..<sp2])
        let target = String(decoding: targetBytes, as: UTF8.self)
        let path: String
        var query: [(name: String, value: String)] = []
        if targetBytes.count == 1, targetBytes[0] == UInt8(ascii: "*") {
            guard method == "OPTIONS" else { return .failure(.bad("Invalid request target")) }
            path = "*"
        } else {
            guard targetBytes[0] == UInt8(ascii: "/") else { return .failure(.bad("Invalid request target")) }
            var q = 0
            while q < targetBytes.count, targetBytes[q] != UInt8(ascii: "?") { q += 1 }
            guard let p = percentDecode(UnsafeBufferPointer(rebasing: targetBytes[0..<q])), !p.utf8.contains(0) else {
                return .failure(.bad("Invalid percent-encoding in path"))
            }
            path = p
            if q < targetBytes.count {
                guard let items = parseQuery(UnsafeBufferPointer(rebasing: targetBytes[(q + 1)...])) else {
                    return .failure(.bad("Invalid percent-encoding in query"))
                }
                query = items
            }
        }

        // Header fields.
        var fields: [(name: String, value: String)] = []
        var hostCount = 0
        var contentLengths: [String] = []
        var transferEncodings: [String] = []
        var connectionClose = false
        var connectionKeepAlive = false
        var expect: String?
        var i = lineEnd + 2
        while i < n - 2 {
            var e = i
            while bytes[e] != 13 { e += 1 }   // the head ends with CRLF, so this stops
            guard bytes[e + 1] == 10 else { return .failure(.bad("Malformed header line")) }
            let first = bytes[i]
            if first == 32 || first == 9 { return .failure(.bad("Obsolete line folding is not allowed")) }
            var colon = i
            while colon < e, bytes[colon] != UInt8(ascii: ":") {
                if !isTokenByte(bytes[colon]) { return .failure(.bad("Invalid header name")) }
                colon += 1
            }
            guard colon < e, colon > i else { return .failure(.bad("Invalid header name")) }
            var vs = colon + 1
            var ve = e
            while vs < ve, bytes[vs] == 32 || bytes[vs] == 9 { vs += 1 }
            while ve > vs, bytes[ve - 1] == 32 || bytes[ve - 1] == 9 { ve -= 1 }
            for k in vs..<ve {
                let b = bytes[k]
                if (b < 0x20 && b != 9) || b == 0x7F { return .failure(.bad("Invalid character in header value")) }
            }
            let name = lowercasedString(UnsafeBufferPointer(rebasing: bytes[i..<colon]))
            let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[vs..<ve]), as: UTF8.self)
            switch name {
            case "host": hostCount += 1
            case "content-length": contentLengths.append(value)
            case "transfer-encoding": transferEncodings.append(value)
            case "connection":
                for token in value.utf8.split(separator: UInt8(ascii: ",")) {
                    let t = token.drop(while: { $0 == 32 || $0 == 9 }).reversed().drop(while: { $0 == 32 || $0 == 9 }).reversed()
                    if asciiCaseInsensitiveEqual(t, Self.close) { connectionClose = true }
                    else if asciiCaseInsensitiveEqual(t, Self.keepAlive) { connectionKeepAlive = true }
                }
            case "expect": expect = value
            default: break
            }
            fields.append((name, value))
            i = e + 2
        }
        let isHTTP11 = version == "HTTP/1.1"
        if hostCount > 1 || (isHTTP11 && hostCount == 0) {
            return .failure(.bad(hostCount == 0 ? "Missing Host header" : "Multiple Host headers"))
        }

        // Body framing.
        var framing = HTTPBodyFraming.none
        if !transferEncodings.isEmpty {
            guard contentLengths.isEmpty else {
                return .failure(.bad("Both Content-Length and Transfer-Encoding"))
            }
            guard isHTTP11 else { return .failure(.bad("Transfer-Encoding is not allowed in HTTP/1.0")) }
            guard transferEncodings.count == 1, transferEncodings[0].lowercased() == "chunked" else {
                return .failure(.bad("Unsupported Transfer-Encoding"))
            }
            framing = .chunked
        } else if !contentLengths.isEmpty {
            var length: Int?
            for field in contentLengths {
                for part in field.split(separator: ",", omittingEmptySubsequences: false) {
                    let digits = part.utf8.drop(while: { $0 == 32 || $0 == 9 }).reversed().drop(while: { $0 == 32 || $0 == 9 })
                    guard !digits.isEmpty, digits.allSatisfy(isDigit) else {
                        return .failure(.bad("Invalid Content-Length"))
                    }
                    var value = 0
                    for d in digits.reversed() {
                        if value > (Int.max - 9) / 10 { value = Int.max; break }
                        value = value * 10 + Int(d - 48)
                    }
                    if let length, length != value { return .failure(.bad("Conflicting Content-Length")) }
                    length = value
                }
            }
            let bodyLength = length ?? 0
            if bodyLength > maxBodyBytes { return .failure(.tooLarge) }
            if bodyLength > 0 { framing = .contentLength(bodyLength) }
        }
        var expectsContinue = false
        if let expect {
            guard expect.lowercased() == "100-continue" else {
                return .failure(HTTPParseError(status: 417, message: "Unsupported Expect"))
            }
            expectsContinue = isHTTP11
        }
        let keepAlive = isHTTP11 ? !connectionClose : (connectionKeepAlive && !connectionClose)
        return .success(HTTPRequestHead(method: method, target: target, path: path, query: query, version: version,
                                        headers: HTTPHeaders(normalized: fields), framing: framing,
                                        keepAlive: keepAlive, expectsContinue: expectsContinue))
    }

    // MARK: Helpers

    private static let http11: [UInt8] = Array("HTTP/1.1".utf8)
    private static let http10: [UInt8] = Array("HTTP/1.0".utf8)
    private static let httpSlash: [UInt8] = Array("HTTP/".utf8)
    private static let close: [UInt8] = Array("close".utf8)
    private static let keepAlive: [UInt8] = Array("keep-alive".utf8)

    private func parseQuery(_ bytes: UnsafeBufferPointer<UInt8>) -> [(name: String, value: String)]? {
        var items: [(name: String, value: String)] = []
        var s = 0
        while s <= bytes.count {
            var e = s
            while e < bytes.count, bytes[e] != UInt8(ascii: "&") { e += 1 }
            if e > s {
                var eq = s
                while eq < e, bytes[eq] != UInt8(ascii: "=") { eq += 1 }
                guard let name = percentDecode(UnsafeBufferPointer(rebasing: bytes[s..<eq]), plusAsSpace: true) else {
                    return nil
                }
                var value = ""
                if eq < e {
                    guard let v = percentDecode(UnsafeBufferPointer(rebasing: bytes[(eq + 1)..<e]), plusAsSpace: true) else {
                        return nil
                    }
                    value = v
                }
                items.append((name, value))
            }
            s = e + 1
        }
        return items
    }
}

/// Percent-decodes `bytes`. `plusAsSpace`: `+` is a space, as in a query string read the way the
/// backend (a JavaScript worker, `URLSearchParams`) and every HTML form read it — `%2B` is a plus
/// sign; elsewhere (the path) `+` is kept. Nil when a `%` is not followed by two hex digits or the
/// result is not UTF-8.
func percentDecode(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool = false) -> String? {
    guard bytes.contains(UInt8(ascii: "%")) || (plusAsSpace && bytes.contains(UInt8(ascii: "+"))) else {
        return String(decoding: bytes, as: UTF8.self)
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
        let b = bytes[i]
        if b == UInt8(ascii: "%") {
            guard i + 2 < bytes.count, let h = hexValue(bytes[i + 1]), let l = hexValue(bytes[i + 2]) else { return nil }
            out.append(h << 4 | l)
            i += 3
        } else if plusAsSpace && b == UInt8(ascii: "+") {
            out.append(UInt8(ascii: " "))
            i += 1
        } else {
            out.append(b)
            i += 1
        }
    }
    let s = String(decoding: out, as: UTF8.self)
    guard s.utf8.elementsEqual(out) else { return nil }   // invalid UTF-8 was repaired: reject
    return s
}

@inline(__always) func hexValue(_ b: UInt8) -> UInt8? {
    switch b {
    case 48...57: return b - 48
    case 65...70: return b - 55
    case 97...102: return b - 87
    default: return nil
    }
}

func asciiCaseInsensitiveEqual<C: Collection>(_ a: C, _ lowercase: [UInt8]) -> Bool where C.Element == UInt8 {
    guard a.count == lowercase.count else { return false }
    return zip(a, lowercase).allSatisfy { x, y in (x >= 65 && x <= 90 ? x + 32 : x) == y }
}

@inline(__always) func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }

/// RFC 9110 tchar.
@inline(__always) func isTokenByte(_ b: UInt8) -> Bool { tokenTable[Int(b)] }

private let tokenTable: [Bool] = (0..<256).map { (c: Int) -> Bool in
    switch c {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
    default: return "!#$%&'*+-.^_`|~".utf8.contains(UInt8(c))
    }
}

func lowercasedString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    String(unsafeUninitializedCapacity: bytes.count) { out in
        for k in 0..<bytes.count {
            let b = bytes[k]
            out[k] = (b >= 65 && b <= 90) ? b + 32 : b
        }
        return bytes.count
    }
}

/// Incremental decoder of a `Transfer-Encoding: chunked` body: feed it bytes as they arrive.
public struct HTTPChunkedDecoder: Sendable {
    public enum State: Sendable, Equatable {
        case needMore
        case done
        case error(HTTPParseError)
    }

    private enum Phase: Sendable {
        case size, sizeSpace, ext, sizeLF, data, dataCR, dataLF, trailerStart, trailerName, trailerValue, trailerLF, finalLF, done
    }

    public let maxBodyBytes: Int
    public let maxTrailerBytes: Int
    /// The decoded body so far.
    public private(set) var body: [UInt8] = []
    private var phase = Phase.size
    private var digits = 0
    private var size = 0
    private var extBytes = 0
    private var trailerBytes = 0

    public init(maxBodyBytes: Int, maxTrailerBytes: Int = 16 * 1024) {
        self.maxBodyBytes = maxBodyBytes
        self.maxTrailerBytes = maxTrailerBytes
    }

    /// Consumes bytes from the start of `buf`; returns how many were used (on `.done`, the bytes
    /// after that count belong to the next request).
    public mutating func feed(_ buf: UnsafeBufferPointer<UInt8>) -> (consumed: Int, state: State) {
        var i = 0
        let n = buf.count
        while i < n {
            let b = buf[i]
            switch phase {
            case .size:
                if let h = hexValue(b) {
                    digits += 1
                    if digits > 16 { return (i, .error(.tooLarge)) }
                    size = size << 4 | Int(h)
                    if size > maxBodyBytes - body.count { return (i, .error(.tooLarge)) }
                } else if digits == 0 {
                    return (i, .error(.bad("Invalid chunk size")))
                } else if b == 32 || b == 9 {
                    phase = .sizeSpace
                } else if b == UInt8(ascii: ";") {
                    phase = .ext
                } else if b == 13 {
                    phase = .sizeLF
                } else {
                    return (i, .error(.bad("Invalid chunk size")))
                }
                i += 1
            case .sizeSpace:
                if b == UInt8(ascii: ";") { phase = .ext } else if b == 13 { phase = .sizeLF }
                else if b != 32 && b != 9 { return (i, .error(.bad("Invalid chunk size"))) }
                i += 1
            case .ext:
                if b == 13 { phase = .sizeLF }
                else if (b < 0x20 && b != 9) || b == 0x7F { return (i, .error(.bad("Invalid chunk extension"))) }
                extBytes += 1
                if extBytes > 4096 { return (i, .error(.bad("Chunk extension too long"))) }
                i += 1
            case .sizeLF:
                guard b == 10 else { return (i, .error(.bad("Invalid chunk size line"))) }
                i += 1
                if size == 0 {
                    phase = .trailerStart
                } else {
                    phase = .data
                    if body.capacity < body.count + size { body.reserveCapacity(Swift.max(body.count + size, body.count * 2)) }
                }
            case .data:
                let take = Swift.min(size, n - i)
                body.append(contentsOf: UnsafeBufferPointer(rebasing: buf[i..<(i + take)]))
                size -= take
                i += take
                if size == 0 { phase = .dataCR }
            case .dataCR:
                guard b == 13 else { return (i, .error(.bad("Missing CRLF after chunk data"))) }
                phase = .dataLF
                i += 1
            case .dataLF:
                guard b == 10 else { return (i, .error(.bad("Missing CRLF after chunk data"))) }
                phase = .size
                digits = 0
                size = 0
                extBytes = 0
                i += 1
            case .trailerStart:
                if b == 13 { phase = .finalLF }
                else if isTokenByte(b) { phase = .trailerName }
                else { return (i, .error(.bad("Invalid trailer field"))) }
                i += 1
                trailerBytes += 1
            case .trailerName:
                if b == UInt8(ascii: ":") { phase = .trailerValue }
                else if !isTokenByte(b) { return (i, .error(.bad("Invalid trailer field"))) }
                i += 1
                trailerBytes += 1
            case .trailerValue:
                if b == 13 { phase = .trailerLF }
                else if (b < 0x20 && b != 9) || b == 0x7F { return (i, .error(.bad("Invalid trailer field"))) }
                i += 1
                trailerBytes += 1
            case .trailerLF:
                guard b == 10 else { return (i, .error(.bad("Invalid trailer field"))) }
                phase = .trailerStart
                i += 1
                trailerBytes += 1
            case .finalLF:
                guard b == 10 else { return (i, .error(.bad("Invalid end of chunked body"))) }
                phase = .done
                return (i + 1, .done)
            case .done:
                return (i, .done)
            }
            if trailerBytes > maxTrailerBytes { return (i, .error(.headersTooLarge)) }
        }
        return (n, phase == .done ? .done : .needMore)
    }
}
