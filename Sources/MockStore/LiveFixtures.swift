import Foundation
import GRDB
import MockBasics

/// A row `Store.addFixtures` made: where it was in the body, its table and id, and the number of
/// an order or ticket (made when the body left it out).
package struct FixtureRow: Sendable, Equatable {
    /// `orders[0].devices[1]`.
    package var path: String
    package var table: String
    package var id: String
    package var number: Int64?

    /// The tables a row can be made in, as the seed format lists them.
    package static let tables = SeedWorld.labels.map(\.table)
}

extension Store {
    /// Adds a fixture body (`POST /__mock/fixtures`: the seed format, any subset of its
    /// collections) to the live database, in one transaction: ids, order and ticket numbers and
    /// the timestamps a row cannot be without are made where the body leaves them out; it is then
    /// read and checked as a seed file is (`Seed.decode`), against the rows already here, which it
    /// may name; each device is stamped as if walked to its status (`stampWalks`). Nothing is
    /// pushed or mailed. Throws a `SeedError` naming the field, and writes nothing, on bad input.
    /// Returns every row made, in the seed format's order (`Seed.madeRows`).
    package func addFixtures(_ body: JSONValue, now: Date, hashPassword: (String) -> String) throws -> [FixtureRow] {
        guard case .object(let root) = body else {
            throw SeedError(file: "fixtures", path: "(root)", message: "expected an object of seed collections")
        }
        if let unknown = root.keys.sorted().first(where: { !FixtureCompletion.topLevelKeys.contains($0) }) {
            throw SeedError(file: "fixtures", path: unknown,
                            message: "unknown key (one of \(FixtureCompletion.topLevelKeys.joined(separator: ", ")))")
        }
        return try writeDatabase { db in try Self.insertFixtures(root, db: db, now: now, hashPassword: hashPassword) }
    }

    /// The backend's own `order_created` (`POST /__mock/events`): `order` (one order in the
    /// fixture format) added as `addFixtures` adds it, then the `order_created` push to the order's
    /// assigned user, else every active staff member of its company, by their preferences — in one
    /// transaction. The rows made, and a refused field's `SeedError`, are named from `order`
    /// (`order.devices[0]`), the body's key; on bad input nothing is written.
    package func createOrder(_ order: JSONValue, now: Date, hashPassword: (String) -> String) throws -> (rows: [FixtureRow], pushes: Int) {
        guard case .object = order else {
            throw SeedError(file: "fixtures", path: "order", message: "expected an object (an order in the fixture format)")
        }
        // The order goes in as the first of a fixture body's `orders`.
        func fromOrder(_ path: String) -> String {
            path.hasPrefix("orders[0]") ? "order" + path.dropFirst("orders[0]".count) : path
        }
        do {
            return try writeDatabase { db in
                var rows = try Self.insertFixtures(["orders": [order]], db: db, now: now, hashPassword: hashPassword)
                for index in rows.indices { rows[index].path = fromOrder(rows[index].path) }
                guard let made = rows.first(where: { $0.table == "orders" }),
                      let record = try OrderRecord.fetchOne(db, key: made.id),
                      let client = try ClientRecord.fetchCached(db, id: record.clientID) else { return (rows, 0) }
                let pushes = try PushDelivery.record([PushEvent.orderCreated(record, clientName: client.fullName)],
                                                     db: db, company: record.companyID, actor: "", now: now, invented: invented)
                return (rows, pushes)
            }
        } catch var error as SeedError {
            error.path = fromOrder(error.path)
            throw error
        }
    }

    /// `addFixtures`' work inside the caller's transaction.
    private static func insertFixtures(_ root: [String: JSONValue], db: Database, now: Date,
                                       hashPassword: (String) -> String) throws -> [FixtureRow] {
        let world = try SeedWorld.read(db)
        let completion = FixtureCompletion(world: world, body: root, now: Timestamp.string(now))
        let completed = completion.complete(root)
        let seed = try Seed.decode(.object(completed), sourceName: "fixtures", against: world)
        try seed.insert(into: db, hashPassword: hashPassword)
        try seed.stampWalks(db)
        return seed.madeRows()
    }
}

