import Foundation
import Testing
import MockServer
import RepairMinderClient
import RepairMinderMockControl
import MockTestSupport

@Suite("Customer sign-in against the mock")
@MainActor
struct CustomerLoginTests {
    @Test func customerWithOneCompanySignsInWithCode() async throws {
        try await withMock(.live) { mock in
            let client = mock.client()
            let session = CustomerSession(client: client)
            try await session.requestMagicLink(email: MockSeed.Customer.jane.email)
            let code = try await mock.code(to: MockSeed.Customer.jane.email, kind: "customer_magic_link")
            let result = try await session.verifyCode(email: MockSeed.Customer.jane.email, code: code)
            guard case .signedIn(let customer, let company) = result else {
                Issue.record("expected signedIn, got \(result)")
                return
            }
            #expect(customer.email == MockSeed.Customer.jane.email)
            #expect(company.id == MockSeed.Company.acme)
            #expect(session.isAuthenticated)
            let stored = try #require(try await client.tokenStore.customerCredentials())
            #expect(stored.companyID == MockSeed.Company.acme)
            #expect(try await client.tokenStore.role() == .customer)
            #expect(try await client.tokenStore.staffCredentials() == nil)
        }
    }

    @Test func customerWithTwoCompaniesChoosesOne() async throws {
        try await withMock(.live) { mock in
            let client = mock.client()
            let session = CustomerSession(client: client)
            try await session.requestMagicLink(email: MockSeed.Customer.sam.email)
            let code = try await mock.code(to: MockSeed.Customer.sam.email, kind: "customer_magic_link")
            let first = try await session.verifyCode(email: MockSeed.Customer.sam.email, code: code)
            guard case .companySelectionRequired(let selection) = first else {
                Issue.record("expected a company selection, got \(first)")
                return
            }
            #expect(Set(selection.companies.map(\.id)) == [MockSeed.Company.acme, MockSeed.Company.beta])
            #expect(session.pendingSelection == selection)
            #expect(try await client.tokenStore.customerCredentials() == nil)

            let second = try await session.selectCompany(MockSeed.Company.beta)
            guard case .signedIn(let customer, let company) = second else {
                Issue.record("expected signedIn, got \(second)")
                return
            }
            #expect(customer.email == MockSeed.Customer.sam.email)
            #expect(company.id == MockSeed.Company.beta)
            #expect(session.isAuthenticated)
            #expect(try await client.tokenStore.customerCredentials()?.companyID == MockSeed.Company.beta)
            let me = try await session.refreshMe()
            #expect(me.company.id == MockSeed.Company.beta)
        }
    }

    @Test func companyTheCustomerDoesNotBelongToIsInvalidOrExpiredCode() async throws {
        try await withMock(.live) { mock in
            let session = CustomerSession(client: mock.client())
            try await session.requestMagicLink(email: MockSeed.Customer.jane.email)
            let code = try await mock.code(to: MockSeed.Customer.jane.email, kind: "customer_magic_link")
            let error = await typedError { _ = try await session.verifyCode(email: MockSeed.Customer.jane.email, code: code, companyID: MockSeed.Company.beta) }
            #expect(error == .invalidOrExpiredCode)
            #expect(!session.isAuthenticated)
        }
    }

    @Test func wrongCustomerCodeIsInvalidOrExpiredCode() async throws {
        try await withMock(.live) { mock in
            let session = CustomerSession(client: mock.client())
            try await session.requestMagicLink(email: MockSeed.Customer.jane.email)
            let code = try await mock.code(to: MockSeed.Customer.jane.email, kind: "customer_magic_link")
            let wrong = code == "000000" ? "111111" : "000000"
            let error = await typedError { _ = try await session.verifyCode(email: MockSeed.Customer.jane.email, code: wrong) }
            #expect(error == .invalidOrExpiredCode)
        }
    }

    @Test func customerMeReturnsClientAndCompany() async throws {
        try await withMock(.live) { mock in
            let session = CustomerSession(client: mock.client())
            try await session.requestMagicLink(email: MockSeed.Customer.jane.email)
            let code = try await mock.code(to: MockSeed.Customer.jane.email, kind: "customer_magic_link")
            _ = try await session.verifyCode(email: MockSeed.Customer.jane.email, code: code)
            let me = try await session.refreshMe()
            #expect(me.client.email == MockSeed.Customer.jane.email)
            #expect(me.company.id == MockSeed.Company.acme)
            #expect(session.currentClient == me.client)
            // Staff endpoints never get the customer token from the client (its staff slot is
            // empty), and the server refuses it there anyway.
            let asStaff = await typedError { _ = try await session.client.send(API.StaffAuth.me()) }
            #expect(asStaff == .sessionEnded(reason: .loggedOut))
            let token = try #require(try await session.client.tokenStore.customerCredentials()).token
            let raw = try await mock.raw("GET", "/api/auth/me", bearer: token)
            #expect(raw.status == 401)
        }
    }

    @Test func customerLogoutUnregistersPushAndEndsTheToken() async throws {
        try await withMock(.live) { mock in
            let client = mock.client()
            let push = PushRegistration(client: client, role: .customer)
            let session = CustomerSession(client: client, push: push)
            try await push.updateDeviceToken(TestValues.deviceToken)
            try await session.requestMagicLink(email: MockSeed.Customer.jane.email)
            let code = try await mock.code(to: MockSeed.Customer.jane.email, kind: "customer_magic_link")
            _ = try await session.verifyCode(email: MockSeed.Customer.jane.email, code: code)
            #expect(await push.isRegistered)
            let token = try #require(try await client.tokenStore.customerCredentials()).token

            await session.logout()

            #expect(session.state == .signedOut)
            #expect(try await client.tokenStore.customerCredentials() == nil)
            #expect(try await client.tokenStore.role() == nil)
            #expect(await push.isRegistered == false)
            let unregistered = try await mock.journal(method: "DELETE", path: "/api/user/device-token")
            #expect(unregistered.map(\.status) == [200])
            let loggedOut = try await mock.journal(method: "POST", path: "/api/customer/auth/logout")
            #expect(loggedOut.map(\.status) == [200])
            let reuse = try await mock.raw("GET", "/api/customer/auth/me", bearer: token)
            #expect(reuse.status == 401)
        }
    }
}
