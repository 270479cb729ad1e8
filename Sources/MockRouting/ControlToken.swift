import Crypto
import MockHTTP
import MockBasics

/// `--control-token` (docs/control-api.md#the-control-token): when the server has one, every
/// control call but `GET /__mock/health` (container health checks) and the console page
/// (`GET /__mock/`, which asks for the token itself) needs `Authorization: Bearer <token>`, in every
/// namespace. A refused call runs nothing: no handler, no write, no namespace state touched. The
/// check, the mock's and the proxy's; the mock's configuration and start-up warning are MockServer's.
package enum ControlToken {
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
}

extension APIFailure {
    /// A control call without `Authorization: Bearer <token>` while the server has a control token.
    static let controlTokenRequired = APIFailure(
        status: 401, message: "Control token required", code: .controlTokenRequired,
        headers: [Header(name: "WWW-Authenticate", value: #"Bearer realm="__mock""#)])
    /// A control call with a bearer token that is not the server's control token.
    static let controlTokenInvalid = APIFailure(
        status: 401, message: "Invalid control token", code: .controlTokenInvalid,
        headers: [Header(name: "WWW-Authenticate", value: #"Bearer realm="__mock", error="invalid_token""#)])
}
