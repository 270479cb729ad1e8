import Crypto
import Foundation
import MockHTTP
#if os(Linux)
import CGlibcExtras   // memmem
#elseif canImport(Darwin)
import Darwin
#endif
import MockBasics
import MockConcurrency

/// What the mock answered, for tests to read back (`GET /__mock/requests`). In memory, oldest first,
/// bounded: a ring of `capacity` entries, so recording costs the same when it is full (the oldest is
/// overwritten, nothing shifts); control-API requests are not recorded. An entry keeps its instant
/// and is formatted only when read.
///
/// A namespace on a replay seed also keeps a digest: each entry's is SHA-256 over the one before
/// and the entry's request and answer in their canonical form (`canonicalDigest(request:response:)`), so
/// two runs' digests match when every request and answer did, and the first entry whose digest
/// differs is where they parted (docs/replay.md).
final class RequestJournal: Sendable {
    /// A request the mock answered, as `GET /__mock/requests` lists it: every member is written,
    /// `null` when not set.
    // Recorded on every request, so it keeps what it is given and is formatted only when read: its
    // instant as a `Date` (`JournalTime`), its duration already rounded to the microsecond.
    /*@JSONObject(component: "JournalEntry")*/
    struct Entry: Sendable, Equatable {
        var id: Int
        var method: String
        var path: String
        /// Raw query string without `?`, as sent (not percent-decoded); null when the target has no `?`, empty for
        /// a bare `?`.
        /*@Nullable*/ var query: String?
        /// 0 when an injected fault dropped the connection.
        var status: Int
        /// In a namespace on a replay seed, the injected latency alone (nothing of a replayed journal depends on the
        /// machine's speed).
        var durationMs: Double
        /// `staff:<user id>`, `customer:<client id>`, or null when no valid token.
        /*@Nullable*/ var who: String?
        var time: JournalTime
        /// In a namespace on a replay seed, the journal's digest after this entry (two runs part at the first entry
        /// whose digest differs, docs/replay.md); null otherwise.
        /*@Schema(.string(pattern: "^[0-9a-f]{64}$"))*/ /*@Nullable*/ var digest: String?

        enum CodingKeys: String, CodingKey {
            case id, method, path, query, status, durationMs = "duration_ms", who, time, digest
        }
    }

    private struct State {
        /// Up to `capacity` entries; once full, `start` is the oldest and the next write goes there.
        var ring: [Entry] = []
        var start = 0
        var nextID = 1
        /// SHA-256 of everything recorded so far, while digesting; nil otherwise.
        var chain: [UInt8]?
    }

    private let state: Locked<State>
    let capacity: Int

    init(capacity: Int = 10_000, digesting: Bool = false) {
        self.capacity = max(capacity, 1)
        state = Locked(State(chain: digesting ? Self.emptyChain : nil))
    }

    /// The digest of a journal with no entry yet.
    static let emptyChain = Array(SHA256.hash(data: Array("repairminder-mock journal v1".utf8)))

    /// Whether entries are digested: a record needs `canonicalDigest(request:response:)` only then.
    var isDigesting: Bool { state.withLock { $0.chain != nil } }

    /// The number of entries recorded since the journal was last cleared (older ones may have left
    /// the ring) and the digest over all of them (nil when not digesting).
    var digest: (requests: Int, digest: String?) {
        state.withLock { ($0.nextID - 1, $0.chain.map(Hex.encode)) }
    }

    /// Starts (or stops) digesting, from an empty journal.
    func setDigesting(_ on: Bool) {
        state.withLock { $0 = State(chain: on ? Self.emptyChain : nil) }
    }

