import MockRouting

/// The server's routes, whose handlers take the request's context (the namespace's environment, the
/// caller). Each resource file registers its own.
typealias Router = RouteTable<RequestContext>
typealias RouteHandler = Router.Handler
