import Foundation
import Testing
@testable import RepairMinderClient

/// The single-flight refresher, driven by a fake refresh closure (no network) and a token store
/// that suspends on every access.
@Suite struct TokenRefresherTests {
    static let fixedNow = Date(timeIntervalSince1970: 1_795_000_000)

    /// A refresh closure that behaves like the server's rotation: it accepts only the current
    /// refresh token, answers with the next generation, and treats a spent token as reuse.
    actor FakeServer {
        private(set) var calls = 0
        private(set) var presented: [String] = []
        private var current = 1
        private var revoked = false
        var failure: RepairMinderError?

        func setFailure(_ failure: RepairMinderError?) { self.failure = failure }

        func refresh(_ token: String) async throws -> RefreshResponse {
            calls += 1
            presented.append(token)
            // Stay in flight for a while so that the other callers pile up.
            for _ in 0..<20 { await Task.yield() }
            if let failure { throw failure }
            if revoked || token != "refresh-\(current)" {
                revoked = true
                throw RepairMinderError.sessionEnded(reason: .reuseDetected)
            }
            current += 1
            return RefreshResponse(token: "access-\(current)", refreshToken: "refresh-\(current)", expiresIn: 900)
        }
    }

    static func make(store: any TokenStore, server: FakeServer) -> TokenRefresher {
        TokenRefresher(store: store, now: { fixedNow }) { token in try await server.refresh(token) }
    }

    @Test func twentyConcurrentRejectionsCauseExactlyOneRefresh() async throws {
        let store = SuspendingStore()
        try await store.saveStaffCredentials(Fixture.staffCredentials(1))
        let server = FakeServer()
        let refresher = Self.make(store: store, server: server)

        let results = try await withThrowingTaskGroup(of: StaffCredentials.self) { group in
            for _ in 0..<20 {
                group.addTask { try await refresher.credentials(replacing: "access-1") }
            }
            var all: [StaffCredentials] = []
            for try await credentials in group { all.append(credentials) }
            return all
        }

        #expect(await server.calls == 1)
        #expect(await server.presented == ["refresh-1"])
        #expect(results.count == 20)
        #expect(Set(results.map(\.accessToken)) == ["access-2"])
        let stored = try await store.staffCredentials()
        #expect(stored?.accessToken == "access-2")
        #expect(stored?.refreshToken == "refresh-2")
        #expect(stored?.expiresAt == Self.fixedNow.addingTimeInterval(900))
    }

    @Test func latecomersWithTheOldTokenGetTheStoredOneWithoutRefreshing() async throws {
        let store = SuspendingStore()
        try await store.saveStaffCredentials(Fixture.staffCredentials(1))
        let server = FakeServer()
        let refresher = Self.make(store: store, server: server)

        let first = try await refresher.credentials(replacing: "access-1")
        // A request that was sent with access-1 before the refresh comes back 401 afterwards.
        let late = try await refresher.credentials(replacing: "access-1")
        #expect(first.accessToken == "access-2")
        #expect(late == first)
        #expect(await server.calls == 1)
    }

    @Test func storeReReadAvoidsPresentingATokenAnotherInstanceRotated() async throws {
        let store = SuspendingStore()
        let server = FakeServer()
        // The app extension refreshed through its own refresher and stored generation 2.
        try await store.saveStaffCredentials(Fixture.staffCredentials(1))
        let extensionRefresher = Self.make(store: store, server: server)
        _ = try await extensionRefresher.credentials(replacing: "access-1")
        #expect(await server.calls == 1)

        // The app's refresher saw access-1 rejected; it must not present the spent refresh-1.
        let appRefresher = Self.make(store: store, server: server)
        let credentials = try await appRefresher.credentials(replacing: "access-1")
        #expect(credentials.accessToken == "access-2")
        #expect(await server.calls == 1)
        #expect(await server.presented == ["refresh-1"])
    }

