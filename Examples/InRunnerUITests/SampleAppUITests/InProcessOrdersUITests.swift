import MockServer
import RepairMinderMockControl
import XCTest

@MainActor
final class InProcessOrdersUITests: XCTestCase {
    private var mock: MockServer?
    private var app: XCUIApplication?

    override func setUp() async throws {
        continueAfterFailure = false
        let mock = try MockServer(configuration: .forTesting())   // 127.0.0.1, a free port, the seed in memory
        self.mock = mock
        let baseURL = try mock.start()                             // http://127.0.0.1:<port>, accepting now: for the app
        let control = mock.control()                               // the runner's own calls: in process, no socket
        let session = try await control.createSession(email: MockSeed.Staff.admin.email, platform: .mobile)
        let app = XCUIApplication()
        app.launchEnvironment = MockLaunchEnvironment.values(baseURL: baseURL, signedInAs: .staff, with: session)
        app.launch()                                               // straight to the orders
        self.app = app
    }

    override func tearDown() async throws {
        app?.terminate()                                           // the app stops calling before its backend goes
        app = nil
        mock?.stop()
        mock = nil
    }
}

// The tests: what the sample app shows of the seed, a scene made through the control, and (on a
// device, from ./mac-check) the app kept in front for minutes. Each prints its mock's URL, so that
// ./mac-check can tell the parallel clones' mocks apart.
extension InProcessOrdersUITests {
    func testTheSeedsOrdersAreListed() throws {
        let (mock, app) = (try XCTUnwrap(mock), try XCTUnwrap(app))
        print("mock at \(mock.baseURL)")
        XCTAssertTrue(app.cells["order-10001"].waitForExistence(timeout: 10))
    }

    func testAnOrderMadeInProcessIsListedOnTheNextLaunch() async throws {
        let (mock, app) = (try XCTUnwrap(mock), try XCTUnwrap(app))
        print("mock at \(mock.baseURL)")
        let created = try await mock.control().createOrder(companyID: MockSeed.Company.acme, clientID: MockSeed.Customer.jane.id,
                                                           devices: [.init(brand: "Apple", model: "iPhone 15")])
        app.terminate()
        app.launch()
        XCTAssertTrue(app.cells["order-\(created.orderNumber)"].waitForExistence(timeout: 10))
    }

    /// The app in front, the runner in the background, for SAMPLE_LONG_RUN_MINUTES minutes (skipped
    /// without it): every 30 s the app is launched again and lists the orders from the mock.
    func testTheMockAnswersWhileTheAppIsInFrontForMinutes() async throws {
        let minutes = Double(ProcessInfo.processInfo.environment["SAMPLE_LONG_RUN_MINUTES"] ?? "") ?? 0
        try XCTSkipIf(minutes <= 0, "set SAMPLE_LONG_RUN_MINUTES (./mac-check does, on a device)")
        let (mock, app) = (try XCTUnwrap(mock), try XCTUnwrap(app))
        print("mock at \(mock.baseURL)")
        let end = Date().addingTimeInterval(minutes * 60)
        while Date() < end {
            XCTAssertTrue(app.cells["order-10001"].waitForExistence(timeout: 10))
            try await Task.sleep(for: .seconds(30))
            app.terminate()
            app.launch()
        }
        let requests = try await mock.control().journal(limit: 500).count
        print("the mock answered \(requests) requests")
    }
}
