import Foundation
import Testing
import RepairMinderClient
import RepairMinderMockControl
import MockTestSupport

/// Seed 003's first success criterion, "zero decode errors", as a test: every list of every
/// resource walked for every seeded persona, every record's detail decoded, all with strict
/// decoding (no key the server sends goes unread, no enum value is unknown). Failures are counted
/// and reported with the key path.
@Suite("Decode sweep over every seeded record")
@MainActor
struct DecodeSweepTests {
    /// Counts what a sweep decoded and what failed.
    @MainActor
    final class Tally {
        private(set) var responses = 0
        private(set) var records: [String: Int] = [:]
        private(set) var failures: [String] = []

        /// Runs one call; a failure is recorded, not thrown, so the sweep goes on.
        func run<T>(_ label: String, kind: String = "\(T.self)", count: (T) -> Int = { _ in 1 },
                    _ body: () async throws -> T) async -> T? {
            do {
                let value = try await body()
                responses += 1
                records[kind, default: 0] += count(value)
                return value
            } catch {
                failures.append("\(label): \(error)")
                return nil
            }
        }

        func list<Item>(_ label: String, _ body: () async throws -> [Item]) async -> [Item] {
            await run(label, kind: "\(Item.self) (listed)", count: { $0.count }, body) ?? []
        }

        var summary: String {
            let total = records.values.reduce(0, +)
            let kinds = records.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            return "\(responses) responses, \(total) records decoded (\(kinds)); \(failures.count) decode failures"
        }
    }

    /// Walks every staff list and decodes every detail the persona can see.
    func sweepStaff(_ staff: StaffSession, _ who: String, _ tally: Tally) async {
        for period in DashboardPeriod.knownCases {
            _ = await tally.run("\(who) dashboard \(period)") { try await staff.send(API.Dashboard.stats(period: period)) }
        }
        _ = await tally.run("\(who) enquiry stats") { try await staff.send(API.Dashboard.enquiryStats()) }

        let orders = await tally.list("\(who) orders") { try await staff.allPages(API.Orders.list(), limit: 7) }
        for order in orders {
            guard let detail = await tally.run("\(who) order \(order.orderNumber)", {
                try await staff.send(API.Orders.detail(id: order.id))
            }) else { continue }
            for device in detail.devices {
                _ = await tally.run("\(who) order \(order.orderNumber) device \(device.id)") {
                    try await staff.send(API.Orders.device(orderID: order.id, deviceID: device.id))
                }
            }
        }

        let devices = await tally.list("\(who) devices") { try await staff.allPages(API.Devices.list(), limit: 7) }
        for device in devices {
            _ = await tally.run("\(who) device \(device.id)") { try await staff.send(API.Devices.detail(id: device.id)) }
            if let serial = device.serialNumber {
                _ = await tally.run("\(who) lookup \(serial)") { try await staff.send(API.Devices.lookup(code: serial)) }
            }
        }
        _ = await tally.list("\(who) my queue") { try await staff.allPages(API.Devices.myQueue(), limit: 3) }
        _ = await tally.list("\(who) my active work") { try await staff.allPages(API.Devices.myActiveWork(), limit: 3) }

        let tickets = await tally.list("\(who) tickets") { try await staff.allPages(API.Tickets.list(), limit: 4) }
        for ticket in tickets {
            _ = await tally.run("\(who) ticket \(ticket.ticketNumber)") { try await staff.send(API.Tickets.detail(id: ticket.id)) }
        }
        _ = await tally.list("\(who) macros") { try await staff.send(API.Macros.list()) }

        let clients = await tally.list("\(who) clients") { try await staff.allPages(API.Clients.list(), limit: 4) }
        for client in clients {
            _ = await tally.run("\(who) client \(client.email)") { try await staff.send(API.Clients.detail(id: client.id)) }
        }
        _ = await tally.list("\(who) client search") { try await staff.send(API.Clients.search("a")) }

        await sweepAccount(staff, who, tally)
    }

