import Foundation
import Testing
@testable import RepairMinderClient

/// The launch convention: what a UI test puts in the app's launch environment, read back.
@Suite struct LaunchEnvironmentTests {
    /// The `data` of an envelope fixture: what `POST /__mock/sessions` answers as its `data`.
    static func data(of envelope: String) throws -> String {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(envelope.utf8)) as? [String: Any])
        return String(decoding: try JSONSerialization.data(withJSONObject: try #require(object["data"])), as: UTF8.self)
    }

    static let base = "http://127.0.0.1:8787/ns/t-42"
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func withoutTheBaseURLNothingIsActive() throws {
        #expect(try LaunchEnvironment([:]) == nil)
        #expect(try LaunchEnvironment(["PATH": "/usr/bin", LaunchEnvironment.roleKey: "staff"]) == nil)
    }

    @Test func aBaseURLAloneStartsSignedOutAndSeedingClearsTheStore() async throws {
        let launch = try #require(try LaunchEnvironment([LaunchEnvironment.baseURLKey: Self.base]))
        #expect(launch.baseURL == URL(string: Self.base))
        #expect(launch.session == nil)
        let store = InMemoryTokenStore()
        try await store.saveStaffCredentials(StaffCredentials(accessToken: "old", refreshToken: "old-r"))
        try await store.saveRole(.staff)
        try await launch.seed(store)
        #expect(try await store.staffCredentials() == nil)
        #expect(try await store.role() == nil)
    }

    @Test func aStaffSessionIsStoredAsTheSignInWouldStoreIt() async throws {
        let environment = [LaunchEnvironment.baseURLKey: Self.base, LaunchEnvironment.roleKey: "staff",
                           LaunchEnvironment.sessionKey: try Self.data(of: Fixture.tokenResponse)]
        let launch = try #require(try LaunchEnvironment(environment, now: Self.now))
        let expected = StaffCredentials(accessToken: "jwt.access.1", refreshToken: "refresh-1",
                                        expiresAt: Self.now.addingTimeInterval(900))
        #expect(launch.session == .staff(expected))
        #expect(launch.session?.role == .staff)
        let store = InMemoryTokenStore()
        try await launch.seed(store)
        #expect(try await store.staffCredentials() == expected)
        #expect(try await store.role() == .staff)
        #expect(try await store.customerCredentials() == nil)
    }

    @Test func aCustomerSessionKeepsItsCompany() async throws {
        let environment = [LaunchEnvironment.baseURLKey: Self.base, LaunchEnvironment.roleKey: "customer",
                           LaunchEnvironment.sessionKey: try Self.data(of: Fixture.customerSingle)]
        let launch = try #require(try LaunchEnvironment(environment))
        #expect(launch.session == .customer(CustomerCredentials(token: "jwt.customer", companyID: "c-1")))
        let store = InMemoryTokenStore()
        try await launch.seed(store)
        #expect(try await store.customerCredentials() == CustomerCredentials(token: "jwt.customer", companyID: "c-1"))
        #expect(try await store.role() == .customer)
    }

    @Test(arguments: [
        ([LaunchEnvironment.baseURLKey: "not a url"], LaunchEnvironment.baseURLKey),
        ([LaunchEnvironment.baseURLKey: "ftp://127.0.0.1/x"], LaunchEnvironment.baseURLKey),
        ([LaunchEnvironment.baseURLKey: base, LaunchEnvironment.roleKey: "admin", LaunchEnvironment.sessionKey: "{}"],
         LaunchEnvironment.roleKey),
        ([LaunchEnvironment.baseURLKey: base, LaunchEnvironment.roleKey: "staff"], LaunchEnvironment.sessionKey),
        ([LaunchEnvironment.baseURLKey: base, LaunchEnvironment.sessionKey: "{}"], LaunchEnvironment.roleKey),
        ([LaunchEnvironment.baseURLKey: base, LaunchEnvironment.roleKey: "staff", LaunchEnvironment.sessionKey: "{}"],
         LaunchEnvironment.sessionKey),
        ([LaunchEnvironment.baseURLKey: base, LaunchEnvironment.roleKey: "customer", LaunchEnvironment.sessionKey: "[1"],
         LaunchEnvironment.sessionKey),
    ])
    func aMalformedValueThrowsNamingItsKey(_ environment: [String: String], key: String) throws {
        do {
            _ = try LaunchEnvironment(environment)
            Issue.record("no error for \(environment)")
        } catch {
            switch error {
            case .missing(let named), .invalidValue(let named, _): #expect(named == key, "\(error)")
            }
            #expect(error.description.hasPrefix(key), "\(error)")
        }
    }

    @Test func aCompanySelectionIsNotASession() throws {
        let environment = [LaunchEnvironment.baseURLKey: Self.base, LaunchEnvironment.roleKey: "customer",
                           LaunchEnvironment.sessionKey: try Self.data(of: Fixture.customerSelection)]
        #expect(throws: LaunchEnvironmentError.invalidValue(key: LaunchEnvironment.sessionKey,
                                                            reason: "a company selection, not a session")) {
            try LaunchEnvironment(environment)
        }
    }
}
