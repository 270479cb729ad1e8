import Foundation
import Testing
@testable import RepairMinderClient

@Suite struct EndpointTests {
    static let configuration = APIClient.Configuration(baseURL: URL(string: "http://127.0.0.1:8787/")!)

    static func bodyObject(_ request: APIClient.Request) throws -> [String: String] {
        let object = try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any] ?? [:]
        return object.compactMapValues { $0 as? String }
    }

    @Test func requestsCarryJSONHeadersAndTheMobileUserAgent() throws {
        let request = try APIClient.makeRequest(API.StaffAuth.login(email: "a@b.c", password: "pw"),
                                                authorization: nil, configuration: Self.configuration)
        #expect(request.method == .post)
        #expect(request.url.absoluteString == "http://127.0.0.1:8787/api/auth/login")
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.headers["User-Agent"] == "RepairMinder-iOS/1.0 (iPhone; iOS 17.0)")
        #expect(request.headers["Authorization"] == nil)
        #expect(try Self.bodyObject(request) == ["email": "a@b.c", "password": "pw"])
    }

    @Test func authenticatedRequestsCarryTheBearerToken() throws {
        let request = try APIClient.makeRequest(API.StaffAuth.me(), authorization: "jwt",
                                                configuration: Self.configuration)
        #expect(request.method == .get)
        #expect(request.body == nil)
        #expect(request.headers["Authorization"] == "Bearer jwt")
    }

    @Test func bodiesUseTheContractsKeys() throws {
        func body<R>(_ endpoint: Endpoint<R>) throws -> [String: String] {
            try Self.bodyObject(APIClient.makeRequest(endpoint, authorization: nil, configuration: Self.configuration))
        }
        #expect(try body(API.StaffAuth.requestTwoFactorCode(userID: "u", email: "e")) == ["userId": "u", "email": "e"])
        #expect(try body(API.StaffAuth.verifyTwoFactor(userID: "u", code: "123456")) == ["userId": "u", "code": "123456"])
        #expect(try body(API.StaffAuth.requestMagicLink(email: "e")) == ["email": "e"])
        #expect(try body(API.StaffAuth.verifyMagicLink(email: "e", code: "1")) == ["email": "e", "code": "1"])
        #expect(try body(API.StaffAuth.refresh(refreshToken: "r")) == ["refreshToken": "r"])
        #expect(try body(API.CustomerAuth.requestMagicLink(email: "e")) == ["email": "e"])
        #expect(try body(API.CustomerAuth.verifyCode(email: "e", code: "1", companyID: "c"))
                == ["email": "e", "code": "1", "companyId": "c"])
        #expect(try body(API.DeviceTokens.register(deviceToken: "ab", role: .customer))
                == ["device_token": "ab", "platform": "ios", "app_type": "customer"])
        #expect(try body(API.DeviceTokens.unregister(deviceToken: "ab", role: .staff)) == ["device_token": "ab"])
    }

    @Test func endpointsDeclareTheirCredential() {
        #expect(API.StaffAuth.login(email: "", password: "").credential == .none)
        #expect(API.StaffAuth.refresh(refreshToken: "").isTokenRefresh)
        #expect(API.StaffAuth.refresh(refreshToken: "").credential == .none)
        #expect(API.StaffAuth.me().credential == .staff)
        #expect(API.StaffAuth.logout().credential == .staff)
        #expect(API.CustomerAuth.me().credential == .customer)
        #expect(API.CustomerAuth.logout().path == "/api/customer/auth/logout")
        #expect(API.DeviceTokens.register(deviceToken: "", role: .staff).credential == .staff)
        #expect(API.DeviceTokens.unregister(deviceToken: "", role: .customer).method == .delete)
    }

    @Test func queryAndPathAreEncoded() throws {
        let list = try APIClient.makeRequest(API.Orders.list(status: .unknown("in progress"), search: "Jane Doe",
                                                             page: 2, limit: 50),
                                             authorization: "t", configuration: Self.configuration)
        #expect(list.url.absoluteString
                == "http://127.0.0.1:8787/api/orders?page=2&limit=50&status=in%20progress&search=Jane%20Doe")
        let detail = try APIClient.makeRequest(API.Orders.detail(id: "a/b"), authorization: "t",
                                               configuration: Self.configuration)
        #expect(detail.url.absoluteString == "http://127.0.0.1:8787/api/orders/a%2Fb")
    }

    /// A transport that must not be reached.
    struct Unreachable: HTTPTransport {
        func send(_ request: APIClient.Request) async throws -> APIClient.Response {
            Issue.record("unexpected request \(request.method.rawValue) \(request.url)")
            throw URLError(.cannotConnectToHost)
        }
    }

    @Test func authenticatedEndpointsWithoutCredentialsFailAsLoggedOutWithoutARequest() async {
        let client = APIClient(configuration: Self.configuration, transport: Unreachable())
        await #expect(throws: RepairMinderError.sessionEnded(reason: .loggedOut)) {
            try await client.send(API.StaffAuth.me())
        }
        await #expect(throws: RepairMinderError.sessionEnded(reason: .loggedOut)) {
            try await client.send(API.CustomerAuth.me())
        }
        await #expect(throws: RepairMinderError.sessionEnded(reason: .loggedOut)) {
            try await client.refreshStaffTokens()
        }
    }

    @Test @MainActor func sessionsStartSignedOutAndRestoreNothingFromAnEmptyStore() async {
        let client = APIClient(configuration: Self.configuration, transport: Unreachable())
        let staff = StaffSession(client: client, push: PushRegistration(client: client, role: .staff))
        let customer = CustomerSession(client: client)
        #expect(await staff.restore() == false)
        #expect(await customer.restore() == false)
        #expect(staff.state == .signedOut)
        #expect(customer.state == .signedOut)
        await #expect(throws: RepairMinderError.self) { try await staff.verifyTwoFactor(code: "123456") }
        await #expect(throws: RepairMinderError.self) { try await customer.selectCompany("c-1") }
    }

    @Test func pushWithoutCredentialsOnlyRemembersTheToken() async throws {
        let client = APIClient(configuration: Self.configuration, transport: Unreachable())
        let push = PushRegistration(client: client, role: .customer)
        try await push.updateDeviceToken(Data([0xde, 0xad]))
        #expect(await push.deviceToken == "dead")
        #expect(await push.isRegistered == false)
        try await push.unregister()   // nothing registered: no request
    }
}
