import Foundation
import MockServer
import RepairMinderClient
import RepairMinderMockControl
import Testing
import MockTestSupport

/// An XCUITest's shape, played on Linux: the "test" side knows only the control library and the
/// launch keys, as a UI-test bundle would; each "app" side knows only `RepairMinderClient`, set up
/// from a launch-environment dictionary as the app does in debug builds (docs/ui-testing.md).
@Suite struct UITestScenarioTests {
    /// What the app does at start: read the launch keys, point its client at the mock, seed the
    /// token store, restore the session.
    @MainActor
    static func launchCustomerApp(_ environment: [String: String]) async throws -> CustomerSession {
        let launch = try #require(try LaunchEnvironment(environment))
        let store = InMemoryTokenStore()
        try await launch.seed(store)
        let client = APIClient(configuration: .init(baseURL: launch.baseURL), tokenStore: store, transport: URLSessionTransport())
        let session = CustomerSession(client: client)
        #expect(await session.restore())
        return session
    }

    @MainActor
    static func launchStaffApp(_ environment: [String: String], apnsToken: String) async throws -> StaffSession {
        let launch = try #require(try LaunchEnvironment(environment))
        let store = InMemoryTokenStore()
        try await launch.seed(store)
        let client = APIClient(configuration: .init(baseURL: launch.baseURL), tokenStore: store, transport: URLSessionTransport())
        let push = PushRegistration(client: client, role: .staff)
        let session = StaffSession(client: client, push: push)
        #expect(await session.restore())
        try await push.updateDeviceToken(apnsToken)
        return session
    }

    /// The two sides of the launch convention name the same keys, and a signed-out launch reads as one.
    @Test func theTestSidesLaunchKeysAreTheAppSides() throws {
        #expect(MockLaunchEnvironment.baseURLKey == LaunchEnvironment.baseURLKey)
        #expect(MockLaunchEnvironment.roleKey == LaunchEnvironment.roleKey)
        #expect(MockLaunchEnvironment.sessionKey == LaunchEnvironment.sessionKey)
        let url = try #require(URL(string: "http://127.0.0.1:8787/ns/ui-1"))
        let launch = try #require(try LaunchEnvironment(MockLaunchEnvironment.values(baseURL: url)))
        #expect(launch.baseURL == url && launch.session == nil)
    }

    @Test @MainActor func aCustomerSignedInByTheTestApprovesAQuoteAndStaffHearOfIt() async throws {
        try await withMock(.live) { mock in
            // The test's setUp: a namespace of its own and two minted sessions.
            let server = MockControl(baseURL: mock.baseURL)
            let namespace = try await server.makeNamespace(prefix: "ui")
            let control = namespace.control
            let admin = try await control.createSession(email: "admin@acme.test")
            let jane = try await control.createSession(email: "jane@customer.test")
            // The launch keys as the test side spells them (the control library), read by the app side.
            let staffLaunch = MockLaunchEnvironment.values(baseURL: namespace.baseURL, signedInAs: .staff, with: admin)
            let customerLaunch = MockLaunchEnvironment.values(baseURL: namespace.baseURL, signedInAs: .customer, with: jane)

            // The staff app on one simulator, the customer app on another.
            let staffPhone = String(repeating: "5a", count: 32)
            let staffApp = try await Self.launchStaffApp(staffLaunch, apnsToken: staffPhone)
            #expect(staffApp.user?.email == "admin@acme.test")
            let customerApp = try await Self.launchCustomerApp(customerLaunch)
            let waiting = try await customerApp.ordersAwaitingApproval()
            #expect(waiting.map(\.orderNumber) == [10001])
            let approved = try await customerApp.approveQuote(orderID: waiting[0].id, typedName: "Jane Doe")
            #expect(approved.status == .inProgress)

            // The test's assertions, through the control library only.
            let push = try await control.waitForPush(type: "quote_approved", to: .deviceToken(staffPhone))
            #expect(push.payload.orderID == waiting[0].id)
            #expect(push.payload.deviceID == approved.devices.first?.id)
            let approvals = try await control.waitForRequests(1, method: "POST", path: "/api/customer/orders/:id/approve")
            #expect(approvals.map(\.status) == [200])
            #expect(approvals.first?.who == "customer:00000004-0000-4000-8000-00000000e001")
            // Nothing of it reached the default namespace.
            #expect(try await server.journal(method: "POST", path: "/api/customer/orders/:id/approve").isEmpty)
            #expect(try await server.pushes(deviceToken: staffPhone).isEmpty)
            try await namespace.drop()   // the test's tearDown
        }
    }
}
