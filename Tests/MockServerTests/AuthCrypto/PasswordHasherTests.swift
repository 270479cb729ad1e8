import Foundation
import Testing
@testable import MockServer
@testable import MockBasics

@Suite("PBKDF2 password hashes")
struct PasswordHasherTests {
    private func hex(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        var it = s.makeIterator()
        while let a = it.next(), let b = it.next() { out.append(UInt8(String([a, b]), radix: 16)!) }
        return out
    }

    /// PBKDF2-HMAC-SHA256 vectors, computed with python3 `hashlib.pbkdf2_hmac`.
    @Test func pbkdf2Vectors() {
        let vectors: [(String, String, Int, Int, String)] = [
            ("password", "salt", 1, 32, "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"),
            ("password", "salt", 2, 32, "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"),
            ("password", "salt", 4096, 32, "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
            ("passwordPASSWORDpassword", "saltSALTsaltSALTsaltSALTsaltSALTsalt", 4096, 40,
             "348c89dbcbd32b2f32d814b8116e84cf2b17347ebc1800181c4e2a1fb8dd53e1c635518c7dac47e9"),
            (String(repeating: "x", count: 100), "salt", 3, 32, "59bfa49750dd5462ce38370a1e7abe0736ff334cf1c2f0d84f23a03435d660d1"),
        ]
        for (password, salt, iterations, length, expected) in vectors {
            #expect(PasswordHasher.derive(password, salt: Array(salt.utf8), iterations: iterations,
                                          keyByteCount: length) == hex(expected), "\(password) \(iterations)")
        }
        // An encoding produced by python3 (salt 00…0f, 1000 iterations).
        let python = "pbkdf2-sha256$1000$AAECAwQFBgcICQoLDA0ODw==$yRTMTwbMbo9G0VfjobWqerzuuxe7BETNTErBbKKumGQ="
        #expect(PasswordHasher.verify("correct horse", against: python))
        #expect(!PasswordHasher.verify("correct horsE", against: python))
    }

    @Test func hashAndVerify() throws {
        let encoded = PasswordHasher.hash("S3cret pässwörd!", invented: InventedValues())
        let parts = encoded.split(separator: "$", omittingEmptySubsequences: false)
        #expect(parts.count == 4)
        #expect(parts[0] == "pbkdf2-sha256")
        #expect(parts[1] == "\(PasswordHasher.defaultIterations)")
        #expect(Data(base64Encoded: String(parts[2]))?.count == 16)
        #expect(Data(base64Encoded: String(parts[3]))?.count == 32)
        #expect(PasswordHasher.verify("S3cret pässwörd!", against: encoded))
        #expect(!PasswordHasher.verify("S3cret pässwörd", against: encoded))
        #expect(!PasswordHasher.verify("", against: encoded))
        #expect(!PasswordHasher.verify("s3cret pässwörd!", against: encoded))
        // Salted: the same password hashes differently each time, and both verify.
        let again = PasswordHasher.hash("S3cret pässwörd!", invented: InventedValues())
        #expect(again != encoded)
        #expect(PasswordHasher.verify("S3cret pässwörd!", against: again))
        // Iterations are configurable and recorded.
        let cheap = PasswordHasher.hash("pw", iterations: 1, invented: InventedValues())
        #expect(cheap.hasPrefix("pbkdf2-sha256$1$"))
        #expect(PasswordHasher.verify("pw", against: cheap))
        #expect(PasswordHasher.verify("", against: PasswordHasher.hash("", iterations: 10, invented: InventedValues())))
    }

    @Test func malformedEncodingsAreFalse() {
        let good = PasswordHasher.hash("pw", iterations: 100, invented: InventedValues())
        let p = good.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        let cases = [
            "", "$$$", "pw", "pbkdf2-sha256", "pbkdf2-sha256$100$\(p[2])",
            "pbkdf2-sha512$100$\(p[2])$\(p[3])", "PBKDF2-SHA256$100$\(p[2])$\(p[3])",
            "pbkdf2-sha256$0$\(p[2])$\(p[3])", "pbkdf2-sha256$-1$\(p[2])$\(p[3])", "pbkdf2-sha256$+100$\(p[2])$\(p[3])",
            "pbkdf2-sha256$abc$\(p[2])$\(p[3])", "pbkdf2-sha256$$\(p[2])$\(p[3])",
            "pbkdf2-sha256$99999999999999999999999$\(p[2])$\(p[3])", "pbkdf2-sha256$999999999$\(p[2])$\(p[3])",
            "pbkdf2-sha256$100$$\(p[3])", "pbkdf2-sha256$100$!!!!$\(p[3])", "pbkdf2-sha256$100$\(p[2])$",
            "pbkdf2-sha256$100$\(p[2])$\(p[3].dropLast(4))", "pbkdf2-sha256$100$\(p[2])$\(p[3])$",
            "pbkdf2-sha256$100$\(p[2])$\(p[3].dropLast())", good + "x", " " + good,
            "pbkdf2-sha256$100$\(p[2])$\(p[2])",
        ]
        for encoded in cases {
            #expect(!PasswordHasher.verify("pw", against: encoded), "\(encoded)")
        }
        #expect(PasswordHasher.verify("pw", against: good))
    }
}
