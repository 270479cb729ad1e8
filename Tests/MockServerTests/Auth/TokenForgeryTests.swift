import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import MockTestSupport

/// Forged and malformed bearer tokens all get the plain 401 (CONTRACT §1, §3).
@Suite struct TokenForgeryTests {
    static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    @Test func forgedTokensAreRejected() async throws {
        try await withSignedInMock { mock, admin in
            let real = admin.token
            let parts = real.split(separator: ".").map(String.init)
            let payload = String(data: Data(base64Encoded: parts[1].replacingOccurrences(of: "-", with: "+")
                .replacingOccurrences(of: "_", with: "/").padding(toLength: (parts[1].count + 3) / 4 * 4, withPad: "=",
                                                                  startingAt: 0))!, encoding: .utf8)!
            let elevated = Self.base64URL(payload.replacingOccurrences(of: "\"admin\"", with: "\"master_admin\""))
            let forgeries = [
                Self.base64URL(#"{"alg":"none","typ":"JWT"}"#) + "." + parts[1] + ".",
                Self.base64URL(#"{"alg":"HS512","typ":"JWT"}"#) + "." + parts[1] + "." + parts[2],
                Self.base64URL(#"{"alg":"RS256","typ":"JWT"}"#) + "." + parts[1] + "." + parts[2],
                parts[0] + "." + elevated + "." + parts[2],
                parts[0] + "." + parts[1] + "." + String(parts[2].reversed()),
                JWTSigner(secret: "someone-elses-secret").sign(try JWTSigner(secret: MockServerConfiguration().jwtSecret).verify(real)),
                "not.a.jwt",
                "garbage",
            ]
            for forged in forgeries {
                let reply = try await mock.get("/api/auth/me", bearer: forged)
                #expect(reply.status == 401, "\(forged)")
                #expect(reply.json == .object(["success": .bool(false), "error": .string("Unauthorized")]))
            }
            // The scheme is case-insensitive and ends at the first space; anything else around the
            // token is not a bearer token.
            for header in ["Basic \(real)", "Bearer", "Bearer  \(real)", "Bearer\t\(real)", "Bearer \(real) x", real] {
                let reply = try await mock.send("GET", "/api/auth/me", headers: ["Authorization": header])
                #expect(reply.status == 401, "\(header)")
                #expect(reply.json == .object(["success": .bool(false), "error": .string("Unauthorized")]))
            }
            #expect(try await mock.send("GET", "/api/auth/me", headers: ["Authorization": "bEARER \(real)"]).status == 200)
            #expect(try await mock.get("/api/auth/me", bearer: real).status == 200)
        }
    }

    @Test func invalidTokenOnAnOpenRouteIsIgnored() async throws {
        try await withMock { mock in
            let reply = try await mock.post("/api/auth/login", ["email": .string("admin@acme.test"), "password": .string("password123")],
                                            bearer: "stale.token.here")
            #expect(reply.status == 200)
        }
    }
}
