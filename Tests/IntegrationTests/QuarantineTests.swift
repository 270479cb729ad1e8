import Foundation
import Testing
import MockServer
import RepairMinderClient
import RepairMinderMockControl
import MockTestSupport

/// `GET /api/user/push-preferences`: not on the quarantine allow-list.
let pushPreferences = Endpoint<RepairMinderClient.JSONValue>(.get, "/api/user/push-preferences", credential: .staff)

@Suite("Quarantine against the mock")
@MainActor
struct QuarantineTests {
    /// Seed 002's one answer for both statuses; under `--vary quarantine-codes` a suspended
    /// company's own code, which the client types as `.suspended`.
    @Test(arguments: [("suspended", nil, QuarantineCode.pendingApproval), ("suspended", "quarantine-codes", .suspended),
                      ("pending_approval", nil, .pendingApproval), ("pending_approval", "quarantine-codes", .pendingApproval)])
    func quarantineSurfacesTypedErrorWhileMeKeepsWorking(status: String, vary: String?, code: QuarantineCode) async throws {
        try await withMock(.live, { $0.vary = vary }) { mock in
            let session = try await mock.signedInStaff(push: true)
            let push = try #require(session.push)
            _ = try await session.send(pushPreferences)

            try await mock.setCompanyStatus(MockSeed.Company.acme, status)

            let preferences = await typedError { _ = try await session.send(pushPreferences) }
            guard case .quarantined(let got, let message) = preferences else {
                Issue.record("expected quarantined, got \(String(describing: preferences))")
                return
            }
            #expect(got == code)
            #expect(message.hasPrefix(code == .suspended ? "Your account has been suspended" : "Your account is pending approval"),
                    "\(message)")
            let register = await typedError { try await push.updateDeviceToken(TestValues.deviceToken) }
            guard case .quarantined(code, _) = register else {
                Issue.record("expected quarantined on device-token registration, got \(String(describing: register))")
                return
            }
            #expect(await push.isRegistered == false)

            // `me` is allow-listed: it answers, and shows the company's status.
            let me = try await session.refreshMe()
            #expect(me.company.status.isQuarantined)
            #expect(session.isQuarantined)
            #expect(session.isAuthenticated, "a quarantine does not end the session")
            #expect(try await session.client.tokenStore.staffCredentials() != nil)

            try await mock.setCompanyStatus(MockSeed.Company.acme, "active")

            _ = try await session.send(pushPreferences)
            try await push.register()
            #expect(await push.isRegistered)
            try await session.refreshMe()
            #expect(!session.isQuarantined)
        }
    }

    @Test func quarantinedStaffCanStillRefreshTheirToken() async throws {
        try await withMock(.live) { mock in
            let session = try await mock.signedInStaff()
            try await mock.setCompanyStatus(MockSeed.Company.acme, "suspended")
            try await mock.advanceClock(seconds: 901)
            let me = try await session.refreshMe()
            #expect(me.company.status == .suspended)
            let refreshes = try await mock.journal(method: "POST", path: "/api/auth/refresh")
            #expect(refreshes.map(\.status) == [200])
        }
    }
}
