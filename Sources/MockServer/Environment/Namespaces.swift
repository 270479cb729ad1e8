import Crypto
import Foundation
import MockHTTP
import MockBasics
import MockConcurrency

/// The isolated mocks one server hosts. A request under `/ns/<name>/` is served by the namespace
/// `<name>` — its own database (copied from the pristine seed on first use), clock, journal,
/// faults and token key — and every other request by the default namespace, which always exists.
/// Named namespaces are created on first use and dropped least-recently-used past `capacity`, or
/// when a request finds one idle for longer than `idleTimeout` (it then starts afresh).
final class Namespaces: Sendable {
    /// `[A-Za-z0-9_-]`, 1…64 characters.
    static func isValidName(_ name: Substring) -> Bool {
        (1...64).contains(name.utf8.count) && name.utf8.allSatisfy { byte in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 95 || byte == 45
        }
    }

    /*@JSONObject*/
    struct Summary: Sendable, Equatable {
        var name: String
        /*@Schema(.timestamp)*/ var createdAt: String
        /*@Schema(.timestamp)*/ var lastUsedAt: String
        var idleSeconds: Double

        enum CodingKeys: String, CodingKey {
            case name, createdAt = "created_at", lastUsedAt = "last_used_at", idleSeconds = "idle_seconds"
        }
    }

    private struct Entry {
        let environment: ServerEnvironment
        let createdAt: Date
        var lastUsed: ContinuousClock.Instant
        var lastUsedAt: Date
    }

    let defaultEnvironment: ServerEnvironment
    let capacity: Int
    let idleTimeout: Duration
    private let makeEnvironment: @Sendable (String) throws -> ServerEnvironment
    private let entries = Locked([String: Entry]())
    /// Idle time is real time, not the mock clock (which tests move); injectable for tests.
    private let instant: @Sendable () -> ContinuousClock.Instant

    /// `make` builds a fresh namespace's environment; it runs under the registry's lock, so two
    /// first requests for one name make one namespace.
    init(default defaultEnvironment: ServerEnvironment, capacity: Int, idleTimeout: Duration,
         instant: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
         make: @escaping @Sendable (String) throws -> ServerEnvironment) {
        self.defaultEnvironment = defaultEnvironment
        self.capacity = max(capacity, 1)
        self.idleTimeout = idleTimeout
        self.instant = instant
        makeEnvironment = make
    }

    /// The namespace `name`, made now if it does not exist (or had gone idle).
    func environment(named name: String) throws -> ServerEnvironment {
        let now = instant()
        let wallClock = defaultEnvironment.clock.now()   // for the listing: the server's clock
        var dropped: [ServerEnvironment] = []
        defer { Self.endHolds(of: dropped) }
        return try entries.withLock { entries in
            if var entry = entries[name], entry.lastUsed.duration(to: now) <= idleTimeout {
                entry.lastUsed = now
                entry.lastUsedAt = wallClock
                entries[name] = entry
                return entry.environment
            }
            if let stale = entries.removeValue(forKey: name) { dropped.append(stale.environment) }
            dropped += Self.dropIdle(&entries, now: now, idleTimeout: idleTimeout)
            while entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
                dropped.append(oldest.value.environment)
                entries[oldest.key] = nil
            }
            let environment = try makeEnvironment(name)
            entries[name] = Entry(environment: environment, createdAt: wallClock, lastUsed: now, lastUsedAt: wallClock)
            return environment
        }
    }

    /// A dropped namespace's held requests are answered 503 (`namespace_dropped`), outside the lock.
    private static func endHolds(of dropped: [ServerEnvironment]) {
        for environment in dropped { environment.faults.clear(because: .namespaceDropped) }
    }

    /// Every namespace now, the default one first (what the server ends holds in when it stops).
    var environments: [ServerEnvironment] {
        [defaultEnvironment] + entries.withLock { $0.values.map(\.environment) }
    }

    /// The live named namespaces, most recently used first (idle ones are dropped first).
    func list() -> [Summary] {
        let now = instant()
        var dropped: [ServerEnvironment] = []
        defer { Self.endHolds(of: dropped) }
        return entries.withLock { entries in
            dropped = Self.dropIdle(&entries, now: now, idleTimeout: idleTimeout)
            return entries.sorted { $0.value.lastUsed > $1.value.lastUsed }.map { name, entry in
                Summary(name: name, createdAt: Timestamp.string(entry.createdAt),
                        lastUsedAt: Timestamp.string(entry.lastUsedAt),
                        idleSeconds: (entry.lastUsed.duration(to: now).milliseconds).rounded() / 1000)
            }
        }
    }

    /// False when there was no such namespace.
    func drop(_ name: String) -> Bool {
        guard let dropped = entries.withLock({ $0.removeValue(forKey: name) }) else { return false }
        Self.endHolds(of: [dropped.environment])
        return true
    }

    var count: Int { entries.withLock { $0.count } }

    /// The namespaces dropped.
    private static func dropIdle(_ entries: inout [String: Entry], now: ContinuousClock.Instant,
                                 idleTimeout: Duration) -> [ServerEnvironment] {
        // Looked for before the dictionary is rebuilt: making a namespace checks every time.
        guard entries.values.contains(where: { $0.lastUsed.duration(to: now) > idleTimeout }) else { return [] }
        let idle = entries.values.filter { $0.lastUsed.duration(to: now) > idleTimeout }.map(\.environment)
        entries = entries.filter { $0.value.lastUsed.duration(to: now) <= idleTimeout }
        return idle
    }

    /// A named namespace's token key: derived from the server's secret and the name, so a token
    /// minted in one namespace fails the signature check in every other.
    static func secret(for name: String, serverSecret: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Array("namespace:\(name)".utf8),
                                                 using: SymmetricKey(data: Array(serverSecret.utf8)))
        return Hex.encode(mac)   // `String(format:)` per byte was a tenth of making a namespace
    }
}
