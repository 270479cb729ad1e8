import Foundation
import Testing
import MockServer
import RepairMinderMockControl
import MockTestSupport

/// Namespaces (one per test, listed, dropped) and the sessions listing, against a live mock.
@Suite struct NamespaceAndSessionCallTests {
    @Test func aNamespacePerTestIsMadeIsolatedListedAndDropped() async throws {
        try await withMock(.live) { mock in
            let control = mock.control
            #expect(control.namespaceName == nil)
            #expect(control.serverURL == mock.baseURL)

            let namespace = try await control.makeNamespace(prefix: "login_Test-1")
            #expect(namespace.name.hasPrefix("login_Test-1-"))
            #expect(namespace.name.count == "login_Test-1-".count + 12)
            #expect(namespace.baseURL.absoluteString == mock.baseURL.absoluteString + "/ns/" + namespace.name)
            #expect(namespace.control.baseURL == namespace.baseURL)
            #expect(namespace.control.namespaceName == namespace.name)
            #expect(namespace.control.serverURL == mock.baseURL)
            #expect(try await control.makeNamespace().name.hasPrefix("test-"))

            // The app signs in under the namespace's URL: its mail, journal and companies are its own.
            _ = try await mock.signInStaffToken(using: namespace.control, base: namespace.baseURL)
            try await namespace.control.setCompanyStatus(MockSeed.Company.acme, to: .suspended)
            #expect(try await namespace.control.outbox(to: MockSeed.Staff.admin.email).count == 1)
            #expect(try await control.outbox().isEmpty)
            #expect(try await control.journal().isEmpty)
            #expect(try await namespace.control.journal().count == 3)
            #expect(try await control.companies().first { $0.id == MockSeed.Company.acme }?.status == .active)

            // Listed from the server or from any namespace's control.
            let list = try await namespace.control.namespaces()
            #expect(list.max == 64)
            #expect(list.idleTimeoutSeconds == 3600)
            #expect(list.namespaces.count == 2)
            #expect(list.namespaces.first?.name == namespace.name)   // most recently used first
            let entry = try #require(list.namespaces.first)
            #expect(entry.lastUsedAt >= entry.createdAt)
            #expect(entry.idleSeconds >= 0)
            #expect(try await control.namespaces().namespaces.map(\.name) == list.namespaces.map(\.name))

            try await namespace.drop()
            #expect(!(try await control.namespaces().namespaces.contains { $0.name == namespace.name }))
            let again = await controlError { try await control.dropNamespace(namespace.name) }
            #expect(again?.status == 404)
            #expect(again?.message == "Not found")

            // A view of a named namespace by name.
            let named = control.namespaced("by-name")
            #expect(named.baseURL.absoluteString == mock.baseURL.absoluteString + "/ns/by-name")
            #expect(named.server.baseURL == mock.baseURL)
            try await named.reset()
            #expect(try await control.namespaces().namespaces.map(\.name).contains("by-name"))
        }
    }

    @Test func aNamespacePrefixOutsideTheNameRulesIsRefusedBeforeAnyCall() async throws {
        try await withMock(.live) { (mock) async throws in
            for prefix in ["", "has space", "é", String(repeating: "a", count: 52)] {
                let error = await controlError { _ = try await mock.control.makeNamespace(prefix: prefix) }
                guard case .invalidArgument(let text)? = error else {
                    Issue.record("\(prefix): expected invalidArgument, got \(String(describing: error))")
                    continue
                }
                #expect(text.hasPrefix("Invalid namespace prefix"))
            }
            #expect(try await mock.control.namespaces().namespaces.isEmpty)
            #expect(try await mock.control.makeNamespace(prefix: String(repeating: "a", count: 51)).name.count == 64)
        }
    }

    @Test func sessionsAreListedTypedAndFiltered() async throws {
        try await withMock(.live) { mock in
            let control = mock.control
            let token = try await mock.signInStaffToken()   // as the app on a phone signs in
            _ = try await mock.signInCustomer(MockSeed.Customer.sam.email, companyID: MockSeed.Company.beta)

            let all = try await control.sessions()
            #expect(all.count == 2)
            let staff = try #require(all.first { $0.kind == .staff })
            #expect(staff.userID == MockSeed.Staff.admin.id && staff.clientID == nil)
            #expect(staff.email == MockSeed.Staff.admin.email)
            #expect(staff.companyID == MockSeed.Company.acme && staff.companyName == "Acme Repairs" && staff.companyStatus == .active)
            #expect(staff.platform == .mobile)
            #expect(staff.lastRefreshAt == nil && staff.refreshCount == 0)
            #expect(staff.expiresAt.timeIntervalSince(staff.createdAt) > 80 * 86_400)   // a 90-day mobile token
            #expect(staff.status == .live && staff.revokedReason == nil && staff.revokedAt == nil)

            let customer = try #require(all.first { $0.kind == .customer })
            #expect(customer.clientID != nil && customer.userID == nil && customer.platform == nil)
            #expect(customer.email == MockSeed.Customer.sam.email && customer.companyID == MockSeed.Company.beta)

            #expect(try await control.sessions(kind: .customer).map(\.id) == [customer.id])
            #expect(try await control.sessions(email: "ADMIN@acme.test").map(\.id) == [staff.id])
            #expect(try await control.sessions(status: .revoked).isEmpty)
            #expect(try await control.sessions(limit: 1).count == 1)

            // A logout revokes the staff family.
            _ = try await mock.app("POST", "/api/auth/logout", bearer: token)
            let revoked = try await control.sessions(status: .revoked)
            #expect(revoked.count == 1)
            #expect(revoked.first?.revokedReason == "logout")
            #expect(revoked.first?.revokedAt != nil)

            let bad = await controlError { _ = try await control.sessions(limit: 0) }
            #expect(bad?.status == 400)
            #expect(bad?.message == "Invalid query parameter: limit")
            let badKind = await controlError { _ = try await control.sessions(kind: "robot") }
            #expect(badKind?.message == "Invalid query parameter: kind")
        }
    }
}