extension Seed {
    /// Gives each device the timestamps and authorisation answer a real walk from
    /// `device_received` to its status would have stamped (`DeviceRecord.stamp`, as a move does),
    /// at its `updated_at`, where the body did not give them; and its order the quote, authorised
    /// and collected dates a move sets.
    fileprivate func stampWalks(_ db: Database) throws {
        for o in orders {
            guard var order = try OrderRecord.fetchOne(db, key: o.row.record.id) else { continue }
            let orderBefore = order
            for d in o.devices {
                guard var device = try DeviceRecord.fetchOne(db, key: d.row.record.id) else { continue }
                let walk = DeviceStatus.walk(to: device.status, in: device.workflowType)
                var walked = device
                for status in walk { walked.stamp(status, at: device.updatedAt) }
                let before = device
                for timestamp in Set(DeviceStatus.allCases.flatMap(\.stampedTimestamps)) where device[keyPath: timestamp] == nil {
                    device[keyPath: timestamp] = walked[keyPath: timestamp]
                }
                if device.authorizationStatus == nil { device.authorizationStatus = walked.authorizationStatus }
                if device != before { try device.update(db) }
                if order.quoteSentAt == nil, walk.contains(.awaitingAuthorisation) { order.quoteSentAt = device.updatedAt }
                if order.authorisedAt == nil, walk.contains(where: { $0.authorizationOutcome == .approved }) {
                    order.authorisedAt = device.updatedAt
                }
            }
            if order.collectedAt == nil, order.status == .collected { order.collectedAt = order.updatedAt }
            if order != orderBefore { try order.update(db) }
        }
    }

    /// Every row of the body, parents before their children, in the order the seed format lists
    /// its collections (companies, brands, users, clients, orders, tickets, macros).
    func madeRows() -> [FixtureRow] {
        var list = MadeRows()
        try? visitRows(&list)   // MadeRows never throws
        return list.rows
    }
}

/// The rows a fixture body made, as `Store.addFixtures` answers them: each row's id is its first
/// column; an order's and a ticket's number with it.
private struct MadeRows: SeedRowVisitor {
    var rows: [FixtureRow] = []

    mutating func visit<Record: ColumnEncodable & TableRecord>(_ made: [SeedRow<Record>], listed: Bool) {
        guard listed else { return }
        for row in made {
            let id = row.record.columnValues.first.flatMap { $0 } as? String
            let number = (row.record as? OrderRecord)?.orderNumber ?? (row.record as? TicketRecord)?.ticketNumber
            rows.append(FixtureRow(path: row.path, table: Record.databaseTableName, id: id ?? "", number: number))
        }
    }
}

/// Fills in what a fixture body may leave out, on its JSON before it is read as a seed: empty
/// collections, `now` (the mock's clock), every row's `id` (readable like the seed's: the
/// table's first group, `f000` for "fixture", a number: `00000005-f000-4000-8000-000000000001`),
/// an order's `order_number` and a ticket's `ticket_number` (the company's highest plus one, or
/// 10001 and 1001 for a company without any), and the timestamps a row needs (`created_at` of
/// orders, tickets, messages, events and device notes, a payment's `payment_date`, a signature's
/// `captured_at`: `now`). Values of the wrong type are left as they are, for the seed reader to
/// name.
final class FixtureCompletion {
    static let topLevelKeys = ["now", "companies", "brands", "users", "clients", "orders", "tickets", "macros"]

    /// The first group of the ids made for a table (Seeds/README.md, "Ids").
    private static let idPrefix: [String: String] = [
        "companies": "00000001", "company_locations": "00000002", "users": "00000003", "clients": "00000004",
        "orders": "00000005", "devices": "00000006", "order_items": "00000007", "payments": "00000008",
        "signatures": "00000009", "tickets": "0000000a", "ticket_messages": "0000000b", "ticket_events": "0000000c",
        "macros": "0000000d", "macro_stages": "0000000e", "ticket_attachments": "0000000f", "device_images": "00000010",
        "device_accessories": "00000011", "device_parts": "00000012", "device_notes": "00000013",
        "device_checklist_items": "00000014", "sub_locations": "00000015", "brands": "00000016", "models": "00000017",
        "company_emails": "00000018",
    ]

    private let world: SeedWorld
    /// Every id the body gives, lowercased: a made id never repeats one.
    private let givenIDs: Set<String>
    private var nextID: [String: Int] = [:]
    /// Highest order / ticket number per company, of the database and the body.
    private var orderNumbers: [String: Int64] = [:]
    private var ticketNumbers: [String: Int64] = [:]
    private let now: String

    init(world: SeedWorld, body: [String: JSONValue], now: String) {
        self.world = world
        var ids = Set<String>()
        func collect(_ value: JSONValue) {
            switch value {
            case .object(let object):
                if let id = object["id"]?.stringValue { ids.insert(id.lowercased()) }
                object.values.forEach(collect)
            case .array(let values): values.forEach(collect)
            default: break
            }
        }
        body.values.forEach(collect)
        givenIDs = ids
        self.now = body["now"]?.stringValue ?? now
        /// The database's highest per company, raised by the body's own numbers.
        func highest(_ numbers: Set<SeedWorld.CompanyNumber>, _ key: String, _ column: String) -> [String: Int64] {
            var out = SeedWorld.highest(numbers)
            for row in body[key]?.arrayValue ?? [] {
                guard let company = row.objectValue?["company_id"]?.stringValue,
                      let n = row.objectValue?[column]?.intValue,
                      n < SeedValidator.maxNumber else { continue }   // out of range: the reader names it
                out[company] = max(out[company] ?? 0, n)
            }
            return out
        }
        orderNumbers = highest(world.orderNumbers, "orders", "order_number")
        ticketNumbers = highest(world.ticketNumbers, "tickets", "ticket_number")
    }

