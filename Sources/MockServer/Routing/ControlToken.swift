import Crypto
import Foundation
import MockHTTP
import MockBasics

/// `--control-token` (docs/control-api.md#the-control-token): when the server has one, every
/// control call but `GET /__mock/health` (container health checks) and the console page
/// (`GET /__mock/`, which asks for the token itself) needs `Authorization: Bearer <token>`, in every
/// namespace. A refused call runs nothing: no handler, no write, no namespace state touched.
package enum ControlToken {
    /// The 401 to answer instead of running `request` (a control call), or nil to let it run.
    /// Nothing to check without a token, or with the control API off (then only health is a route,
    /// and every other control path is an unknown path, 404, as without a token).
    static func refusal(of request: HTTPRequest, configuration: MockServerConfiguration) -> HTTPResponse? {
        guard configuration.controlAPI else { return nil }
        return refusal(of: request, token: configuration.controlToken)
    }

    /// The 401 for a control call without `Bearer <token>`, or nil (no token set, an open call, the
    /// right token). The proxy's `/__mock/drift` is judged here too.
    package static func refusal(of request: HTTPRequest, token: String?) -> HTTPResponse? {
        guard let token, !isOpen(request) else { return nil }
        guard let header = request.headers["authorization"] else { return JSONBody.failure(.controlTokenRequired) }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return JSONBody.failure(.controlTokenRequired) }
        return matches(parts[1], token) ? nil : JSONBody.failure(.controlTokenInvalid)
    }

    /// The calls that stay open: health and the console page, with `GET` or `HEAD`.
    static func isOpen(_ request: HTTPRequest) -> Bool {
        guard request.method == "GET" || request.method == "HEAD" else { return false }
        switch request.path {
        case "/__mock", "/__mock/", "/__mock/health", "/__mock/health/": return true
        default: return false
        }
    }

    /// True when `presented` is `expected`, in time independent of where they differ: both are
    /// hashed first (so only the hash's fixed length is compared) and every byte is compared.
    static func matches(_ presented: some StringProtocol, _ expected: String) -> Bool {
        let a = SHA256.hash(data: Array(presented.utf8))
        let b = SHA256.hash(data: Array(expected.utf8))
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }

    /// True for an address only this machine can reach: 127.0.0.0/8, ::1 (also as `[::1]` or
    /// IPv4-mapped `::ffff:127.x.y.z`) and `localhost`. Anything else, wildcards and names
    /// included, may be reachable from elsewhere.
    static func isLoopback(_ host: String) -> Bool {
        var host = host
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.lowercased() == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { $0[0] } == 127
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, host, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }                       // ::1
        return bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127   // ::ffff:127.x
    }

    /// The start-up warning for a control API open to the network: nil when the control API is
    /// off, a token is set, or every host is a loopback address.
    static func exposureWarning(_ configuration: MockServerConfiguration, port: Int) -> String? {
        guard configuration.controlAPI, configuration.controlToken == nil else { return nil }
        let exposed = configuration.hosts.filter { !isLoopback($0) }
        guard !exposed.isEmpty else { return nil }
        let addresses = exposed.map { $0.contains(":") && !$0.hasPrefix("[") ? "[\($0)]:\(port)" : "\($0):\(port)" }
        return """
              WARNING: the control API (/__mock/) is open to anyone who can reach \(addresses.joined(separator: ", ")): \
            reset, the clock, faults, snapshots and every login code in the outbox.
                Set --control-token (or REPAIRMINDER_MOCK_CONTROL_TOKEN) to require a token, or --no-control-api to turn it off.
            """
    }
}

extension APIFailure {
    /// A control call without `Authorization: Bearer <token>` while the server has a control token.
    static let controlTokenRequired = APIFailure(
        status: 401, message: "Control token required", code: "CONTROL_TOKEN_REQUIRED",
        headers: [Header(name: "WWW-Authenticate", value: #"Bearer realm="__mock""#)])
    /// A control call with a bearer token that is not the server's control token.
    static let controlTokenInvalid = APIFailure(
        status: 401, message: "Invalid control token", code: "CONTROL_TOKEN_INVALID",
        headers: [Header(name: "WWW-Authenticate", value: #"Bearer realm="__mock", error="invalid_token""#)])
}
