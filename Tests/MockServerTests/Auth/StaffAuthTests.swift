import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import RepairMinderMockControl
import MockTestSupport

/// Staff sign-in (CONTRACT §2) over real HTTP: shapes, JSON types and every message.
@Suite struct StaffAuthTests {
    static let password: [String: JSONValue] = ["email": .string("admin@acme.test"), "password": .string("password123")]

    @Test func loginAlwaysAsksForTwoFactorWithCamelCaseUser() async throws {
        try await withMock { mock in
            let reply = try await mock.post("/api/auth/login", Self.password)
            #expect(reply.status == 200)
            #expect(reply.json.keys == ["success", "data"])
            #expect(reply.data == .object([
                "requiresTwoFactor": .bool(true),
                "userId": .string(MockSeed.Staff.admin.id),
                "email": .string("admin@acme.test"),
                "user": .object([
                    "id": .string(MockSeed.Staff.admin.id), "email": .string("admin@acme.test"),
                    "firstName": reply.data["user"]?["firstName"] ?? .null,
                    "lastName": reply.data["user"]?["lastName"] ?? .null,
                    "companyId": .string(MockSeed.Company.acme),
                ]),
            ]))
            #expect(reply.data["user"]?["firstName"]?.string?.isEmpty == false)
            #expect(try await mock.outboxCount() == 0)   // the code is sent by /2fa/request, not by login
        }
    }

    @Test(arguments: [
        ("nobody@acme.test", "password123", "Invalid credentials"),
        ("admin@acme.test", "wrong-password", "Invalid credentials"),
        ("ADMIN@ACME.TEST", "Password123", "Invalid credentials"),
        ("inactive@acme.test", "password123", "Account is deactivated"),
        ("archived@acme.test", "password123", "Account has been archived and cannot login"),
        ("engineer@acme.test", "anything", "No password set. Please use Magic Link login or set a password in Settings."),
    ])
    func loginErrorsAreExact(email: String, password: String, message: String) async throws {
        try await withMock { mock in
            let reply = try await mock.post("/api/auth/login", ["email": .string(email), "password": .string(password)])
            #expect(reply.status == 401)
            #expect(reply.json == .object(["success": .bool(false), "error": .string(message)]))
        }
    }

    @Test func emailIsCaseInsensitive() async throws {
        try await withMock { mock in
            let reply = try await mock.post("/api/auth/login", ["email": .string("Admin@Acme.Test"), "password": .string("password123")])
            #expect(reply.status == 200)
        }
    }

    @Test(arguments: [
        (#"{"email":"admin@acme.test"}"#, "Invalid or missing field: password"),
        (#"{"password":"x"}"#, "Invalid or missing field: email"),
        (#"{"email":42,"password":"x"}"#, "Invalid or missing field: email"),
        (#"{"email":"a@b.c","password":null}"#, "Invalid or missing field: password"),
        (#"{"email":"a@b.c","#, "Invalid JSON body"),
        (#""#, "Invalid JSON body"),
    ])
    func malformedLoginBodiesNameTheField(body: String, message: String) async throws {
        try await withMock { mock in
            let reply = try await mock.send("POST", "/api/auth/login", body: body)
            #expect(reply.status == 400)
            #expect(reply.error == message)
        }
    }

    @Test func twoFactorVerifyReturnsTheTokenResponseWithExactTypes() async throws {
        try await withMock { mock in
            let request = try await mock.post("/api/auth/2fa/request", ["userId": .string(MockSeed.Staff.admin.id),
                                                                         "email": .string("admin@acme.test")])
            #expect(request.status == 200)
            #expect(request.data == .object(["message": .string("2FA code sent to your email")]))
            let code = try #require(try await mock.latestCode(to: "admin@acme.test", kind: "staff_2fa"))
            let reply = try await mock.post("/api/auth/2fa/verify", ["userId": .string(MockSeed.Staff.admin.id), "code": .string(code)])
            #expect(reply.status == 200)
            #expect(reply.data.keys == ["token", "refreshToken", "expiresIn", "user", "company"])
            #expect(reply.data["expiresIn"] == .int(900))
            let user = try #require(reply.data["user"])
            #expect(user.keys == ["id", "email", "first_name", "last_name", "company_id", "role", "phi_access_level",
                                  "data_classification", "is_active", "magic_link_enabled", "company_status"])
            #expect(user["is_active"] == .int(1))
            #expect(user["magic_link_enabled"]?.number != nil)
            #expect(user["role"] == .string("admin"))
            #expect(user["company_status"] == .string("active"))
            let company = try #require(reply.data["company"])
            #expect(company.keys == ["id", "name", "status", "currency_code", "vat_number", "logo_url", "vat_rate_repair",
                                     "vat_rate_device_sale", "vat_rate_accessory", "vat_rate_device_purchase"])
            #expect(company["name"] == .string("Acme Repairs"))
            #expect(company["currency_code"] == .string("GBP"))
            #expect(company["vat_rate_repair"] == .string("20.00"))
            #expect(company["vat_rate_device_purchase"] == .string("0.00"))
            let refresh = try #require(reply.data["refreshToken"]?.string)
            #expect(refresh.utf8.count >= 43)   // ≥ 32 bytes of entropy, base64url
            #expect(reply.data["token"]?.string?.split(separator: ".").count == 3)
        }
    }

    @Test func codeIsSingleUse() async throws {
        try await withMock { mock in
            _ = try await mock.post("/api/auth/2fa/request", ["userId": .string(MockSeed.Staff.admin.id), "email": .string("admin@acme.test")])
            let code = try #require(try await mock.latestCode(to: "admin@acme.test", kind: "staff_2fa"))
            let body: [String: JSONValue] = ["userId": .string(MockSeed.Staff.admin.id), "code": .string(code)]
            #expect(try await mock.post("/api/auth/2fa/verify", body).status == 200)
            let again = try await mock.post("/api/auth/2fa/verify", body)
            #expect(again.status == 401)
            #expect(again.json == .object(["success": .bool(false), "error": .string("Invalid or expired code")]))
        }
    }

    @Test func newRequestReplacesTheOldCode() async throws {
        try await withMock { mock in
            let request: [String: JSONValue] = ["userId": .string(MockSeed.Staff.admin.id), "email": .string("admin@acme.test")]
            _ = try await mock.post("/api/auth/2fa/request", request)
            let first = try #require(try await mock.latestCode(to: "admin@acme.test", kind: "staff_2fa"))
            var second = first
            while second == first {   // a new code may, rarely, repeat the old one
                _ = try await mock.post("/api/auth/2fa/request", request)
                second = try #require(try await mock.latestCode(to: "admin@acme.test", kind: "staff_2fa"))
            }
            let old = try await mock.post("/api/auth/2fa/verify", ["userId": .string(MockSeed.Staff.admin.id), "code": .string(first)])
            #expect(old.status == 401)
            let new = try await mock.post("/api/auth/2fa/verify", ["userId": .string(MockSeed.Staff.admin.id), "code": .string(second)])
            #expect(new.status == 200)
        }
    }

    @Test func codeExpiresAfterTenMinutes() async throws {
        try await withMock { mock in
            _ = try await mock.post("/api/auth/2fa/request", ["userId": .string(MockSeed.Staff.admin.id), "email": .string("admin@acme.test")])
            let code = try #require(try await mock.latestCode(to: "admin@acme.test", kind: "staff_2fa"))
            try await mock.advanceClock(seconds: 601)
            let reply = try await mock.post("/api/auth/2fa/verify", ["userId": .string(MockSeed.Staff.admin.id), "code": .string(code)])
            #expect(reply.status == 401)
            #expect(reply.error == "Invalid or expired code")
        }
    }

    @Test func fiveWrongTriesBurnTheCode() async throws {
        try await withMock { mock in
            _ = try await mock.post("/api/auth/2fa/request", ["userId": .string(MockSeed.Staff.admin.id), "email": .string("admin@acme.test")])
            let code = try #require(try await mock.latestCode(to: "admin@acme.test", kind: "staff_2fa"))
            let wrong = code == "000000" ? "111111" : "000000"
            for _ in 0..<5 {
                let reply = try await mock.post("/api/auth/2fa/verify", ["userId": .string(MockSeed.Staff.admin.id), "code": .string(wrong)])
                #expect(reply.error == "Invalid or expired code")
            }
            let right = try await mock.post("/api/auth/2fa/verify", ["userId": .string(MockSeed.Staff.admin.id), "code": .string(code)])
            #expect(right.status == 401)
        }
    }

    @Test func fourWrongTriesStillLeaveTheCodeUsable() async throws {
        try await withMock { mock in
            _ = try await mock.post("/api/auth/2fa/request", ["userId": .string(MockSeed.Staff.admin.id), "email": .string("admin@acme.test")])
            let code = try #require(try await mock.latestCode(to: "admin@acme.test", kind: "staff_2fa"))
            let wrong = code == "000000" ? "111111" : "000000"
            for _ in 0..<4 {
                _ = try await mock.post("/api/auth/2fa/verify", ["userId": .string(MockSeed.Staff.admin.id), "code": .string(wrong)])
            }
            let right = try await mock.post("/api/auth/2fa/verify", ["userId": .string(MockSeed.Staff.admin.id), "code": .string(code)])
            #expect(right.status == 200)
        }
    }

    @Test func twoFactorRequestForMismatchedUserSendsNothing() async throws {
        try await withMock { mock in
            let reply = try await mock.post("/api/auth/2fa/request", ["userId": .string(MockSeed.Staff.admin.id),
                                                                       "email": .string("engineer@acme.test")])
            #expect(reply.status == 401)
            #expect(reply.error == "Invalid credentials")
            let inactive = try await mock.post("/api/auth/2fa/request", ["userId": .string(MockSeed.Staff.inactive.id),
                                                                          "email": .string("inactive@acme.test")])
            #expect(inactive.error == "Account is deactivated")
            #expect(try await mock.outboxCount() == 0)
        }
    }

    @Test func totpCodeAndSingleUseRecoveryCodesSignIn() async throws {
        let start = try #require(Timestamp.parse("2026-11-21T10:15:00Z"))
        try await withMock({ $0.freezeClock(at: start) }) { mock in
            let login = try await mock.post("/api/auth/login", ["email": .string("totp@acme.test"), "password": .string("password123")])
            #expect(login.data["userId"] == .string(MockSeed.Staff.totp.id))
            let totp = try #require(TOTP(base32Secret: "JBSWY3DPEHPK3PXP"))
            let byApp = try await mock.post("/api/auth/2fa/verify", ["userId": .string(MockSeed.Staff.totp.id),
                                                                      "code": .string(totp.code(at: start))])
            #expect(byApp.status == 200)
            #expect(byApp.data["user"]?["email"] == .string("totp@acme.test"))
            let replayed = try await mock.post("/api/auth/2fa/verify", ["userId": .string(MockSeed.Staff.totp.id),
                                                                         "code": .string(totp.code(at: start))])
            #expect(replayed.status == 401)
            #expect(replayed.error == "Invalid or expired code")

            let recovery: [String: JSONValue] = ["userId": .string(MockSeed.Staff.totp.id), "code": .string("ACME2FA1")]
            #expect(try await mock.post("/api/auth/2fa/verify", recovery).status == 200)
            let reused = try await mock.post("/api/auth/2fa/verify", recovery)
            #expect(reused.status == 401)
            #expect(reused.error == "Invalid or expired code")
            let lowercase = try await mock.post("/api/auth/2fa/verify", ["userId": .string(MockSeed.Staff.totp.id), "code": .string("acme2fa2")])
            #expect(lowercase.status == 200)
            // A TOTP code is no good for a user with email 2FA.
            let admin = try await mock.post("/api/auth/2fa/verify", ["userId": .string(MockSeed.Staff.admin.id),
                                                                      "code": .string(totp.code(at: start))])
            #expect(admin.status == 401)
        }
    }

    @Test func magicLinkSignsInThePasswordlessEngineer() async throws {
        try await withMock { mock in
            let request = try await mock.post("/api/auth/magic-link/request", ["email": .string("engineer@acme.test")])
            #expect(request.data == .object(["message": .string("Magic link sent")]))
            let code = try #require(try await mock.latestCode(to: "engineer@acme.test", kind: "staff_magic_link"))
            let reply = try await mock.post("/api/auth/magic-link/verify-code", ["email": .string("engineer@acme.test"),
                                                                                 "code": .string(code)])
            #expect(reply.status == 200)
            #expect(reply.data.keys == ["token", "refreshToken", "expiresIn", "user", "company"])
            #expect(reply.data["user"]?["role"] == .string("engineer"))
            let me = try await mock.get("/api/auth/me", bearer: try #require(reply.data["token"]?.string))
            #expect(me.data["hasPassword"] == .bool(false))
        }
    }

    @Test func magicLinkForUnknownOrInactiveEmailAnswersTheSameAndSendsNothing() async throws {
        try await withMock { mock in
            for email in ["ghost@acme.test", "inactive@acme.test", "archived@acme.test"] {
                let reply = try await mock.post("/api/auth/magic-link/request", ["email": .string(email)])
                #expect(reply.status == 200)
                #expect(reply.data == .object(["message": .string("Magic link sent")]))
            }
            #expect(try await mock.outboxCount() == 0)
            let guess = try await mock.post("/api/auth/magic-link/verify-code", ["email": .string("ghost@acme.test"),
                                                                                 "code": .string("123456")])
            #expect(guess.status == 401)
            #expect(guess.error == "Invalid or expired code")
        }
    }

    @Test func meReturnsUserCompanyAndHasPassword() async throws {
        try await withSignedInMock { mock, admin in
            let tokens = admin
            let me = try await mock.get("/api/auth/me", bearer: tokens.token)
            #expect(me.status == 200)
            #expect(me.data.keys == ["user", "company", "hasPassword"])
            #expect(me.data["hasPassword"] == .bool(true))
            #expect(me.data["user"]?["id"] == .string(MockSeed.Staff.admin.id))
            #expect(me.data["company"]?["id"] == .string(MockSeed.Company.acme))
            let anonymous = try await mock.get("/api/auth/me")
            #expect(anonymous.status == 401)
            #expect(anonymous.json == .object(["success": .bool(false), "error": .string("Unauthorized")]))
        }
    }
}
