import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import MockStore
import RepairMinderMockControl
import MockTestSupport

/// `POST /__mock/sessions` (a session minted without the codes, answering what the account's last
/// real sign-in step answers) and `DELETE /__mock/sessions/{id}` (revoked as a logout would), for
/// UI tests that start the app signed in (docs/control-api.md).
@Suite struct SessionMintingTests {
    static let iPhone = "RepairMinder-iOS/1.0 (iPhone; iOS 17.0)"
    static let browser = "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0"
    static let reuseMessage = "Token reuse detected. All sessions revoked. Please log in again."
    static let staffTokenKeys: Set<String> = ["token", "refreshToken", "expiresIn", "user", "company"]
    static let staffUserKeys: Set<String> = [
        "id", "email", "first_name", "last_name", "company_id", "role", "phi_access_level", "data_classification",
        "is_active", "magic_link_enabled", "company_status",
    ]
    static let companyKeys: Set<String> = [
        "id", "name", "status", "currency_code", "vat_number", "logo_url", "vat_rate_repair", "vat_rate_device_sale",
        "vat_rate_accessory", "vat_rate_device_purchase",
    ]
    static let sessionKeys: Set<String> = [
        "id", "kind", "user_id", "client_id", "email", "company_id", "company_name", "company_status", "platform",
        "created_at", "last_refresh_at", "refresh_count", "expires_at", "status", "revoked_reason", "revoked_at",
    ]

    private func mint(_ mock: MockHarness, _ body: [String: JSONValue], bearer: String? = nil) async throws
        -> MockHarness.Reply {
        try await mock.send("POST", "/__mock/sessions", json: body, bearer: bearer)
    }

    private func refresh(_ mock: MockHarness, _ token: String, userAgent: String? = nil) async throws -> MockHarness.Reply {
        try await mock.post("/api/auth/refresh", ["refreshToken": .string(token)], userAgent: userAgent)
    }

    private func sessions(_ mock: MockHarness, _ query: String = "") async throws -> [JSONValue] {
        try #require(try await mock.get("/__mock/sessions" + query).data.array)
    }

