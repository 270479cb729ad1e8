import MockHTTP

/// Who may call a route. The auth layer resolves the bearer token once, before the handler.
package enum RouteAccess: Sendable, Equatable {
    case open
    case staff
    case customer
    case staffOrCustomer
}

/// Method + path pattern (`/api/orders/:id`) → handler: the one way a path finds its handler, the
/// mock's (MockServer's `Router`) and the proxy's control routes (whose handlers take the bare request).
package struct RouteTable<Context>: Sendable {
    package typealias Handler = @Sendable (Context) throws -> HTTPResponse

    package struct Route: Sendable {
        let method: String
        let segments: [Segment]
        package let access: RouteAccess
        package let handler: Handler
    }

    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
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
    /// `routes` by their number of segments, each in registration order: a path is only matched
    /// against the patterns of its length.
    private var routesBySegmentCount: [[Route]] = []

    package init() {}

    mutating func add(_ method: String, _ pattern: String, access: RouteAccess, _ handler: @escaping Handler) {
        let segments = Self.split(pattern).map { part -> Segment in
            part.hasPrefix(":") ? .parameter(String(part.dropFirst())) : .literal(String(part))
        }
        precondition(!routes.contains { $0.method == method && $0.segments == segments },
                     "route registered twice: \(method) \(pattern)")
        let route = Route(method: method, segments: segments, access: access, handler: handler)
        routes.append(route)
        while routesBySegmentCount.count <= segments.count { routesBySegmentCount.append([]) }
        routesBySegmentCount[segments.count].append(route)
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
        let parts = Self.split(path)
        let effectiveMethod = method == "HEAD" ? "GET" : method
        var mostLiterals = -1
        var candidates: [(route: Route, parameters: [String: String])] = []
        let sameLength = parts.count < routesBySegmentCount.count ? routesBySegmentCount[parts.count] : []
        for route in sameLength {
            guard let (parameters, literals) = Self.bind(route.segments, to: parts), literals >= mostLiterals else { continue }
            if literals > mostLiterals { mostLiterals = literals; candidates.removeAll() }
            candidates.append((route, parameters))
        }
        if let found = candidates.first(where: { $0.route.method == effectiveMethod }) {
            return .found(found.route, parameters: found.parameters)
        }
        guard !candidates.isEmpty else { return .notFound }
        var allowed: [String] = []
        for candidate in candidates where !allowed.contains(candidate.route.method) { allowed.append(candidate.route.method) }
        if allowed.contains("GET") { allowed.append("HEAD") }
        return .methodNotAllowed(allow: allowed)
    }

    /// The parameters and the number of literal segments when `parts` fit `segments`. The
    /// parameters are made only for a pattern that fits (most of the patterns tried do not).
    private static func bind(_ segments: [Segment], to parts: [Substring]) -> ([String: String], Int)? {
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
    private static func split(_ path: String) -> [Substring] {
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
