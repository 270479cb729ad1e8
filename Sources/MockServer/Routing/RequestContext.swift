import Foundation
import Logging
import MockHTTP
import MockMCP
import MockBasics
import MockRouting
import MockStore

/// One request as a handler sees it: the request, path parameters, the authenticated principal
/// (resolved by the auth layer before the handler runs) and the instant the request is judged at.
struct RequestContext: Sendable {
    let request: HTTPRequest
    let parameters: [String: String]
    let principal: Principal?
    let environment: ServerEnvironment
    let now: Date
    /// Every namespace of the server (the control API lists and drops them).
    let namespaces: Namespaces
    /// Runs a control operation's route in this namespace with a tool's values (an MCP tool's call,
    /// after the MCP request itself was judged): only the MCP endpoint's context has one that runs.
    let performControl: @Sendable (Router.Route, ControlCall) -> HTTPResponse

    var store: Store { environment.store }

    /// `http://<Host>` as the client addressed us (plus `/ns/<name>` in a namespace), for absolute
    /// URLs in payloads; empty (relative URLs) when the request names no plausible host.
    var baseURL: String {
        guard let host = request.headers["host"], !host.isEmpty, host.utf8.count <= 255,
              host.utf8.allSatisfy({ byte in
                  (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
                      || byte == 46 || byte == 45 || byte == 58 || byte == 91 || byte == 93
              }) else { return environment.pathPrefix }
        return "http://\(host)" + environment.pathPrefix
    }

    func parameter(_ name: String) throws -> String {
        guard let value = parameters[name] else { throw APIFailure.notFound }
        return value
    }

    /// The JSON body read as its declaration `T` says; 400 naming the field otherwise. A key of
    /// `refusing` is that failure.
    func body<T: RequestObject>(_ type: T.Type, refusing: [String: APIFailure] = [:]) throws -> T {
        try JSONBody.decode(T.self, from: request.body, refusing: refusing)
    }

    /// The staff principal; the route's access level guarantees one, so absence is a 401.
    func staff() throws -> StaffPrincipal {
        guard case .staff(let staff) = principal else { throw APIFailure.unauthorized }
        return staff
    }

    func customer() throws -> CustomerPrincipal {
        guard case .customer(let customer) = principal else { throw APIFailure.unauthorized }
        return customer
    }
}
