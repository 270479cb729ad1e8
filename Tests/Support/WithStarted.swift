import MockHTTP
import MockServer

/// What a test starts and must stop: a mock server, a harness or proxy around one, an HTTP server.
/// (`MockProxy` is made one by the test targets that use it: this target does not link the proxy.)
public protocol Stoppable: Sendable {
    func stop()
}

/// A server made first and started after: `withStarted(server) { … }` does both ends.
public protocol Startable: Stoppable {
    /// What `start()` gives back: nothing for an HTTP server, the base URL for a mock.
    associatedtype StartResult
    @discardableResult func start() throws -> StartResult
}

extension MockServer: Startable {}
extension HTTPServer: Startable {}

/// Runs `body` with what `start` made, and stops it when `body` returns or throws: the one place a
/// test's mock is stopped. Each test target's `withMock` is this with its own harness.
///
/// ```swift
/// try await withStarted({ try MockServer.startedForTesting { $0.controlToken = "t" } }) { server in … }
/// ```
public func withStarted<Started: Stoppable, T>(
    isolation: isolated (any Actor)? = #isolation,
    _ start: () throws -> Started,
    _ body: (Started) async throws -> T
) async throws -> T {
    let started = try start()
    defer { started.stop() }
    return try await body(started)
}

/// Starts `server`, runs `body` with it, and stops it when `body` returns or throws.
///
/// ```swift
/// try await withStarted(HTTPServer(configuration: configuration) { _ in HTTPResponse(status: 200) }) { upstream in … }
/// ```
public func withStarted<Server: Startable, T>(
    isolation: isolated (any Actor)? = #isolation,
    _ server: Server,
    _ body: (Server) async throws -> T
) async throws -> T {
    try await withStarted(isolation: isolation, {
        try server.start()
        return server
    }, body)
}
