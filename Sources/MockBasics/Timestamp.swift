import Foundation

/// The timestamp text of the store and the wire: ISO 8601 UTC with whole seconds, `2026-11-21T10:15:00Z`.
package enum Timestamp {
    /// Formats `date` (fractions of a second are dropped).
    package static func string(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var out = [UInt8](repeating: 0, count: 20)
        func put(_ value: Int, _ at: Int, _ width: Int) {
            var v = value
            for i in stride(from: at + width - 1, through: at, by: -1) {
                out[i] = UInt8(48 + v % 10); v /= 10
            }
        }
        put(Int(parts.tm_year) + 1900, 0, 4); out[4] = 45
        put(Int(parts.tm_mon) + 1, 5, 2); out[7] = 45
        put(Int(parts.tm_mday), 8, 2); out[10] = 84
        put(Int(parts.tm_hour), 11, 2); out[13] = 58
        put(Int(parts.tm_min), 14, 2); out[16] = 58
        put(Int(parts.tm_sec), 17, 2); out[19] = 90
        return String(decoding: out, as: UTF8.self)
    }

    /// Parses exactly `YYYY-MM-DDTHH:MM:SSZ`; nil for anything else.
    package static func date(from text: String) -> Date? {
        let b = Array(text.utf8)
        guard b.count == 20, b[4] == 45, b[7] == 45, b[10] == 84, b[13] == 58, b[16] == 58, b[19] == 90
        else { return nil }
        func num(_ at: Int, _ width: Int) -> Int? {
            var v = 0
            for i in at..<(at + width) {
                guard b[i] >= 48, b[i] <= 57 else { return nil }
                v = v * 10 + Int(b[i] - 48)
            }
            return v
        }
        guard let year = num(0, 4), let month = num(5, 2), let day = num(8, 2),
              let hour = num(11, 2), let minute = num(14, 2), let second = num(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900); parts.tm_mon = Int32(month - 1); parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour); parts.tm_min = Int32(minute); parts.tm_sec = Int32(second)
        let seconds = timegm(&parts)
        let result = Date(timeIntervalSince1970: TimeInterval(seconds))
        // Reject dates that timegm normalised (e.g. 2026-02-31).
        return string(result) == text ? result : nil
    }

    package static func isValid(_ text: String) -> Bool { date(from: text) != nil }

    /// Lenient, for input from people (the control API's `now`): ISO 8601 with `Z` or an offset and
    /// optional fractional seconds.
    package static func parse(_ text: String) -> Date? {
        if let date = date(from: text) { return date }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text)
    }
}

extension Duration {
    /// For the journal, the log and the reset answer: the mock's and the proxy's.
    package var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
