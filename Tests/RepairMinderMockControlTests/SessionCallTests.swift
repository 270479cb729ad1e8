// Not compiled yet (Package.swift excludes it): the tests of `POST /__mock/sessions` and
// `DELETE /__mock/sessions/{id}`, which are being added on another branch. When they land, rename
// this file to `SessionCallTests.swift` and drop the `exclude:` of RepairMinderMockControlTests.
//
// The contract the library was written against:
// - `POST /__mock/sessions {"email", "platform": "mobile" | "web" (optional, default mobile),
//   "company_id"?}` → 201, `data` exactly the payload of that account's final real sign-in step
//   (staff: the 2FA-verify payload with `token`, `refreshToken`…; customer: the customer
//   verify-code payload with `token`…).
// - `DELETE /__mock/sessions/{id}` (the id as `GET /__mock/sessions` shows it) revokes it → 200
//   with the session entry as `GET /__mock/sessions` shows it.

import Foundation
import Testing
import MockServer
import RepairMinderMockControl
import MockTestSupport

@Suite struct SessionCallTests {
    @Test func aStaffSessionIsTheTwoFactorVerifyPayloadAndItsTokensWork() async throws {
        try await withMock(.live) { mock in
            let control = mock.control
            let signIn = try await control.createSession(email: MockSeed.Staff.admin.email)
            #expect(!signIn.token.isEmpty)
            let refreshToken = try #require(signIn.refreshToken)
            #expect(signIn.expiresIn == 900)
            #expect(signIn.value["user"]?["email"] == .string(MockSeed.Staff.admin.email))
            #expect(signIn.value["company"]?["id"] == .string(MockSeed.Company.acme))
            #expect(try MockJSON(parsing: signIn.data) == signIn.value)

            // The access token opens the app API; the refresh token rotates.
            #expect(try await mock.app("GET", "/api/auth/me", bearer: signIn.token).status == 200)
            let refreshed = try await mock.app("POST", "/api/auth/refresh", ["refreshToken": .string(refreshToken)])
            #expect(refreshed.status == 200)

            // Listed like a sign-in through the app: mobile by default, no mail sent.
            let session = try #require(try await control.sessions(email: MockSeed.Staff.admin.email).first)
            #expect(session.kind == .staff && session.platform == .mobile && session.status == .live)
            #expect(session.refreshCount == 1)
            #expect(try await control.outbox(to: MockSeed.Staff.admin.email).isEmpty)
        }
    }

    @Test func aWebStaffSessionGetsAWebRefreshToken() async throws {
        try await withMock(.live) { mock in
            _ = try await mock.control.createSession(email: MockSeed.Staff.admin.email, platform: .web)
            let session = try #require(try await mock.control.sessions(kind: .staff).first)
            #expect(session.platform == .web)
            #expect(session.expiresAt.timeIntervalSince(session.createdAt) < 8 * 86_400)   // 7 days, not 90
        }
    }

    @Test func aCustomerSessionIsTheVerifyCodePayload() async throws {
        try await withMock(.live) { mock in
            let control = mock.control
            let jane = try await control.createSession(email: MockSeed.Customer.jane.email)
            #expect(!jane.token.isEmpty)
            #expect(jane.refreshToken == nil)
            #expect(jane.value["client"]?["email"] == .string(MockSeed.Customer.jane.email))
            #expect(jane.value["company"]?["id"] == .string(MockSeed.Company.acme))
            #expect(try await mock.app("GET", "/api/customer/auth/me", bearer: jane.token).status == 200)

            // A customer of several companies picks one.
            let sam = try await control.createSession(email: MockSeed.Customer.sam.email, companyID: MockSeed.Company.beta)
            #expect(sam.value["company"]?["id"] == .string(MockSeed.Company.beta))
            let listed = try await control.sessions(kind: .customer, email: MockSeed.Customer.sam.email)
            #expect(listed.map(\.companyID) == [MockSeed.Company.beta])
        }
    }

    @Test func anAccountThatCannotSignInIsRefused() async throws {
        try await withMock(.live) { (mock) async throws in
            for email in ["nobody@example.test", "inactive@acme.test"] {
                let error = await controlError { _ = try await mock.control.createSession(email: email) }
                guard case .refused(let call, let status, let message, _)? = error else {
                    Issue.record("\(email): expected refused, got \(String(describing: error))")
                    continue
                }
                #expect(call == "POST /__mock/sessions")
                #expect((400..<500).contains(status))
                // The endpoint's own refusal, not the router's answer for a path or method it lacks.
                #expect(!["Not found", "Method not allowed"].contains(message) && !message.isEmpty)
            }
            #expect(try await mock.control.sessions().isEmpty)
        }
    }

    @Test func aRevokedSessionIsAnsweredAsListedAndItsTokenStopsWorking() async throws {
        try await withMock(.live) { mock in
            let control = mock.control
            let signIn = try await control.createSession(email: MockSeed.Staff.admin.email)
            let live = try #require(try await control.sessions(email: MockSeed.Staff.admin.email).first)

            let revoked = try await control.revokeSession(id: live.id)
            #expect(revoked.id == live.id)
            #expect(revoked.status == .revoked)
            #expect(revoked.revokedAt != nil && revoked.revokedReason != nil)
            #expect(try await control.sessions(email: MockSeed.Staff.admin.email).first == revoked)
            let refreshed = try await mock.app("POST", "/api/auth/refresh", ["refreshToken": .string(signIn.refreshToken ?? "")])
            #expect(refreshed.status == 401)

            let unknown = await controlError { try await control.revokeSession(id: "00000000-0000-4000-8000-000000000000") }
            #expect(unknown?.status == 404)
        }
    }

    @Test func sessionsAreMadeInTheControlsNamespace() async throws {
        try await withMock(.live) { mock in
            let namespace = try await mock.control.makeNamespace(prefix: "sessions")
            let signIn = try await namespace.control.createSession(email: MockSeed.Staff.admin.email)
            #expect(try await mock.app("GET", "/api/auth/me", bearer: signIn.token, base: namespace.baseURL).status == 200)
            #expect(try await mock.app("GET", "/api/auth/me", bearer: signIn.token).status == 401)
            #expect(try await namespace.control.sessions().count == 1)
            #expect(try await mock.control.sessions().isEmpty)
        }
    }
}
