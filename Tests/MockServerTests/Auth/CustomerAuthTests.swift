import Foundation
import Testing
@testable import MockServer

/// Customer sign-in (CONTRACT §4) over real HTTP.
@Suite struct CustomerAuthTests {
    static let sent = "If an account exists, a login code has been sent"

    @Test func singleCompanyCustomerGetsATokenWithCamelCaseClient() async throws {
        let mock = try MockHarness()
        defer { mock.stop() }
        let request = try await mock.post("/api/customer/auth/request-magic-link", ["email": .string("jane@customer.test")])
        #expect(request.data == .object(["message": .string(Self.sent)]))
        let code = try #require(try await mock.latestCode(to: "jane@customer.test", kind: "customer_magic_link"))
        let reply = try await mock.post("/api/customer/auth/verify-code", ["email": .string("jane@customer.test"),
                                                                           "code": .string(code)])
        #expect(reply.status == 200)
        #expect(reply.data.keys == ["token", "client", "company"])
        #expect(reply.data["client"]?.keys == ["id", "firstName", "lastName", "email", "name"])
        #expect(reply.data["client"]?["id"] == .string(SeedIDs.jane))
        #expect(reply.data["company"]?.keys == ["id", "name", "logoUrl"])
        #expect(reply.data["company"]?["id"] == .string(SeedIDs.acme))
        let claims = try JWTSigner(secret: MockServerConfiguration().jwtSecret).verify(try #require(reply.data["token"]?.string))
        #expect(claims["type"] == .string("customer"))
        #expect(claims["scope"] == .string("customer_portal"))
        #expect(claims["clientId"] == .string(SeedIDs.jane))
        #expect(claims["companyId"] == .string(SeedIDs.acme))
        #expect(claims["email"] == .string("jane@customer.test"))
        #expect(claims["sessionId"]?.stringValue != nil)
        #expect(claims["issuedAt"]?.intValue != nil)
        #expect(claims["refreshToken"] == nil)
    }

    @Test func multiCompanyCustomerChoosesACompanyWithTheSameCode() async throws {
        let mock = try MockHarness()
        defer { mock.stop() }
        _ = try await mock.post("/api/customer/auth/request-magic-link", ["email": .string("sam@customer.test")])
        let code = try #require(try await mock.latestCode(to: "sam@customer.test", kind: "customer_magic_link"))
        let selection = try await mock.post("/api/customer/auth/verify-code", ["email": .string("sam@customer.test"),
                                                                               "code": .string(code)])
        #expect(selection.status == 200)
        #expect(selection.data.keys == ["requiresCompanySelection", "companies", "email", "code"])
        #expect(selection.data["requiresCompanySelection"] == .bool(true))
        #expect(selection.data["code"] == .string(code))
        let companies = try #require(selection.data["companies"]?.array)
        #expect(Set(companies.compactMap { $0["id"]?.string }) == [SeedIDs.acme, SeedIDs.beta])
        #expect(companies.allSatisfy { $0.keys == ["id", "name", "logoUrl"] })

        let stranger = try await mock.post("/api/customer/auth/verify-code", [
            "email": .string("sam@customer.test"), "code": .string(code), "companyId": .string(SeedIDs.halted)])
        #expect(stranger.status == 401)
        #expect(stranger.error == "Invalid or expired code")

        let chosen = try await mock.post("/api/customer/auth/verify-code", [
            "email": .string("sam@customer.test"), "code": .string(code), "companyId": .string(SeedIDs.beta)])
        #expect(chosen.status == 200)
        #expect(chosen.data["company"]?["id"] == .string(SeedIDs.beta))
        let spent = try await mock.post("/api/customer/auth/verify-code", [
            "email": .string("sam@customer.test"), "code": .string(code), "companyId": .string(SeedIDs.acme)])
        #expect(spent.error == "Invalid or expired code")
    }

    @Test func unknownCustomerGetsTheSameAnswerAndNoMail() async throws {
        let mock = try MockHarness()
        defer { mock.stop() }
        let reply = try await mock.post("/api/customer/auth/request-magic-link", ["email": .string("nobody@customer.test")])
        #expect(reply.status == 200)
        #expect(reply.data == .object(["message": .string(Self.sent)]))
        let wrongCompany = try await mock.post("/api/customer/auth/request-magic-link", [
            "email": .string("jane@customer.test"), "companyId": .string(SeedIDs.beta)])
        #expect(wrongCompany.data == .object(["message": .string(Self.sent)]))
        #expect(try await mock.outboxCount() == 0)
    }

    @Test func wrongCodeIsRejected() async throws {
        let mock = try MockHarness()
        defer { mock.stop() }
        _ = try await mock.post("/api/customer/auth/request-magic-link", ["email": .string("jane@customer.test")])
        let code = try #require(try await mock.latestCode(to: "jane@customer.test", kind: "customer_magic_link"))
        let wrong = code == "000000" ? "111111" : "000000"
        for bad in [wrong, "12345", "abcdef"] {
            let reply = try await mock.post("/api/customer/auth/verify-code", ["email": .string("jane@customer.test"),
                                                                               "code": .string(bad)])
            #expect(reply.status == 401)
            #expect(reply.error == "Invalid or expired code")
        }
    }

    @Test func meAndLogoutEndTheSession() async throws {
        let mock = try MockHarness()
        defer { mock.stop() }
        let token = try await mock.signInCustomer("jane@customer.test")
        let me = try await mock.get("/api/customer/auth/me", bearer: token)
        #expect(me.status == 200)
        #expect(me.data.keys == ["client", "company"])
        #expect(me.data["client"]?["email"] == .string("jane@customer.test"))
        let logout = try await mock.post("/api/customer/auth/logout", bearer: token)
        #expect(logout.json == .object(["success": .bool(true)]))
        #expect(try await mock.get("/api/customer/auth/me", bearer: token).status == 401)
    }

    @Test func customerTokenLivesSevenDays() async throws {
        let mock = try MockHarness()
        defer { mock.stop() }
        let token = try await mock.signInCustomer("jane@customer.test")
        try await mock.advanceClock(seconds: 6 * 86_400)
        #expect(try await mock.get("/api/customer/auth/me", bearer: token).status == 200)
        try await mock.advanceClock(seconds: 86_401)
        #expect(try await mock.get("/api/customer/auth/me", bearer: token).status == 401)
    }

    @Test func tokensOnlyWorkForTheirOwnRole() async throws {
        let mock = try MockHarness()
        defer { mock.stop() }
        let customer = try await mock.signInCustomer("jane@customer.test")
        let staff = try await mock.signInStaff("admin@acme.test")
        let customerOnStaff = try await mock.get("/api/auth/me", bearer: customer)
        #expect(customerOnStaff.status == 401)
        #expect(customerOnStaff.json == .object(["success": .bool(false), "error": .string("Unauthorized")]))
        #expect(try await mock.get("/api/customer/auth/me", bearer: staff.token).status == 401)
        #expect(try await mock.post("/api/auth/logout", bearer: customer).status == 401)
        #expect(try await mock.get("/api/users/me", bearer: customer).status == 401)
    }
}