    func complete(_ body: [String: JSONValue]) -> [String: JSONValue] {
        var out = body
        out["now"] = out["now"] ?? .string(now)
        for key in Self.topLevelKeys.dropFirst() where out[key] == nil { out[key] = .array([]) }
        out["companies"] = rows(out["companies"]!, "companies") { company in
            company["locations"] = rows(company["locations"], "company_locations")
            company["sub_locations"] = rows(company["sub_locations"], "sub_locations")
            company["emails"] = rows(company["emails"], "company_emails")
        }
        out["brands"] = rows(out["brands"]!, "brands") { brand in
            brand["models"] = rows(brand["models"], "models")
        }
        out["users"] = rows(out["users"]!, "users")
        out["clients"] = rows(out["clients"]!, "clients")
        out["orders"] = rows(out["orders"]!, "orders") { order in
            if order["order_number"] == nil, let company = order["company_id"]?.stringValue {
                let number = orderNumbers[company].map { $0 + 1 } ?? 10001
                orderNumbers[company] = number
                order["order_number"] = .int(number)
            }
            stamp(&order, "created_at")
            order["devices"] = rows(order["devices"], "devices") { device in
                device["images"] = rows(device["images"], "device_images")
                device["accessories"] = rows(device["accessories"], "device_accessories")
                device["parts"] = rows(device["parts"], "device_parts")
                device["device_notes"] = rows(device["device_notes"], "device_notes") { stamp(&$0, "created_at") }
                device["checklist"] = rows(device["checklist"], "device_checklist_items")
            }
            order["items"] = rows(order["items"], "order_items")
            order["payments"] = rows(order["payments"], "payments") { stamp(&$0, "payment_date") }
            order["signatures"] = rows(order["signatures"], "signatures") { stamp(&$0, "captured_at") }
        }
        out["tickets"] = rows(out["tickets"]!, "tickets") { ticket in
            if ticket["ticket_number"] == nil, let company = ticket["company_id"]?.stringValue {
                let number = ticketNumbers[company].map { $0 + 1 } ?? 1001
                ticketNumbers[company] = number
                ticket["ticket_number"] = .int(number)
            }
            stamp(&ticket, "created_at")
            ticket["messages"] = rows(ticket["messages"], "ticket_messages") { message in
                stamp(&message, "created_at")
                message["events"] = rows(message["events"], "ticket_events") { stamp(&$0, "created_at") }
                message["attachments"] = rows(message["attachments"], "ticket_attachments")
            }
            ticket["events"] = rows(ticket["events"], "ticket_events") { stamp(&$0, "created_at") }
        }
        out["macros"] = rows(out["macros"]!, "macros") { macro in
            macro["stages"] = rows(macro["stages"], "macro_stages")
        }
        return out
    }

    /// `value` with an id given to each of its rows that has none, and `each` applied to every row
    /// (an absent optional list stays absent; anything not an array of objects is left to the reader).
    private func rows(_ value: JSONValue?, _ table: String,
                               _ each: (inout [String: JSONValue]) -> Void = { _ in }) -> JSONValue? {
        guard let value else { return nil }
        guard case .array(let elements) = value else { return value }
        return .array(elements.map { element in
            guard case .object(var row) = element else { return element }
            if row["id"] == nil { row["id"] = .string(makeID(table)) }
            each(&row)
            return .object(row)
        })
    }

    private func stamp(_ row: inout [String: JSONValue], _ key: String) {
        if row[key] == nil { row[key] = .string(now) }
    }

    private func makeID(_ table: String) -> String {
        let prefix = Self.idPrefix[table] ?? "00000000"
        let label = SeedWorld.labels.first { $0.table == table }?.label ?? table
        var n = nextID[table] ?? 1
        while true {
            let digits = String(n)
            let id = "\(prefix)-f000-4000-8000-\(String(repeating: "0", count: max(0, 12 - digits.count)))\(digits)"
            n += 1
            if !givenIDs.contains(id), world.ids[label + "|" + id] == nil {
                nextID[table] = n
                return id
            }
        }
    }
}
