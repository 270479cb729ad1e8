import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import MockServer
@testable import MockBasics
import RepairMinderMockControl
import MockTestSupport

/// Customer sign-in (CONTRACT §4) over real HTTP.
@Suite struct CustomerAuthTests {
    static let sent = "If an account exists, a login code has been sent"

    @Test func singleCompanyCustomerGetsATokenWithCamelCaseClient() async throws {
        try await withMock { mock in
            let request = try await mock.post("/api/customer/auth/request-magic-link", ["email": .string("jane@customer.test")])
            #expect(request.data == .object(["message": .string(Self.sent)]))
            let code = try #require(try await mock.latestCode(to: "jane@customer.test", kind: "customer_magic_link"))
            let reply = try await mock.post("/api/customer/auth/verify-code", ["email": .string("jane@customer.test"),
                                                                               "code": .string(code)])
            #expect(reply.status == 200)
            #expect(reply.data.keys == ["token", "client", "company"])
            #expect(reply.data["client"]?.keys == ["id", "firstName", "lastName", "email", "name"])
            #expect(reply.data["client"]?["id"] == .string(MockSeed.Customer.jane.id))
            #expect(reply.data["company"]?.keys == ["id", "name", "logoUrl"])
            #expect(reply.data["company"]?["id"] == .string(MockSeed.Company.acme))
            let claims = try JWTSigner(secret: MockServerConfiguration().jwtSecret).verify(try #require(reply.data["token"]?.string))
            #expect(claims["type"] == .string("customer"))
            #expect(claims["scope"] == .string("customer_portal"))
            #expect(claims["clientId"] == .string(MockSeed.Customer.jane.id))
            #expect(claims["companyId"] == .string(MockSeed.Company.acme))
            #expect(claims["email"] == .string("jane@customer.test"))
            #expect(claims["sessionId"]?.stringValue != nil)
            #expect(claims["issuedAt"]?.intValue != nil)
            #expect(claims["refreshToken"] == nil)
        }
    }

    @Test func multiCompanyCustomerChoosesACompanyWithTheSameCode() async throws {
        try await withMock { mock in
            _ = try await mock.post("/api/customer/auth/request-magic-link", ["email": .string("sam@customer.test")])
            let code = try #require(try await mock.latestCode(to: "sam@customer.test", kind: "customer_magic_link"))
            let selection = try await mock.post("/api/customer/auth/verify-code", ["email": .string("sam@customer.test"),
                                                                                   "code": .string(code)])
            #expect(selection.status == 200)
            #expect(selection.data.keys == ["requiresCompanySelection", "companies", "email", "code"])
            #expect(selection.data["requiresCompanySelection"] == .bool(true))
            #expect(selection.data["code"] == .string(code))
            let companies = try #require(selection.data["companies"]?.array)
            #expect(Set(companies.compactMap { $0["id"]?.string }) == [MockSeed.Company.acme, MockSeed.Company.beta])
            #expect(companies.allSatisfy { $0.keys == ["id", "name", "logoUrl"] })
            // Seed 002: Acme's logo is the backend's branding URL, Beta Tech has none.
            #expect(companies.first { $0["id"]?.string == MockSeed.Company.acme }?["logoUrl"]
                        == .string("http://127.0.0.1:0/api/branding/\(MockSeed.Company.acme)/logo"))
            #expect(companies.first { $0["id"]?.string == MockSeed.Company.beta }?["logoUrl"] == .null)

            let stranger = try await mock.post("/api/customer/auth/verify-code", [
                "email": .string("sam@customer.test"), "code": .string(code), "companyId": .string(MockSeed.Company.halted)])
            #expect(stranger.status == 401)
            #expect(stranger.error == "Invalid or expired code")

            let chosen = try await mock.post("/api/customer/auth/verify-code", [
                "email": .string("sam@customer.test"), "code": .string(code), "companyId": .string(MockSeed.Company.beta)])
            #expect(chosen.status == 200)
            #expect(chosen.data["company"]?["id"] == .string(MockSeed.Company.beta))
            let spent = try await mock.post("/api/customer/auth/verify-code", [
                "email": .string("sam@customer.test"), "code": .string(code), "companyId": .string(MockSeed.Company.acme)])
            #expect(spent.error == "Invalid or expired code")
        }
    }

