import Crypto
import MockConcurrency

/// Where the values one namespace invents come from: ids of the rows it makes, refresh tokens,
/// token ids, 2FA and magic-link codes, password salts.
///
/// Without a replay seed, the system's CSPRNG (`Secrets`). With one (`--replay-seed`,
/// `PUT /__mock/replay`), the `n`-th value of a kind is HMAC-SHA256 keyed by the seed over the
/// namespace's name, the kind and `n`: so a namespace's values depend on nothing but its own
/// requests, whatever its neighbours do, and two namespaces never share one (docs/replay.md).
package final class InventedValues: Sendable {
    /// A kind of value, with a sequence of its own: one more token id does not move the next code.
    package struct Kind: Hashable, Sendable {
        package let name: String
        package init(_ name: String) { self.name = name }

        package static let refreshToken = Kind("refresh_token")
        package static let tokenID = Kind("jti")
        package static let loginCode = Kind("login_code")
        package static let salt = Kind("salt")
        /// The id of a row the mock makes in `table`.
        package static func id(_ table: String) -> Kind { Kind("id:" + table) }
    }

    private struct State {
        var replay: Replay?
        var counts: [Kind: UInt64] = [:]
    }

    private struct Replay: Sendable {
        let seed: String
        let namespace: String
        /// SHA-256 of the seed: the HMAC key's bytes (CryptoKit's `SymmetricKey` is not `Sendable` in
        /// the macOS 14 and iOS 17 SDKs, so it is made where it is used).
        let key: [UInt8]
    }

    private let state: Locked<State>

    /// The system's randomness until `replay(seed:namespace:)`.
    package init() { state = Locked(State()) }

    /// A source that derives from `seed` for `namespace` (nil: the system's randomness).
    package convenience init(seed: String?, namespace: String) {
        self.init()
        replay(seed: seed, namespace: namespace)
    }

    /// From now on values come from `seed` (nil: the system's randomness), every sequence from its
    /// start.
    package func replay(seed: String?, namespace: String) {
        let replay = seed.map { seed in
            Replay(seed: seed, namespace: namespace,
                   key: Array(SHA256.hash(data: Array(("repairminder-mock replay v1\u{0}" + seed).utf8))))
        }
        state.withLock { $0 = State(replay: replay) }
    }

    /// Every sequence from its start again (a reset), under the same seed.
    package func restart() {
        state.withLock { $0.counts = [:] }
    }

    /// The replay seed, nil when values are random.
    package var seed: String? { state.withLock { $0.replay?.seed } }

    // MARK: Values

    /// `count` bytes: the next of `kind`.
    package func bytes(_ count: Int, _ kind: Kind) -> [UInt8] {
        let next: (Replay, UInt64)? = state.withLock { state in
            guard let replay = state.replay else { return nil }
            let n = state.counts[kind, default: 0]
            state.counts[kind] = n + 1
            return (replay, n)
        }
        guard let (replay, n) = next else { return Secrets.randomBytes(count) }
        return Self.derive(count, key: replay.key, namespace: replay.namespace, kind: kind, index: n)
    }

    /// A version-4-shaped UUID in lower case.
    package func uuid(_ kind: Kind) -> String { Secrets.uuid(bytes(16, kind)) }

    /// An opaque refresh token: 32 bytes, base64url without padding (43 characters).
    package func refreshToken() -> String { Base64.urlEncode(bytes(32, .refreshToken)) }

    /// A six-digit code, `"000000"`…`"999999"` (2FA by email, magic links).
    package func sixDigitCode(_ kind: Kind = .loginCode) -> String {
        guard seed != nil else { return Secrets.sixDigitCode() }
        // 64 bits mod 10⁶: the bias is below 10⁻¹³.
        let word = bytes(8, kind).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Secrets.zeroPadded(UInt32(word % 1_000_000), digits: 6)
    }

    /// HMAC-SHA256(key, namespace ‖ 0 ‖ kind ‖ 0 ‖ index ‖ block), blocks 0, 1… until `count` bytes.
    static func derive(_ count: Int, key keyBytes: [UInt8], namespace: String, kind: Kind, index: UInt64) -> [UInt8] {
        let key = SymmetricKey(data: keyBytes)
        var message = Array(namespace.utf8) + [0] + Array(kind.name.utf8) + [0]
        for shift in stride(from: 56, through: 0, by: -8) { message.append(UInt8(truncatingIfNeeded: index >> UInt64(shift))) }
        message.append(0)
        var out: [UInt8] = []
        out.reserveCapacity(count + 32)
        var block: UInt8 = 0
        while out.count < count {
            message[message.count - 1] = block
            out.append(contentsOf: HMAC<SHA256>.authenticationCode(for: message, using: key))
            block &+= 1
        }
        return Array(out.prefix(count))
    }
}
