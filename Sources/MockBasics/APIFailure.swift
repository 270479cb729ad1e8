/// Every failure a handler can answer with. The router's single catch turns it into
/// `{"success": false, "error": message, "code"?: code}` with `status`.
/// Messages are the contract's wording, byte-exact.
package struct APIFailure: Error, Sendable, Equatable {
    package var status: Int
    package var message: String
    /// Only where a client must branch on more than the status (quarantine).
    package var code: FailureCode? = nil
    /// Extra response headers (`Allow`, `X-Mock-Reason`); never diagnostics in the body.
    package var headers: [Header] = []

    package struct Header: Sendable, Equatable {
        package var name: String
        package var value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    package init(status: Int, message: String, code: FailureCode? = nil, headers: [Header] = []) {
        self.status = status
        self.message = message
        self.code = code
        self.headers = headers
    }

    package static let unauthorized = APIFailure(status: 401, message: "Unauthorized")
    package static let notFound = APIFailure(status: 404, message: "Not found")
    package static let invalidJSON = APIFailure(status: 400, message: "Invalid JSON body")

    package static func unauthorized(reason: String) -> APIFailure {
        APIFailure(status: 401, message: "Unauthorized", headers: [Header(name: "X-Mock-Reason", value: reason)])
    }

    package static func invalidField(_ name: String) -> APIFailure {
        APIFailure(status: 400, message: "Invalid or missing field: \(name)")
    }

    /// A query parameter outside its range or set (`?limit=0`, `?status=lost`).
    package static func invalidQuery(_ name: String) -> APIFailure {
        APIFailure(status: 400, message: "Invalid query parameter: \(name)")
    }

    package static func badRequest(_ message: String) -> APIFailure {
        APIFailure(status: 400, message: message)
    }

    package static func methodNotAllowed(allow: [String]) -> APIFailure {
        APIFailure(status: 405, message: "Method not allowed",
                   headers: [Header(name: "Allow", value: allow.joined(separator: ", "))])
    }
}

/// The `code` of an error body: only where a client must branch on more than the status.
package enum FailureCode: String, Sendable, CaseIterable {
    /// 403 on the app API: the caller's company awaits approval (quarantine).
    case accountPendingApproval = "ACCOUNT_PENDING_APPROVAL"
    /// 403 on the app API: the caller's company is suspended (quarantine).
    case accountSuspended = "ACCOUNT_SUSPENDED"
    /// 401 on the control API: it has a token and the request sent none.
    case controlTokenRequired = "CONTROL_TOKEN_REQUIRED"
    /// 401 on the control API: the request sent another token.
    case controlTokenInvalid = "CONTROL_TOKEN_INVALID"
    /// 403: a replay seed refused on a mock that answers beyond loopback without a control token.
    case replaySeedExposed = "REPLAY_SEED_EXPOSED"
    /// 502 from the proxy (`repairminder-mock-proxy`): the upstream could not be reached.
    case upstreamUnreachable = "UPSTREAM_UNREACHABLE"
    /// 502 from the proxy: the upstream did not answer in time.
    case upstreamTimeout = "UPSTREAM_TIMEOUT"
    /// 502 from the proxy: TLS with the upstream failed.
    case upstreamTLS = "UPSTREAM_TLS"
    /// 502 from the proxy: the upstream's answer is larger than the proxy takes.
    case upstreamTooLarge = "UPSTREAM_TOO_LARGE"
}

extension FailureCode: WireEnumeration {
    package static let componentName = "FailureCode"
    package static let wireDescription: String? = "Only where a client must branch on more than the status."
}