    @Test func unknownCustomerGetsTheSameAnswerAndNoMail() async throws {
        try await withMock { mock in
            let reply = try await mock.post("/api/customer/auth/request-magic-link", ["email": .string("nobody@customer.test")])
            #expect(reply.status == 200)
            #expect(reply.data == .object(["message": .string(Self.sent)]))
            let wrongCompany = try await mock.post("/api/customer/auth/request-magic-link", [
                "email": .string("jane@customer.test"), "companyId": .string(MockSeed.Company.beta)])
            #expect(wrongCompany.data == .object(["message": .string(Self.sent)]))
            #expect(try await mock.outboxCount() == 0)
        }
    }

    @Test func wrongCodeIsRejected() async throws {
        try await withMock { mock in
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
    }

    @Test func meAndLogoutEndTheSession() async throws {
        try await withMock { mock in
            let token = try await mock.signInCustomer("jane@customer.test")
            let me = try await mock.get("/api/customer/auth/me", bearer: token)
            #expect(me.status == 200)
            #expect(me.data.keys == ["client", "company"])
            #expect(me.data["client"]?["email"] == .string("jane@customer.test"))
            let logout = try await mock.post("/api/customer/auth/logout", bearer: token)
            #expect(logout.json == .object(["success": .bool(true)]))
            #expect(try await mock.get("/api/customer/auth/me", bearer: token).status == 401)
        }
    }

    @Test func customerTokenLivesSevenDays() async throws {
        try await withMock { mock in
            let token = try await mock.signInCustomer("jane@customer.test")
            try await mock.advanceClock(seconds: 6 * 86_400)
            #expect(try await mock.get("/api/customer/auth/me", bearer: token).status == 200)
            try await mock.advanceClock(seconds: 86_401)
            #expect(try await mock.get("/api/customer/auth/me", bearer: token).status == 401)
        }
    }

    @Test func tokensOnlyWorkForTheirOwnRole() async throws {
        try await withSignedInMock { mock, staff in
            let customer = try await mock.signInCustomer("jane@customer.test")
            let customerOnStaff = try await mock.get("/api/auth/me", bearer: customer)
            #expect(customerOnStaff.status == 401)
            #expect(customerOnStaff.json == .object(["success": .bool(false), "error": .string("Unauthorized")]))
            #expect(try await mock.get("/api/customer/auth/me", bearer: staff.token).status == 401)
            #expect(try await mock.post("/api/auth/logout", bearer: customer).status == 401)
            #expect(try await mock.get("/api/users/me", bearer: customer).status == 401)
        }
    }

    // MARK: - The company's logo (seed 002's `logoUrl`)

    /// `logoUrl` is the mock's own `GET /api/branding/{id}/logo`, under the URL the app called
    /// (namespace included), and that serves a PNG of the company's own: open, like an image tag's
    /// request. A company without a logo has `logoUrl` null and no image.
    @Test func theLogoURLIsServedAsAPNGOfTheCompanysOwn() async throws {
        try await withMock(.live) { mock in
            let space = try MockHarness(namespace: "branding", of: mock)
            for view in [mock, space] {
                let token = try await view.signInCustomer("jane@customer.test")
                let me = try await view.get("/api/customer/auth/me", bearer: token)
                let url = try #require(me.data["company"]?["logoUrl"]?.string)
                #expect(url == view.baseURL.absoluteString + "/api/branding/\(MockSeed.Company.acme)/logo")
                let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
                let http = try #require(response as? HTTPURLResponse)
                #expect(http.statusCode == 200)
                #expect(http.value(forHTTPHeaderField: "Content-Type") == "image/png")
                #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
                #expect(Array(data[12..<24]) == Array("IHDR".utf8) + [0, 0, 0, 96, 0, 0, 0, 96])   // 96 × 96
                #expect(Array(data.suffix(12)) == [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
                #expect(BrandingLogo.crc32(Array(data[12..<29])) == data[29..<33].reduce(0) { $0 << 8 | UInt32($1) })
            }
            let acme = BrandingLogo.png(for: MockSeed.Company.acme), beta = BrandingLogo.png(for: MockSeed.Company.beta)
            #expect(acme != beta, "each company its own")
            #expect(acme.count == 27_812)   // 96 rows of 1 + 96 × 3 bytes, stored
            #expect(try await mock.get("/api/branding/\(MockSeed.Company.beta)/logo").status == 404)   // no logo
            #expect(try await mock.get("/api/branding/00000001-0000-4000-8000-00000000ffff/logo").json
                        == ["success": false, "error": "Not found"])
        }
    }
}
