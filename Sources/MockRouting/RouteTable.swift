import MockHTTP

/// Who may call a route. The auth layer resolves the bearer token once, before the handler.
package enum RouteAccess: Sendable, Equatable {
    case open
    case staff
    case customer
    case staffOrCustomer
}

/// A segment of a route's pattern: `orders` or `:id`.
package enum RouteSegment: Sendable, Equatable {
    case literal(String)
    case parameter(String)
}

/// Method + path pattern (`/api/orders/:id`) → handler: the one way a path finds its handler, the
/// mock's (MockServer's `Router`) and the proxy's control routes (whose handlers take the bare request).
package struct RouteTable<Context>: Sendable {
    package typealias Handler = @Sendable (Context) throws -> HTTPResponse
    package typealias Segment = RouteSegment

    package struct Route: Sendable {
        package let method: String
        package let segments: [Segment]
        package let access: RouteAccess
        package let handler: Handler
    }

    package enum Match {
        case found(Route, parameters: [String: String])
        case methodNotAllowed(allow: [String])
        case notFound

        /// Whether the request reached a route anyone may call.
        package var isOpen: Bool {
            if case .found(let route, _) = self { return route.access == .open }
            return false
        }
    }

    private(set) var routes: [Route] = []
    /// The routes' patterns, matched apart from the handlers (`RoutePatterns`).
    private var patterns = RoutePatterns()

    package init() {}

    package mutating func add(_ method: String, _ pattern: String, access: RouteAccess, _ handler: @escaping Handler) {
        let segments = Self.segments(of: pattern)
        precondition(!routes.contains { $0.method == method && $0.segments == segments },
                     "route registered twice: \(method) \(pattern)")
        patterns.add(method: method, segments: segments, route: routes.count)
        routes.append(Route(method: method, segments: segments, access: access, handler: handler))
    }

    /// The route registered for `method` and exactly `pattern` (`/__mock/companies/:id`), found by
    /// its pattern rather than by matching a path: an operation's route, looked up once.
    package func route(_ method: String, _ pattern: String) -> Route? {
        let segments = Self.segments(of: pattern)
        return routes.first { $0.method == method && $0.segments == segments }
    }

    private static func segments(of pattern: String) -> [Segment] {
        RoutePatterns.split(pattern).map { part -> Segment in
            part.hasPrefix(":") ? .parameter(String(part.dropFirst())) : .literal(String(part))
        }
    }

    package mutating func get(_ pattern: String, access: RouteAccess, _ handler: @escaping Handler) { add("GET", pattern, access: access, handler) }
    package mutating func post(_ pattern: String, access: RouteAccess, _ handler: @escaping Handler) { add("POST", pattern, access: access, handler) }
    package mutating func put(_ pattern: String, access: RouteAccess, _ handler: @escaping Handler) { add("PUT", pattern, access: access, handler) }
    package mutating func patch(_ pattern: String, access: RouteAccess, _ handler: @escaping Handler) { add("PATCH", pattern, access: access, handler) }
    package mutating func delete(_ pattern: String, access: RouteAccess, _ handler: @escaping Handler) { add("DELETE", pattern, access: access, handler) }

    /// Literal segments win over parameters (`/api/devices/my-queue` before `/api/devices/:id`),
    /// whatever the method: the path names the most literal pattern it fits, and a method that
    /// pattern does not have is a 405 listing the ones it has (`PATCH /api/devices/my-queue` is a
    /// 405, not a device called "my-queue").
    package func match(method: String, path: String) -> Match {
        switch patterns.match(method: method, path: path) {
        case .found(let route, let parameters): .found(routes[route], parameters: parameters)
        case .methodNotAllowed(let allow): .methodNotAllowed(allow: allow)
        case .notFound: .notFound
        }
    }
}

/// A table's patterns by their number of segments, each in registration order, matched without the
/// handlers. Not generic, so it is compiled and optimised once, here: `RouteTable` is generic over
/// its handlers' context, and a generic type's code called from another module runs unspecialised,
/// looking up generic metadata at every step of its loops (docs/performance.md, "Targets and
/// generic code").
struct RoutePatterns: Sendable {
    struct Pattern: Sendable {
        let method: String
        let segments: [RouteSegment]
        /// The route's place in the table.
        let route: Int
    }

    enum Match {
        case found(route: Int, parameters: [String: String])
        case methodNotAllowed(allow: [String])
        case notFound
    }

    /// A path is only matched against the patterns of its length.
    private var bySegmentCount: [[Pattern]] = []

    mutating func add(method: String, segments: [RouteSegment], route: Int) {
        while bySegmentCount.count <= segments.count { bySegmentCount.append([]) }
        bySegmentCount[segments.count].append(Pattern(method: method, segments: segments, route: route))
    }

    func match(method: String, path: String) -> Match {
        let parts = Self.split(path)
        let effectiveMethod = method == "HEAD" ? "GET" : method
        var mostLiterals = -1
        var candidates: [(pattern: Pattern, parameters: [String: String])] = []
        let sameLength = parts.count < bySegmentCount.count ? bySegmentCount[parts.count] : []
        for pattern in sameLength {
            guard let (parameters, literals) = Self.bind(pattern.segments, to: parts), literals >= mostLiterals else { continue }
            if literals > mostLiterals { mostLiterals = literals; candidates.removeAll() }
            candidates.append((pattern, parameters))
        }
        if let found = candidates.first(where: { $0.pattern.method == effectiveMethod }) {
            return .found(route: found.pattern.route, parameters: found.parameters)
        }
        guard !candidates.isEmpty else { return .notFound }
        var allowed: [String] = []
        for candidate in candidates where !allowed.contains(candidate.pattern.method) { allowed.append(candidate.pattern.method) }
        if allowed.contains("GET") { allowed.append("HEAD") }
        return .methodNotAllowed(allow: allowed)
    }

    /// The parameters and the number of literal segments when `parts` fit `segments`. The
    /// parameters are made only for a pattern that fits (most of the patterns tried do not).
    private static func bind(_ segments: [RouteSegment], to parts: [Substring]) -> ([String: String], Int)? {
        guard segments.count == parts.count else { return nil }
        var literals = 0
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let text):
                guard text == part else { return nil }
                literals += 1
            case .parameter:
                guard !part.isEmpty else { return nil }
            }
        }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            if case .parameter(let name) = segment { parameters[name] = String(part) }
        }
        return (parameters, literals)
    }

    /// The segments between slashes, found in the UTF-8 (a `/` is never part of another
    /// character; `split` by `Character` walked the path grapheme by grapheme).
    static func split(_ path: String) -> [Substring] {
        var parts: [Substring] = []
        parts.reserveCapacity(8)
        let utf8 = path.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                parts.append(path[start..<index])
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        parts.append(path[start..<utf8.endIndex])
        if parts.first == "" { parts.removeFirst() }
        if parts.count > 1, parts.last == "" { parts.removeLast() }   // tolerate one trailing slash
        return parts
    }
}
