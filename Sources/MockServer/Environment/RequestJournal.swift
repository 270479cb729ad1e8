import Foundation
import MockHTTP
import MockBasics
import MockConcurrency

/// What the mock answered, for tests to read back (`GET /__mock/requests`). In memory, oldest first,
/// bounded: a ring of `capacity` entries, so recording costs the same when it is full (the oldest is
/// overwritten, nothing shifts); control-API requests are not recorded. An entry keeps its instant
/// and is formatted only when read.
final class RequestJournal: Sendable {
    struct Entry: Sendable, Equatable, JSONWritable {
        var id: Int
        var method: String
        var path: String
        var query: String?
        var status: Int
        var durationMs: Double
        /// `staff:<user id>`, `customer:<client id>` or nil for anonymous requests.
        var who: String?
        var date: Date

        var time: String { Timestamp.string(date) }

        /// Every member is written, `null` when unset; the duration to the microsecond.
        func writeJSON(to out: inout [UInt8]) {
            out.appendLiteral(#"{"id":"#); id.writeJSON(to: &out)
            out.appendLiteral(#","method":"#); method.writeJSON(to: &out)
            out.appendLiteral(#","path":"#); path.writeJSON(to: &out)
            out.appendLiteral(#","query":"#); query.writeJSON(to: &out)
            out.appendLiteral(#","status":"#); status.writeJSON(to: &out)
            out.appendLiteral(#","duration_ms":"#); ((durationMs * 1000).rounded() / 1000).writeJSON(to: &out)
            out.appendLiteral(#","who":"#); who.writeJSON(to: &out)
            out.appendLiteral(#","time":"#); time.writeJSON(to: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    private struct State {
        /// Up to `capacity` entries; once full, `start` is the oldest and the next write goes there.
        var ring: [Entry] = []
        var start = 0
        var nextID = 1
    }

    private let state = Locked(State())
    let capacity: Int

    init(capacity: Int = 10_000) {
        self.capacity = max(capacity, 1)
    }

    func record(method: String, path: String, query: String?, status: Int, durationMs: Double, who: String?, time: Date) {
        state.withLock { state in
            let entry = Entry(id: state.nextID, method: method, path: path, query: query, status: status,
                              durationMs: durationMs, who: who, date: time)
            state.nextID += 1
            if state.ring.count < capacity {
                state.ring.append(entry)
            } else {
                state.ring[state.start] = entry
                state.start = (state.start + 1) % capacity
            }
        }
    }

    /// Entries matching `method` (exact, case-sensitive) and `path` (a `PathPattern`), oldest first.
    func entries(method: String? = nil, path: PathPattern? = nil) -> [Entry] {
        let (ring, start) = state.withLock { ($0.ring, $0.start) }   // a copy: filtering runs unlocked
        var out: [Entry] = []
        for offset in 0..<ring.count {
            let entry = ring[(start + offset) % ring.count]
            if (method == nil || entry.method == method) && (path?.matches(entry.path) ?? true) { out.append(entry) }
        }
        return out
    }

    func clear() {
        state.withLock { $0 = State() }
    }
}

/// A path pattern for the control API: exact (`/api/auth/refresh`), `:name` for one segment
/// (`/api/orders/:id`), or a trailing `*` for any rest (`/api/orders*`).
struct PathPattern: Sendable, Equatable, JSONWritable {
    let text: String

    init?(_ text: String) {
        guard text.hasPrefix("/"), !text.dropLast().contains("*") else { return nil }
        self.text = text
    }

    func matches(_ path: String) -> Bool {
        if text.hasSuffix("*") { return path.hasPrefix(text.dropLast()) }
        let pattern = text.split(separator: "/", omittingEmptySubsequences: false)
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard pattern.count == parts.count else { return false }
        for (expected, actual) in zip(pattern, parts) {
            if expected.hasPrefix(":") { if actual.isEmpty { return false } } else if expected != actual { return false }
        }
        return true
    }

    func writeJSON(to out: inout [UInt8]) { text.writeJSON(to: &out) }
}
