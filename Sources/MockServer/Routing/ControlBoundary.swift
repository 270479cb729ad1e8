import MockHTTP
import MockRouting

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
