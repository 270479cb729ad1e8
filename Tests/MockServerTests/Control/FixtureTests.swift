import Foundation
import Testing
@testable import MockServer

/// `POST /__mock/fixtures`: rows added to a running mock in the seed format (docs/control-api.md,
/// "Fixtures"): made ids and numbers, references to seeded rows and to rows of the same body,
/// devices stamped as if walked to their status, errors that name the field and write nothing, and
/// fixture rows that read exactly like seeded ones everywhere.
@Suite struct FixtureTests {
    /// `Seeds/default.json`.
    static let seed: JSONValue = {
        let data = try! Data(contentsOf: Seed.bundledDefaultURL!)
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
        let mock = try MockHarness()
        defer { mock.stop() }
        let admin = try await mock.signInStaff("admin@acme.test").token
        let jane = try await mock.signInCustomer("jane@customer.test")
        let statsBefore = try await mock.get("/api/dashboard/stats", bearer: admin)
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
                               ("/api/tickets/\(ticketRow["id"]?.string ?? "")", "/api/tickets/\(SeedTicketIDs.ticket(1))")] {
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

        // The dashboard counts it as it counts the original: one more awaiting authorisation.
        let statsAfter = try await mock.get("/api/dashboard/stats", bearer: admin)
        #expect(statsAfter.status == 200)
        #expect(statsAfter.body != statsBefore.body)

        // Rows added, nothing else: no mail, no push, no session, no journal entry.
        let after = try mock.dump()
        for table in before.keys.sorted() where !Self.madeTables.contains(table) {
            #expect(after[table] == before[table], "\(table)")
        }
    }

    static let madeTables: Set<String> = [
        "orders", "tickets", "ticket_messages", "ticket_events", "ticket_attachments", "devices", "device_images", "device_accessories", "device_parts", "device_notes", "device_checklist_items",
        "order_items", "payments", "signatures",
    ]
}
