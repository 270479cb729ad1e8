#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Crypto
import MockHTTP
import MockBasics
import MockConcurrency

// MARK: - JWT

/// The claims of tokens that passed verification, at most `capacity` of them (emptied when full:
/// an app holds one access token at a time, a test run a few hundred).
///
/// A token is recognized by its bytes: Swift's `String` equality is canonical equivalence, under
/// which a token with U+212A KELVIN SIGN in place of a `K` equals the real one, though its bytes
/// are not valid base64url and verification refuses it.
final class VerifiedTokens: Sendable {
    static let capacity = 1024
    private let tokens = Locked<[String: (token: String, claims: [String: JSONValue])]>([:])

    func claims(of token: String) -> [String: JSONValue]? {
        guard let known = tokens.withLock({ $0[token] }), Self.sameBytes(known.token, token) else { return nil }
        return known.claims
    }

    /// Byte equality of two strings' UTF-8, compared in their contiguous storage (`elementsEqual`
    /// on the `utf8` views goes through the view's index checks per byte).
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { a in
            b.withUTF8 { b in a.count == b.count && a.elementsEqual(b) }
        }
    }

    func remember(_ token: String, _ claims: [String: JSONValue]) {
        tokens.withLock { tokens in
            if tokens.count >= Self.capacity { tokens.removeAll(keepingCapacity: true) }
            tokens[token] = (token, claims)
        }
    }

    var count: Int { tokens.withLock { $0.count } }
}

/// Why a token was refused. The HTTP layer answers 401 for all of them.
enum JWTError: Error, Equatable, Sendable {
    /// Not three base64url segments, a header or payload that is not a JSON object, or (for
    /// `verify(_:now:)`) a missing or non-numeric `exp`.
    case malformed
    /// The header's `alg` is anything but the exact string `"HS256"` (or is missing).
    case unsupportedAlgorithm
    /// The signature does not match.
    case badSignature
    /// `exp` is at or before `now`.
    case expired
}

/// HS256 JSON Web Tokens (RFC 7519 / RFC 7515 compact serialization) with hand-rolled base64url.
struct JWTSigner: Sendable {
    /// The HMAC key's bytes. The MAC is keyed afresh for each token (about a microsecond): a keyed
    /// `HMAC<SHA256>` is not `Sendable` in the CryptoKit of Xcode 16 SDKs (nor in swift-crypto 3.x),
    /// so a `Sendable` signer cannot keep one (docs/ci.md, the Mac checklist).
    private let key: [UInt8]
    /// Tokens this signer has verified, with their claims (`verify(_:now:)`).
    let verified = VerifiedTokens()

    /// `base64url({"alg":"HS256","typ":"JWT"})`: every token this signer makes starts with it.
    static let encodedHeader = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
    private static let encodedHeaderBytes: [UInt8] = Array(encodedHeader.utf8)
    /// base64url of a 32-byte MAC, without padding.
    private static let encodedSignatureCount = 43

    /// The key is the UTF-8 bytes of `secret`.
    init(secret: String) {
        key = Array(secret.utf8)
    }

    /// HMAC-SHA256 keyed with this signer's key, ready for one message.
    private func keyedMAC() -> HMAC<SHA256> {
        HMAC<SHA256>(key: SymmetricKey(data: key))
    }

