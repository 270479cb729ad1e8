import Foundation
import Testing
@testable import MockServer
@testable import MockBasics

@Suite("TOTP (RFC 6238)")
struct TOTPTests {
    static let sha1Seed = Array("12345678901234567890".utf8)
    static let sha256Seed = Array("12345678901234567890123456789012".utf8)
    static let sha512Seed = Array("1234567890123456789012345678901234567890123456789012345678901234".utf8)

    /// RFC 6238 Appendix B: (time, SHA1, SHA256, SHA512), 8 digits, 30 s steps.
    static let vectors: [(Int64, String, String, String)] = [
        (59, "94287082", "46119246", "90693936"),
        (1_111_111_109, "07081804", "68084774", "25091201"),
        (1_111_111_111, "14050471", "67062674", "99943326"),
        (1_234_567_890, "89005924", "91819424", "93441116"),
        (2_000_000_000, "69279037", "90698825", "38618901"),
        (20_000_000_000, "65353130", "77737706", "47863826"),
    ]

    @Test(arguments: vectors)
    func rfc6238Vector(_ vector: (Int64, String, String, String)) {
        let date = Date(timeIntervalSince1970: TimeInterval(vector.0))
        let sha1 = TOTP(secret: Self.sha1Seed, digits: 8, algorithm: .sha1)
        let sha256 = TOTP(secret: Self.sha256Seed, digits: 8, algorithm: .sha256)
        let sha512 = TOTP(secret: Self.sha512Seed, digits: 8, algorithm: .sha512)
        #expect(sha1.code(at: date) == vector.1)
        #expect(sha256.code(at: date) == vector.2)
        #expect(sha512.code(at: date) == vector.3)
        #expect(sha1.validate(vector.1, at: date, window: 0))
        #expect(sha256.validate(vector.2, at: date, window: 0))
        #expect(sha512.validate(vector.3, at: date, window: 0))
        // The same seeds through base32.
        let fromBase32 = TOTP(base32Secret: Secrets.base32Encode(Self.sha512Seed).lowercased(), digits: 8, algorithm: .sha512)
        #expect(fromBase32?.code(at: date) == vector.3)
    }

    @Test func sixDigitDefaultsAndPadding() throws {
        let totp = try #require(TOTP(base32Secret: "JBSWY3DPEHPK3PXP"))
        #expect(totp.digits == 6 && totp.period == 30 && totp.algorithm == .sha1)
        // Values from python3 hmac/struct.
        #expect(totp.code(at: Date(timeIntervalSince1970: 0)) == "282760")
        #expect(totp.code(at: Date(timeIntervalSince1970: 29.9)) == "282760")
        #expect(totp.code(at: Date(timeIntervalSince1970: 30)) == "996554")
        #expect(totp.code(at: Date(timeIntervalSince1970: 1_700_000_000)) == "324550")
        // The RFC SHA-1 seed's 6-digit code is the 8-digit one's last 6 digits: "07081804" → "081804".
        #expect(TOTP(secret: Self.sha1Seed).code(at: Date(timeIntervalSince1970: 1_111_111_109)) == "081804")
    }

    @Test func window() throws {
        let totp = TOTP(secret: Self.sha1Seed)
        let now = Date(timeIntervalSince1970: 1_700_000_015)  // the middle of a step
        let previous = totp.code(at: now.addingTimeInterval(-30))
        let current = totp.code(at: now)
        let next = totp.code(at: now.addingTimeInterval(30))
        let twoBack = totp.code(at: now.addingTimeInterval(-60))
        let twoAhead = totp.code(at: now.addingTimeInterval(60))
        #expect(Set([previous, current, next, twoBack, twoAhead]).count == 5)
        #expect(totp.validate(current, at: now))
        #expect(totp.validate(previous, at: now))
        #expect(totp.validate(next, at: now))
        #expect(!totp.validate(twoBack, at: now))
        #expect(!totp.validate(twoAhead, at: now))
        #expect(totp.validate(twoBack, at: now, window: 2))
        #expect(totp.validate(twoAhead, at: now, window: 2))
        #expect(totp.validate(current, at: now, window: 0))
        #expect(!totp.validate(previous, at: now, window: 0))
        let step: Int64 = 1_700_000_015 / 30
        #expect(totp.timeStep(at: now) == step)
        #expect(totp.matchingStep(previous, at: now) == step - 1)
        #expect(totp.matchingStep(current, at: now) == step)
        #expect(totp.matchingStep(twoBack, at: now) == nil)
        // Wrong shapes never match.
        for bad in ["", "12345", "1234567", String(current.dropLast()) + "x", " " + current.dropFirst(), "１２３４５６"] {
            #expect(!totp.validate(bad, at: now), "\(bad)")
        }
        // Near the epoch, negative steps are skipped rather than wrapping.
        #expect(totp.validate(totp.code(at: Date(timeIntervalSince1970: 0)), at: Date(timeIntervalSince1970: 5)))
    }

    @Test func base32() throws {
        let expected: [UInt8] = Array("Hello!".utf8) + [0xDE, 0xAD, 0xBE, 0xEF]
        #expect(Secrets.base32Decode("JBSWY3DPEHPK3PXP") == expected)
        #expect(Secrets.base32Decode("jbswy3dpehpk3pxp") == expected)
        #expect(Secrets.base32Decode("JBSW Y3DP EHPK 3PXP") == expected)
        #expect(Secrets.base32Encode(expected) == "JBSWY3DPEHPK3PXP")
        // RFC 4648 §10 vectors, padded and not.
        let rfc: [(String, String)] = [("", ""), ("f", "MY======"), ("fo", "MZXQ===="), ("foo", "MZXW6==="),
                                      ("foob", "MZXW6YQ="), ("fooba", "MZXW6YTB"), ("foobar", "MZXW6YTBOI======")]
        for (plain, encoded) in rfc {
            #expect(Secrets.base32Decode(encoded) == Array(plain.utf8), "\(encoded)")
            #expect(Secrets.base32Decode(encoded.replacingOccurrences(of: "=", with: "")) == Array(plain.utf8))
            #expect(Secrets.base32Encode(Array(plain.utf8)) == encoded.replacingOccurrences(of: "=", with: ""))
        }
        for bad in ["JBSWY3DP1", "JBSWY3DP0", "JBSW!3DP", "M", "MZX", "MZXW6Y", "MY==MY==", "MY=", "MZXW6YQ==="] {
            #expect(Secrets.base32Decode(bad) == nil, "\(bad)")
        }
        #expect(TOTP(base32Secret: "not base32!") == nil)
        #expect(TOTP(base32Secret: "") == nil)
        #expect(TOTP(base32Secret: "JBSWY3DPEHPK3PXP", digits: 0) == nil)
        #expect(TOTP(base32Secret: "JBSWY3DPEHPK3PXP", period: 0) == nil)
    }

    @Test func provisioningURI() {
        let totp = TOTP(secret: Array("Hello!".utf8) + [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(totp.provisioningURI(account: "totp@acme.test", issuer: "Repair Minder") ==
                "otpauth://totp/Repair%20Minder:totp@acme.test?secret=JBSWY3DPEHPK3PXP&issuer=Repair%20Minder&algorithm=SHA1&digits=6&period=30")
    }
}
