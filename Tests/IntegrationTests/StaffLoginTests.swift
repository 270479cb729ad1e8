import Foundation
import Testing
import MockServer
import RepairMinderClient
import RepairMinderMockControl
import MockTestSupport

let loginFailures: [(email: String, password: String, expected: RepairMinderError)] = [
    (MockSeed.Staff.admin.email, "wrong-password", .invalidCredentials),
    ("nobody@nowhere.test", MockSeed.password, .invalidCredentials),
    (MockSeed.Staff.inactive.email, MockSeed.password, .accountDeactivated),
    (MockSeed.Staff.archived.email, MockSeed.password, .accountArchived),
    (MockSeed.Staff.engineer.email, MockSeed.password, .noPasswordSet),
]

@Suite("Staff sign-in against the mock")
@MainActor
struct StaffLoginTests {
    @Test func totpGeneratorMatchesRFC6238Vector() {
        // RFC 6238 appendix B, SHA-1, T = 59 s: 94287082 (8 digits).
        let key = Array("12345678901234567890".utf8)
        #expect(TOTPGenerator.code(key: key, counter: 1, digits: 8) == "94287082")
        #expect(TOTPGenerator.code(key: key, counter: 37_037_036, digits: 8) == "07081804")
    }

    @Test func passwordLoginWithEmailedTwoFactorCodeSignsIn() async throws {
        try await withMock(.live) { mock in
            let client = mock.client()
            let session = StaffSession(client: client)
            let result = try await session.login(email: MockSeed.Staff.admin.email, password: MockSeed.password)
            guard case .twoFactorRequired(let challenge) = result else { Issue.record("no challenge"); return }
            #expect(challenge.email == MockSeed.Staff.admin.email)
            #expect(challenge.user.companyID == MockSeed.Company.acme)
            #expect(session.state == .awaitingTwoFactor(challenge))

            try await session.requestTwoFactorCode()
            let code = try await mock.code(to: MockSeed.Staff.admin.email, kind: "staff_2fa")
            #expect(code.count == 6)
            let user = try await session.verifyTwoFactor(code: code)

            #expect(user.email == MockSeed.Staff.admin.email)
            #expect(session.state == .signedIn)
            #expect(session.company?.id == MockSeed.Company.acme)
            #expect(session.isQuarantined == false)
            let stored = try #require(try await client.tokenStore.staffCredentials())
            #expect(!stored.accessToken.isEmpty && !stored.refreshToken.isEmpty)
            #expect(try await client.tokenStore.role() == .staff)
        }
    }