    private static func claims(_ token: JSONValue?) throws -> [String: JSONValue] {
        try JWTSigner(secret: MockServerConfiguration().jwtSecret).verify(try #require(token?.string))
    }

    /// The raw body with the values of `keys` (top level of `data`) replaced by `"…"`: two
    /// answers with equal masks have the same keys, in the same order, with the same JSON types
    /// and values, but for those.
    private static func masked(_ reply: MockHarness.Reply, _ keys: [String]) throws -> String {
        var text = String(decoding: reply.body, as: UTF8.self)
        for key in keys {
            let value = try #require(reply.data[key]?.string, "\(key)")
            text = text.replacingOccurrences(of: "\"\(key)\":\"\(value)\"", with: "\"\(key)\":\"…\"")
        }
        return text
    }

    // MARK: - Staff

    @Test func staffMintAnswersExactlyTheTwoFactorVerifysTokenResponse() async throws {
        try await withMock { mock in
            let real = try await Self.verifiedSignIn(mock, "admin@acme.test", userAgent: Self.iPhone)
            #expect(real.status == 200)
            let minted = try await mint(mock, ["email": "admin@acme.test", "platform": "mobile"])
            #expect(minted.status == 201)
            #expect(minted.header("Content-Type") == "application/json; charset=utf-8")
            #expect(minted.json.keys == ["success", "data"])
            #expect(minted.json["success"] == .bool(true))
            #expect(minted.data.keys == Self.staffTokenKeys)
            #expect(minted.data["user"]?.keys == Self.staffUserKeys)
            #expect(minted.data["company"]?.keys == Self.companyKeys)
            #expect(minted.data["expiresIn"] == .int(900))
            #expect(minted.data["user"]?["id"] == .string(MockSeed.Staff.admin.id))
            #expect(minted.data["user"]?["is_active"] == .int(1))
            #expect(minted.data["user"]?["company_status"] == "active")
            #expect(minted.data["company"]?["vat_rate_repair"] == "20.00")
            #expect(minted.data["refreshToken"]?.string?.count == 43)
            // Byte for byte the real answer, but for the tokens (and the 201).
            #expect(try Self.masked(minted, ["token", "refreshToken"]) == Self.masked(real, ["token", "refreshToken"]))

            // The same claims as the real sign-in's access token, in a family of its own.
            var mintedClaims = try Self.claims(minted.data["token"]), realClaims = try Self.claims(real.data["token"])
            #expect(mintedClaims["isMobile"] == .bool(true))
            #expect(mintedClaims["familyId"] != realClaims["familyId"])
            for key in ["iat", "exp", "jti", "familyId"] {
                #expect(mintedClaims.removeValue(forKey: key) != nil, "\(key)")
                realClaims[key] = nil
            }
            #expect(mintedClaims == realClaims)
        }
    }

    @Test func theMintedStaffTokenWorksAndItsSessionIsListedAsMobileByDefault() async throws {
        try await withMock { mock in
            let minted = try await mint(mock, ["email": "Admin@Acme.Test"])   // case-insensitive, like sign-in
            #expect(minted.status == 201)
            let token = try #require(minted.data["token"]?.string)
            let me = try await mock.get("/api/auth/me", bearer: token)
            #expect(me.status == 200)
            #expect(me.data["user"]?["email"] == "admin@acme.test")
            #expect(try Self.claims(minted.data["token"])["isMobile"] == .bool(true), "platform defaults to mobile")

            let listed = try await sessions(mock)
            #expect(listed.count == 1)
            let session = try #require(listed.first)
            #expect(session.keys == Self.sessionKeys)
            #expect(session["id"] == .string(try ConsoleRoutesTests.familyID(token)))
            #expect(session["kind"] == "staff" && session["user_id"] == .string(MockSeed.Staff.admin.id))
            #expect(session["platform"] == "mobile")
            #expect(session["status"] == "live" && session["refresh_count"] == 0 && session["last_refresh_at"] == .null)
            #expect(ConsoleRoutesTests.days(from: session["created_at"], to: session["expires_at"]) == 90)
        }
    }

    @Test func aWebSessionsRefreshTokenLivesSevenDaysAMobileOnesNinety() async throws {
        try await withMock { mock in
            let web = try await mint(mock, ["email": "admin@acme.test", "platform": "web"])
            let mobile = try await mint(mock, ["email": "admin@beta.test", "platform": "mobile"])
            #expect(web.status == 201 && mobile.status == 201)
            #expect(try Self.claims(web.data["token"])["isMobile"] == .bool(false))
            let webSession = try #require(try await sessions(mock, "?email=admin@acme.test").first)
            #expect(webSession["platform"] == "web")
            #expect(ConsoleRoutesTests.days(from: webSession["created_at"], to: webSession["expires_at"]) == 7)

            try await mock.advanceClock(seconds: 7 * 86_400 + 1)
            let expired = try await refresh(mock, try #require(web.data["refreshToken"]?.string))
            #expect(expired.status == 401)
            #expect(expired.json == .object(["success": .bool(false), "error": "Refresh token expired"]))
            let refreshed = try await refresh(mock, try #require(mobile.data["refreshToken"]?.string), userAgent: Self.iPhone)
            #expect(refreshed.status == 200)
            #expect(refreshed.data.keys == ["token", "refreshToken", "expiresIn"])

            try await mock.advanceClock(seconds: 83 * 86_400)   // 90 days and a second after the mint
            let later = try await refresh(mock, try #require(refreshed.data["refreshToken"]?.string), userAgent: Self.iPhone)
            #expect(later.status == 200, "the refresh slid the 90 days on")
        }
    }

    @Test func aMintedFamilyRotatesAndAReuseRevokesIt() async throws {
        try await withMock { mock in
            let minted = try await mint(mock, ["email": "admin@acme.test"])
            let first = try #require(minted.data["refreshToken"]?.string)
            let rotated = try await refresh(mock, first, userAgent: Self.iPhone)
            #expect(rotated.status == 200)
            let second = try #require(rotated.data["refreshToken"]?.string)
            #expect(second != first)
            #expect(try await sessions(mock).first?["refresh_count"] == 1)

            let reuse = try await refresh(mock, first)
            #expect(reuse.status == 401)
            #expect(reuse.json == .object(["success": .bool(false), "error": .string(Self.reuseMessage)]))
            #expect(try await refresh(mock, second).error == Self.reuseMessage)
            #expect(try await mock.get("/api/auth/me", bearer: try #require(rotated.data["token"]?.string)).status == 401)
            let session = try #require(try await sessions(mock).first)
            #expect(session["status"] == "revoked" && session["revoked_reason"] == "reuse")
        }
    }

    @Test(arguments: [
        ("inactive@acme.test", "Account is deactivated"),
        ("archived@acme.test", "Account has been archived and cannot login"),
    ])
    func anAccountThatCannotSignInIsRefusedAsAtSignIn(email: String, message: String) async throws {
        try await withMock { mock in
            let before = try mock.dump()
            let reply = try await mint(mock, ["email": .string(email)])
            #expect(reply.status == 401)
            #expect(reply.json == .object(["success": .bool(false), "error": .string(message)]))
            #expect(reply.header("WWW-Authenticate") == nil, "not a control-token refusal")
            #expect(try mock.dump() == before)
            #expect(try await sessions(mock).isEmpty)
        }
    }

    @Test func aQuarantinedCompanysStaffGetASessionAndTheNextCallIsQuarantined() async throws {
        try await withMock { mock in
            let minted = try await mint(mock, ["email": "owner@pending.test"])
            #expect(minted.status == 201)
            #expect(minted.data["user"]?["company_status"] == "pending_approval")
            #expect(minted.data["company"]?["status"] == "pending_approval")
            let token = try #require(minted.data["token"]?.string)
            #expect(try await mock.get("/api/auth/me", bearer: token).status == 200, "on the allow-list")
            let orders = try await mock.get("/api/orders", bearer: token)
            #expect(orders.status == 403)
            #expect(orders.json == .object(["success": .bool(false), "error": "Your account is pending approval...",
                                            "code": "ACCOUNT_PENDING_APPROVAL"]))
        }
    }

    // MARK: - Customers

    @Test func customerMintAnswersExactlyTheVerifyCodesTokenResponse() async throws {
        try await withMock { mock in
            _ = try await mock.post("/api/customer/auth/request-magic-link", ["email": "jane@customer.test"])
            let code = try #require(try await mock.latestCode(to: "jane@customer.test", kind: "customer_magic_link"))
            let real = try await mock.post("/api/customer/auth/verify-code", ["email": "jane@customer.test", "code": .string(code)])
            #expect(real.status == 200)

            let minted = try await mint(mock, ["email": "jane@customer.test"])
            #expect(minted.status == 201)
            #expect(minted.json.keys == ["success", "data"])
            #expect(minted.data.keys == ["token", "client", "company"])
            #expect(minted.data["client"]?.keys == ["id", "firstName", "lastName", "email", "name"])
            #expect(minted.data["client"]?["id"] == .string(MockSeed.Customer.jane.id))
            #expect(minted.data["company"] == .object(["id": .string(MockSeed.Company.acme), "name": "Acme Repairs",
                                                       "logoUrl": .string("http://127.0.0.1:0/api/branding/\(MockSeed.Company.acme)/logo")]))
            #expect(try Self.masked(minted, ["token"]) == Self.masked(real, ["token"]))

