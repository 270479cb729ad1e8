import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import MockStore
import RepairMinderMockControl
import MockTestSupport

/// `POST /__mock/fixtures`: rows added to a running mock in the seed format (docs/control-api.md,
/// "Fixtures"): made ids and numbers, references to seeded rows and to rows of the same body,
/// devices stamped as if walked to their status, errors that name the field and write nothing, and
/// fixture rows that read exactly like seeded ones everywhere.
@Suite struct FixtureTests {
    /// `Seeds/default.json`.
    static let seed: JSONValue = {
        let data = try! Data(contentsOf: Shipping.root.appendingPathComponent("Seeds/default.json"))
        return JSONValue.parse(data)!
    }()

    private func add(_ mock: MockHarness, _ body: JSONValue) async throws -> MockHarness.Reply {
        try await mock.send("POST", "/__mock/fixtures", body: body.jsonString)
    }

    private func add(_ mock: MockHarness, _ text: String) async throws -> MockHarness.Reply {
        try await mock.send("POST", "/__mock/fixtures", body: text)
    }

    /// `value` without any `id` key, at any depth, nor the keys in `also`.
    private static func strippingIDs(_ value: JSONValue, also: Set<String> = []) -> JSONValue {
        switch value {
        case .object(let object):
            var out: [String: JSONValue] = [:]
            for (key, child) in object where key != "id" && !also.contains(key) { out[key] = strippingIDs(child, also: also) }
            return .object(out)
        case .array(let values): return .array(values.map { strippingIDs($0, also: also) })
        default: return value
        }
    }

    /// Path → id of every row in `value` (a seed collection's element at `path`), as the answer lists them.
    private static func ids(_ value: JSONValue, at path: String, into out: inout [String: String]) {
        guard case .object(let object) = value else { return }
        if let id = object["id"]?.string { out[path] = id }
        for (key, child) in object {
            for (i, element) in (child.array ?? []).enumerated() { ids(element, at: "\(path).\(key)[\(i)]", into: &out) }
        }
    }

    private static func rows(_ reply: MockHarness.Reply) -> [JSONValue] { reply.data["rows"]?.array ?? [] }

    // MARK: - A copy of a seeded order reads exactly as the seeded one

