import MockHTTP
import MockStore
import MockConcurrency

/// What `POST /__mock/reset` brings a namespace back to: the pristine seed, until
/// `POST /__mock/snapshot/pin` makes the state of that moment the new one (for the life of the
/// process).
final class ResetPoint: Sendable {
    private let snapshot: Locked<SeedSnapshot>

    init(_ snapshot: SeedSnapshot) {
        self.snapshot = Locked(snapshot)
    }

    var current: SeedSnapshot { snapshot.withLock { $0 } }

    func pin(_ state: SeedSnapshot) {
        snapshot.withLock { $0 = state }
    }
}
