import Foundation
import MockHTTP
import MockConcurrency

/// The one source of "now" for the whole mock. It follows the wall clock plus an offset that the
/// control API moves (`advance_seconds`, or `now` to jump to an instant), or, frozen, stands at one
/// instant and moves only when moved (a test that depends on the time, a TOTP step or an expiry,
/// freezes it: a pinned clock that keeps ticking breaks on a slow machine). Reset puts it back to how
/// the server started. Nothing else in the server reads `Date()`.
final class MockClock: Sendable {
    private let offset: AtomicDouble   // read by every request: no lock
    /// While frozen, the instant the clock stands at (seconds since 1970); NaN while it runs.
    private let frozenAt: AtomicDouble
    /// What `reset()` returns to; `restart(start:frozen:)` changes it (a namespace put on a replay seed).
    private let initialOffset: AtomicDouble
    private let initialFrozenAt: AtomicDouble

    /// `start` pins the clock's first reading (tests use it for determinism); nil follows the wall
    /// clock. `frozen` stops it there (at the wall clock's now when `start` is nil).
    init(start: Date? = nil, frozen: Bool = false) {
        let (offset, frozenAt) = Self.initial(start: start, frozen: frozen)
        initialOffset = AtomicDouble(offset)
        self.offset = AtomicDouble(offset)
        initialFrozenAt = AtomicDouble(frozenAt)
        self.frozenAt = AtomicDouble(frozenAt)
    }

    private static func initial(start: Date?, frozen: Bool) -> (offset: TimeInterval, frozenAt: Double) {
        (start.map { $0.timeIntervalSince(Date()) } ?? 0, frozen ? (start ?? Date()).timeIntervalSince1970 : .nan)
    }

    func now() -> Date {
        let frozen = frozenAt.load()
        return frozen.isNaN ? Date(timeIntervalSinceNow: offset.load()) : Date(timeIntervalSince1970: frozen)
    }

    var isFrozen: Bool { !frozenAt.load().isNaN }

    func advance(by seconds: TimeInterval) {
        if isFrozen { frozenAt.update { $0 + seconds } } else { offset.update { $0 + seconds } }
    }

    func set(_ instant: Date) {
        if isFrozen { frozenAt.store(instant.timeIntervalSince1970) } else { offset.store(instant.timeIntervalSince(Date())) }
    }

    /// Stops the clock where it stands (nothing when already frozen).
    func freeze() {
        guard !isFrozen else { return }
        frozenAt.store(now().timeIntervalSince1970)
    }

    /// Lets the clock run on with the wall clock from where it stands (nothing when running).
    func unfreeze() {
        let frozen = frozenAt.load()
        guard !frozen.isNaN else { return }
        offset.store(frozen - Date().timeIntervalSince1970)
        frozenAt.store(.nan)
    }

    func reset() {
        offset.store(initialOffset.load())
        frozenAt.store(initialFrozenAt.load())
    }

    /// From now on the clock starts, here and at every reset, as `init(start:frozen:)` would have it;
    /// and starts so now.
    func restart(start: Date?, frozen: Bool) {
        let (offset, frozenAt) = Self.initial(start: start, frozen: frozen)
        initialOffset.store(offset)
        initialFrozenAt.store(frozenAt)
        reset()
    }

    /// Seconds between the wall clock and the mock's clock.
    var offsetSeconds: TimeInterval {
        let frozen = frozenAt.load()
        return frozen.isNaN ? offset.load() : frozen - Date().timeIntervalSince1970
    }
}
