import Foundation

/// Header fields, kept in arrival order. Names are stored lower-cased and values trimmed,
/// so lookups are case-insensitive (`Content-Type` and `content-type` are the same field).
public struct HTTPHeaders: Sendable, Equatable, Sequence {
    public private(set) var fields: [(name: String, value: String)]

    public init(_ fields: [(String, String)] = []) {
        self.fields = []
        for (name, value) in fields { add(name, value) }
    }

    /// The first value for `name`, or nil.
    public subscript(name: String) -> String? {
        let key = Self.normalizedName(name)
        return fields.first(where: { $0.name == key })?.value
    }

    /// Every value for `name`, in order.
    public func values(_ name: String) -> [String] {
        let key = Self.normalizedName(name)
        return fields.filter { $0.name == key }.map(\.value)
    }

    /// Appends a field (repeated names are kept).
    public mutating func add(_ name: String, _ value: String) {
        fields.append((Self.normalizedName(name), Self.trimmedValue(value)))
    }

    /// Replaces every field called `name` with one field.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    public mutating func remove(_ name: String) {
        let key = Self.normalizedName(name)
        fields.removeAll { $0.name == key }
    }

    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// Fields already normalised by the parser (names lower-cased, values trimmed): no re-work.
    init(normalized fields: [(name: String, value: String)]) {
        self.fields = fields
    }

    /// `name.lowercased()`, without allocating when an ASCII name is already lower-case.
    static func normalizedName(_ name: String) -> String {
        var needsWork = false
        for b in name.utf8 {
            if b >= 0x80 { return name.lowercased() }
            if b >= 65 && b <= 90 { needsWork = true }
        }
        return needsWork ? name.lowercased() : name
    }

    /// `value.trimmingCharacters(in: .whitespaces)`, skipping Foundation when the ends are plain
    /// ASCII (the only ASCII members of `.whitespaces` are space and tab).
    static func trimmedValue(_ value: String) -> String {
        let utf8 = value.utf8
        guard let first = utf8.first, let last = utf8.last else { return value }
        func plain(_ b: UInt8) -> Bool { b < 0x80 && b != 32 && b != 9 }
        return plain(first) && plain(last) ? value : value.trimmingCharacters(in: .whitespaces)
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }
}

/// A parsed request as handlers see it.
public struct HTTPRequest: Sendable {
    /// The method exactly as sent (methods are case-sensitive), e.g. `GET`.
    public var method: String
    /// The raw request-target, e.g. `/api/orders?page=2`.
    public var target: String
    /// The path part of the target, percent-decoded, without the query.
    public var path: String
    /// Query items in order, percent-decoded, `+` read as a space (`URLSearchParams`; `%2B` is a plus).
    public var query: [(name: String, value: String)]
    /// `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    public var headers: HTTPHeaders
    public var body: Data
    /// The peer, e.g. `127.0.0.1:53122` or `[::1]:53122`.
    public var remoteAddress: String

    public init(method: String, target: String, path: String, query: [(name: String, value: String)] = [],
                version: String = "HTTP/1.1", headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(),
                remoteAddress: String = "") {
        self.method = method
        self.target = target
        self.path = path
        self.query = query
        self.version = version
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The first value of query item `name`, or nil.
    public func queryValue(_ name: String) -> String? { query.first(where: { $0.name == name })?.value }

    /// The target's query as sent (after the first `?`, not decoded; empty for a bare `?`), or nil
    /// when the target has none. Found in the UTF-8: the target is ASCII, and a search by
    /// `Character` walks it grapheme by grapheme.
    public var rawQuery: Substring? {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        return target[target.utf8.index(after: mark)...]
    }
}

/// A response as handlers build it. The server adds `Content-Length`, `Date` and `Connection`.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data
    /// How the transport delivers this response; anything but `.normal` is a deliberate fault
    /// (the mock's control API uses it to emulate broken networks).
    public var delivery: Delivery
    /// Seconds the transport waits before writing this response (a pool worker hands its place
    /// on first, so the wait holds up no other connection); 0 writes at once.
    public var delay: TimeInterval = 0

    public enum Delivery: Sendable, Equatable {
        /// Write the whole response.
        case normal
        /// Close the connection without writing anything.
        case dropConnection
        /// Write the head (with the full `Content-Length`) and only the first `bytes` of the body, then close.
        case truncateBody(bytes: Int)
    }

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(), delivery: Delivery = .normal) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delivery = delivery
    }
}

/// Turns a request into a response. Runs on the connection's own thread, concurrently with other
/// connections; it may block (the mock's latency faults do). Errors it throws go to the server's
/// `errorResponder`, the one place where they become responses.
public typealias HTTPHandler = @Sendable (HTTPRequest) throws -> HTTPResponse

/// Maps an error thrown by a handler to a response.
public typealias HTTPErrorResponder = @Sendable (any Error, HTTPRequest) -> HTTPResponse
