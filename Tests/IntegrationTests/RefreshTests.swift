import Foundation
import Testing
import MockServer
import RepairMinderMockControl
import MockTestSupport
@_spi(Testing) import RepairMinderClient

@Suite("Token refresh against the mock")
@MainActor
struct RefreshTests {
    static let accessLifetime: Double = 900

    /// `count` concurrent `me` calls through one client, each one's outcome.
    static func burst(of count: Int, _ client: APIClient) async -> [Result<StaffMe, RepairMinderError>] {
        await withTaskGroup(of: Result<StaffMe, RepairMinderError>.self) { group in
            for _ in 0..<count {
                group.addTask {
                    do { return .success(try await client.send(API.StaffAuth.me())) }
                    catch { return .failure(error as? RepairMinderError ?? .transport("\(error)")) }
                }
            }
            var collected: [Result<StaffMe, RepairMinderError>] = []
            for await result in group { collected.append(result) }
            return collected
        }
    }

    @Test func expiredAccessTokenIsRefreshedAndRequestRetriedTransparently() async throws {
        try await withMock(.live) { mock in
            let session = try await mock.signedInStaff()
            let store = session.client.tokenStore
            let before = try #require(try await store.staffCredentials())
            try await mock.clearJournal()
            try await mock.advanceClock(seconds: Self.accessLifetime + 1)

            let me = try await session.refreshMe()

            #expect(me.user.email == MockSeed.Staff.admin.email)
            #expect(session.isAuthenticated)
            let after = try #require(try await store.staffCredentials())
            #expect(after.accessToken != before.accessToken)
            #expect(after.refreshToken != before.refreshToken)
            let journal = try await mock.journal()
            #expect(journal.map { "\($0.method) \($0.path) \($0.status)" } == [
                "GET /api/auth/me 401", "POST /api/auth/refresh 200", "GET /api/auth/me 200",
            ])
        }
    }

    @Test func twentyConcurrentRequestsWithExpiredTokenCauseExactlyOneRefresh() async throws {
        try await withMock(.live) { mock in
            let session = try await mock.signedInStaff()
            let client = session.client
            try await mock.clearJournal()
            try await mock.advanceClock(seconds: Self.accessLifetime + 1)

            let results = await Self.burst(of: 20, client)

            let failures = results.compactMap { if case .failure(let error) = $0 { error } else { nil } }
            #expect(failures.isEmpty, "failures: \(failures)")
            #expect(results.count == 20)
            let refreshes = try await mock.journal(method: "POST", path: "/api/auth/refresh")
            #expect(refreshes.map(\.status) == [200])
            let rejected = try await mock.journal(method: "GET", path: "/api/auth/me").filter { $0.status == 401 }
            #expect(rejected.count >= 1)
            #expect(try await client.tokenStore.staffCredentials() != nil)
        }
    }

    @Test func uncoordinatedBurstMakesServerRevokeTheFamily() async throws {
        try await withMock(.live) { mock in
            let store = RecordingStore()
            let session = try await mock.signedInStaff(refreshPolicy: .uncoordinated, store: store)
            let client = session.client
            try await mock.clearJournal()
            try await mock.advanceClock(seconds: Self.accessLifetime + 1)
            // The burst's 401s all come back together, and every refresh is still in flight when the
            // others start: on a busy machine the tasks might otherwise run one after another, the
            // first refresh done before the second request, and no token presented twice.
            try await mock.addFault(.on("GET", "/api/auth/me").delayed(by: .milliseconds(150)))
            try await mock.addFault(.on("POST", "/api/auth/refresh").delayed(by: .milliseconds(300)))

            let results = await Self.burst(of: 20, client)
            try await mock.clearFaults()

            let failures = results.compactMap { if case .failure(let error) = $0 { error } else { nil } }
            // Several requests presented the same refresh token: the server saw a reuse.
            let refreshes = try await mock.journal(method: "POST", path: "/api/auth/refresh")
            #expect(refreshes.count > 1)
            #expect(refreshes.filter { $0.status == 200 }.count >= 1)
            #expect(refreshes.filter { $0.status == 401 }.count >= 1)
            #expect(!failures.isEmpty)
            #expect(failures.contains(.sessionEnded(reason: .reuseDetected)), "failures: \(failures)")

            // The whole family is revoked: every token pair the burst obtained is now refused.
            let written = await store.writtenStaff
            #expect(written.count >= 2, "login + at least one rotation")
            for credentials in written {
                let me = try await mock.raw("GET", "/api/auth/me", bearer: credentials.accessToken)
                #expect(me.status == 401)
                let refresh = try await mock.raw("POST", "/api/auth/refresh", json: ["refreshToken": credentials.refreshToken])
                #expect(refresh.status == 401)
            }
            // And the client: the next call fails with the session over, leaving the store empty.
            let next = await typedError { _ = try await client.send(API.StaffAuth.me()) }
            guard case .sessionEnded = next else {
                Issue.record("expected sessionEnded, got \(String(describing: next))")
                return
            }
            #expect(try await store.staffCredentials() == nil)
        }
    }

    @Test func webRefreshTokenExpiresAfterSevenDays() async throws {
        try await withMock(.live) { mock in
            let session = try await mock.signedInStaff(userAgent: TestValues.webUserAgent)
            let store = session.client.tokenStore
            try await mock.advanceClock(seconds: 7 * 86_400 + 60)

            let error = await typedError { try await session.refreshMe() }

            #expect(error == .sessionEnded(reason: .refreshExpired))
            #expect(session.state == .signedOut)
            #expect(session.endReason == .refreshExpired)
            #expect(try await store.staffCredentials() == nil)
            let refreshes = try await mock.journal(method: "POST", path: "/api/auth/refresh")
            #expect(refreshes.map(\.status) == [401])
        }
    }

    @Test func webRefreshTokenStillWorksJustBeforeSevenDays() async throws {
        try await withMock(.live) { mock in
            let session = try await mock.signedInStaff(userAgent: TestValues.webUserAgent)
            try await mock.advanceClock(seconds: 7 * 86_400 - 3_600)
            let me = try await session.refreshMe()
            #expect(me.user.email == MockSeed.Staff.admin.email)
        }
    }

    @Test func webRefreshTokenLifetimeSlidesWithEachRefresh() async throws {
        try await withMock(.live) { mock in
            let session = try await mock.signedInStaff(userAgent: TestValues.webUserAgent)
            try await mock.advanceClock(seconds: 6 * 86_400)
            _ = try await session.refreshMe()                 // refresh on day 6: a new 7-day token
            try await mock.advanceClock(seconds: 6 * 86_400)
            let me = try await session.refreshMe()            // day 12 since login
            #expect(me.user.email == MockSeed.Staff.admin.email)
            let refreshes = try await mock.journal(method: "POST", path: "/api/auth/refresh")
            #expect(refreshes.map(\.status) == [200, 200])
        }
    }

    @Test func restoreOnLaunchValidatesStoredCredentialsAndRefreshes() async throws {
        try await withMock(.live) { mock in
            let store = InMemoryTokenStore()
            _ = try await mock.signedInStaff(store: store)
            try await mock.advanceClock(seconds: Self.accessLifetime + 1)

            // A new launch: a new client and session over the persisted store.
            #expect(try await store.role() == .staff)
            let relaunched = StaffSession(client: mock.client(store: store))
            let restored = await relaunched.restore()

            #expect(restored)
            #expect(relaunched.isAuthenticated)
            #expect(relaunched.user?.email == MockSeed.Staff.admin.email)
            #expect(relaunched.hasPassword == true)
        }
    }

    @Test func mobileRefreshTokenSurvivesEightyNineDays() async throws {
        try await withMock(.live) { mock in
            let session = try await mock.signedInStaff(userAgent: APIClient.Configuration.defaultUserAgent)
            try await mock.advanceClock(seconds: 89 * 86_400)

            let me = try await session.refreshMe()

            #expect(me.user.email == MockSeed.Staff.admin.email)
            #expect(session.isAuthenticated)
            let refreshes = try await mock.journal(method: "POST", path: "/api/auth/refresh")
            #expect(refreshes.map(\.status) == [200])
        }
    }

    @Test func mobileRefreshTokenExpiresAfterNinetyDays() async throws {
        try await withMock(.live) { mock in
            let session = try await mock.signedInStaff(userAgent: APIClient.Configuration.defaultUserAgent)
            try await mock.advanceClock(seconds: 90 * 86_400 + 60)
            let error = await typedError { try await session.refreshMe() }
            #expect(error == .sessionEnded(reason: .refreshExpired))
            #expect(try await session.client.tokenStore.staffCredentials() == nil)
        }
    }

    @Test func secondInstanceWithStaleViewUsesStoredRotatedTokenInsteadOfReusing() async throws {
        try await withMock(.live) { mock in
            let shared = InMemoryTokenStore()
            let sessionA = try await mock.signedInStaff(store: shared)
            let clientA = sessionA.client
            let staleB = StaleViewStore(sharing: shared)
            let clientB = mock.client(store: staleB)

            // B read the credentials before A rotated them.
            let snapshot = await shared.read(.staff)
            let original = try #require(try await shared.staffCredentials())
            try await mock.clearJournal()
            try await mock.advanceClock(seconds: Self.accessLifetime + 1)

            // A refreshes (its `me` gets 401, refreshes, retries).
            _ = try await clientA.send(API.StaffAuth.me())
            let rotated = try #require(try await shared.staffCredentials())
            #expect(rotated.refreshToken != original.refreshToken)

            // B sends with its stale view: 401, then re-reads the store and uses A's rotated token.
            await staleB.serveOnce(snapshot)
            let meB = try await clientB.send(API.StaffAuth.me())
            #expect(meB.user.email == MockSeed.Staff.admin.email)

            let refreshes = try await mock.journal(method: "POST", path: "/api/auth/refresh")
            #expect(refreshes.map(\.status) == [200], "only A's refresh; B presented nothing")
            let meCalls = try await mock.journal(method: "GET", path: "/api/auth/me")
            #expect(meCalls.map(\.status) == [401, 200, 401, 200])
            #expect(try await shared.staffCredentials() == rotated)

            // Both keep working, and both survive the next expiry (one of them refreshes).
            _ = try await clientA.send(API.StaffAuth.me())
            _ = try await clientB.send(API.StaffAuth.me())
            try await mock.advanceClock(seconds: Self.accessLifetime + 1)
            _ = try await clientB.send(API.StaffAuth.me())
            _ = try await clientA.send(API.StaffAuth.me())
            let allRefreshes = try await mock.journal(method: "POST", path: "/api/auth/refresh")
            #expect(allRefreshes.map(\.status) == [200, 200])
        }
    }

    @Test func staleSecondInstanceWithoutTheGuardWouldBeAReuse() async throws {
        // The control experiment: presenting the spent refresh token, as B would without its
        // store re-read, revokes the family for both instances.
        try await withMock(.live) { mock in
            let shared = InMemoryTokenStore()
            let sessionA = try await mock.signedInStaff(store: shared)
            let original = try #require(try await shared.staffCredentials())
            try await mock.advanceClock(seconds: Self.accessLifetime + 1)
            _ = try await sessionA.client.send(API.StaffAuth.me())

            let spent = try await mock.raw("POST", "/api/auth/refresh", json: ["refreshToken": original.refreshToken])
            #expect(spent.status == 401)
            #expect(spent.error == ServerMessage.reuseDetected)
            let error = await typedError { try await sessionA.refreshMe() }
            guard case .sessionEnded = error else {
                Issue.record("expected sessionEnded, got \(String(describing: error))")
                return
            }
        }
    }
}
