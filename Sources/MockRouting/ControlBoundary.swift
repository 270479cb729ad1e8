import Foundation
import MockHTTP
import MockBasics

/// The control API's boundary against the browser (docs/control-api.md#the-browser-boundary):
/// loopback is no boundary, since any page the developer opens can send requests to 127.0.0.1
/// and, through a rebound name, read the answers. So a control call (`/__mock` and below, in any
/// namespace, any method, a preflight included) is refused with 403 when
/// - its `Origin` is present and is neither the request's own origin (`http://` or `https://` and its
///   `Host`: the console page the server serves) nor loopback (`localhost`, `127.x.x.x`, `[::1]`,
///   with or without a port); `Origin: null` is foreign;
/// - or, without a control token, its `Host` names a domain: a rebound name (`evil.example:8787`).
///   Loopback names, IP literals, single-label names (a compose or CI service, `mock:8787`) and
///   the names of `--allowed-host` pass; a request without `Host` (HTTP/1.0) passes.
/// A request without `Origin` (curl, URLSession, a test runner) meets only the `Host` rule. The
/// mock and the proxy both judge here, and give the transport `grantsCORS`, so a refused origin is
/// neither echoed nor preflighted.
package enum ControlBoundary {
    /// The 403 for a control call the boundary refuses, or nil: a path outside the control API,
    /// an allowed `Origin` (or none), and a `Host` that passes (or a token, which lifts the `Host`
    /// rule). `request.path` is the path within its namespace (no `/ns/<name>`).
    package static func refusal(of request: HTTPRequest, hasToken: Bool, allowedHosts: [String]) -> HTTPResponse? {
        guard ControlAPI.contains(request.path),
              let message = refusalMessage(request, hasToken: hasToken, allowedHosts: allowedHosts) else { return nil }
        return JSONBody.failure(APIFailure(status: 403, message: message))
    }

    /// The transport's `grantsCORS`: false for a control call (under `/ns/<name>` too) that
    /// `refusal(of:…)` refuses, so that its `Origin` is never echoed and its preflight goes to the
    /// handler, which refuses it. Asked only of a request with `Origin`.
    package static func grantsCORS(_ request: HTTPRequest, hasToken: Bool, allowedHosts: [String]) -> Bool {
        guard isControlPath(request.path) else { return true }
        return refusalMessage(request, hasToken: hasToken, allowedHosts: allowedHosts) == nil
    }

    /// Why the boundary refuses `request`, a control call; nil when it does not.
    static func refusalMessage(_ request: HTTPRequest, hasToken: Bool, allowedHosts: [String]) -> String? {
        let host = request.headers["host"]
        if let origin = request.headers["origin"], !isAllowed(origin: origin, host: host) {
            return "Forbidden: Origin \(origin) is not this mock's page or loopback"
        }
        if !hasToken, let host, !isAllowed(host: host, allowedHosts: allowedHosts) {
            let name = hostName(host)
            return """
                Forbidden: Host \(host) is a domain name, which a web page can point at this machine (DNS rebinding): \
                allow it with --allowed-host \(name) (REPAIRMINDER_MOCK_ALLOWED_HOST), or set a --control-token
                """
        }
        return nil
    }

    /// `/__mock…`, or `/ns/<name>/__mock…`.
    static func isControlPath(_ path: String) -> Bool {
        if ControlAPI.contains(path) { return true }
        guard path.hasPrefix("/ns/"), let slash = path.dropFirst(4).firstIndex(of: "/") else { return false }
        return ControlAPI.contains(String(path[slash...]))
    }

    // MARK: Origin

    /// True for the request's own origin (`http://` or `https://` and its `Host`) and for a loopback
    /// one (`http(s)://localhost`, `127.x.x.x`, `[::1]`, with or without a port).
    static func isAllowed(origin: String, host: String?) -> Bool {
        let lowered = origin.lowercased()
        let authority: Substring
        if lowered.hasPrefix("http://") {
            authority = lowered.dropFirst(7)
        } else if lowered.hasPrefix("https://") {
            authority = lowered.dropFirst(8)
        } else {
            return false   // `null`, another scheme, not an origin at all
        }
        if let host, !host.isEmpty, authority == host.lowercased() { return true }
        guard let (name, port) = split(authority), port.allSatisfy(\.isASCIIDigit) else { return false }
        return isLoopback(name)
    }

    // MARK: Host

    /// True for a `Host` a rebound page cannot send: a loopback name, an IP literal, a single-label
    /// name, or one of `allowedHosts` (`.example.com` allows `example.com` and its subdomains).
    static func isAllowed(host: String, allowedHosts: [String]) -> Bool {
        guard let (name, _) = split(Substring(host.lowercased())) else { return false }
        if name.hasPrefix("[") { return isIPv6Literal(name) }
        if !name.contains(".") || isIPv4Literal(name) { return true }
        return allowedHosts.contains { allowed in
            let allowed = allowed.lowercased()
            if allowed.hasPrefix(".") { return name == allowed.dropFirst() || name.hasSuffix(allowed) }
            return name == allowed
        }
    }

    /// An `--allowed-host` entry: a name of letters, digits, hyphens, underscores and periods, or
    /// `.` and such a name (that name and every name under it); no scheme, no port.
    package static func isAllowedHostName(_ entry: String) -> Bool {
        let name = entry.hasPrefix(".") ? entry.dropFirst() : Substring(entry)
        return !name.isEmpty && !name.hasPrefix(".") && name.utf8.allSatisfy { byte in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }

    /// A `Host`'s name without its port, for the refusal's hint.
    static func hostName(_ host: String) -> String {
        split(Substring(host)).map { String($0.name) } ?? host
    }

    /// `name[:port]` (a bracketed IPv6 literal keeps its brackets); nil when a bracket is not closed
    /// or something other than a port follows it.
    private static func split(_ authority: Substring) -> (name: Substring, port: Substring)? {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            let name = authority[...close]
            let rest = authority[authority.index(after: close)...]
            if rest.isEmpty { return (name, "") }
            guard rest.hasPrefix(":") else { return nil }
            return (name, rest.dropFirst())
        }
        guard let colon = authority.lastIndex(of: ":") else { return (authority, "") }
        return (authority[..<colon], authority[authority.index(after: colon)...])
    }

    /// `localhost`, 127.0.0.0/8, `[::1]`.
    private static func isLoopback(_ name: Substring) -> Bool {
        if name == "localhost" || name == "[::1]" { return true }
        guard isIPv4Literal(name) else { return false }
        return name.hasPrefix("127.")
    }

    private static func isIPv4Literal(_ name: Substring) -> Bool {
        var address = in_addr()
        return inet_pton(AF_INET, String(name), &address) == 1
    }

    /// `[…]` holding an IPv6 address.
    private static func isIPv6Literal(_ name: Substring) -> Bool {
        guard name.hasPrefix("["), name.hasSuffix("]") else { return false }
        var address = in6_addr()
        return inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &address) == 1
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
