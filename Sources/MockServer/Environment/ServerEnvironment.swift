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
    /// Where its clock starts while it is on a replay seed: `clockStart`, or the seed fixture's `now`.
    let replayStart: Date

    var currentVariance: JSONVariance { variance.value(configuration) }

    /// Where the namespace's ids, tokens, codes and salts come from (its store's: random, or from
    /// the replay seed).
    var invented: InventedValues { store.invented }

    /// `""`, or `/ns/<name>` for a named namespace: what the client put before the routed path.
    var pathPrefix: String { namespace.map { "/ns/\($0)" } ?? "" }

    /// A namespace on the server's replay seed, if it has one (`MockServerConfiguration.replaySeed`).
    init(configuration: MockServerConfiguration, namespace: String?, store: Store, pristine: SeedSnapshot,
         signer: JWTSigner, logger: Logger) {
        self.configuration = configuration
        self.namespace = namespace
        self.store = store
        resetPoint = ResetPoint(pristine)
        replayStart = configuration.clockStart ?? pristine.fixtureNow ?? Self.replayFallbackStart
        let seeded = configuration.replaySeed != nil
        clock = MockClock(start: seeded ? replayStart : configuration.clockStart, frozen: seeded || configuration.clockFrozen)
        journal = RequestJournal(digesting: seeded)
        faults = FaultPlan()
        self.signer = signer
        self.logger = logger
        store.invented.replay(seed: configuration.replaySeed, namespace: namespace ?? "")
    }

    /// Where a replayed namespace's clock starts when the seed is a state file (which has no `now`)
    /// and no `clockStart` is given.
    static let replayFallbackStart = Date(timeIntervalSince1970: 1_767_258_000)   // 2026-01-01T09:00:00Z

    /// A fresh named namespace: `store`, an in-memory copy of `pristine` no one else holds (from the
    /// server's `StorePool`), a clock at the server's start instant (or the wall clock), empty
    /// journal and faults, and a token key of its own.
    static func namespace(_ name: String, configuration: MockServerConfiguration,
                          pristine: SeedSnapshot, store: Store) -> ServerEnvironment {
        ServerEnvironment(
            configuration: configuration, namespace: name, store: store, pristine: pristine,
            signer: JWTSigner(secret: Namespaces.secret(for: name, serverSecret: configuration.jwtSecret)),
            logger: configuration.logger.withNamespace(name))
    }

    /// `POST /__mock/reset`: the state back to the reset point, the journal, faults, clock and shape
    /// variants as they started, and every sequence of invented values from its start.
    func reset() throws {
        faults.clear(because: .reset)   // held requests answered first, so their entries go with the journal
        try resetPoint.current.restore(into: store)
        journal.clear()
        clock.reset()
        variance.reset()
        invented.restart()
    }

    /// `PUT /__mock/replay`: from now on the namespace invents its values from `seed` (nil: at
    /// random), its clock starts frozen at `replayStart` (nil: as the server's configuration says),
    /// the journal keeps a digest, and it is reset, so that a run starts from here.
    func replay(seed: String?) throws {
        invented.replay(seed: seed, namespace: namespace ?? "")
        if seed != nil {
            clock.restart(start: replayStart, frozen: true)
        } else {
            clock.restart(start: configuration.clockStart, frozen: configuration.clockFrozen)
        }
        journal.setDigesting(seed != nil)
        try reset()
    }
}

extension Logger {
    func withNamespace(_ name: String) -> Logger {
        var logger = self
        logger[metadataKey: "namespace"] = .string(name)
        return logger
    }
}
