import Foundation
import Testing
@testable import MockServer
@testable import MockBasics

@Suite("JWT HS256")
struct JWTTests {
    let signer = JWTSigner(secret: "test-secret-please-change")

    /// base64url without padding via Foundation, independent of the code under test.
    private func b64url(_ s: String) -> String { b64url(Array(s.utf8)) }
    private func b64url(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// A token with an arbitrary header and payload, correctly signed with `secret`.
    private func forge(header: String, payload: String, secret: String = "test-secret-please-change") -> String {
        let input = b64url(header) + "." + b64url(payload)
        return input + "." + JWTSigner(secret: secret).signature(of: input)
    }

    /// The `JWTError` thrown by `body`, or `nil` if it succeeded.
    private func error(_ body: () throws -> Any) -> JWTError? {
        do {
            _ = try body()
            return nil
        } catch let error as JWTError {
            return error
        } catch {
            Issue.record("unexpected error type \(type(of: error))")
            return nil
        }
    }

    @Test func roundTrip() throws {
        let claims: [String: JSONValue] = [
            "userId": "u-1", "companyId": "c-1", "role": "admin", "phiAccessLevel": "full",
            "isMobile": true, "permissions": ["a", "b"], "iat": 1_700_000_000, "exp": 1_700_000_900,
            "ratio": 0.5, "nothing": .null, "nested": ["k": ["x": 1]],
            "text": "quote \" backslash \\ newline \n tab \t ctrl \u{01} unicode é 😀 slash /",
        ]
        let token = signer.sign(claims)
        #expect(token.hasPrefix("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."))
        #expect(token.split(separator: ".").count == 3)
        #expect(!token.contains("=") && !token.contains("+") && !token.contains("/"))
        let decoded = try signer.verify(token)
        #expect(decoded == claims)
        #expect(decoded["userId"]?.stringValue == "u-1")
        #expect(decoded["exp"]?.intValue == 1_700_000_900)
        #expect(decoded["isMobile"]?.boolValue == true)
        #expect(signer.sign(claims) == token, "keys are sorted, so signing is deterministic")
        // Fresh signer with the same secret verifies too.
        #expect(try JWTSigner(secret: "test-secret-please-change").verify(token) == claims)
    }

    /// Expected value computed independently with python3 `hmac`/`hashlib`/`base64` over the
    /// payload `{"companyId":"c-1","exp":1700000900,"iat":1700000000,"isMobile":false,"note":"a\"b\\c\nd","role":"admin","userId":"u-1"}`.
    @Test func knownVector() throws {
        let expected = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJjb21wYW55SWQiOiJjLTEiLCJleHAiOjE3MDAwMDA5MDAsImlhdCI6MTcwMDAwMDAwMCwiaXNNb2JpbGUiOmZhbHNlLCJub3RlIjoiYVwiYlxcY1xuZCIsInJvbGUiOiJhZG1pbiIsInVzZXJJZCI6InUtMSJ9._Nj0oJOfaKFscEmRlRMfNBHUSiPRaiokYqjAzgG5Kf8"
        let claims: [String: JSONValue] = [
            "userId": "u-1", "companyId": "c-1", "role": "admin", "isMobile": false,
            "iat": 1_700_000_000, "exp": 1_700_000_900, "note": "a\"b\\c\nd",
        ]
        #expect(signer.sign(claims) == expected)
        #expect(try signer.verify(expected) == claims)
    }

    @Test func rejectsOtherAlgorithms() {
        let payload = #"{"userId":"u-1","exp":9999999999}"#
        // alg none with an empty signature, and with a real one.
        let noneToken = b64url(#"{"alg":"none","typ":"JWT"}"#) + "." + b64url(payload) + "."
        #expect(error { try signer.verify(noneToken) } == .unsupportedAlgorithm)
        #expect(error { try signer.verify(forge(header: #"{"alg":"none"}"#, payload: payload)) } == .unsupportedAlgorithm)
        for header in [#"{"alg":"HS512","typ":"JWT"}"#, #"{"alg":"RS256","typ":"JWT"}"#, #"{"typ":"JWT"}"#,
                       #"{"alg":"hs256"}"#, #"{"alg":"HS256 "}"#, #"{"alg":null}"#, #"{"alg":["HS256"]}"#, "{}"] {
            #expect(error { try signer.verify(forge(header: header, payload: payload)) } == .unsupportedAlgorithm, "\(header)")
        }
        // The exact alg with any other header members is fine.
        #expect(error { try signer.verify(forge(header: #"{"typ":"JWT","alg":"HS256","kid":"k1"}"#, payload: payload)) } == nil)
    }

    @Test func rejectsMalformed() {
        let good = signer.sign(["userId": "u-1"])
        let parts = good.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let cases: [String] = [
            "", ".", "..", "...", "abc",
            parts[0] + "." + parts[1],                                   // 2 segments
            good + "." + parts[2],                                       // 4 segments
            good + ".",                                                  // 4 segments, last empty
            "!!!." + parts[1] + "." + parts[2],                          // bad base64 header
            parts[0] + "." + parts[1] + ".***",                          // bad base64 signature
            parts[0] + "=." + parts[1] + "." + parts[2],                 // padding is not base64url
            parts[0] + "." + parts[1] + "." + parts[2] + "=",
            b64url("not json") + "." + parts[1] + "." + parts[2],        // header not JSON
            b64url(#"["HS256"]"#) + "." + parts[1] + "." + parts[2],     // header not an object
        ]
        for token in cases {
            #expect(error { try signer.verify(token) } == .malformed, "\(token)")
        }
        // Correctly signed, but the payload is not a JSON object (or not base64url at all).
        for payload in [#"["userId"]"#, "42", #""text""#, "null", "{", #"{"a":1}x"#, #"{"a":1,"a":2}"#] {
            #expect(error { try signer.verify(forge(header: #"{"alg":"HS256"}"#, payload: payload)) } == .malformed, "\(payload)")
        }
        let badPayload = b64url(#"{"alg":"HS256"}"#) + ".a*b"
        #expect(error { try signer.verify(badPayload + "." + signer.signature(of: badPayload)) } == .malformed)
    }

    @Test func rejectsBadSignatures() {
        let good = signer.sign(["userId": "u-1", "role": "engineer"])
        let parts = good.split(separator: ".").map(String.init)
        // Tampered payload: a different, valid payload under the old signature.
        let tampered = parts[0] + "." + b64url(#"{"role":"master_admin","userId":"u-1"}"#) + "." + parts[2]
        #expect(error { try signer.verify(tampered) } == .badSignature)
        // Tampered signature: every position of the last segment, including the last character
        // (whose low bits a lenient decoder would ignore).
        var sig = Array(parts[2])
        for i in sig.indices {
            let original = sig[i]
            sig[i] = original == "A" ? "B" : "A"
            let outcome = error { try signer.verify(parts[0] + "." + parts[1] + "." + String(sig)) }
            #expect(outcome == .badSignature || outcome == .malformed, "position \(i)")
            #expect(outcome != nil)
            sig[i] = original
        }
        #expect(error { try signer.verify(parts[0] + "." + parts[1] + "." + String(sig.dropLast())) } != nil)
        #expect(error { try signer.verify(parts[0] + "." + parts[1] + ".") } == .badSignature)
        // Signed with another secret.
        let other = JWTSigner(secret: "another-secret").sign(["userId": "u-1"])
        #expect(error { try signer.verify(other) } == .badSignature)
    }

    @Test func expiry() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let token = signer.sign(["userId": "u-1", "exp": 1_700_000_900])
        #expect(try signer.verify(token, now: now)["userId"] == "u-1")
        #expect(try signer.verify(token, now: now.addingTimeInterval(899.5))["userId"] == "u-1")
        #expect(error { try signer.verify(token, now: now.addingTimeInterval(900)) } == .expired)
        #expect(error { try signer.verify(token, now: now.addingTimeInterval(901)) } == .expired)
        // verify without a clock ignores exp.
        #expect(error { try signer.verify(token) } == nil)
        // A fractional exp works too.
        let fractional = signer.sign(["exp": .double(1_700_000_000.5)])
        #expect(error { try signer.verify(fractional, now: now) } == nil)
        #expect(error { try signer.verify(fractional, now: now.addingTimeInterval(1)) } == .expired)
        // Missing or non-numeric exp.
        #expect(error { try signer.verify(signer.sign(["userId": "u-1"]), now: now) } == .malformed)
        #expect(error { try signer.verify(signer.sign(["exp": "1700000900"]), now: now) } == .malformed)
        #expect(error { try signer.verify(signer.sign(["exp": .null]), now: now) } == .malformed)
        // The signature is checked before the expiry.
        let foreign = JWTSigner(secret: "x").sign(["exp": 1])
        #expect(error { try signer.verify(foreign, now: now) } == .badSignature)
    }

    /// A verified token is remembered; what it does not decide is still decided every time.
    @Test func aRememberedTokenIsStillCheckedForExpiryAndOnlyItsExactBytesAreRemembered() throws {
        let signer = JWTSigner(secret: "remembering")
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        // A token with a `K` in it (signing is deterministic, so this is always the same one).
        let token = try #require((0..<200).lazy.map { signer.sign(["userId": .string("u-\($0)"), "exp": 1_700_000_900]) }
            .first { $0.utf8.contains(UInt8(ascii: "K")) })
        #expect(signer.verified.claims(of: token) == nil)
        let user = try signer.verify(token, now: now)["userId"]
        #expect(signer.verified.claims(of: token)?["userId"] == user)  // remembered
        #expect(try signer.verify(token, now: now)["userId"] == user)
        #expect(error { try signer.verify(token, now: now.addingTimeInterval(900)) } == .expired)
        // A string equal to the token but not byte for byte (U+212A KELVIN SIGN is canonically a
        // `K`) is not the remembered token: it is verified, and refused.
        let kelvin = token.replacingOccurrences(of: "K", with: "\u{212A}")
        #expect(kelvin == token)
        #expect(!kelvin.utf8.elementsEqual(token.utf8))
        #expect(error { try signer.verify(kelvin, now: now) } != nil)
        #expect(signer.verified.claims(of: kelvin) == nil)
        // The same claims with a changed signature, or under another key, are refused.
        var forged = Array(token)
        let i = forged.count - 10  // inside the signature, a whole 6 bits of it
        forged[i] = forged[i] == "A" ? "B" : "A"
        #expect(error { try signer.verify(String(forged), now: now) } == .badSignature)
        #expect(error { try JWTSigner(secret: "other").verify(token, now: now) } == .badSignature)
        // Bounded: a full memory starts again.
        for i in 0..<(VerifiedTokens.capacity + 10) {
            _ = try signer.verify(signer.sign(["userId": .string("u-\(i)"), "exp": 1_700_000_900]), now: now)
        }
        #expect(signer.verified.count <= VerifiedTokens.capacity)
        let memory = VerifiedTokens()
        for i in 0..<(VerifiedTokens.capacity + 10) { memory.remember("t\(i)", [:]) }
        #expect(memory.count == 10)
        #expect(memory.claims(of: "t\(VerifiedTokens.capacity + 9)") == [:])
        #expect(memory.claims(of: "t0") == nil)
    }

    @Test func jsonValueEncodingAndParsing() throws {
        #expect(JSONValue.object(["b": 1, "a": [true, .null, 1.5, "x"]]).jsonString == #"{"a":[true,null,1.5,"x"],"b":1}"#)
        #expect(JSONValue.string("\u{00}\u{1F}\"\\/\u{7F}é").jsonString == "\"\\u0000\\u001f\\\"\\\\/\u{7F}é\"")
        #expect(JSONValue.double(.nan).jsonString == "null")
        #expect(JSONValue.int(.min).jsonString == "-9223372036854775808")
        #expect(JSONValue(json: " { \"a\" : [ 1 , -2.5e3 , \"\\u00e9\\ud83d\\ude00\\n\" ] } ") ==
                .object(["a": [.int(1), .double(-2500), .string("é😀\n")]]))
        #expect(JSONValue(json: "9223372036854775808") == .double(9_223_372_036_854_775_808))
        #expect(JSONValue(json: "12")?.intValue == 12)
        #expect(JSONValue(json: "12.0")?.intValue == 12)
        #expect(JSONValue(json: "12.5")?.intValue == nil)
        for bad in ["", "01", "1.", ".5", "-", "+1", "1e", "tru", "nul", "[1,]", "{\"a\"}", "{\"a\":1,}", "\"\\x\"",
                    "\"\\ud800\"", "\"\\udc00\"", "\"a\nb\"", "[1] 2", "NaN", "Infinity", "1e999",
                    String(repeating: "[", count: 100) + String(repeating: "]", count: 100)] {
            #expect(JSONValue(json: bad) == nil, "\(bad)")
        }
        // Every encoding parses back to itself, and JSONSerialization agrees it is JSON.
        let value: JSONValue = ["s": "\u{08}\u{0C}\r\t\u{2028}🙂", "n": [0, -1, 1e-7, 123456.789], "o": [:], "a": []]
        #expect(JSONValue.parse(value.encoded()) == value)
        #expect((try? JSONSerialization.jsonObject(with: Data(value.encoded()))) != nil)
    }

    @Test func timing() throws {
        let claims: [String: JSONValue] = [
            "userId": "3b0c3f0e-8d35-4c4a-9f36-7d8e6b2a1c01", "companyId": "8a1f2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b",
            "role": "admin", "phiAccessLevel": "full", "isMobile": false, "dataClassification": "internal",
            "permissions": ["repairs.read", "repairs.write"], "iat": 1_700_000_000, "exp": 1_700_000_900,
            "jti": "f3b2c1d0-1111-4222-8333-944455556666", "sid": "0c1d2e3f-aaaa-4bbb-8ccc-dddddddddddd",
        ]
        #if DEBUG
        let n = 2_000
        #else
        let n = 20_000
        #endif
        var sink = 0
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for _ in 0..<n {
                let token = signer.sign(claims)
                sink &+= try signer.verify(token).count
            }
        }
        #expect(sink == n * claims.count)
        let micros = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
        print("TIMING JWT sign+verify: \(String(micros / Double(n)).prefix(6)) µs per pair (\(n) pairs, 11 claims)")
    }
}