    func sweepAccount(_ staff: StaffSession, _ who: String, _ tally: Tally) async {
        if let profile = await tally.run("\(who) profile", { try await staff.send(API.Account.profile()) }) {
            _ = await tally.run("\(who) company") { try await staff.send(API.Account.company(id: profile.companyID)) }
        }
        let locations = await tally.list("\(who) locations") { try await staff.send(API.Account.locations()) }
        for location in locations {
            _ = await tally.run("\(who) location \(location.name)") { try await staff.send(API.Account.location(id: location.id)) }
        }
        _ = await tally.run("\(who) avatar") { try await staff.send(API.Account.avatar()) }
        _ = await tally.run("\(who) features") { try await staff.send(API.Account.subscriptionFeatures()) }
        _ = await tally.run("\(who) me") { try await staff.refreshMe() }
    }

    /// Every persona of the seed, every list and detail they can read (the sweep of the tests below).
    func sweepEverything(_ mock: MockHarness, _ tally: Tally) async throws {
        // Staff of the two active companies, each way they sign in.
        let admin = try await mock.signedInStaff(email: MockSeed.Staff.admin.email)
        await sweepStaff(admin, MockSeed.Staff.admin.email, tally)
        let totp = try await mock.signedInStaff(email: MockSeed.Staff.totp.email)
        await sweepStaff(totp, MockSeed.Staff.totp.email, tally)
        let engineerClient = mock.client()
        let engineer = StaffSession(client: engineerClient)
        try await engineer.requestMagicLink(email: MockSeed.Staff.engineer.email)
        try await engineer.verifyMagicLink(email: MockSeed.Staff.engineer.email,
                                           code: try await mock.code(to: MockSeed.Staff.engineer.email, kind: "staff_magic_link"))
        await sweepStaff(engineer, MockSeed.Staff.engineer.email, tally)
        let beta = try await mock.signedInStaff(email: "admin@beta.test")
        await sweepStaff(beta, "admin@beta.test", tally)
        _ = await tally.run("staff push preferences") { try await admin.send(API.PushSettings.get(role: .staff)) }

        // Quarantined staff: every resource route is the typed quarantine error; the
        // allow-list decodes.
        for email in ["owner@pending.test", "owner@halted.test"] {
            let owner = try await mock.signedInStaff(email: email)
            for (route, error) in [
                ("orders", await typedError { _ = try await owner.send(API.Orders.list()) }),
                ("devices", await typedError { _ = try await owner.send(API.Devices.list()) }),
                ("my queue", await typedError { _ = try await owner.myQueue() }),
                ("tickets", await typedError { _ = try await owner.send(API.Tickets.list()) }),
                ("clients", await typedError { _ = try await owner.send(API.Clients.list()) }),
                ("macros", await typedError { _ = try await owner.send(API.Macros.list()) }),
                ("dashboard", await typedError { _ = try await owner.send(API.Dashboard.stats()) }),
            ] {
                guard case .quarantined = error else {
                    Issue.record("\(email) \(route): expected quarantined, got \(String(describing: error))")
                    continue
                }
            }
            await sweepAccount(owner, email, tally)
        }

        // Every customer, at every company they are a client of.
        for customer in SeededCustomers.all {
            for company in customer.companies {
                let who = "\(customer.email)@\(company.suffix(4))"
                let session = try await mock.signedInCustomer(email: customer.email, companyId: company)
                _ = await tally.run("\(who) me") { try await session.refreshMe() }
                let orders = await tally.list("\(who) orders") {
                    try await session.client.allPages(API.Customer.orders(), limit: 1)
                }
                for order in orders {
                    _ = await tally.run("\(who) order \(order.orderNumber)") { try await session.order(order.id) }
                }
                _ = await tally.run("\(who) push preferences") {
                    try await session.send(API.PushSettings.get(role: .customer))
                }
            }
        }

    }

    /// Once as the mock answers by default, then once per shape variant (docs/http.md, "Shape
    /// variance"): timestamps with milliseconds or in SQLite's form, nulls left out, keys reordered,
    /// an extra key (decoded as the app decodes, not strictly).
    @Test(arguments: [nil, "timestamps-ms", "timestamps-sqlite", "absent-nulls", "reordered-keys", "extra-key",
                      "all"] as [String?])
    func everyListAndEveryDetailDecodesForEverySeededPersona(vary: String?) async throws {
        try await withMock(.live, { $0.vary = vary }) { mock in
            let tally = Tally()
            try await sweepEverything(mock, tally)
            print("Decode sweep: \(tally.summary)")
            for failure in tally.failures { Issue.record("decode failure: \(failure)") }
            #expect(tally.failures.isEmpty, "\(tally.summary)")
            #expect(tally.records["OrderDetail", default: 0] >= 36, "every seeded order of both companies")
            #expect(tally.records["DeviceDetail", default: 0] >= 2 * 39, "every device, by both detail routes")
            #expect(tally.records["TicketDetail", default: 0] >= 7)
            #expect(tally.records["CustomerOrderDetail", default: 0] >= 36)
        }
    }

