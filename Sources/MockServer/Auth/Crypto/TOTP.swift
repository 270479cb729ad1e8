#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Crypto
import MockBasics

/// RFC 6238 time-based one-time passwords (RFC 4226 HOTP over `floor(unixTime / period)`).
/// Defaults are the authenticator-app ones: HMAC-SHA-1, 30-second steps, 6 digits.
struct TOTP: Sendable {
    enum Algorithm: String, Sendable, CaseIterable {
        case sha1 = "SHA1", sha256 = "SHA256", sha512 = "SHA512"
    }

    let secret: [UInt8]
    let digits: Int
    let period: Int
    let algorithm: Algorithm

    /// `nil` if the secret is not valid base32 (RFC 4648; case, spaces and padding ignored) or is
    /// empty, or if `digits` is outside 1...9 or `period` is not positive.
    init?(base32Secret: String, digits: Int = 6, period: Int = 30, algorithm: Algorithm = .sha1) {
        guard let secret = Secrets.base32Decode(base32Secret), !secret.isEmpty,
              (1...9).contains(digits), period > 0
        else { return nil }
        self.init(secret: secret, digits: digits, period: period, algorithm: algorithm)
    }

    /// - Precondition: `digits` in 1...9, `period > 0`.
    init(secret: [UInt8], digits: Int = 6, period: Int = 30, algorithm: Algorithm = .sha1) {
        precondition((1...9).contains(digits), "TOTP digits must be 1...9")
        precondition(period > 0, "TOTP period must be positive")
        self.secret = secret
        self.digits = digits
        self.period = period
        self.algorithm = algorithm
    }

    /// The time step containing `date` (`floor(seconds since 1970 / period)`, 0 before 1970).
    func timeStep(at date: Date) -> Int64 {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds > 0 else { return 0 }
        guard seconds < 9.0e18 else { return Int64.max / Int64(period) }
        return Int64(seconds) / Int64(period)
    }

    /// The code for the step containing `date`, zero-padded to `digits`.
    func code(at date: Date) -> String {
        code(forStep: timeStep(at: date))
    }

    /// The HOTP value for counter `step`, zero-padded to `digits`.
    func code(forStep step: Int64) -> String {
        Secrets.zeroPadded(truncatedValue(step), digits: digits)
    }

    /// Whether `code` is the code of any step within `window` steps either side of `date`'s.
    /// Every candidate is compared in constant time, and all of them are computed.
    func validate(_ code: String, at date: Date, window: Int = 1) -> Bool {
        matchingStep(code, at: date, window: window) != nil
    }

    /// The time step whose code `code` is (within `window` steps of `date`'s), else `nil`.
    /// Callers that must refuse a replayed code (RFC 6238 §5.2) store the step and reject steps
    /// at or before the last one accepted for the user.
    func matchingStep(_ code: String, at date: Date, window: Int = 1) -> Int64? {
        guard code.utf8.count == digits,
              code.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        let current = timeStep(at: date)
        let window = Int64(max(0, window))
        var match: Int64?
        for offset in -window...window {
            let (step, overflow) = current.addingReportingOverflow(offset)
            guard !overflow, step >= 0 else { continue }
            if Secrets.constantTimeEquals(self.code(forStep: step), code), match == nil { match = step }
        }
        return match
    }

    /// RFC 4226 §5.3 dynamic truncation of HMAC(secret, counter) modulo 10^digits.
    private func truncatedValue(_ step: Int64) -> UInt32 {
        let counter = withUnsafeBytes(of: UInt64(bitPattern: step).bigEndian) { Array($0) }
        let key = SymmetricKey(data: secret)
        let value: UInt32
        switch algorithm {
        case .sha1:
            value = Self.truncate(HMAC<Insecure.SHA1>.authenticationCode(for: counter, using: key))
        case .sha256:
            value = Self.truncate(HMAC<SHA256>.authenticationCode(for: counter, using: key))
        case .sha512:
            value = Self.truncate(HMAC<SHA512>.authenticationCode(for: counter, using: key))
        }
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        return value % modulus
    }

    private static func truncate<MAC: MessageAuthenticationCode>(_ mac: MAC) -> UInt32 {
        mac.withUnsafeBytes { bytes in
            let offset = Int(bytes[bytes.count - 1] & 0x0F)
            return (UInt32(bytes[offset] & 0x7F) << 24)
                | (UInt32(bytes[offset + 1]) << 16)
                | (UInt32(bytes[offset + 2]) << 8)
                | UInt32(bytes[offset + 3])
        }
    }

    /// An `otpauth://` URI for authenticator apps (label and issuer percent-encoded).
    func provisioningURI(account: String, issuer: String) -> String {
        func encode(_ s: String) -> String {
            var out = ""
            for byte in s.utf8 {
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                     UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "@"):
                    out.unicodeScalars.append(Unicode.Scalar(byte))
                default:
                    out += "%"
                    out.unicodeScalars.append(Unicode.Scalar(Hex.digits[Int(byte >> 4)]))
                    out.unicodeScalars.append(Unicode.Scalar(Hex.digits[Int(byte & 0x0F)]))
                }
            }
            return out
        }
        return "otpauth://totp/\(encode(issuer)):\(encode(account))?secret=\(Secrets.base32Encode(secret))"
            + "&issuer=\(encode(issuer))&algorithm=\(algorithm.rawValue)&digits=\(digits)&period=\(period)"
    }
}
