import Foundation
import MockBasics

/// Hashes the store keeps instead of secrets.
enum StoreHashing {
    /// What `user_recovery_codes.code_hash` holds: SHA-256 hex of the code upper-cased
    /// (so `acme2fa1` and `ACME2FA1` match).
    static func recoveryCodeHash(_ code: String) -> String {
        Secrets.sha256Hex(code.uppercased())
    }
}
