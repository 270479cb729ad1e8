import Foundation
import Testing
import MockServer
import MockTestSupport
@_spi(Testing) import RepairMinderClient

@Suite("Staff logout against the mock")
@MainActor
struct LogoutTests {
    @Test func logoutUnregistersPushTokenAndClearsEverything() async throws {
        try await withMock(.live) { mock in
            let client = mock.client()
            let push = PushRegistration(client: client, role: .staff)
            try await push.updateDeviceToken(TestValues.deviceToken)   // known before login
            let session = StaffSession(client: client, push: push)
            try await mock.signIn(session)
            #expect(await push.isRegistered)
            let registered = try await mock.journal(method: "POST", path: "/api/user/device-token")
            #expect(registered.map(\.status) == [200])
            let credentials = try #require(try await client.tokenStore.staffCredentials())

            await session.logout()

            let unregistered = try await mock.journal(method: "DELETE", path: "/api/user/device-token")
            #expect(unregistered.map(\.status) == [200])
            let loggedOut = try await mock.journal(method: "POST", path: "/api/auth/logout")
            #expect(loggedOut.map(\.status) == [200])
            let all = try await mock.journal()
            let order = all.map { "\($0.method) \($0.path)" }
            #expect(order.firstIndex(of: "DELETE /api/user/device-token")! < order.firstIndex(of: "POST /api/auth/logout")!)

            #expect(session.state == .signedOut)
            #expect(session.user == nil && session.company == nil)
            #expect(await push.isRegistered == false)
            let store = client.tokenStore
            #expect(try await store.staffCredentials() == nil)
            #expect(try await store.customerCredentials() == nil)
            #expect(try await store.role() == nil)

            // The server revoked the family.
            let refresh = try await mock.raw("POST", "/api/auth/refresh", json: ["refreshToken": credentials.refreshToken])
            #expect(refresh.status == 401)
            #expect(refresh.error == ServerMessage.invalidRefreshToken)
            let oldAccess = try await mock.raw("GET", "/api/auth/me", bearer: credentials.accessToken)
            #expect(oldAccess.status == 401)
            let me = await typedError { _ = try await client.send(API.StaffAuth.me()) }
            #expect(me == .sessionEnded(reason: .loggedOut))
        }
    }

    @Test func logoutClearsStorageEvenWhenTheServerFails() async throws {
        try await withMock(.live) { mock in
            let session = try await mock.signedInStaff()
            try await mock.addFault(.on("/api/auth/logout").failing(status: 500))
            await session.logout()
            let failed = try await mock.journal(method: "POST", path: "/api/auth/logout")
            #expect(failed.map(\.status) == [500])
            #expect(session.state == .signedOut)
            #expect(try await session.client.tokenStore.staffCredentials() == nil)
            #expect(try await session.client.tokenStore.role() == nil)
        }
    }
}
