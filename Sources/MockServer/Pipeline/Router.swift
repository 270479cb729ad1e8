import MockHTTP
import MockRouting

/// The app API's routes. A handler names its context's type, and that type says who may call the
/// route and gives the handler its caller (`AppRouteContext`): `{ (context: StaffContext) in … }`.
/// Each resource file registers its own.
typealias Router = RouteTable<AdmittedRequest>

/// The control API's routes (`/__mock/…`), whose handlers take a `ControlContext`.
typealias ControlRouter = RouteTable<ControlContext>

extension RouteTable where Context == AdmittedRequest {
    /// Registers `handler` for `method` and `pattern`, callable by whom `C` admits: the context is
    /// made from the admitted request before the handler runs, and a caller it refuses never
    /// reaches the handler.
    mutating func add<C: AppRouteContext>(_ method: String, _ pattern: String,
                                          _ handler: @escaping @Sendable (C) throws -> HTTPResponse) {
        add(method, pattern, access: C.access) { request in try handler(C(admitting: request)) }
    }

    mutating func get<C: AppRouteContext>(_ pattern: String, _ handler: @escaping @Sendable (C) throws -> HTTPResponse) { add("GET", pattern, handler) }
    mutating func post<C: AppRouteContext>(_ pattern: String, _ handler: @escaping @Sendable (C) throws -> HTTPResponse) { add("POST", pattern, handler) }
    mutating func put<C: AppRouteContext>(_ pattern: String, _ handler: @escaping @Sendable (C) throws -> HTTPResponse) { add("PUT", pattern, handler) }
    mutating func patch<C: AppRouteContext>(_ pattern: String, _ handler: @escaping @Sendable (C) throws -> HTTPResponse) { add("PATCH", pattern, handler) }
    mutating func delete<C: AppRouteContext>(_ pattern: String, _ handler: @escaping @Sendable (C) throws -> HTTPResponse) { add("DELETE", pattern, handler) }
}

extension RouteTable where Context == ControlContext {
    /// Every control route is open to whoever the dispatcher let through (the control token and the
    /// browser boundary are judged before any route).
    mutating func get(_ pattern: String, _ handler: @escaping Handler) { add("GET", pattern, access: .open, handler) }
    mutating func post(_ pattern: String, _ handler: @escaping Handler) { add("POST", pattern, access: .open, handler) }
    mutating func put(_ pattern: String, _ handler: @escaping Handler) { add("PUT", pattern, access: .open, handler) }
    mutating func patch(_ pattern: String, _ handler: @escaping Handler) { add("PATCH", pattern, access: .open, handler) }
    mutating func delete(_ pattern: String, _ handler: @escaping Handler) { add("DELETE", pattern, access: .open, handler) }
}