            var mintedClaims = try Self.claims(minted.data["token"]), realClaims = try Self.claims(real.data["token"])
            #expect(mintedClaims["sessionId"] != realClaims["sessionId"])
            for key in ["iat", "exp", "jti", "issuedAt", "sessionId"] {
                #expect(mintedClaims.removeValue(forKey: key) != nil, "\(key)")
                realClaims[key] = nil
            }
            #expect(mintedClaims == realClaims)

            let token = try #require(minted.data["token"]?.string)
            let me = try await mock.get("/api/customer/auth/me", bearer: token)
            #expect(me.status == 200)
            #expect(me.data["client"]?["id"] == .string(MockSeed.Customer.jane.id))
            #expect(try await mock.get("/api/customer/orders", bearer: token).status == 200)

            let session = try #require(try await sessions(mock, "?kind=customer").first)
            #expect(session["id"] == (try Self.claims(minted.data["token"]))["sessionId"])
            #expect(session["platform"] == .null && session["status"] == "live")
            #expect(ConsoleRoutesTests.days(from: session["created_at"], to: session["expires_at"]) == 7)
        }
    }

    @Test func aCustomerOfSeveralCompaniesNamesOne() async throws {
        try await withMock { mock in
            let before = try mock.dump()
            for body: [String: JSONValue] in [
                ["email": "sam@customer.test"],
                ["email": "sam@customer.test", "company_id": .string(MockSeed.Company.halted)],
                ["email": "jane@customer.test", "company_id": .string(MockSeed.Company.beta)],
                ["email": "admin@acme.test", "company_id": .string(MockSeed.Company.beta)],
            ] {
                let reply = try await mint(mock, body)
                #expect(reply.status == 400, "\(body)")
                #expect(reply.json == .object(["success": .bool(false), "error": "Invalid or missing field: company_id"]),
                        "\(body)")
            }
            #expect(try mock.dump() == before)

            let beta = try await mint(mock, ["email": "sam@customer.test", "company_id": .string(MockSeed.Company.beta)])
            #expect(beta.status == 201)
            #expect(beta.data["company"]?["id"] == .string(MockSeed.Company.beta))
            #expect(beta.data["client"]?["id"] == .string(MockSeed.Customer.sam.id))
            let me = try await mock.get("/api/customer/auth/me", bearer: try #require(beta.data["token"]?.string))
            #expect(me.data["company"]?["name"] == "Beta Tech")
            // A single-company customer and a staff member may name their own company.
            #expect(try await mint(mock, ["email": "jane@customer.test", "company_id": .string(MockSeed.Company.acme)]).status == 201)
            #expect(try await mint(mock, ["email": "admin@acme.test", "company_id": .string(MockSeed.Company.acme)]).status == 201)
        }
    }

    // MARK: - Refusals and bad bodies

    @Test func anUnknownEmailIsNotFound() async throws {
        try await withMock { mock in
            let before = try mock.dump()
            let reply = try await mint(mock, ["email": "nobody@acme.test"])
            #expect(reply.status == 404)
            #expect(reply.json == .object(["success": .bool(false), "error": "Account not found"]))
            #expect(try mock.dump() == before)
        }
    }

    @Test(arguments: [
        (#"{"email":"admin@acme.test""#, "Invalid JSON body"),
        ("", "Invalid JSON body"),
        ("[]", "Invalid JSON body"),
        (#""admin@acme.test""#, "Invalid JSON body"),
        ("{}", "Invalid or missing field: email"),
        (#"{"email":42}"#, "Invalid or missing field: email"),
        (#"{"email":null}"#, "Invalid or missing field: email"),
        (#"{"email":"admin"}"#, "Invalid or missing field: email"),
        (#"{"email":"admin@acme.test","platform":"ios"}"#, "Invalid or missing field: platform"),
        (#"{"email":"admin@acme.test","platform":"Mobile"}"#, "Invalid or missing field: platform"),
        (#"{"email":"admin@acme.test","platform":1}"#, "Invalid or missing field: platform"),
        (#"{"email":"admin@acme.test","company_id":5}"#, "Invalid or missing field: company_id"),
        (#"{"email":"sam@customer.test","company_id":["x"]}"#, "Invalid or missing field: company_id"),
        (#"{"email":"admin@acme.test\u0000x"}"#, "Invalid or missing field: email"),
    ])
    func aBadBodyNamesTheFieldAndWritesNothing(body: String, message: String) async throws {
        try await withMock { mock in
            let before = try mock.dump()
            let reply = try await mock.send("POST", "/__mock/sessions", body: body)
            #expect(reply.status == 400)
            #expect(reply.json == .object(["success": .bool(false), "error": .string(message)]))
            #expect(try mock.dump() == before)
            #expect(try await sessions(mock).isEmpty)
        }
    }

    @Test func nullAndUnknownKeysAreLeftOutLikeAtSignIn() async throws {
        try await withMock { mock in
            let reply = try await mock.send("POST", "/__mock/sessions",
                                            body: #"{"email":"jane@customer.test","platform":null,"company_id":null,"x":1}"#)
            #expect(reply.status == 201)
            let staff = try await mock.send("POST", "/__mock/sessions", body: #"{"email":"admin@acme.test","platform":null}"#)
            #expect(try Self.claims(staff.data["token"])["isMobile"] == .bool(true))
        }
    }

    // MARK: - DELETE

    @Test func deleteRevokesAStaffFamilyAsALogoutAndAnswersTheSession() async throws {
        try await withMock { mock in
            let minted = try await mint(mock, ["email": "admin@acme.test", "platform": "web"])
            let token = try #require(minted.data["token"]?.string)
            let refreshToken = try #require(minted.data["refreshToken"]?.string)
            let id = try ConsoleRoutesTests.familyID(token)
            let other = try await mock.signInStaff("admin@acme.test")   // another device of the same user

            try await mock.advanceClock(seconds: 60)
            let now = try await mock.clockNow()
            let deleted = try await mock.send("DELETE", "/__mock/sessions/\(id)")
            #expect(deleted.status == 200)
            #expect(deleted.json.keys == ["success", "data"])
            #expect(deleted.data.keys == Self.sessionKeys)
            #expect(deleted.data["id"] == .string(id))
            #expect(deleted.data["status"] == "revoked")
            #expect(deleted.data["revoked_reason"] == "logout")
            let revokedAt = try #require(deleted.data["revoked_at"]?.string)
            #expect(revokedAt >= now)
            let listed = try await sessions(mock, "?status=revoked")
            #expect(listed == [deleted.data], "the session as GET /__mock/sessions shows it")

            // A logout elsewhere: the access token is refused, the unused refresh token is unknown.
            #expect(try await mock.get("/api/auth/me", bearer: token).status == 401)
            let refreshed = try await refresh(mock, refreshToken)
            #expect(refreshed.status == 401)
            #expect(refreshed.json == .object(["success": .bool(false), "error": "Invalid refresh token"]))
            #expect(try await mock.get("/api/auth/me", bearer: other.token).status == 200, "other families untouched")

            // Again: unchanged.
            try await mock.advanceClock(seconds: 60)
            let again = try await mock.send("DELETE", "/__mock/sessions/\(id)")
            #expect(again.status == 200)
            #expect(again.data == deleted.data)
        }
    }

    @Test func deleteEndsACustomerSession() async throws {
        try await withMock { mock in
            let minted = try await mint(mock, ["email": "sam@customer.test", "company_id": .string(MockSeed.Company.acme)])
            let token = try #require(minted.data["token"]?.string)
            let id = try #require(try Self.claims(minted.data["token"])["sessionId"]?.string)
            let deleted = try await mock.send("DELETE", "/__mock/sessions/\(id)")
            #expect(deleted.status == 200)
            #expect(deleted.data["kind"] == "customer" && deleted.data["client_id"] == .string(MockSeed.Customer.sam.id))
            #expect(deleted.data["status"] == "revoked" && deleted.data["revoked_reason"] == "logout")
            #expect(deleted.data["revoked_at"]?.string != nil)
            #expect(try await mock.get("/api/customer/auth/me", bearer: token).status == 401)
            #expect(try await mock.send("DELETE", "/__mock/sessions/\(id)").data == deleted.data)
        }
    }

    @Test func deleteLeavesAnAlreadyRevokedSessionAsItIs() async throws {
        try await withMock { mock in
            let minted = try await mint(mock, ["email": "admin@acme.test"])
            let first = try #require(minted.data["refreshToken"]?.string)
            _ = try await refresh(mock, first)
            _ = try await refresh(mock, first)   // reuse: revoked
            let id = try ConsoleRoutesTests.familyID(try #require(minted.data["token"]?.string))
            let before = try #require(try await sessions(mock).first)
            #expect(before["revoked_reason"] == "reuse")
            let dump = try mock.dump()
            let deleted = try await mock.send("DELETE", "/__mock/sessions/\(id)")
            #expect(deleted.status == 200)
            #expect(deleted.data == before)
            #expect(try mock.dump() == dump)

            // Revoked because the account was deactivated since: also left as it is.
            let beta = try await mint(mock, ["email": "admin@beta.test"])
            try mock.server.environment.store.deactivateUser(id: MockSeed.Staff.betaAdmin.id)
            let betaID = try ConsoleRoutesTests.familyID(try #require(beta.data["token"]?.string))
            let inactive = try await mock.send("DELETE", "/__mock/sessions/\(betaID)")
            #expect(inactive.status == 200)
            #expect(inactive.data["revoked_reason"] == "user_inactive" && inactive.data["revoked_at"] == .null)
        }
    }

    @Test(arguments: ["00000000-0000-4000-8000-000000000000", "not-a-session"])
    func deleteOfAnUnknownIDIsNotFound(id: String) async throws {
        try await withMock { mock in
            _ = try await mint(mock, ["email": "admin@acme.test"])
            let before = try mock.dump()
            let reply = try await mock.send("DELETE", "/__mock/sessions/\(id)")
            #expect(reply.status == 404)
            #expect(reply.json == .object(["success": .bool(false), "error": "Session not found"]))
            #expect(try mock.dump() == before)
        }
    }

    @Test func otherMethodsAreNotAllowed() async throws {
        try await withMock { mock in
            let put = try await mock.send("PUT", "/__mock/sessions", body: "{}")
            #expect(put.status == 405)
            #expect(put.header("Allow") == "GET, POST, HEAD")
            let get = try await mock.send("GET", "/__mock/sessions/anything")
            #expect(get.status == 405)
            #expect(get.header("Allow") == "DELETE")
        }
    }

    // MARK: - Control calls

    @Test func bothNeedTheControlTokenWhenTheServerHasOne() async throws {
        let token = "mock-control-sessions"
        try await withMock({ $0.controlToken = token }) { mock in
            let before = try mock.dump()
            let refused = try await mint(mock, ["email": "admin@acme.test"])
            #expect(refused.status == 401)
            #expect(refused.json == .object(["success": .bool(false), "error": "Control token required",
                                             "code": "CONTROL_TOKEN_REQUIRED"]))
            let wrong = try await mint(mock, ["email": "admin@acme.test"], bearer: "not-it")
            #expect(wrong.status == 401 && wrong.json["code"] == "CONTROL_TOKEN_INVALID")
            #expect(try mock.dump() == before, "a refused call writes nothing")

            let minted = try await mint(mock, ["email": "admin@acme.test"], bearer: token)
            #expect(minted.status == 201)
            let id = try ConsoleRoutesTests.familyID(try #require(minted.data["token"]?.string))
            let refusedDelete = try await mock.send("DELETE", "/__mock/sessions/\(id)")
            #expect(refusedDelete.status == 401 && refusedDelete.json["code"] == "CONTROL_TOKEN_REQUIRED")
            #expect(try await mock.get("/api/auth/me", bearer: try #require(minted.data["token"]?.string)).status == 200)
            let deleted = try await mock.send("DELETE", "/__mock/sessions/\(id)", bearer: token)
            #expect(deleted.status == 200 && deleted.data["status"] == "revoked")
        }
    }

    @Test func neitherIsJournaled() async throws {
        try await withMock { mock in
            let minted = try await mint(mock, ["email": "admin@acme.test"])
            let token = try #require(minted.data["token"]?.string)
            _ = try await mint(mock, ["email": "nobody@acme.test"])
            _ = try await mock.send("POST", "/__mock/sessions", body: "{")
            #expect(try await mock.get("/api/auth/me", bearer: token).status == 200)
            _ = try await mock.send("DELETE", "/__mock/sessions/\(try ConsoleRoutesTests.familyID(token))")
            _ = try await mock.send("DELETE", "/__mock/sessions/unknown")
            let journal = try #require(try await mock.get("/__mock/requests").data.array)
            #expect(journal.map { "\($0["method"]?.string ?? "") \($0["path"]?.string ?? "")" } == ["GET /api/auth/me"])
        }
    }

    @Test func aSessionMintedInANamespaceLivesThereOnly() async throws {
        try await withMock { mock in
            let a = try MockHarness(namespace: "a", of: mock)
            let minted = try await mint(a, ["email": "admin@acme.test"])
            #expect(minted.status == 201)
            let token = try #require(minted.data["token"]?.string)
            #expect(try await sessions(mock).isEmpty)
            #expect(try await sessions(a).count == 1)
            #expect(try await a.get("/api/auth/me", bearer: token).status == 200)
            #expect(try await mock.get("/api/auth/me", bearer: token).status == 401, "another namespace, another key")
            let refreshToken = try #require(minted.data["refreshToken"]?.string)
            #expect(try await refresh(mock, refreshToken).error == "Invalid refresh token")

            // And revoked there only: the default namespace does not know the id.
            let id = try ConsoleRoutesTests.familyID(token)
            #expect(try await mock.send("DELETE", "/__mock/sessions/\(id)").status == 404)
            #expect(try await a.send("DELETE", "/__mock/sessions/\(id)").status == 200)
            #expect(try await a.get("/api/auth/me", bearer: token).status == 401)
        }
    }

    // MARK: - Helpers

    /// Password and the emailed 2FA code, with `userAgent`: the real verify's reply.
    static func verifiedSignIn(_ mock: MockHarness, _ email: String, userAgent: String) async throws -> MockHarness.Reply {
        let login = try await mock.post("/api/auth/login", ["email": .string(email), "password": "password123"])
        let userID = try #require(login.data["userId"]?.string)
        _ = try await mock.post("/api/auth/2fa/request", ["userId": .string(userID), "email": .string(email)])
        let code = try #require(try await mock.latestCode(to: email, kind: "staff_2fa"))
        return try await mock.post("/api/auth/2fa/verify", ["userId": .string(userID), "code": .string(code)],
                                   userAgent: userAgent)
    }
}
