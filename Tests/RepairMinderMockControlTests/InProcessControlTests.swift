import Foundation
import Testing
import MockServer
import RepairMinderMockControl
import MockTestSupport

/// `MockServer.control()`: the control library reaching the mock in process, as a UI-test runner
/// does, against the same calls over HTTP on the same server.
@Suite struct InProcessControlTests {
    /// The same calls answer alike in process and over HTTP: values, list headers, refusals, waits,
    /// a hold released while the app waits over HTTP, and a namespace.
    @Test func inProcessCallsAnswerAsOverHTTP() async throws {
        try await withMock(.live) { mock in
            let local = mock.server.control(pollInterval: .milliseconds(20))
            let http = mock.control
            #expect(try await local.accounts() == http.accounts())
            #expect(try await local.companies() == http.companies())
            #expect(try await local.faults(limit: 1) == http.faults(limit: 1))

            let localRefusal = await controlError { try await local.removeFault(id: 99) }
            let httpRefusal = await controlError { try await http.removeFault(id: 99) }
            #expect(localRefusal?.description == httpRefusal?.description)
            #expect(localRefusal?.status == 404 && localRefusal?.message == "Fault not found")
            let badLimit = await controlError { _ = try await local.journal(limit: 0) }
            #expect(badLimit?.status == 400)

            // A wait: the app's sign-in over HTTP, its code read in process.
            _ = try await mock.requestStaffCode()
            let code = try await local.waitForCode(to: MockSeed.Staff.admin.email, kind: .staff2FA)
            #expect(try await code == http.latestCode(to: MockSeed.Staff.admin.email, kind: .staff2FA))

            // A hold: the app's request over HTTP waits; the runner releases it in process.
            let gate = try await local.hold(.on("GET", "/api/auth/me").times(1))
            async let held = mock.app("GET", "/api/auth/me")
            try await gate.waitUntilHeld()
            #expect(try await gate.release() == 1)
            #expect(try await held.status == 401)

            // A namespace of its own clock.
            let space = try mock.server.control(namespace: "in-process")
            _ = try await space.advanceClock(by: 3600)
            // The root clock is read first: both run on, so the namespace read after it is at
            // least the hour ahead however long the two calls take on a loaded machine.
            let rootNow = try await local.clock().now
            let spaceNow = try await space.clock().now
            #expect(spaceNow.timeIntervalSince(rootNow) >= 3599)
        }
    }

    /// A mock that never listens is controlled all the same: no socket in the runner.
    @Test func aMockThatNeverListensAnswersItsControl() async throws {
        let server = try MockServer(configuration: .forTesting())
        defer { server.stop() }
        let control = server.control()
        #expect(try await control.health().status == "ok")
        let session = try await control.createSession(email: MockSeed.Staff.admin.email)
        #expect(!session.token.isEmpty)
        #expect(try await control.sessions().contains { $0.email == MockSeed.Staff.admin.email })
    }

    /// With a control token the in-process control sends the server's own; a control made by hand
    /// without it is refused, as over HTTP.
    @Test func theServersControlTokenGoesWithIt() async throws {
        let server = try MockServer(configuration: .forTesting { $0.controlToken = "in-process-token-1234" })
        defer { server.stop() }
        #expect(try await server.control().clock().frozen == false)
        let bare = MockControl(baseURL: server.baseURL, transport: server.inProcessControl)
        let refused = await controlError { _ = try await bare.clock() }
        #expect(refused?.status == 401)
    }
}
