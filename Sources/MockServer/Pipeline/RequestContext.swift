import Foundation
import MockHTTP
import MockMCP
import MockBasics
import MockRouting
import MockStore

/// What every route's handler is given, whoever calls it: the request, its path parameters, the
/// namespace's environment and the instant the request is judged at. Each kind of caller has its
/// own context on top (`StaffContext`, `CustomerContext`, `CallerContext`, `RequestContext` for
/// the app API's open routes, `ControlContext` for the control API), made once the caller is
/// admitted (`AppRouteContext`), as Hummingbird's context transforms make a child context: a
/// handler that is given a `StaffContext` has its staff member, and never asks who is calling.
protocol RouteContext: Sendable {
    var request: HTTPRequest { get }
    var parameters: [String: String] { get }
    var environment: ServerEnvironment { get }
    var now: Date { get }
}

extension RouteContext {
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
}

/// An app-API request as the dispatcher hands it to the route table: the caller its bearer token
/// names (or why it names none), not yet held to the route's access. Each route's context is made
/// from it (`AppRouteContext.init(admitting:)`), which is where the access is enforced.
///
/// A class: the table's handlers take their context generically, and a struct this size was copied
/// and destroyed through its value witnesses on every request; a reference is only retained, and a
/// route's context keeps it rather than copying its fields (docs/performance.md, "Typed route contexts").
final class AdmittedRequest: Sendable {
    let request: HTTPRequest
    let parameters: [String: String]
    let environment: ServerEnvironment
    let now: Date
    /// The bearer token's principal; nil without a token; a failure for a token that is refused.
    let caller: Result<Principal?, APIFailure>

    init(request: HTTPRequest, parameters: [String: String], environment: ServerEnvironment, now: Date,
         caller: Result<Principal?, APIFailure>) {
        self.request = request
        self.parameters = parameters
        self.environment = environment
        self.now = now
        self.caller = caller
    }

    /// The caller a protected route is called by: a missing or refused token is the route's 401.
    fileprivate func requiredCaller() throws -> Principal {
        guard let caller = try caller.get() else { throw APIFailure.unauthorized }
        return caller
    }
}

/// The context of an app-API route: who may call it, and how it is made from an admitted request
/// (a caller of the wrong kind is a 401 `wrong_token_kind`; no caller, or a refused token, the
/// token's own 401). It keeps the admitted request, and reads the request, its parameters, the
/// environment and the instant from it.
protocol AppRouteContext: RouteContext {
    static var access: RouteAccess { get }
    var admitted: AdmittedRequest { get }
    init(admitting request: AdmittedRequest) throws
}

extension AppRouteContext {
    var request: HTTPRequest { admitted.request }
    var parameters: [String: String] { admitted.parameters }
    var environment: ServerEnvironment { admitted.environment }
    var now: Date { admitted.now }
}

/// An open route of the app API (sign-in, the logo, the document): anyone may call it, and any
/// token it is sent is ignored.
struct RequestContext: AppRouteContext {
    static let access = RouteAccess.open
    let admitted: AdmittedRequest

    init(admitting request: AdmittedRequest) {
        admitted = request
    }
}

/// A route only staff may call: the staff member the token names.
struct StaffContext: AppRouteContext {
    static let access = RouteAccess.staff
    let admitted: AdmittedRequest
    let staff: StaffPrincipal

    init(admitting request: AdmittedRequest) throws {
        guard case .staff(let staff) = try request.requiredCaller() else {
            throw APIFailure.unauthorized(reason: "wrong_token_kind")
        }
        admitted = request
        self.staff = staff
    }
}

/// A route only customers may call: the customer, and the company, the token names.
struct CustomerContext: AppRouteContext {
    static let access = RouteAccess.customer
    let admitted: AdmittedRequest
    let customer: CustomerPrincipal

    init(admitting request: AdmittedRequest) throws {
        guard case .customer(let customer) = try request.requiredCaller() else {
            throw APIFailure.unauthorized(reason: "wrong_token_kind")
        }
        admitted = request
        self.customer = customer
    }
}

/// A route staff and customers alike may call (push tokens and preferences): whichever the token names.
struct CallerContext: AppRouteContext {
    static let access = RouteAccess.staffOrCustomer
    let admitted: AdmittedRequest
    let caller: Principal

    init(admitting request: AdmittedRequest) throws {
        caller = try request.requiredCaller()
        admitted = request
    }
}

/// A control-API route (`/__mock/…`): no caller (the dispatcher judged the control token and the
/// browser boundary first), but every namespace of the server, and for the MCP endpoint the means
/// to run a control operation's route as a tool's call.
struct ControlContext: RouteContext {
    let request: HTTPRequest
    let parameters: [String: String]
    let environment: ServerEnvironment
    let now: Date
    /// Every namespace of the server (the control API lists and drops them).
    let namespaces: Namespaces
    /// Runs a control operation's route in this namespace with a tool's values (an MCP tool's call,
    /// after the MCP request itself was judged): only the MCP endpoint's context has one that runs.
    let performControl: @Sendable (ControlRouter.Route, ControlCall) -> HTTPResponse
}
