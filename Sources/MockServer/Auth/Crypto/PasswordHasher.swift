#if canImport(CommonCrypto)
import CommonCrypto
#else
import _CryptoExtras
#endif
import MockBasics

/// PBKDF2-HMAC-SHA256 password hashes, encoded `pbkdf2-sha256$<iterations>$<salt>$<hash>` with the
/// 16-byte random salt and the 32-byte derived key in standard base64 (with padding). The key is
/// derived by the system where it has PBKDF2 (CommonCrypto on Apple platforms, so an app's
/// build compiles no BoringSSL), and by swift-crypto's `_CryptoExtras` elsewhere (BoringSSL's
/// PBKDF2); both are RFC 8018 §5.2, with the same test vectors (PasswordHasherTests).
enum PasswordHasher {
    /// Modest on purpose: the mock hashes every seeded user's password at start-up and reset.
    static let defaultIterations = 10_000
    /// `verify` refuses encodings that ask for more, so a corrupt row cannot stall a request.
    static let maxIterations = 10_000_000
    static let saltByteCount = 16
    static let hashByteCount = 32
    private static let prefix = "pbkdf2-sha256"

    /// The salt is the next of `values` (random, or from the namespace's replay seed).
    static func hash(_ password: String, iterations: Int = defaultIterations, invented: InventedValues) -> String {
        precondition(iterations >= 1 && iterations <= maxIterations, "PBKDF2 iterations out of range")
        let salt = invented.bytes(saltByteCount, .salt)
        guard let derived = derive(password, salt: salt, iterations: iterations, keyByteCount: hashByteCount) else {
            preconditionFailure("PBKDF2 refused \(iterations) iterations of a \(saltByteCount)-byte salt")
        }
        return "\(prefix)$\(iterations)$\(Base64.standardEncode(salt))$\(Base64.standardEncode(derived))"
    }

    /// Whether `password` matches `encoded`, comparing the derived keys in constant time.
    /// `false`, never a crash, for anything that is not a well-formed encoding.
    static func verify(_ password: String, against encoded: String) -> Bool {
        let parts = encoded.utf8.split(separator: UInt8(ascii: "$"), omittingEmptySubsequences: false)
        guard parts.count == 4,
              parts[0].elementsEqual(prefix.utf8),
              parts[1].count <= 9,  // keeps the parse in range; maxIterations has 8 digits
              parts[1].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let iterations = Int(String(decoding: parts[1], as: UTF8.self)),
              (1...maxIterations).contains(iterations),
              let salt = Base64.standardDecode(parts[2]), !salt.isEmpty,
              let expected = Base64.standardDecode(parts[3]), expected.count == hashByteCount
        else { return false }
        guard let derived = derive(password, salt: salt, iterations: iterations, keyByteCount: expected.count) else {
            return false
        }
        return Secrets.constantTimeEquals(derived, expected)
    }

    /// The derived key, or nil for parameters PBKDF2 refuses.
    static func derive(_ password: String, salt: [UInt8], iterations: Int, keyByteCount: Int) -> [UInt8]? {
        #if canImport(CommonCrypto)
        guard iterations >= 1, iterations <= Int(UInt32.max), keyByteCount >= 1 else { return nil }
        // A pointer even for an empty password or salt: CommonCrypto reads `length` bytes of it.
        let secret = Array(password.utf8).map { CChar(bitPattern: $0) } + [0]
        let salted = salt + [0]
        var derived = [UInt8](repeating: 0, count: keyByteCount)
        let status = secret.withUnsafeBufferPointer { secretBytes in
            salted.withUnsafeBufferPointer { saltBytes in
                CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), secretBytes.baseAddress, secretBytes.count - 1,
                                     saltBytes.baseAddress, salt.count, CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256),
                                     UInt32(iterations), &derived, derived.count)
            }
        }
        return status == Int32(kCCSuccess) ? derived : nil
        #else
        guard let key = try? KDF.Insecure.PBKDF2.deriveKey(from: Array(password.utf8), salt: salt, using: .sha256,
                                                            outputByteCount: keyByteCount, unsafeUncheckedRounds: iterations)
        else { return nil }
        return key.withUnsafeBytes { Array($0) }
        #endif
    }
}
