import Foundation
import MockHTTP
import MockRouting

// The control API's two guards as this server's configuration sets them: MockRouting holds the
// checks the proxy shares (`ControlToken`, `ControlBoundary`), this file the mock's side of each.

/// The mock's side of `--control-token` (MockRouting's `ControlToken` is the check the proxy shares):
/// the server's configuration, and the start-up warning when anyone may call the control API.
extension ControlToken {
    /// The 401 to answer instead of running `request` (a control call), or nil to let it run.
    /// Nothing to check without a token, or with the control API off (then only health is a route,
    /// and every other control path is an unknown path, 404, as without a token).
    static func refusal(of request: HTTPRequest, configuration: MockServerConfiguration) -> HTTPResponse? {
        guard configuration.controlAPI else { return nil }
        return refusal(of: request, token: configuration.controlToken)
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

/// The mock's side of the control API's browser boundary (MockRouting's `ControlBoundary` is the
/// rule the proxy shares): the server's configuration. With the control API off nothing is judged
/// (only health is a route, and every other control path is an unknown path, 404), as for the token.
extension ControlBoundary {
    /// The 403 to answer instead of running `request`, a control call (its path without
    /// `/ns/<name>`): a foreign `Origin`, or without `controlToken` a `Host` that names a domain not
    /// in `allowedHosts`. Nil to let it run (the control token is judged after).
    static func refusal(of request: HTTPRequest, configuration: MockServerConfiguration) -> HTTPResponse? {
        guard configuration.controlAPI else { return nil }
        return refusal(of: request, hasToken: configuration.controlToken != nil, allowedHosts: configuration.allowedHosts)
    }

    /// The transport's `grantsCORS` for this configuration: every origin but on a control call
    /// that `refusal(of:configuration:)` refuses.
    static func corsPolicy(_ configuration: MockServerConfiguration) -> @Sendable (HTTPRequest) -> Bool {
        guard configuration.controlAPI else { return { _ in true } }
        let hasToken = configuration.controlToken != nil
        let allowedHosts = configuration.allowedHosts
        return { request in grantsCORS(request, hasToken: hasToken, allowedHosts: allowedHosts) }
    }
}