    /// Jane's order #10001 (a device awaiting authorisation with images, accessories, notes and a
    /// checklist; two items, a deposit, a signature) and its ticket #1001 (all four message types,
    /// events), added again without their ids and numbers: every screen shows the copy as it shows
    /// the original, but for the ids and the numbers.
    @Test func aCopyOfASeededOrderReadsLikeTheOriginalEverywhere() async throws {
        // The dashboard's month is the clock's: pinned to the seed's day, or this test would stop
        // finding the seeded order and deposit in it once the calendar leaves November 2026.
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let admin = admin.token
            let jane = try await mock.signInCustomer("jane@customer.test")
            let statsBefore = try await mock.get("/api/dashboard/stats?period=month", bearer: admin)
            let before = try mock.dump()
            let journalBefore = try await mock.control.journal()

            // The order and its device keep ids (new ones) for the ticket, items, signature and message
            // to name; every other id, and both numbers, are made.
            let newOrder = "00000005-0000-4000-8000-0000000fa001", newDevice = "00000006-0000-4000-8000-0000000fa001"
            let originalOrder = try #require(Self.seed["orders"]?[0])
            let originalTicket = try #require(Self.seed["tickets"]?.array?.first { $0["order_id"]?.string == SeedIDs.order(1) })
            func copy(_ value: JSONValue) throws -> JSONValue {
                let text = Self.strippingIDs(value, also: ["order_number", "ticket_number"]).jsonString
                    .replacingOccurrences(of: SeedIDs.order(1), with: newOrder)
                    .replacingOccurrences(of: SeedIDs.device(1), with: newDevice)
                return try #require(JSONValue.parse(Array(text.utf8)))
            }
            guard case .object(var order) = try copy(originalOrder), case .array(var devices) = order["devices"],
                  case .object(var device) = devices[0] else { Issue.record("order shape"); return }
            device["id"] = .string(newDevice)
            devices[0] = .object(device)
            order["devices"] = .array(devices)
            order["id"] = .string(newOrder)
            let reply = try await add(mock, ["orders": [.object(order)], "tickets": [try copy(originalTicket)]])
            #expect(reply.status == 201, "\(reply.error ?? "")")
            #expect(reply.json.keys == ["success", "data"])
            #expect(reply.data.keys == ["rows"])
            #expect(try await mock.control.journal() == journalBefore)   // control calls are not journalled
            let made = Self.rows(reply)
            var oldIDs: [String: String] = [:]
            Self.ids(originalOrder, at: "orders[0]", into: &oldIDs)
            Self.ids(originalTicket, at: "tickets[0]", into: &oldIDs)
            #expect(made.map { $0["path"]?.string ?? "" }.sorted() == oldIDs.keys.sorted())
            #expect(made.count == 29)
            #expect(made.first == ["path": "orders[0]", "table": "orders", "id": .string(newOrder), "number": 10033])
            #expect(made[1] == ["path": "orders[0].devices[0]", "table": "devices", "id": .string(newDevice)])
            #expect(made[2] == ["path": "orders[0].devices[0].images[0]", "table": "device_images",
                                "id": "00000010-f000-4000-8000-000000000001"])
            let ticketRow = try #require(made.first { $0["path"] == "tickets[0]" })
            #expect(ticketRow == ["path": "tickets[0]", "table": "tickets", "id": "0000000a-f000-4000-8000-000000000001",
                                  "number": 1007])

            /// The copy's answer with its ids and numbers turned back into the original's.
            func asOriginal(_ reply: MockHarness.Reply) -> String { asOriginal(String(decoding: reply.body, as: UTF8.self)) }
            func asOriginal(_ text: String) -> String {
                var text = text
                for row in made {
                    guard let path = row["path"]?.string, let id = row["id"]?.string, let old = oldIDs[path] else { continue }
                    text = text.replacingOccurrences(of: id, with: old)
                }
                return text.replacingOccurrences(of: "10033", with: "10001").replacingOccurrences(of: "1007", with: "1001")
            }
            for (copy, seeded) in [("/api/orders/\(newOrder)", "/api/orders/\(SeedIDs.order(1))"),
                                   ("/api/orders/\(newOrder)/devices/\(newDevice)", "/api/orders/\(SeedIDs.order(1))/devices/\(SeedIDs.device(1))"),
                                   ("/api/devices/\(newDevice)", "/api/devices/\(SeedIDs.device(1))"),
                                   ("/api/tickets/\(ticketRow["id"]?.string ?? "")", "/api/tickets/\(SeedIDs.ticket(1))")] {
                let a = try await mock.get(copy, bearer: admin), b = try await mock.get(seeded, bearer: admin)
                #expect(a.status == 200)
                #expect(asOriginal(a) == String(decoding: b.body, as: UTF8.self), "\(copy)")
            }
            let portalCopy = try await mock.get("/api/customer/orders/\(newOrder)", bearer: jane)
            let portalOriginal = try await mock.get("/api/customer/orders/\(SeedIDs.order(1))", bearer: jane)
            #expect(portalCopy.status == 200)
            #expect(asOriginal(portalCopy) == String(decoding: portalOriginal.body, as: UTF8.self))

            // Lists and filters: next to the original, in the same shape.
            let list = try #require(try await mock.get("/api/orders?status=awaiting_authorisation", bearer: admin).data.array)
            let copyInList = try #require(list.first { $0["id"]?.string == newOrder })
            let originalInList = try #require(list.first { $0["id"]?.string == SeedIDs.order(1) })
            #expect(asOriginal(copyInList.jsonString) == originalInList.jsonString)
            let portalList = try #require(try await mock.get("/api/customer/orders", bearer: jane).data.array)
            let copyInPortal = try #require(portalList.first { $0["id"]?.string == newOrder })
            let originalInPortal = try #require(portalList.first { $0["id"]?.string == SeedIDs.order(1) })
            #expect(asOriginal(copyInPortal.jsonString) == originalInPortal.jsonString)
            let devicesAwaiting = try #require(try await mock.get("/api/devices?status=awaiting_authorisation", bearer: admin).data.array)
            #expect(devicesAwaiting.contains { $0["id"]?.string == newDevice })

            // The dashboard counts it as it counts the original: one more device awaiting authorisation,
            // one more order created this month (it was created on Nov 11, as the original), and the
            // deposit in the revenue.
            let statsAfter = try await mock.get("/api/dashboard/stats?period=month", bearer: admin)
            #expect(statsAfter.status == 200)
            let was = statsBefore.data, now = statsAfter.data
            #expect(now["devices"]?["total"]?.intValue == (was["devices"]?["total"]?.intValue ?? 0) + 1)
            #expect(now["devices"]?["by_status"]?["awaiting_authorisation"]?.intValue
                        == (was["devices"]?["by_status"]?["awaiting_authorisation"]?.intValue ?? 0) + 1)
            #expect(now["orders"]?["created"]?.intValue == (was["orders"]?["created"]?.intValue ?? 0) + 1)
            #expect(was["revenue"]?["paid"] == "335.99")
            #expect(now["revenue"]?["paid"] == "355.99")

            // Rows added, nothing else: no mail, no push, no session, no journal entry.
            let after = try mock.dump()
            for table in before.keys.sorted() where !Self.madeTables.contains(table) {
                #expect(after[table] == before[table], "\(table)")
            }
        }
    }

    // MARK: - Every collection, made ids, references within the body

    /// A new company with a shop, a sub-location and an address; a brand with a model; a staff user
    /// with a password; a client; an order naming all of them; an enquiry on the order; a macro.
    /// Every id and number left out is made, in the seed's style, and the staff user signs in.
    @Test func everyCollectionWithMadeIDsAndReferencesWithinTheBody() async throws {
        try await withSignedInMock { mock, acme in
            let body: JSONValue = [
                "companies": [["id": "00000001-0000-4000-8000-0000000f0000", "name": "Fixture Fixers", "status": "active",
                               "locations": [["id": "00000002-0000-4000-8000-0000000f0001", "name": "Fixture Fixers York",
                                              "address_line1": "1 Shambles", "city": "York", "postcode": "YO1 7LZ"]],
                               "sub_locations": [["location_id": "00000002-0000-4000-8000-0000000f0001", "code": "S1", "type": "shelf"]],
                               "emails": [["email_address": "york@fixture.test", "display_name": "Fixture Fixers"]]]],
                "brands": [["name": "Fairphone", "models": [["name": "Fairphone 5"]]]],
                "users": [["id": "00000003-0000-4000-8000-0000000f0001", "company_id": "00000001-0000-4000-8000-0000000f0000",
                           "email": "owner@fixture.test", "first_name": "Fay", "last_name": "Fixer", "role": "admin",
                           "password": "fixture-pass-1"]],
                "clients": [["id": "00000004-0000-4000-8000-0000000f0001", "email": "ada@example.test", "first_name": "Ada",
                             "last_name": "Lovelace", "companies": ["00000001-0000-4000-8000-0000000f0000"]]],
                "orders": [["id": "00000005-0000-4000-8000-0000000f0001", "company_id": "00000001-0000-4000-8000-0000000f0000",
                            "client_id": "00000004-0000-4000-8000-0000000f0001", "location_id": "00000002-0000-4000-8000-0000000f0001",
                            "assigned_user_id": "00000003-0000-4000-8000-0000000f0001",
                            "devices": [["workflow_type": "repair", "brand": "Fairphone", "model": "Fairphone 5",
                                         "status": "awaiting_authorisation", "customer_reported_issues": "Battery swells"]],
                            "items": [["item_type": "repair", "description": "Battery", "unit_price_pence": 4999]],
                            "payments": [["amount_pence": 1000, "payment_method": "cash", "is_deposit": true]],
                            "signatures": [["signature_type": "drop_off", "typed_name": "Ada Lovelace"]]]],
                "tickets": [["company_id": "00000001-0000-4000-8000-0000000f0000", "ticket_type": "order", "status": "open",
                             "subject": "Your battery quote", "client_id": "00000004-0000-4000-8000-0000000f0001",
                             "order_id": "00000005-0000-4000-8000-0000000f0001",
                             "messages": [["type": "inbound", "body_text": "How long will it take?"]]]],
                "macros": [["company_id": "00000001-0000-4000-8000-0000000f0000", "name": "Chase",
                            "stages": [["subject": "Any news?", "body": "Hi {{client_first_name}}"]]]],
            ]
            let reply = try await add(mock, body)
            #expect(reply.status == 201, "\(reply.error ?? "")")
            let expected: [JSONValue] = [
                ["path": "companies[0]", "table": "companies", "id": "00000001-0000-4000-8000-0000000f0000"],
                ["path": "companies[0].locations[0]", "table": "company_locations", "id": "00000002-0000-4000-8000-0000000f0001"],
                ["path": "companies[0].sub_locations[0]", "table": "sub_locations", "id": "00000015-f000-4000-8000-000000000001"],
                ["path": "companies[0].emails[0]", "table": "company_emails", "id": "00000018-f000-4000-8000-000000000001"],
                ["path": "brands[0]", "table": "brands", "id": "00000016-f000-4000-8000-000000000001"],
                ["path": "brands[0].models[0]", "table": "models", "id": "00000017-f000-4000-8000-000000000001"],
                ["path": "users[0]", "table": "users", "id": "00000003-0000-4000-8000-0000000f0001"],
                ["path": "clients[0]", "table": "clients", "id": "00000004-0000-4000-8000-0000000f0001"],
                ["path": "orders[0]", "table": "orders", "id": "00000005-0000-4000-8000-0000000f0001", "number": 10001],
                ["path": "orders[0].devices[0]", "table": "devices", "id": "00000006-f000-4000-8000-000000000001"],
                ["path": "orders[0].items[0]", "table": "order_items", "id": "00000007-f000-4000-8000-000000000001"],
                ["path": "orders[0].payments[0]", "table": "payments", "id": "00000008-f000-4000-8000-000000000001"],
                ["path": "orders[0].signatures[0]", "table": "signatures", "id": "00000009-f000-4000-8000-000000000001"],
                ["path": "tickets[0]", "table": "tickets", "id": "0000000a-f000-4000-8000-000000000001", "number": 1001],
                ["path": "tickets[0].messages[0]", "table": "ticket_messages", "id": "0000000b-f000-4000-8000-000000000001"],
                ["path": "macros[0]", "table": "macros", "id": "0000000d-f000-4000-8000-000000000001"],
                ["path": "macros[0].stages[0]", "table": "macro_stages", "id": "0000000e-f000-4000-8000-000000000001"],
            ]
            #expect(Self.rows(reply) == expected)

            // The new staff user signs in with the password given (2FA by email, as the seed's default).
            let owner = try await mock.signInStaff("owner@fixture.test", password: "fixture-pass-1").token
            let detail = try await mock.get("/api/orders/00000005-0000-4000-8000-0000000f0001", bearer: owner)
            #expect(detail.status == 200)
            #expect(detail.data["order_number"] == 10001)
            #expect(detail.data["status"] == "awaiting_authorisation")
            #expect(detail.data["client"]?["name"] == "Ada Lovelace")
            #expect(detail.data["location"]?["name"] == "Fixture Fixers York")
            #expect(detail.data["location"]?["address"] == "1 Shambles, York, YO1 7LZ")
            #expect(detail.data["client"]?["address"] == .null)   // Ada gave no address
            #expect(detail.data["assigned_user"]?["name"] == "Fay Fixer")
            #expect(detail.data["payment_status"] == "partially_paid")
            #expect(detail.data["totals"] == ["subtotal": "49.99", "vat_total": "10.00", "grand_total": "59.99",
                                              "amount_paid": "10.00", "balance_due": "49.99"])
            #expect(detail.data["ticket"]?["ticket_number"] == 1001)
            #expect(detail.data["ticket"]?["messages"]?[0]?["body_text"] == "How long will it take?")
            // The device is linked to the new catalogue entry.
            let device = try await mock.get("/api/devices/00000006-f000-4000-8000-000000000001", bearer: owner)
            #expect(device.data["brand"] == ["id": "00000016-f000-4000-8000-000000000001", "name": "Fairphone"])
            #expect(device.data["model"] == ["id": "00000017-f000-4000-8000-000000000001", "name": "Fairphone 5"])
            let macros = try #require(try await mock.get("/api/macros", bearer: owner).data.array)
            #expect(macros.map { $0["name"] } == ["Chase"])
            // Nobody else sees any of it.
            let acmeAdmin = acme.token
            #expect(try await mock.get("/api/orders/00000005-0000-4000-8000-0000000f0001", bearer: acmeAdmin).status == 404)
            // And the new client signs in to the customer app and sees the order.
            let ada = try await mock.signInCustomer("ada@example.test")
            let portal = try #require(try await mock.get("/api/customer/orders", bearer: ada).data.array)
            #expect(portal.map { $0["id"] } == ["00000005-0000-4000-8000-0000000f0001"])
        }
    }

    /// A second body continues the numbering: ids and numbers made never repeat earlier ones.
    @Test func aSecondBodyContinuesTheNumbers() async throws {
        try await withMock { mock in
            let order: JSONValue = ["company_id": .string(MockSeed.Company.acme), "client_id": .string(MockSeed.Customer.sam.id),
                                    "devices": [["workflow_type": "buyback", "brand": "Apple", "model": "iPhone 12", "status": "ready_to_pay"]]]
            let first = try await add(mock, ["orders": [order]])
            let second = try await add(mock, ["orders": [order, order]])
            #expect(Self.rows(first).map { $0["number"] } == [10033, nil])
            #expect(Self.rows(second).map { $0["id"] } == [
                "00000005-f000-4000-8000-000000000002", "00000006-f000-4000-8000-000000000002",
                "00000005-f000-4000-8000-000000000003", "00000006-f000-4000-8000-000000000003",
            ])
            #expect(Self.rows(second).map { $0["number"] } == [10034, nil, 10035, nil])
        }
    }

    // MARK: - Devices set directly, stamped as walked

    /// A device set to `repairing` carries every timestamp the walk device_received → … → repairing
    /// stamps, at its `updated_at`, and the approval; a timestamp given wins; its order has the quote
    /// and authorisation dates. A collected order gets its collected date.
    @Test func aDeviceSetToAStatusIsStampedAsIfWalkedThere() async throws {
        try await withSignedInMock { mock, signedIn in
            let reply = try await add(mock, ["orders": [
                ["company_id": .string(MockSeed.Company.acme), "client_id": .string(MockSeed.Customer.jane.id), "created_at": "2026-11-20T09:00:00Z",
                 "devices": [["workflow_type": "repair", "brand": "Apple", "model": "iPhone 15", "status": "repairing",
                              "updated_at": "2026-11-21T10:00:00Z", "diagnosis_started_at": "2026-11-20T11:00:00Z"]]],
                ["company_id": .string(MockSeed.Company.acme), "client_id": .string(MockSeed.Customer.jane.id), "created_at": "2026-11-19T09:00:00Z",
                 "devices": [["workflow_type": "repair", "brand": "Apple", "model": "iPhone 13", "status": "collected"]]],
            ]])
            #expect(reply.status == 201, "\(reply.error ?? "")")
            let admin = signedIn.token
            let device = try await mock.get("/api/devices/00000006-f000-4000-8000-000000000001", bearer: admin)
            #expect(device.data["timestamps"] == [
                "received_at": "2026-11-20T09:00:00Z", "diagnosis_started_at": "2026-11-20T11:00:00Z",
                "quote_sent_at": "2026-11-21T10:00:00Z", "authorised_at": "2026-11-21T10:00:00Z", "rejected_at": .null,
                "parts_ordered_at": "2026-11-21T10:00:00Z", "parts_received_at": "2026-11-21T10:00:00Z",
                "repair_started_at": "2026-11-21T10:00:00Z", "repair_completed_at": .null, "qc_completed_at": .null,
                "ready_at": .null, "collected_at": .null,
            ])
            #expect(device.data["authorization"]?["status"] == "approved")
            #expect(device.data["available_transitions"]?.array?.map { $0["status"] } == ["repaired_qc", "awaiting_revised_quote"])
            let order = try await mock.get("/api/orders/00000005-f000-4000-8000-000000000001", bearer: admin)
            #expect(order.data["status"] == "in_progress")
            #expect(order.data["dates"] == ["created_at": "2026-11-20T09:00:00Z", "updated_at": "2026-11-20T09:00:00Z",
                                            "quote_sent_at": "2026-11-21T10:00:00Z", "authorised_at": "2026-11-21T10:00:00Z",
                                            "collected_at": .null])
            let collected = try await mock.get("/api/orders/00000005-f000-4000-8000-000000000002", bearer: admin)
            #expect(collected.data["status"] == "collected")
            #expect(collected.data["dates"]?["collected_at"] == "2026-11-19T09:00:00Z")
            let collectedDevice = try await mock.get("/api/devices/00000006-f000-4000-8000-000000000002", bearer: admin)
            #expect(collectedDevice.data["timestamps"]?["ready_at"] == "2026-11-19T09:00:00Z")
            #expect(collectedDevice.data["timestamps"]?["collected_at"] == "2026-11-19T09:00:00Z")
            #expect(collectedDevice.data["available_transitions"] == [])
        }
    }

    /// Fixtures set the scene: no push to a registered customer, no mail, whatever the status.
    @Test func nothingIsPushedOrMailed() async throws {
        try await withMock { mock in
            let jane = try await mock.signInCustomer("jane@customer.test")
            try await mock.registerPushToken(String(repeating: "ab", count: 32), appType: "customer", bearer: jane)
            let outbox = try await mock.outboxCount(), pushes = try await mock.pushes().count
            let reply = try await add(mock, ["orders": [
                ["company_id": .string(MockSeed.Company.acme), "client_id": .string(MockSeed.Customer.jane.id),
                 "devices": [["workflow_type": "repair", "brand": "Apple", "model": "iPhone 15", "status": "awaiting_authorisation"],
                             ["workflow_type": "repair", "brand": "Apple", "model": "iPhone 15", "status": "repaired_ready"]]],
            ]])
            #expect(reply.status == 201)
            #expect(try await mock.outboxCount() == outbox)
            #expect(try await mock.pushes().count == pushes)
        }
    }

    // MARK: - Bad input: a 400 naming the field, nothing written

    @Test(arguments: [
        // A reference to another company's row.
        (#"{"orders":[{"company_id":"00000001-0000-4000-8000-00000000b000","client_id":"00000004-0000-4000-8000-00000000e001","devices":[{"workflow_type":"repair","brand":"Apple","model":"X","status":"diagnosing"}]}]}"#,
         #"orders[0].client_id: client "00000004-0000-4000-8000-00000000e001" is not a client of company "00000001-0000-4000-8000-00000000b000""#),
        (#"{"orders":[{"company_id":"00000001-0000-4000-8000-00000000b000","client_id":"00000004-0000-4000-8000-00000000e002","location_id":"00000002-0000-4000-8000-00000000a001","devices":[{"workflow_type":"repair","brand":"Apple","model":"X","status":"diagnosing"}]}]}"#,
         #"orders[0].location_id: unknown location "00000002-0000-4000-8000-00000000a001" in this company"#),
        (#"{"orders":[{"company_id":"00000001-0000-4000-8000-00000000b000","client_id":"00000004-0000-4000-8000-00000000e002","devices":[{"workflow_type":"repair","brand":"Apple","model":"X","status":"diagnosing","assigned_engineer_id":"00000003-0000-4000-8000-00000000a002"}]}]}"#,
         #"orders[0].devices[0].assigned_engineer_id: unknown user "00000003-0000-4000-8000-00000000a002" in this company"#),
        (#"{"tickets":[{"company_id":"00000001-0000-4000-8000-00000000b000","ticket_type":"order","status":"open","subject":"x","order_id":"00000005-0000-4000-8000-00000000a001","messages":[]}]}"#,
         #"tickets[0].order_id: unknown order "00000005-0000-4000-8000-00000000a001" in this company"#),
        // The status path, by index.
        (#"{"orders":[{"company_id":"00000001-0000-4000-8000-00000000a000","client_id":"00000004-0000-4000-8000-00000000e001","devices":[{"workflow_type":"repair","brand":"Apple","model":"X","status":"diagnosing"},{"workflow_type":"buyback","brand":"Apple","model":"X","status":"repairing"}]}]}"#,
         #"orders[0].devices[1].status: "repairing" is not a status of the buyback workflow"#),
        (#"{"orders":[{"company_id":"00000001-0000-4000-8000-00000000a000","client_id":"00000004-0000-4000-8000-00000000e001","devices":[{"workflow_type":"repair","brand":"Apple","model":"X","status":"diagnosing"},{"workflow_type":"repair","brand":"Apple","model":"X","status":"fixed"}]}]}"#,
         #"orders[0].devices[1].status: unknown device status "fixed""#),
        // Ids, emails and numbers already in the database.
        (#"{"clients":[{"id":"00000004-0000-4000-8000-00000000e001","email":"new@example.test","first_name":"A","last_name":"B","companies":[]}]}"#,
         #"clients[0].id: "00000004-0000-4000-8000-00000000e001" is already the id of another client"#),
        (#"{"clients":[{"email":"JANE@customer.test","first_name":"A","last_name":"B","companies":[]}]}"#,
         #"clients[0].email: duplicate email "JANE@customer.test""#),
        (#"{"orders":[{"company_id":"00000001-0000-4000-8000-00000000a000","order_number":10001,"client_id":"00000004-0000-4000-8000-00000000e001","devices":[{"workflow_type":"repair","brand":"Apple","model":"X","status":"diagnosing"}]}]}"#,
         #"orders[0].order_number: duplicate order number 10001 in this company"#),
        // Shapes.
        (#"{"clients":[{"first_name":"A","last_name":"B","companies":[]}]}"#, #"clients[0].email: missing"#),
        (#"{"order":[]}"#, #"order: unknown key (one of now, companies, brands, users, clients, orders, tickets, macros)"#),
        (#"[]"#, #"expected an object of seed collections"#),
        (#"{"orders":{}}"#, #"orders: expected an array"#),
        (#"{"orders":["#, #"Invalid JSON body"#),
        (#"{"orders":[{"company_id":"00000001-0000-4000-8000-00000000a000","client_id":"00000004-0000-4000-8000-00000000e001","devices":[]}]}"#,
         #"orders[0].devices: an order needs at least one device"#),
        (#"{"now":"yesterday"}"#, #"now: "yesterday" is not a timestamp like 2026-11-21T10:15:00Z"#),
        (#"{"clients":[{"email":"a@b.test","first_name":"A\u0000B","last_name":"B","companies":[]}]}"#,
         #"Invalid or missing field: clients[0].first_name"#),
        // Money and numbers bounded, so totals never overflow.
        (#"{"orders":[{"company_id":"00000001-0000-4000-8000-00000000a000","client_id":"00000004-0000-4000-8000-00000000e001","devices":[{"workflow_type":"repair","brand":"Apple","model":"X","status":"diagnosing"}],"items":[{"item_type":"repair","description":"x","unit_price_pence":9223372036854775807,"quantity":2}]}]}"#,
         #"orders[0].items[0].unit_price_pence: must be between 0 and 1000000000 pence"#),
        (#"{"orders":[{"company_id":"00000001-0000-4000-8000-00000000a000","client_id":"00000004-0000-4000-8000-00000000e001","devices":[{"workflow_type":"repair","brand":"Apple","model":"X","status":"diagnosing"}],"items":[{"item_type":"repair","description":"x","unit_price_pence":100,"quantity":10001}]}]}"#,
         #"orders[0].items[0].quantity: must be at most 10000"#),
        (#"{"orders":[{"company_id":"00000001-0000-4000-8000-00000000a000","client_id":"00000004-0000-4000-8000-00000000e001","devices":[{"workflow_type":"repair","brand":"Apple","model":"X","status":"diagnosing"}],"items":[{"item_type":"repair","description":"x","unit_price_pence":100,"vat_rate":"999999.00"}]}]}"#,
         #"orders[0].items[0].vat_rate: a VAT rate is at most "100.00""#),
        (#"{"orders":[{"company_id":"00000001-0000-4000-8000-00000000a000","client_id":"00000004-0000-4000-8000-00000000e001","devices":[{"workflow_type":"repair","brand":"Apple","model":"X","status":"diagnosing"}]},{"company_id":"00000001-0000-4000-8000-00000000a000","order_number":9223372036854775807,"client_id":"00000004-0000-4000-8000-00000000e001","devices":[{"workflow_type":"repair","brand":"Apple","model":"X","status":"diagnosing"}]}]}"#,
         #"orders[1].order_number: must be between 1 and 999999999"#),
    ])
    func badInputIsA400NamingTheFieldAndWritesNothing(body: String, message: String) async throws {
        try await withMock { mock in
            let before = try mock.dump()
            let reply = try await add(mock, body)
            #expect(reply.status == 400)
            #expect(reply.json == ["success": false, "error": .string(message)])
            #expect(try mock.dump() == before)
        }
    }

    /// A good row before a bad one is not written either: the body is one transaction.
    @Test func aBadRowLateInTheBodyWritesNothingBeforeIt() async throws {
        try await withMock { mock in
            let before = try mock.dump()
            let reply = try await add(mock, [
                "clients": [["email": "fine@example.test", "first_name": "Fine", "last_name": "Row", "companies": [.string(MockSeed.Company.acme)]]],
                "macros": [["company_id": .string(MockSeed.Company.acme), "name": "Broken", "stages": []]],
            ])
            #expect(reply.error == "macros[0].stages: a macro needs at least one stage")
            #expect(try mock.dump() == before)
        }
    }

    // MARK: - Namespaces, reset and pin

    @Test func fixturesInOneNamespaceAreInvisibleInAnother() async throws {
        try await withSignedInMock { mock, admin in
            let (one, oneAdmin) = try await mock.signedInNamespace("fixtures-one")
            let (two, twoAdmin) = try await mock.signedInNamespace("fixtures-two")
            let body: JSONValue = ["clients": [["email": "only-in-one@example.test", "first_name": "Only", "last_name": "One",
                                                "companies": [.string(MockSeed.Company.acme)]]]]
            #expect(try await add(one, body).status == 201)
            for (view, token) in [(one, oneAdmin.token), (two, twoAdmin.token), (mock, admin.token)] {
                let found = try #require(try await view.get("/api/clients/search?q=only-in-one", bearer: token).data.array)
                #expect(found.count == (view === one ? 1 : 0))
            }
            // The same body again in the other namespace makes the same id there: each has its own rows.
            #expect(Self.rows(try await add(two, body)).map { $0["id"] } == ["00000004-f000-4000-8000-000000000001"])
        }
    }

    @Test func resetDropsFixturesUnlessPinnedAfterThem() async throws {
        try await withMock { mock in
            func client(_ email: String) -> JSONValue {
                ["clients": [["email": .string(email), "first_name": "A", "last_name": "B", "companies": [.string(MockSeed.Company.acme)]]]]
            }
            func exists(_ email: String) async throws -> Bool {
                let admin = try await mock.signInStaff("admin@acme.test").token
                let found = try #require(try await mock.get("/api/clients/search?q=\(email)", bearer: admin).data.array)
                return !found.isEmpty
            }
            #expect(try await add(mock, client("before-pin@example.test")).status == 201)
            _ = try await mock.post("/__mock/reset")
            #expect(try await exists("before-pin@example.test") == false)

            #expect(try await add(mock, client("pinned@example.test")).status == 201)
            #expect(try await mock.post("/__mock/snapshot/pin").status == 200)
            #expect(try await add(mock, client("after-pin@example.test")).status == 201)
            _ = try await mock.post("/__mock/reset")
            #expect(try await exists("pinned@example.test"))
            #expect(try await exists("after-pin@example.test") == false)
        }
    }

    // MARK: - Fuzz

    /// Valid bodies mutated at random (a value replaced by another type, an extreme number, a long
    /// or empty string, a key removed, a row duplicated): never a 5xx; a 400 writes nothing; a 201's
    /// order reads back through the app API (its totals computed without overflow).
    @Test func mutatedBodiesNeverCause5xxAndRefusedOnesWriteNothing() async throws {
        try await withMock { mock in
            let base: JSONValue = [
                "clients": [["email": "fuzz@example.test", "first_name": "F", "last_name": "Z", "companies": [.string(MockSeed.Company.acme)]]],
                "orders": [["company_id": .string(MockSeed.Company.acme), "client_id": .string(MockSeed.Customer.jane.id),
                            "devices": [["workflow_type": "repair", "brand": "Apple", "model": "iPhone 15", "status": "repairing",
                                         "images": [["image_type": "intake", "filename": "a.jpg", "r2_key": "k"]],
                                         "parts": [["part_name": "Screen", "part_cost_pence": 5000]]]],
                            "items": [["item_type": "repair", "description": "Screen", "unit_price_pence": 12999, "quantity": 2,
                                       "vat_rate": "20.00"]],
                            "payments": [["amount_pence": 1000, "payment_method": "card", "refunded_pence": 0]]]],
                "tickets": [["company_id": .string(MockSeed.Company.acme), "ticket_type": "lead", "status": "open", "subject": "S",
                             "messages": [["type": "inbound", "body_text": "Hi", "attachments": [["filename": "a.pdf",
                                           "content_type": "application/pdf", "size_bytes": 10]]]]]],
                "macros": [["company_id": .string(MockSeed.Company.acme), "name": "M", "stages": [["subject": "S", "body": "B", "delay_minutes": 5]]]],
            ]
            var rng = BadInputFuzzTests.SplitMix(state: 0xF1C7_2026_1125)
            let replacements: [JSONValue] = [
                .null, true, 0, -1, .int(Int64.max), .int(Int64.min), 1e300, "", .string(String(repeating: "x", count: 3000)),
                "2026-13-45T99:99:99Z", "00000001-0000-4000-8000-00000000b000", "not-a-uuid", [], [:], [[:]],
            ]
            func mutate(_ value: JSONValue, depth: Int) -> JSONValue {
                switch value {
                case .object(var object) where !object.isEmpty && Int.random(in: 0..<3, using: &rng) > 0:
                    let key = object.keys.sorted()[Int.random(in: 0..<object.count, using: &rng)]
                    switch Int.random(in: 0..<4, using: &rng) {
                    case 0: object[key] = nil
                    case 1: object[key] = replacements.randomElement(using: &rng)!
                    default: object[key] = mutate(object[key]!, depth: depth + 1)
                    }
                    return .object(object)
                case .array(var elements) where !elements.isEmpty && Int.random(in: 0..<3, using: &rng) > 0:
                    let index = Int.random(in: 0..<elements.count, using: &rng)
                    if Int.random(in: 0..<4, using: &rng) == 0 { elements.append(elements[index]) }   // a duplicate row
                    else { elements[index] = mutate(elements[index], depth: depth + 1) }
                    return .array(elements)
                default:
                    return replacements.randomElement(using: &rng)!
                }
            }
            var made = 0, refused = 0
            for round in 0..<300 {
                var body = base
                for _ in 0..<Int.random(in: 1...3, using: &rng) { body = mutate(body, depth: 0) }
                let before = try mock.dump()
                let reply = try await add(mock, body)
                #expect(reply.status == 201 || reply.status == 400, "round \(round): \(reply.status) \(body.jsonString.prefix(300))")
                if reply.status == 400 {
                    refused += 1
                    #expect(try mock.dump() == before, "round \(round) wrote on a 400")
                    #expect(reply.error?.isEmpty == false)
                } else if reply.status == 201 {
                    made += 1
                    let admin = try await mock.control.createSession(email: "admin@acme.test").token
                    for row in Self.rows(reply) where row["table"] == "orders" {
                        let order = try await mock.get("/api/orders/\(row["id"]?.string ?? "")", bearer: admin)
                        #expect(order.status == 200, "round \(round)")
                    }
                    _ = try await mock.post("/__mock/reset")   // the next body's rows are new again
                }
            }
            #expect(made > 20 && refused > 100, "made \(made), refused \(refused): the mutations reach both answers")
        }
    }

    static let madeTables: Set<String> = [
        "orders", "tickets", "ticket_messages", "ticket_events", "ticket_attachments", "devices", "device_images", "device_accessories", "device_parts", "device_notes", "device_checklist_items",
        "order_items", "payments", "signatures",
    ]
}
