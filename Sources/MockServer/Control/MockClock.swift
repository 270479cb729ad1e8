import Foundation
import Synchronization

/// The one source of "now" for the whole mock. It follows the wall clock plus an offset that the
/// control API moves (`advance_seconds`, or `now` to jump to an instant); reset puts the offset back
/// to where the server started. Nothing else in the server reads `Date()`.
final class MockClock: Sendable {
    private let offset: Mutex<TimeInterval>
    private let initialOffset: TimeInterval

    /// `start` pins the clock's first reading (tests use it for determinism); nil follows the wall clock.
    init(start: Date? = nil) {
        let initial = start.map { $0.timeIntervalSince(Date()) } ?? 0
        initialOffset = initial
        offset = Mutex(initial)
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

/// The contract's timestamp form: ISO 8601 UTC with whole seconds, `2026-11-21T10:15:00Z`.
/// Hand-rolled because `ISO8601DateFormatter` and `String(format:)` cost tens of microseconds.
enum Timestamp {
    static func string(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        func put(_ value: Int32, digits: Int) {
            var divisor: Int32 = 1
            for _ in 1..<digits { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                bytes.append(UInt8(48 + (rest / divisor) % 10))
                rest %= divisor
                divisor /= 10
            }
        }
        put(parts.tm_year + 1900, digits: 4); bytes.append(45)
        put(parts.tm_mon + 1, digits: 2); bytes.append(45)
        put(parts.tm_mday, digits: 2); bytes.append(84)
        put(parts.tm_hour, digits: 2); bytes.append(58)
        put(parts.tm_min, digits: 2); bytes.append(58)
        put(parts.tm_sec, digits: 2); bytes.append(90)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses ISO 8601 with a `Z` or `±hh:mm` offset and optional fractional seconds; nil otherwise.
    static func parse(_ text: String) -> Date? {
        let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        if let date = try? withFraction.parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text)
    }
}