    /// The proxy (docs/drift.md) between the client and the mock: the client decodes the same, and
    /// every answer of the sweep matches the document — the mock and its contract agree.
    @Test func theSweepThroughTheProxyDecodesTheSameAndFindsNoDrift() async throws {
        try await withMock(proxied: true) { mock in
            let tally = Tally()
            try await sweepEverything(mock, tally)
            #expect(tally.failures.isEmpty, "\(tally.summary)")
            #expect(tally.records["OrderDetail", default: 0] >= 36 && tally.records["CustomerOrderDetail", default: 0] >= 36)
            let text = try #require(mock.proxy).driftReport()
            let report = try JSONSerialization.jsonObject(with: text) as? [String: Any] ?? [:]
            let exchanges = report["exchanges"] as? Int ?? 0
            #expect(exchanges >= tally.responses, "every call of the sweep went through the proxy")
            #expect(report["matched"] as? Int == exchanges && report["findings"] as? Int == 0 && report["upstream_errors"] as? Int == 0,
                    "\(String(decoding: text, as: UTF8.self).prefix(6000))")
        }
    }

    /// The mock answering in the shapes of `--vary extra-key,absent-nulls` is an upstream that
    /// drifts from the document in two known ways; the proxy finds those and nothing else: an
    /// unknown key `x_mock_extra` in objects, and required keys gone where the value was null.
    @Test func theProxyFindsExactlyTheDriftOfAVariedMock() async throws {
        try await withMock({ $0.vary = "extra-key,absent-nulls" }, proxied: true) { mock in
            let tally = Tally()
            try await sweepEverything(mock, tally)
            let text = try #require(mock.proxy).driftReport()
            let report = try JSONSerialization.jsonObject(with: text) as? [String: Any] ?? [:]
            let operations = report["operations"] as? [[String: Any]] ?? []
            let findings = operations.flatMap { $0["findings"] as? [[String: Any]] ?? [] }
            #expect(findings.count >= 40, "the varied shapes are everywhere")
            var kinds = Set<String>()
            for finding in findings {
                let kind = finding["kind"] as? String ?? "", pointer = finding["pointer"] as? String ?? ""
                kinds.insert(kind)
                switch kind {
                case "unknown_key": #expect(pointer.hasSuffix("/x_mock_extra"), "\(pointer)")
                case "missing_key":
                    let expected = finding["expected"] as? String ?? ""
                    #expect(expected.hasPrefix("required ") && expected.hasSuffix("or null"), "a key that was null: \(pointer) \(expected)")
                default: Issue.record("unexpected drift \(kind) at \(pointer)")
                }
            }
            #expect(kinds == ["unknown_key", "missing_key"])
        }
    }

    @Test func theSweepSeesEveryDeviceStatus() async throws {
        try await withMock(.live) { mock in
            let staff = try await mock.signedInStaff()
            let devices = try await staff.allPages(API.Devices.list())
            #expect(Set(devices.map(\.status)) == Set(DeviceStatus.knownCases), "the seed covers all 20 statuses")
            #expect(devices.allSatisfy { $0.statusLabel == $0.status.displayName }, "seed 003's display names")
        }
    }

    /// A model that reads less than the server sends.
    struct OrderIdOnly: Decodable, Sendable { let id: String }

    @Test func strictDecodingNamesAKeyNoModelReads() async throws {
        try await withMock(.live) { mock in
            let strict = try await mock.signedInStaff()
            let partial = Endpoint<OrderIdOnly>(.get, "/api/orders/\(SeedIDs.order(1))", credential: .staff)
            let error = await typedError { _ = try await strict.send(partial) }
            guard case .decoding(let keyPath, _) = error else {
                Issue.record("expected a decoding error, got \(String(describing: error))")
                return
            }
            #expect(keyPath == "data.assigned_user")

            let lenientClient = mock.client(strict: false)
            let lenient = StaffSession(client: lenientClient)
            try await mock.signIn(lenient)
            #expect(try await lenient.send(partial).id == SeedIDs.order(1))
        }
    }
}
