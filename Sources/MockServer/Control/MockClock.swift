import Foundation
import MockHTTP

/// The one source of "now" for the whole mock. It follows the wall clock plus an offset that the
/// control API moves (`advance_seconds`, or `now` to jump to an instant); reset puts the offset back
/// to where the server started. Nothing else in the server reads `Date()`.
final class MockClock: Sendable {
    private let offset: Locked<TimeInterval>
    private let initialOffset: TimeInterval

    /// `start` pins the clock's first reading (tests use it for determinism); nil follows the wall clock.
    init(start: Date? = nil) {
        let initial = start.map { $0.timeIntervalSince(Date()) } ?? 0
        initialOffset = initial
        offset = Locked(initial)
    }

    func now() -> Date {
        let offset = offset.withLock { $0 }
        return Date(timeIntervalSinceNow: offset)
    }

    func advance(by seconds: TimeInterval) {
        offset.withLock { $0 += seconds }
    }

    func set(_ instant: Date) {
        offset.withLock { $0 = instant.timeIntervalSince(Date()) }
    }

    func reset() {
        offset.withLock { $0 = initialOffset }
    }

    /// Seconds between the wall clock and the mock's clock.
    var offsetSeconds: TimeInterval { offset.withLock { $0 } }
}

extension Duration {
    /// For the journal, the log and the reset answer.
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
