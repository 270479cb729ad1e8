import Foundation
import Logging
import MockStore

/// Everything the mock can be told at start. Every field has a default; only the CLI reads flags.
public struct MockServerConfiguration: Sendable {
    /// Hosts to bind; the default is both loopbacks (on macOS `localhost` resolves to ::1 first).
    public var hosts: [String] = ["127.0.0.1", "::1"]
    /// 0 picks a free port (tests); the CLI defaults to 8787, the backend's local dev port.
    public var port: Int = 0
    /// `:memory:` or a file path. A file that already holds data is opened as it is.
    public var databasePath: String = ":memory:"
    /// The seed fixture; nil means the bundled `Seeds/default.json`.
    public var seedURL: URL?
    /// Re-seed a file database that already holds data.
    public var resetDatabase: Bool = false
    public var jwtSecret: String = "repairminder-mock-development-secret"
    public var controlAPI: Bool = true
    /// Mock option, not backend behaviour: within this many seconds of a rotation, presenting the
    /// just-rotated refresh token returns a fresh pair instead of revoking the family. 0 = strict.
    public var refreshReuseInterval: TimeInterval = 0
    /// A pristine database from `MockServer.makeSnapshot`, shared by servers that use the same seed;
    /// nil builds one from `seedURL`.
    public var seedSnapshot: SeedSnapshot?
    /// The clock's first reading; nil follows the wall clock.
    public var clockStart: Date?
    /// The clock stands still at `clockStart` (or at the start's wall-clock time) and moves only when
    /// moved (`POST /__mock/clock`): for tests that depend on the time, on a machine of any speed.
    public var clockFrozen: Bool = false
    /// Named namespaces (`/ns/<name>/…`) kept at once; past it the least recently used is dropped.
    public var maxNamespaces: Int = 64
    /// Requests a namespace holds at once for `hold` faults (`POST /__mock/faults`); past it a matching
    /// request is answered 503 (`Too many held requests…`) and not held. Each held request keeps a
    /// thread waiting, so this bounds what forgotten holds can cost the server.
    public var maxHeldRequests: Int = 64
    /// A named namespace unused for this long is dropped (the next request starts it afresh).
    public var namespaceIdleTimeout: Duration = .seconds(3600)
    /// Copies of the pristine database kept ready for new named namespaces, made in the background
    /// from the first namespace on (each about as big as a namespace); 0 makes each copy on the
    /// namespace's first request. Most of making a namespace is SQLite parsing the schema of the
    /// new copy: a ready copy has done that already (docs/namespaces.md).
    public var namespacePoolSize: Int = 4
    /// Where `stop()` writes the default namespace's state as an SQLite file (`--export-on-exit`).
    public var exportOnExit: URL?
    public var maxBodyBytes: Int = 1 << 20
    public var maxConnections: Int = 256
    /// PBKDF2-SHA256 rounds for the seeded password hashes. Modest on purpose: the fixtures'
    /// passwords are public, and `swift run` is a debug build where 10,000 rounds cost ~160 ms a login.
    public var passwordHashIterations: Int = 1_000
    public var logger: Logger = Logger(label: "repairminder-mock")
    /// `--push-dir`: every recorded push is also written here as an `.apns` file (a named
    /// namespace's in `ns/<name>/`), after its request commits. Needs `pushBundleID`.
    public var pushDirectory: URL?
    /// `--simulator-push`: every recorded push is also delivered with
    /// `xcrun simctl push booted <pushBundleID> -`, off the request path. Needs `pushBundleID`.
    public var simulatorPush: Bool = false
    /// `--push-bundle-id`: the app's bundle identifier, the `"Simulator Target Bundle"` of `.apns`
    /// files and the target of `simctl push`.
    public var pushBundleID: String?
    /// `--control-token`: when set, every control call but `GET /__mock/health` and the console
    /// page needs `Authorization: Bearer <token>` (visible ASCII, no spaces).
    public var controlToken: String?
    /// `--allowed-host`: names besides loopback, IP literals and single-label names (`mock`) that the
    /// control API answers in `Host` without `controlToken` (a name a web page could rebind to this
    /// machine is refused otherwise; docs/control-api.md#the-browser-boundary). `.example.com`
    /// allows `example.com` and every name under it. Names only: no scheme, no port.
    public var allowedHosts: [String] = []
    /// `--vary`: the shape variants every namespace's app-API answers take from the start (a
    /// comma-separated list: `timestamps-ms`, `timestamps-sqlite`, `absent-nulls`, `reordered-keys`,
    /// `extra-key`, `pagination-camel-case`, `quarantine-codes`, `all`, `none`; docs/http.md "Shape
    /// variance"). Off by default.
    public var vary: String?
    /// `--replay-seed`: every value a namespace invents (ids, tokens, codes, salts) comes from this
    /// text, the namespace's name, the kind of value and its place in that kind's sequence, and every
    /// namespace starts with its clock frozen at `clockStart` or at the seed fixture's `now`: the same
    /// requests get the same bytes, run after run (docs/replay.md). Its tokens are predictable, so a
    /// server bound beyond loopback needs `controlToken`. nil: the system's randomness.
    public var replaySeed: String?

    public init() {}
}
