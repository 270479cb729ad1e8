import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import MockStore
import MockTestSupport

/// Seeded random bodies against every JSON endpoint: never a 5xx, and a 400 never writes.
@Suite struct BadInputFuzzTests {
    /// A small deterministic generator (SplitMix64), so a failure reproduces from its seed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let keys = ["email", "password", "userId", "code", "refreshToken", "companyId", "device_token", "platform",
                       "app_type", "first_name", "last_name", "phone", "job_title", "push_enabled", "marketing",
                       "advance_seconds", "now", "status", "path", "method", "count", "latency_ms", "action", "body"]

    static func value(_ rng: inout SplitMix, depth: Int = 0) -> String {
        switch Int.random(in: 0..<12, using: &rng) {
        case 0: return "null"
        case 1: return Bool.random(using: &rng) ? "true" : "false"
        case 2: return String(Int.random(in: -1_000_000...1_000_000, using: &rng))
        case 3: return "1e309"
        case 4: return "\"\(String(repeating: "a", count: Int.random(in: 0...5000, using: &rng)))\""
        case 5: return "\"admin@acme.test\""
        case 6: return "\"\\u0000\\ud800\""
        case 7: return "\"123456\""
        case 8: return depth > 3 ? "[]" : "[\(value(&rng, depth: depth + 1)),\(value(&rng, depth: depth + 1))]"
        case 9: return depth > 3 ? "{}" : object(&rng, depth: depth + 1)
        case 10: return "\"ios\""
        default: return "\"staff\""
        }
    }

    static func object(_ rng: inout SplitMix, depth: Int = 0) -> String {
        let count = Int.random(in: 0...5, using: &rng)
        let members = (0..<count).map { _ in "\"\(keys.randomElement(using: &rng)!)\":\(value(&rng, depth: depth))" }
        return "{" + members.joined(separator: ",") + "}"
    }

    static func body(_ rng: inout SplitMix) -> String {
        let text = object(&rng)
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return String(text.prefix(Int.random(in: 0...max(0, text.count - 1), using: &rng)))   // truncated
        case 1: return String(decoding: (0..<Int.random(in: 1...64, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }, as: UTF8.self)
        case 2: return String(repeating: "[", count: 10_000)
        default: return text
        }
    }

    static let endpoints: [(String, String, Bool)] = [
        ("POST", "/api/auth/login", false), ("POST", "/api/auth/2fa/request", false), ("POST", "/api/auth/2fa/verify", false),
        ("POST", "/api/auth/magic-link/request", false), ("POST", "/api/auth/magic-link/verify-code", false),
        ("POST", "/api/auth/refresh", false), ("POST", "/api/customer/auth/request-magic-link", false),
        ("POST", "/api/customer/auth/verify-code", false), ("PATCH", "/api/users/me", true),
        ("POST", "/api/user/device-token", true), ("DELETE", "/api/user/device-token", true),
        ("PUT", "/api/user/push-preferences", true), ("POST", "/__mock/clock", false), ("POST", "/__mock/faults", false),
        ("PATCH", "/__mock/companies/00000001-0000-4000-8000-00000000b000", false),
    ]

    @Test func randomBodiesNeverCause5xxAndRejectedOnesWriteNothing() async throws {
        try await withSignedInMock { mock, admin in
            let staff = admin
            var rng = SplitMix(state: 0x5EED_2026_1122)
            let store = mock.server.environment.store
            for round in 0..<400 {
                let (method, path, needsToken) = Self.endpoints[round % Self.endpoints.count]
                let body = Self.body(&rng)
                let before = try store.totalChangesCount()
                let reply = try await mock.send(method, path, body: body, bearer: needsToken ? staff.token : nil)
                #expect(reply.status < 500, "round \(round) \(method) \(path) \(body.prefix(200)) → \(reply.status)")
                #expect(reply.json["success"] != nil, "round \(round): not the JSON envelope")
                if reply.status == 400 {
                    let after = try store.totalChangesCount()
                    #expect(after == before, "round \(round) \(method) \(path) wrote on a 400")
                    #expect(reply.error?.isEmpty == false)
                }
                _ = try await mock.send("DELETE", "/__mock/faults")
            }
        }
    }
}