    /// `hashed` is `canonicalDigest(request:response:)`, given when digesting.
    func record(method: String, path: String, query: String?, status: Int, durationMs: Double, who: String?, time: Date,
                hashed: [UInt8]? = nil) {
        state.withLock { state in
            var digest: String?
            if let chain = state.chain, let hashed {
                let next = Array(SHA256.hash(data: chain + hashed))
                state.chain = next
                digest = Hex.encode(next)
            }
            let entry = Entry(id: state.nextID, method: method, path: path, query: query, status: status,
                              durationMs: (durationMs * 1000).rounded() / 1000, who: who, time: JournalTime(date: time),
                              digest: digest)
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

    /// Empties the journal; a digesting one starts its digest again.
    func clear() {
        state.withLock { $0 = State(chain: $0.chain == nil ? nil : Self.emptyChain) }
    }

    /// SHA-256 of one request and its answer in their canonical form (docs/replay.md, "The digest"):
    /// the method, the target within the namespace, the `Authorization` and `Content-Type` headers and
    /// the body of the request; the status, every header but `Date` (the transport adds it), how it
    /// was delivered, the injected latency and the body of the answer, in which the origin the request
    /// named (`http://<Host>`) is written `http://{host}`, so that a run on another port is the same
    /// run. Other request headers (`User-Agent`, `Accept-Language`, `Host`) differ between machines
    /// without changing what was asked; where one changes an answer, the answer's bytes show it.
    /// Fed to the hash piece by piece: nothing is copied.
    static func canonicalDigest(request: HTTPRequest, response: HTTPResponse) -> [UInt8] {
        var hasher = SHA256()
        func line(_ text: String) {
            var text = text
            text.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
            hasher.update(data: newline)
        }
        line("request \(request.method) \(request.target)")
        for name in ["authorization", "content-type"] {
            for value in request.headers.values(name) { line("\(name): \(value)") }
        }
        line("body \(request.body.count)")
        request.body.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        hasher.update(data: newline)
        switch response.delivery {
        case .normal: line("answer \(response.status)")
        case .dropConnection: line("answer dropped")
        case .truncateBody(let bytes): line("answer \(response.status) truncated at \(bytes)")
        }
        for field in response.headers where field.name != "date" { line("\(field.name): \(field.value)") }
        if response.delay > 0 { line("delay_ms \(Int((response.delay * 1000).rounded()))") }
        line("body")
        var origin = request.headers["host"].map { "http://" + $0 } ?? ""
        origin.withUTF8 { origin in
            response.body.withUnsafeBytes { body in
                hashReplacing(UnsafeRawBufferPointer(origin), with: placeholder, in: body, into: &hasher)
            }
        }
        return Array(hasher.finalize())
    }

    private static let newline: [UInt8] = [10]
    private static let placeholder = Array("http://{host}".utf8)

    /// Feeds `bytes` to `hasher` with every occurrence of `pattern` (none when empty) replaced by
    /// `replacement`, left to right: the runs between them in one piece each (`memmem` finds them).
    static func hashReplacing(_ pattern: UnsafeRawBufferPointer, with replacement: [UInt8], in bytes: UnsafeRawBufferPointer,
                              into hasher: inout SHA256) {
        guard let base = bytes.baseAddress, let needle = pattern.baseAddress, !pattern.isEmpty else {
            hasher.update(bufferPointer: bytes)
            return
        }
        var offset = 0
        while offset < bytes.count,
              let found = memmem(base + offset, bytes.count - offset, needle, pattern.count) {
            let at = base.distance(to: UnsafeRawPointer(found))
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: bytes[offset..<at]))
            hasher.update(data: replacement)
            offset = at + pattern.count
        }
        hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: bytes[offset...]))
    }
}

/// An instant the journal keeps as it is and formats when it is written: a `Timestamp`.
struct JournalTime: Sendable, Equatable, JSONWritable, WireSchemaDescribing {
    var date: Date

    func writeJSON(to out: inout [UInt8]) { Timestamp.string(date).writeJSON(to: &out) }
    static var wireSchema: WireSchema { .timestamp }
}

/// A path pattern for the control API: exact (`/api/auth/refresh`), `:name` for one segment
/// (`/api/orders/:id`), or a trailing `*` for any rest (`/api/orders*`).
struct PathPattern: Sendable, Equatable, JSONWritable, WireSchemaDescribing {
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
    static var wireSchema: WireSchema { .string() }
}
