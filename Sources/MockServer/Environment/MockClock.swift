import Foundation
import MockHTTP

/// The one source of "now" for the whole mock. It follows the wall clock plus an offset that the
/// control API moves (`advance_seconds`, or `now` to jump to an instant); reset puts the offset back
/// to where the server started. Nothing else in the server reads `Date()`.
final class MockClock: Sendable {
    private let offset: AtomicDouble   // read by every request: no lock
    private let initialOffset: TimeInterval

    /// `start` pins the clock's first reading (tests use it for determinism); nil follows the wall clock.
    init(start: Date? = nil) {
        let initial = start.map { $0.timeIntervalSince(Date()) } ?? 0
        initialOffset = initial
        offset = AtomicDouble(initial)
    }

    func now() -> Date {
        Date(timeIntervalSinceNow: offset.load())
    }

    func advance(by seconds: TimeInterval) {
        offset.update { $0 + seconds }
    }

    func set(_ instant: Date) {
        offset.store(instant.timeIntervalSince(Date()))
    }

    func reset() {
        offset.store(initialOffset)
    }

    /// Seconds between the wall clock and the mock's clock.
    var offsetSeconds: TimeInterval { offset.load() }
}

extension Duration {
    /// For the journal, the log and the reset answer.
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
