import Foundation
import Testing
import MockServer
import RepairMinderMockControl

/// `MockSeed`'s names are the seed's: read from Seeds/default.json, and from a running mock.
@Suite struct SeedNameTests {
    /// Seeds/default.json, parsed.
    static func seed() throws -> MockJSON {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Seeds/default.json")
        return try MockJSON(parsing: Data(contentsOf: url))
    }

    static func rows(_ seed: MockJSON, _ collection: String) -> [MockJSON] {
        if case .array(let rows)? = seed[collection] { return rows }
        return []
    }

    @Test func everyNameIsTheSeedFilesOwn() throws {
        let seed = try Self.seed()
        let companies = Dictionary(uniqueKeysWithValues: Self.rows(seed, "companies").compactMap { row in
            row["name"]?.stringValue.flatMap { name in row["id"]?.stringValue.map { (name, $0) } }
        })
        #expect(companies["Acme Repairs"] == MockSeed.Company.acme)
        #expect(companies["Beta Tech"] == MockSeed.Company.beta)
        #expect(companies["Pending Co"] == MockSeed.Company.pending)
        #expect(companies["Halted Ltd"] == MockSeed.Company.halted)

        let users = Dictionary(uniqueKeysWithValues: Self.rows(seed, "users").compactMap { row in
            row["email"]?.stringValue.flatMap { email in row["id"]?.stringValue.map { (email, $0) } }
        })
        for account in [MockSeed.Staff.admin, MockSeed.Staff.engineer, MockSeed.Staff.totp, MockSeed.Staff.inactive,
                        MockSeed.Staff.archived, MockSeed.Staff.betaAdmin, MockSeed.Staff.pendingOwner, MockSeed.Staff.haltedOwner] {
            #expect(users[account.email] == account.id, "\(account.email)")
        }
        let clients = Dictionary(uniqueKeysWithValues: Self.rows(seed, "clients").compactMap { row in
            row["email"]?.stringValue.flatMap { email in row["id"]?.stringValue.map { (email, $0) } }
        })
        for account in [MockSeed.Customer.jane, MockSeed.Customer.sam] {
            #expect(clients[account.email] == account.id, "\(account.email)")
        }
        let order = try #require(Self.rows(seed, "orders").first { $0["id"]?.stringValue == MockSeed.Order.janes10001 })
        #expect(order["order_number"]?.intValue == 10001)
        #expect(order["client_id"]?.stringValue == MockSeed.Customer.jane.id)
        if case .array(let devices)? = order["devices"] {
            #expect(devices.first?["id"]?.stringValue == MockSeed.Order.janes10001Device)
        }
        #expect(Self.rows(seed, "tickets").contains { $0["id"]?.stringValue == MockSeed.Ticket.acme1001 && $0["ticket_number"]?.intValue == 1001 })
    }

    @Test func theNamesWorkAgainstARunningMock() async throws {
        try await withMock { mock in
            let control = mock.control
            #expect(Set(try await control.companies().map(\.id))
                        == [MockSeed.Company.acme, MockSeed.Company.beta, MockSeed.Company.pending, MockSeed.Company.halted])
            let admin = try await control.createSession(email: MockSeed.Staff.admin.email)
            #expect(admin.value["user"]?["id"]?.stringValue == MockSeed.Staff.admin.id)
            let jane = try await control.createSession(email: MockSeed.Customer.jane.email)
            #expect(jane.value["client"]?["id"]?.stringValue == MockSeed.Customer.jane.id)
            let health = try await control.health()
            #expect(health.status == "ok")
            // The password, the TOTP secret's account and the reference time are the seed's.
            let login = try await mock.app("POST", "/api/auth/login", ["email": .string(MockSeed.Staff.totp.email),
                                                                       "password": .string(MockSeed.password)])
            #expect(login.status == 200)
            #expect(MockSeed.referenceNow == ISO8601DateFormatter().date(from: "2026-11-21T12:00:00Z"))
            #expect(try await control.orders().contains { $0.id == MockSeed.Order.janes10001 && $0.orderNumber == 10001 })
        }
    }
}