    @Test func passwordLoginWithTOTPCodeSignsIn() async throws {
        // Pin the mock's clock one second into a 30 s step, so the code stays current for the test.
        let start = Date(timeIntervalSince1970: (floor(Date().timeIntervalSince1970 / 30) + 2) * 30 + 1)
        try await withMock(.live, { $0.freezeClock(at: start) }) { mock in
            let session = StaffSession(client: mock.client())
            _ = try await session.login(email: MockSeed.Staff.totp.email, password: MockSeed.password)
            let code = TOTPGenerator.code(secretBase32: MockSeed.totpSecret, at: start)
            let user = try await session.verifyTwoFactor(code: code)
            #expect(user.email == MockSeed.Staff.totp.email)
            #expect(session.isAuthenticated)
            // No code was mailed: TOTP users do not request one.
            let mailed = try await mock.raw("GET", "/__mock/outbox?to=\(MockSeed.Staff.totp.email)&kind=staff_2fa")
            #expect((mailed.object["data"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func wrongTOTPCodeIsInvalidOrExpiredCode() async throws {
        let start = Date(timeIntervalSince1970: (floor(Date().timeIntervalSince1970 / 30) + 2) * 30 + 1)
        try await withMock(.live, { $0.freezeClock(at: start) }) { mock in
            let session = StaffSession(client: mock.client())
            _ = try await session.login(email: MockSeed.Staff.totp.email, password: MockSeed.password)
            // A code from an hour earlier is outside the ±1 step window.
            let stale = TOTPGenerator.code(secretBase32: MockSeed.totpSecret, at: start.addingTimeInterval(-3600))
            let error = await typedError { try await session.verifyTwoFactor(code: stale) }
            #expect(error == .invalidOrExpiredCode)
            #expect(session.lastError == .invalidOrExpiredCode)
        }
    }

    @Test func recoveryCodeSignsInOnceOnly() async throws {
        try await withMock(.live) { mock in
            let first = StaffSession(client: mock.client())
            _ = try await first.login(email: MockSeed.Staff.totp.email, password: MockSeed.password)
            try await first.verifyTwoFactor(code: "ACME2FA1")
            #expect(first.isAuthenticated)
            #expect(first.user?.email == MockSeed.Staff.totp.email)

            let second = StaffSession(client: mock.client())
            _ = try await second.login(email: MockSeed.Staff.totp.email, password: MockSeed.password)
            let reused = await typedError { try await second.verifyTwoFactor(code: "ACME2FA1") }
            #expect(reused == .invalidOrExpiredCode)
            try await second.verifyTwoFactor(code: "ACME2FA2")
            #expect(second.isAuthenticated)
        }
    }

    @Test func magicLinkSignsInStaffWithoutPassword() async throws {
        try await withMock(.live) { mock in
            let client = mock.client()
            let session = StaffSession(client: client)
            try await session.requestMagicLink(email: MockSeed.Staff.engineer.email)
            let code = try await mock.code(to: MockSeed.Staff.engineer.email, kind: "staff_magic_link")
            let user = try await session.verifyMagicLink(email: MockSeed.Staff.engineer.email, code: code)
            #expect(user.email == MockSeed.Staff.engineer.email)
            #expect(session.isAuthenticated)
            #expect(try await client.tokenStore.staffCredentials() != nil)

            let me = try await session.refreshMe()
            #expect(me.user.email == MockSeed.Staff.engineer.email)
            #expect(me.hasPassword == false)
            #expect(session.hasPassword == false)
        }
    }

    @Test func magicLinkRequestForUnknownEmailSucceedsWithoutMail() async throws {
        try await withMock(.live) { mock in
            let session = StaffSession(client: mock.client())
            try await session.requestMagicLink(email: "nobody@nowhere.test")
            let error = await typedError { try await session.verifyMagicLink(email: "nobody@nowhere.test", code: "123456") }
            #expect(error == .invalidOrExpiredCode)
        }
    }

    @Test(arguments: loginFailures)
    func everyLoginErrorIsTyped(email: String, password: String, expected: RepairMinderError) async throws {
        try await withMock(.live) { mock in
            let client = mock.client()
            let session = StaffSession(client: client)
            let error = await typedError { _ = try await session.login(email: email, password: password) }
            #expect(error == expected)
            #expect(session.state == .signedOut)
            #expect(session.lastError == expected)
            let stored = try await client.tokenStore.staffCredentials()
            #expect(stored == nil)
        }
    }

    @Test func wrongEmailedCodeIsInvalidOrExpiredCode() async throws {
        try await withMock(.live) { mock in
            let session = StaffSession(client: mock.client())
            _ = try await session.login(email: MockSeed.Staff.admin.email, password: MockSeed.password)
            try await session.requestTwoFactorCode()
            let code = try await mock.code(to: MockSeed.Staff.admin.email, kind: "staff_2fa")
            let wrong = code == "000000" ? "111111" : "000000"
            let error = await typedError { try await session.verifyTwoFactor(code: wrong) }
            #expect(error == .invalidOrExpiredCode)
            // The real code still works after one wrong try.
            try await session.verifyTwoFactor(code: code)
            #expect(session.isAuthenticated)
        }
    }

    @Test func wrongMagicLinkCodeIsInvalidOrExpiredCode() async throws {
        try await withMock(.live) { mock in
            let session = StaffSession(client: mock.client())
            try await session.requestMagicLink(email: MockSeed.Staff.engineer.email)
            let code = try await mock.code(to: MockSeed.Staff.engineer.email, kind: "staff_magic_link")
            let wrong = code == "000000" ? "111111" : "000000"
            let error = await typedError { try await session.verifyMagicLink(email: MockSeed.Staff.engineer.email, code: wrong) }
            #expect(error == .invalidOrExpiredCode)
            #expect(!session.isAuthenticated)
        }
    }

    @Test func staffMeReturnsUserCompanyAndPasswordFlag() async throws {
        try await withMock(.live) { mock in
            let session = try await mock.signedInStaff()
            let me = try await session.refreshMe()
            #expect(me.user.email == MockSeed.Staff.admin.email)
            #expect(me.user.isActive)
            #expect(me.company.id == MockSeed.Company.acme)
            #expect(me.company.status == .active)
            #expect(me.hasPassword)
            #expect(session.user == me.user)
            #expect(session.company == me.company)
            let whoCalled = try await mock.journal(method: "GET", path: "/api/auth/me")
            #expect(whoCalled.map(\.status) == [200])
            #expect(whoCalled.first?.who?.hasPrefix("staff:") == true)
        }
    }
}