    /// A compact JWT: header `{"alg":"HS256","typ":"JWT"}`, the claims as JSON with keys sorted
    /// (so equal claims give equal tokens), signed with HMAC-SHA256.
    func sign(_ claims: [String: JSONValue]) -> String {
        var payload = [UInt8]()
        payload.reserveCapacity(512)
        JSONValue.object(claims).writeJSON(to: &payload)
        let header = Self.encodedHeaderBytes
        let signingCount = header.count + 1 + Base64.encodedCount(payload.count, pad: false)
        let total = signingCount + 1 + Self.encodedSignatureCount
        return String(unsafeUninitializedCapacity: total) { out in
            Base64.urlAlphabet.withUnsafeBufferPointer { table in
                var o = header.count
                _ = out.initialize(fromContentsOf: header)
                out[o] = UInt8(ascii: ".")
                o += 1
                o += payload.withUnsafeBufferPointer { payload in
                    Base64.encode(payload, table: table, pad: false, into: UnsafeMutableBufferPointer(rebasing: out[o...]))
                }
                var mac = keyedMAC()
                mac.update(data: UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: out[..<signingCount])))
                let code = mac.finalize()
                out[o] = UInt8(ascii: ".")
                o += 1
                o += code.withUnsafeBytes { code in
                    Base64.encode(code.bindMemory(to: UInt8.self), table: table, pad: false,
                                  into: UnsafeMutableBufferPointer(rebasing: out[o...]))
                }
                return o
            }
        }
    }

    /// base64url of HMAC-SHA256 over `signingInput` (`"<header>.<payload>"`): the third segment.
    /// For tests that forge tokens with arbitrary headers.
    func signature(of signingInput: String) -> String {
        var mac = keyedMAC()
        mac.update(data: Array(signingInput.utf8))
        return mac.finalize().withUnsafeBytes { Base64.urlEncode($0) }
    }

    /// Checks the structure, that the header's `alg` is exactly `"HS256"`, the signature (in
    /// constant time) and that the payload is a JSON object, and returns the claims.
    /// Does not look at `exp`: see `verify(_:now:)`.
    func verify(_ token: String) throws(JWTError) -> [String: JSONValue] {
        var token = token
        let result: Result<[String: JSONValue], JWTError> = token.withUTF8 { bytes in
            do throws(JWTError) {
                return .success(try verify(bytes))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// `verify(_:)`, then also requires a numeric `exp` (seconds since 1970) later than `now`.
    /// A missing or non-numeric `exp` is `.malformed`; `exp <= now` is `.expired`.
    ///
    /// A token whose signature and structure were verified once is not verified again: its bytes
    /// and this signer's key decide that, and neither changes. Its `exp` is compared with `now`
    /// every time (the mock's clock moves), and whatever the claims name (the session, the user)
    /// is the authenticator's to look up on every request.
    func verify(_ token: String, now: Date) throws(JWTError) -> [String: JSONValue] {
        let claims: [String: JSONValue]
        if let known = verified.claims(of: token) {
            claims = known
        } else {
            claims = try verify(token)
            verified.remember(token, claims)
        }
        let exp: Double
        switch claims["exp"] {
        case .int(let value)?: exp = Double(value)
        case .double(let value)? where value.isFinite: exp = value
        default: throw .malformed
        }
        guard exp > now.timeIntervalSince1970 else { throw .expired }
        return claims
    }

    private func verify(_ bytes: UnsafeBufferPointer<UInt8>) throws(JWTError) -> [String: JSONValue] {
        // Exactly three segments.
        var firstDot = -1
        var secondDot = -1
        for i in 0..<bytes.count where bytes[i] == UInt8(ascii: ".") {
            if firstDot < 0 {
                firstDot = i
            } else if secondDot < 0 {
                secondDot = i
            } else {
                throw .malformed
            }
        }
        guard secondDot > 0 else { throw .malformed }
        let headerSegment = UnsafeBufferPointer(rebasing: bytes[..<firstDot])
        let payloadSegment = UnsafeBufferPointer(rebasing: bytes[(firstDot + 1)..<secondDot])
        let signatureSegment = UnsafeBufferPointer(rebasing: bytes[(secondDot + 1)...])

        // Header: a JSON object whose alg is exactly "HS256". Our own header needs no parsing.
        if !headerSegment.elementsEqual(Self.encodedHeaderBytes) {
            guard let headerBytes = Base64.decode(headerSegment, table: Base64.urlTable, padded: false),
                  case .object(let header)? = JSONValue.parse(headerBytes)
            else { throw .malformed }
            guard case .string("HS256")? = header["alg"] else { throw .unsupportedAlgorithm }
        }

        // Signature over "header.payload", compared in constant time.
        guard let signature = Base64.decode(signatureSegment, table: Base64.urlTable, padded: false) else {
            throw .malformed
        }
        var mac = keyedMAC()
        mac.update(data: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[..<secondDot])))
        let expected = mac.finalize()
        let matches = expected.withUnsafeBytes { Secrets.constantTimeEquals($0, signature) }
        guard matches else { throw .badSignature }

        // Payload: a JSON object.
        guard let payloadBytes = Base64.decode(payloadSegment, table: Base64.urlTable, padded: false),
              case .object(let claims)? = JSONValue.parse(payloadBytes)
        else { throw .malformed }
        return claims
    }
}