    @Test func aNewRejectionAfterAFinishedFlightRefreshesAgain() async throws {
        let store = InMemoryTokenStore()
        try await store.saveStaffCredentials(Fixture.staffCredentials(1))
        let server = FakeServer()
        let refresher = Self.make(store: store, server: server)
        _ = try await refresher.credentials(replacing: "access-1")
        let third = try await refresher.credentials(replacing: "access-2")
        #expect(third.accessToken == "access-3")
        #expect(await server.presented == ["refresh-1", "refresh-2"])
    }

    @Test(arguments: [SessionEndReason.reuseDetected, .refreshExpired, .accountInactive, .invalidRefreshToken])
    func refreshRejectedWith401ClearsCredentialsAndEndsTheSessionForEveryCaller(reason: SessionEndReason) async throws {
        let store = SuspendingStore()
        try await store.saveStaffCredentials(Fixture.staffCredentials(1))
        try await store.saveCustomerCredentials(CustomerCredentials(token: "customer"))
        let server = FakeServer()
        await server.setFailure(.sessionEnded(reason: reason))
        let refresher = Self.make(store: store, server: server)

        let errors = await withTaskGroup(of: RepairMinderError?.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    do { _ = try await refresher.credentials(replacing: "access-1"); return nil }
                    catch { return error as? RepairMinderError }
                }
            }
            var all: [RepairMinderError?] = []
            for await error in group { all.append(error) }
            return all
        }
        #expect(errors.count == 20)
        #expect(errors.allSatisfy { $0 == .sessionEnded(reason: reason) })
        #expect(await server.calls == 1)
        #expect(try await store.staffCredentials() == nil)
        #expect(try await store.customerCredentials() == CustomerCredentials(token: "customer"))
    }

    @Test func unauthorizedFromRefreshEndsTheSessionAsInvalidRefreshToken() async throws {
        let store = InMemoryTokenStore()
        try await store.saveStaffCredentials(Fixture.staffCredentials(1))
        let server = FakeServer()
        await server.setFailure(.unauthorized)
        let refresher = Self.make(store: store, server: server)
        await #expect(throws: RepairMinderError.sessionEnded(reason: .invalidRefreshToken)) {
            try await refresher.credentials(replacing: "access-1")
        }
        #expect(try await store.staffCredentials() == nil)
    }

    @Test(arguments: [RepairMinderError.transport("network connection lost"), .server(status: 500, message: "boom")])
    func refreshFailingForOtherReasonsKeepsCredentials(failure: RepairMinderError) async throws {
        let store = SuspendingStore()
        try await store.saveStaffCredentials(Fixture.staffCredentials(1))
        let server = FakeServer()
        await server.setFailure(failure)
        let refresher = Self.make(store: store, server: server)
        await #expect(throws: failure) {
            try await refresher.credentials(replacing: "access-1")
        }
        #expect(try await store.staffCredentials() == Fixture.staffCredentials(1))

        // The next attempt, once the network is back, refreshes normally.
        await server.setFailure(nil)
        #expect(try await refresher.credentials(replacing: "access-1").accessToken == "access-2")
    }

    @Test func emptyStoreMeansLoggedOutWithoutCallingTheServer() async throws {
        let server = FakeServer()
        let refresher = Self.make(store: InMemoryTokenStore(), server: server)
        await #expect(throws: RepairMinderError.sessionEnded(reason: .loggedOut)) {
            try await refresher.credentials(replacing: "access-1")
        }
        #expect(await server.calls == 0)
    }

    @Test func uncoordinatedRefreshPresentsTheSameTokenOnceForEveryCaller() async throws {
        let store = SuspendingStore()
        try await store.saveStaffCredentials(Fixture.staffCredentials(1))
        let server = FakeServer()
        let refresher = Self.make(store: store, server: server)
        let presented = Fixture.staffCredentials(1)

        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 {
                group.addTask { (try? await refresher.refreshWithoutCoordination(presenting: presented)) != nil }
            }
            var all: [Bool] = []
            for await ok in group { all.append(ok) }
            return all
        }
        #expect(await server.calls == 20)
        #expect(await server.presented == Array(repeating: "refresh-1", count: 20))
        // One winner at most; the reuse revokes the family, so the store ends up cleared.
        #expect(outcomes.filter { $0 }.count <= 1)
        #expect(try await store.staffCredentials() == nil)
    }
}
