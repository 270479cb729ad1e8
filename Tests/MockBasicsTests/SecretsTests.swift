import Foundation
import Testing
@testable import MockBasics

@Suite("Secrets")
struct SecretsTests {
    @Test func sixDigitCodes() {
        let n = 20_000
        var counts = [Int](repeating: 0, count: 10)        // first digit
        var lastCounts = [Int](repeating: 0, count: 10)    // last digit
        var seen = Set<String>()
        for _ in 0..<n {
            let code = Secrets.sixDigitCode()
            #expect(code.utf8.count == 6)
            #expect(code.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            let digits = Array(code.utf8)
            counts[Int(digits[0] - UInt8(ascii: "0"))] += 1
            lastCounts[Int(digits[5] - UInt8(ascii: "0"))] += 1
            seen.insert(code)
        }
        // Uniform: each digit ~2000 of 20000 (sd ≈ 42); codes with a leading zero do occur.
        #expect(counts.allSatisfy { (1_700...2_300).contains($0) }, "\(counts)")
        #expect(lastCounts.allSatisfy { (1_700...2_300).contains($0) }, "\(lastCounts)")
        // Birthday bound: ~200 collisions expected among 20000 draws from 10^6.
        #expect(seen.count > n - 400)
    }

    @Test func refreshTokens() {
        var seen = Set<String>()
        var bitCounts = [Int](repeating: 0, count: 256)
        let n = 2_000
        for _ in 0..<n {
            let token = Secrets.refreshToken()
            #expect(token.utf8.count == 43)  // 32 bytes, base64url, no padding
            #expect(token.utf8.allSatisfy { c in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "_")
            })
            let bytes = Secrets.base64URLDecode(token)
            #expect(bytes?.count == 32)
            for (i, byte) in (bytes ?? []).enumerated() {
                for bit in 0..<8 where byte & (1 << bit) != 0 { bitCounts[i * 8 + bit] += 1 }
            }
            seen.insert(token)
        }
        #expect(seen.count == n)
        // Every one of the 256 bits is set about half the time (sd ≈ 22 of 2000).
        #expect(bitCounts.allSatisfy { (850...1_150).contains($0) }, "\(bitCounts)")
    }

    @Test func sha256Hex() {
        #expect(Secrets.sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Secrets.sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Secrets.hex([0x00, 0x0f, 0xf0, 0xff]) == "000ff0ff")
    }

    @Test func uuids() {
        var seen = Set<String>()
        for _ in 0..<1_000 {
            let uuid = Secrets.uuid()
            #expect(uuid == uuid.lowercased())
            #expect(UUID(uuidString: uuid) != nil)
            let chars = Array(uuid)
            #expect(chars.count == 36 && chars[14] == "4" && "89ab".contains(chars[19]))
            seen.insert(uuid)
        }
        #expect(seen.count == 1_000)
    }

    @Test func recoveryCodes() {
        for _ in 0..<1_000 {
            let code = Secrets.recoveryCode()
            #expect(code.count == 8)
            #expect(code.allSatisfy { "abcdefghjkmnpqrstvwxyz23456789".contains($0) })
        }
    }

    @Test func base64() {
        // RFC 4648 §10 vectors.
        let rfc: [(String, String)] = [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"),
                                      ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")]
        for (plain, encoded) in rfc {
            #expect(Base64.standardEncode(Array(plain.utf8)) == encoded)
            #expect(Base64.standardDecode(Array(encoded.utf8)) == Array(plain.utf8))
            let url = encoded.replacingOccurrences(of: "=", with: "")
            #expect(Secrets.base64URLEncode(Array(plain.utf8)) == url)
            #expect(Secrets.base64URLDecode(url) == Array(plain.utf8))
        }
        // Both alphabets, against Foundation, for every byte value.
        let all = (0...255).map(UInt8.init)
        #expect(Base64.standardEncode(all) == Data(all).base64EncodedString())
        #expect(Secrets.base64URLEncode(all) == Data(all).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: ""))
        #expect(Secrets.base64URLDecode(Secrets.base64URLEncode(all)) == all)
        // Strict decoding.
        for bad in ["Zg=", "Z", "Zh", "Zm9", "Zm+v", "Zm/v", "Zm9v=", " Zm9v", "Zm9v\n"] {
            #expect(Secrets.base64URLDecode(bad) == nil, "\(bad)")
        }
        #expect(Secrets.base64URLDecode("Zm8") == Array("fo".utf8))
        #expect(Secrets.base64URLDecode("Zm9") == nil)   // non-zero trailing bits
        for bad in ["Zg", "Zg=", "Zh==", "Z===", "Zm9v-_==", "=Zg="] {
            #expect(Base64.standardDecode(Array(bad.utf8)) == nil, "\(bad)")
        }
    }

    @Test func constantTimeEquals() {
        #expect(Secrets.constantTimeEquals("123456", "123456"))
        #expect(!Secrets.constantTimeEquals("123456", "123457"))
        #expect(!Secrets.constantTimeEquals("123456", "12345"))
        #expect(Secrets.constantTimeEquals("", ""))
    }
}
