import Foundation
import Testing
import MockServer
import RepairMinderClient
import RepairMinderMockControl
import MockTestSupport

@Suite("Injected faults against the mock")
@MainActor
struct FaultTests {
    /// `me` fails as a transport error, the session and stored credentials survive it, and once
    /// the faults are cleared the next call works.
    static func expectTransportErrorKeepingCredentials(_ session: StaffSession, before: StaffCredentials,
                                                       mock: MockHarness) async throws {
        let error = await typedError { try await session.refreshMe() }
        guard case .transport = error else {
            Issue.record("expected transport, got \(String(describing: error))")
            return
        }
        #expect(session.isAuthenticated)
        #expect(try await session.client.tokenStore.staffCredentials() == before)
        try await mock.clearFaults()
        let me = try await session.refreshMe()
        #expect(me.user.email == MockSeed.Staff.admin.email)
    }

    @Test func droppedConnectionIsTransportErrorAndKeepsCredentials() async throws {
        try await withMock(.live) { mock in
            let session = try await mock.signedInStaff()
            let store = session.client.tokenStore
            let before = try #require(try await store.staffCredentials())
            // No count: libcurl's automatic resend on a dropped reused connection is dropped too.
            try await mock.addFault(.on("/api/auth/me").droppingConnection())

            try await Self.expectTransportErrorKeepingCredentials(session, before: before, mock: mock)
        }
    }

    @Test func injectedServerErrorIsTypedServerErrorAndKeepsCredentials() async throws {
        try await withMock(.live) { mock in
            let session = try await mock.signedInStaff()
            let store = session.client.tokenStore
            let before = try #require(try await store.staffCredentials())
            try await mock.addFault(.on("/api/auth/me").failing(status: 500))

            let error = await typedError { try await session.refreshMe() }

            guard case .server(let status, _) = error else {
                Issue.record("expected server, got \(String(describing: error))")
                return
            }
            #expect(status == 500)
            #expect(session.isAuthenticated)
            #expect(try await store.staffCredentials() == before)
            try await mock.clearFaults()
            _ = try await session.refreshMe()
        }
    }

    @Test func latencyBeyondTimeoutIsTransportErrorAndKeepsCredentials() async throws {
        try await withMock(.live) { mock in
            let session = try await mock.signedInStaff(transport: URLSessionTransport(timeout: 1))
            let store = session.client.tokenStore
            let before = try #require(try await store.staffCredentials())
            try await mock.addFault(.on("/api/auth/me").delayed(by: .seconds(5)).times(1))

            let started = Date()
            let error = await typedError { try await session.refreshMe() }
            let elapsed = Date().timeIntervalSince(started)

            guard case .transport(let description) = error else {
                Issue.record("expected transport, got \(String(describing: error))")
                return
            }
            #expect(description.contains("timed out"), "\(description)")
            // The server answers after 5 s; a client that waited for it fails this, with a wide margin
            // for a loaded CI machine (a 2.5 s fault and a 2.4 s bound failed there at 2.67 s).
            #expect(elapsed < 4.5, "the client gave up before the server answered (\(elapsed) s)")
            #expect(try await store.staffCredentials() == before)
            try await mock.clearFaults()
            _ = try await session.refreshMe()
        }
    }

    @Test func droppedRefreshKeepsCredentialsAndNextCallRefreshes() async throws {
        try await withMock(.live) { mock in
            // See FreshConnectionTransport: a dropped POST on a reused connection is resent by
            // libcurl without its body and ends as the server's 408 after 10 s, not a drop.
            let session = try await mock.signedInStaff(transport: FreshConnectionTransport())
            let store = session.client.tokenStore
            let before = try #require(try await store.staffCredentials())
            try await mock.advanceClock(seconds: 901)
            try await mock.addFault(.on("/api/auth/refresh").droppingConnection())

            try await Self.expectTransportErrorKeepingCredentials(session, before: before, mock: mock)
            #expect(try await store.staffCredentials() != before)
        }
    }

    @Test func refreshAnsweredWithServerErrorKeepsCredentials() async throws {
        try await withMock(.live) { mock in
            let session = try await mock.signedInStaff()
            let store = session.client.tokenStore
            let before = try #require(try await store.staffCredentials())
            try await mock.advanceClock(seconds: 901)
            try await mock.addFault(.on("/api/auth/refresh").failing(status: 503).times(1))

            let error = await typedError { try await session.refreshMe() }

            #expect(error == .server(status: 503, message: "Injected fault"))
            #expect(try await store.staffCredentials() == before)
            try await mock.clearFaults()
            _ = try await session.refreshMe()
        }
    }
}
