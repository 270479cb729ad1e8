import Foundation
import Logging
import MockBasics
import MockStore

/// Everything one namespace's requests share: its store, what reset returns to, clock, journal,
/// faults and token key. The default namespace's is built by `MockServer`; each `/ns/<name>/` gets
/// its own from `Namespaces`.
struct ServerEnvironment: Sendable {
    let configuration: MockServerConfiguration
    /// nil for the default namespace.
    let namespace: String?
    let store: Store
    let resetPoint: ResetPoint
    let clock: MockClock
    let journal: RequestJournal
    let faults: FaultPlan
    let signer: JWTSigner
    let logger: Logger
    /// The shape variants its app-API answers take (`--vary`, `PUT /__mock/variance`).
    let variance = VarianceSetting()

    var currentVariance: JSONVariance { variance.value(configuration) }

    /// `""`, or `/ns/<name>` for a named namespace: what the client put before the routed path.
    var pathPrefix: String { namespace.map { "/ns/\($0)" } ?? "" }

    /// A fresh named namespace: `store`, an in-memory copy of `pristine` no one else holds (from the
    /// server's `StorePool`), a clock at the server's start instant (or the wall clock), empty
    /// journal and faults, and a token key of its own.
    static func namespace(_ name: String, configuration: MockServerConfiguration,
                          pristine: SeedSnapshot, store: Store) -> ServerEnvironment {
        ServerEnvironment(
            configuration: configuration, namespace: name, store: store,
            resetPoint: ResetPoint(pristine), clock: MockClock(start: configuration.clockStart, frozen: configuration.clockFrozen),
            journal: RequestJournal(), faults: FaultPlan(),
            signer: JWTSigner(secret: Namespaces.secret(for: name, serverSecret: configuration.jwtSecret)),
            logger: configuration.logger.withNamespace(name))
    }
}

extension Logger {
    func withNamespace(_ name: String) -> Logger {
        var logger = self
        logger[metadataKey: "namespace"] = .string(name)
        return logger
    }
}
