import Crypto
#if canImport(_CryptoExtras)
import _CryptoExtras
#endif

/// PBKDF2-HMAC-SHA256 password hashes, encoded `pbkdf2-sha256$<iterations>$<salt>$<hash>` with the
/// 16-byte random salt and the 32-byte derived key in standard base64 (with padding).
///
/// With `_CryptoExtras` linked, the key is derived by BoringSSL's PBKDF2 (about 5× faster in debug
/// builds and 2× in release); without it, by `pbkdf2SHA256`, written here over `Crypto`'s SHA-256.
/// Both give identical results (RFC 8018 §5.2).
enum PasswordHasher {
    /// Modest on purpose: the mock hashes every seeded user's password at start-up and reset.
    static let defaultIterations = 10_000
    /// `verify` refuses encodings that ask for more, so a corrupt row cannot stall a request.
    static let maxIterations = 10_000_000
    static let saltByteCount = 16
    static let hashByteCount = 32
    private static let prefix = "pbkdf2-sha256"

    static func hash(_ password: String, iterations: Int = defaultIterations) -> String {
        precondition(iterations >= 1 && iterations <= maxIterations, "PBKDF2 iterations out of range")
        let salt = Secrets.randomBytes(saltByteCount)
        let derived = derive(password, salt: salt, iterations: iterations, keyByteCount: hashByteCount)
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
        let derived = derive(password, salt: salt, iterations: iterations, keyByteCount: expected.count)
        return Secrets.constantTimeEquals(derived, expected)
    }

    /// Whether key derivation runs in BoringSSL (`_CryptoExtras`) rather than in `pbkdf2SHA256`.
    static var usesCryptoExtras: Bool {
        #if canImport(_CryptoExtras)
        true
        #else
        false
        #endif
    }

    static func derive(_ password: String, salt: [UInt8], iterations: Int, keyByteCount: Int) -> [UInt8] {
        #if canImport(_CryptoExtras)
        if let key = try? KDF.Insecure.PBKDF2.deriveKey(
            from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: keyByteCount,
            unsafeUncheckedRounds: iterations)
        {
            return key.withUnsafeBytes { Array($0) }
        }
        #endif
        return pbkdf2SHA256(password: Array(password.utf8), salt: salt, iterations: iterations, keyByteCount: keyByteCount)
    }

    /// PBKDF2 with HMAC-SHA256 as the PRF (RFC 8018 §5.2), over `Crypto`'s SHA-256.
    static func pbkdf2SHA256(password: [UInt8], salt: [UInt8], iterations: Int, keyByteCount: Int) -> [UInt8] {
        precondition(iterations >= 1 && keyByteCount >= 1)
        // HMAC key: hashed if longer than the block, zero-padded to it (RFC 2104).
        let blockSize = 64
        var key = password.count > blockSize ? Array(SHA256.hash(data: password)) : password
        key.append(contentsOf: repeatElement(0, count: blockSize - key.count))
        var innerBase = SHA256()
        innerBase.update(data: key.map { $0 ^ 0x36 })
        var outerBase = SHA256()
        outerBase.update(data: key.map { $0 ^ 0x5C })

        func prf(_ message: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) {
            var inner = innerBase
            inner.update(bufferPointer: message)
            let innerDigest = inner.finalize()
            var outer = outerBase
            innerDigest.withUnsafeBytes { outer.update(bufferPointer: $0) }
            let digest = outer.finalize()
            digest.withUnsafeBytes { out.copyMemory(from: $0) }
        }

        var derived = [UInt8]()
        derived.reserveCapacity(keyByteCount)
        var blockIndex: UInt32 = 1
        var u = [UInt8](repeating: 0, count: SHA256.byteCount)
        var t = [UInt8](repeating: 0, count: SHA256.byteCount)
        while derived.count < keyByteCount {
            // U1 = PRF(P, S || INT(i))
            var first = salt
            withUnsafeBytes(of: blockIndex.bigEndian) { first.append(contentsOf: $0) }
            first.withUnsafeBytes { message in u.withUnsafeMutableBytes { prf(message, into: $0) } }
            t = u
            var next = [UInt8](repeating: 0, count: SHA256.byteCount)
            for _ in 1..<iterations {
                u.withUnsafeBytes { message in next.withUnsafeMutableBytes { prf(message, into: $0) } }
                swap(&u, &next)
                for k in 0..<SHA256.byteCount { t[k] ^= u[k] }
            }
            derived.append(contentsOf: t.prefix(keyByteCount - derived.count))
            blockIndex += 1
        }
        return derived
    }
}
