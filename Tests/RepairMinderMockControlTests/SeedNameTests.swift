import Foundation
import Testing
import MockServer
import RepairMinderMockControl
import MockTestSupport

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
        for account in [MockSeed.Customer.jane, MockSeed.Customer.sam, MockSeed.Customer.oliver, MockSeed.Customer.jack,
                        MockSeed.Customer.noah, MockSeed.Customer.emily, MockSeed.Customer.walkIn] {
            #expect(clients[account.email] == account.id, "\(account.email)")
        }
        let order = try #require(Self.rows(seed, "orders").first { $0["id"]?.stringValue == MockSeed.Order.janes10001 })
        #expect(order["order_number"]?.intValue == 10001)
        #expect(order["client_id"]?.stringValue == MockSeed.Customer.jane.id)
        if case .array(let devices)? = order["devices"] {
            #expect(devices.first?["id"]?.stringValue == MockSeed.Order.janes10001Device)
        }
        #expect(Self.rows(seed, "tickets").contains { $0["id"]?.stringValue == MockSeed.Ticket.acme1001 && $0["ticket_number"]?.intValue == 1001 })

        // Shops and company addresses, by company.
        var locations: [String: String] = [:], addresses: [String: String] = [:]
        for company in Self.rows(seed, "companies") {
            for row in Self.rows(company, "locations") { locations[row["name"]?.stringValue ?? ""] = row["id"]?.stringValue }
            for row in Self.rows(company, "emails") { addresses[row["email_address"]?.stringValue ?? ""] = row["id"]?.stringValue }
        }
        #expect(locations["Acme Repairs Manchester"] == MockSeed.Location.acmeManchester)
        #expect(locations["Acme Repairs Leeds"] == MockSeed.Location.acmeLeeds)
        #expect(locations["Beta Tech Bristol"] == MockSeed.Location.betaBristol)
        #expect(locations["Pending Co York"] == MockSeed.Location.pendingYork)
        #expect(locations["Halted Ltd Cardiff"] == MockSeed.Location.haltedCardiff)
        for address in [MockSeed.CompanyEmail.acmeManchester, MockSeed.CompanyEmail.acmeLeeds, MockSeed.CompanyEmail.acmeHello,
                        MockSeed.CompanyEmail.betaBristol] {
            #expect(addresses[address.email] == address.id, "\(address.email)")
        }
        // The named orders: number, client, and first device.
        let orders = Dictionary(uniqueKeysWithValues: Self.rows(seed, "orders").compactMap { row in
            row["order_number"]?.intValue.map { ($0, row) }
        })
        for (number, id, client, device) in [(10002, MockSeed.Order.janes10002, MockSeed.Customer.jane.id, nil),
                                             (10003, MockSeed.Order.sams10003, MockSeed.Customer.sam.id, MockSeed.Order.sams10003Device),
                                             (10004, nil, MockSeed.Customer.oliver.id, MockSeed.Order.olivers10004Device),
                                             (20001, MockSeed.Order.sams20001, MockSeed.Customer.sam.id, nil)] as [(Int, String?, String, String?)] {
            let order = try #require(orders[number], "#\(number)")
            if let id { #expect(order["id"]?.stringValue == id, "#\(number)") }
            #expect(order["client_id"]?.stringValue == client, "#\(number)")
            if let device { #expect(Self.rows(order, "devices").first?["id"]?.stringValue == device, "#\(number)") }
        }
        // The named tickets, #1002's attachment, and the macros.
        let tickets = Dictionary(uniqueKeysWithValues: Self.rows(seed, "tickets").compactMap { row in
            row["ticket_number"]?.intValue.map { ($0, row) }
        })
        #expect(tickets[1002]?["id"]?.stringValue == MockSeed.Ticket.acme1002)
        #expect(tickets[1002]?["client_id"]?.stringValue == MockSeed.Customer.oliver.id)
        #expect(Self.rows(tickets[1002] ?? .null, "messages").flatMap { Self.rows($0, "attachments") }
                    .map { $0["id"]?.stringValue } == [MockSeed.Ticket.acme1002PriceList])
        #expect(tickets[1005]?["id"]?.stringValue == MockSeed.Ticket.acme1005)
        #expect(tickets[1005]?["requires_location"]?.boolValue == true)
        let macros = Dictionary(uniqueKeysWithValues: Self.rows(seed, "macros").compactMap { row in
            row["id"]?.stringValue.map { ($0, row["name"]?.stringValue ?? "") }
        })
        #expect(macros[MockSeed.Macro.quoteFollowUp] == "Quote follow-up")
        #expect(macros[MockSeed.Macro.readyForCollection] == "Ready for collection")
        #expect(macros[MockSeed.Macro.requestMoreInformation] == "Request more information")
        #expect(macros[MockSeed.Macro.oldHolidayNotice] == "Old holiday notice")

        // The tests' numbering (MockTestSupport's SeedIDs) agrees: order `n` is #10000+n (Acme) or
        // #20000+n (Beta), ticket `n` #1000+n or #2000+n, client `n` the seed's `n`th.
        for (number, order) in orders {
            #expect(SeedIDs.order(number % 10_000, number < 20_000 ? "a" : "b") == order["id"]?.stringValue, "#\(number)")
        }
        for (number, ticket) in tickets {
            #expect(SeedIDs.ticket(number % 1_000, number < 2_000 ? "a" : "b") == ticket["id"]?.stringValue, "#\(number)")
        }
        #expect(Self.rows(seed, "clients").enumerated().allSatisfy { SeedIDs.client($0.offset + 1) == $0.element["id"]?.stringValue })
    }

    @Test func theNamesWorkAgainstARunningMock() async throws {
        try await withMock(.live) { mock in
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
