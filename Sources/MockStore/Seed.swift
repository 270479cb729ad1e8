import Foundation
import GRDB
import MockSeeds
import MockBasics

/// A read seed fixture (format: Seeds/README.md): every row as its table's record, in the file's
/// shape. A row's keys are its table's columns, read by the record's own declaration
/// (SeedRowReader.swift); children nest in their parent (locations in companies, devices, items,
/// payments and signatures in orders, messages in tickets, events and attachments in messages),
/// which gives them their parent's ids. What a row may leave out has a default (below), most
/// timestamps `now` or the parent's.
package struct Seed: Sendable {
    /// The file the seed came from, for error messages (`default.json`).
    var sourceName: String
    /// The fixture's reference time: timestamps are written relative to it, and missing
    /// `created_at`s default to it. The server's clock is separate.
    var now: String
    var companies: [Company]
    /// The device catalogue; devices whose `brand` and `model` name an entry are linked to it.
    var brands: [Brand]
    var users: [User]
    var clients: [Client]
    var orders: [Order]
    var tickets: [Ticket]
    var macros: [Macro]

    struct Company: Sendable {
        var row: SeedRow<CompanyRecord>
        var locations: [SeedRow<CompanyLocationRecord>]
        var subLocations: [SeedRow<SubLocationRecord>]
        /// Addresses the company sends and receives enquiries on.
        var emails: [SeedRow<CompanyEmailRecord>]
    }

    struct Brand: Sendable {
        var row: SeedRow<BrandRecord>
        var models: [SeedRow<ModelRecord>]
    }

    struct User: Sendable {
        /// `password_hash` is written from `password` when the seed is inserted.
        var row: SeedRow<UserRecord>
        /// Plain text in the fixture; stored as `hashPassword(password)`. Null: magic link only.
        var password: String?
        /// From `recovery_codes`, plain 8-character codes: stored as `StoreHashing.recoveryCodeHash`,
        /// with ids derived from the user's.
        var recoveryCodes: [SeedRow<UserRecoveryCodeRecord>]
    }

    struct Client: Sendable {
        var row: SeedRow<ClientRecord>
        /// From `companies`, the ids of the companies this person is a client of.
        var companies: [SeedRow<ClientCompanyRecord>]
    }

    struct Order: Sendable {
        /// `status` is the devices' (`OrderStatus(devices:)`), whatever the row says.
        var row: SeedRow<OrderRecord>
        var devices: [Device]
        var items: [SeedRow<OrderItemRecord>]
        var payments: [SeedRow<PaymentRecord>]
        var signatures: [SeedRow<SignatureRecord>]
    }

    struct Device: Sendable {
        var row: SeedRow<DeviceRecord>
        var images: [SeedRow<DeviceImageRecord>]
        var accessories: [SeedRow<DeviceAccessoryRecord>]
        var parts: [SeedRow<DevicePartRecord>]
        var notes: [SeedRow<DeviceNoteRecord>]
        var checklist: [SeedRow<DeviceChecklistItemRecord>]
    }

    struct Ticket: Sendable {
        var row: SeedRow<TicketRecord>
        var messages: [Message]
        /// Ticket-level events (no message).
        var events: [SeedRow<TicketEventRecord>]
    }

    struct Message: Sendable {
        var row: SeedRow<TicketMessageRecord>
        var events: [SeedRow<TicketEventRecord>]
        var attachments: [SeedRow<TicketAttachmentRecord>]
    }

    struct Macro: Sendable {
        var row: SeedRow<MacroRecord>
        var stages: [SeedRow<MacroStageRecord>]
    }
}

/// One row of a seed file as its table's record, and where it is in the file.
struct SeedRow<Record: Sendable>: Sendable {
    var record: Record
    /// `orders[2].devices[0]`.
    var path: String
}

/// A value of a seed file that is not a row (a recovery code), and where it is.
struct SeedValue<Value: Sendable>: Sendable {
    var value: Value
    var path: String
}

/// What visits every row of a seed (`Seed.visitRows`): the writer, the list of rows a fixture made.
protocol SeedRowVisitor {
    /// `listed`: rows the file writes as rows (not a client's company links or a user's recovery codes).
    mutating func visit<Record: ColumnEncodable & TableRecord>(_ rows: [SeedRow<Record>], listed: Bool) throws
}

extension Seed {
    /// Every row, each table's as its record, in the file's order, parents before their children.
    func visitRows<Visitor: SeedRowVisitor>(_ visitor: inout Visitor) throws {
        for company in companies {
            try visitor.visit([company.row], listed: true)
            try visitor.visit(company.locations, listed: true)
            try visitor.visit(company.subLocations, listed: true)
            try visitor.visit(company.emails, listed: true)
        }
        for brand in brands {
            try visitor.visit([brand.row], listed: true)
            try visitor.visit(brand.models, listed: true)
        }
        for user in users {
            try visitor.visit([user.row], listed: true)
            try visitor.visit(user.recoveryCodes, listed: false)
        }
        for client in clients {
            try visitor.visit([client.row], listed: true)
            try visitor.visit(client.companies, listed: false)
        }
        for order in orders {
            try visitor.visit([order.row], listed: true)
            for device in order.devices {
                try visitor.visit([device.row], listed: true)
                try visitor.visit(device.images, listed: true)
                try visitor.visit(device.accessories, listed: true)
                try visitor.visit(device.parts, listed: true)
                try visitor.visit(device.notes, listed: true)
                try visitor.visit(device.checklist, listed: true)
            }
            try visitor.visit(order.items, listed: true)
            try visitor.visit(order.payments, listed: true)
            try visitor.visit(order.signatures, listed: true)
        }
        for ticket in tickets {
            try visitor.visit([ticket.row], listed: true)
            for message in ticket.messages {
                try visitor.visit([message.row], listed: true)
                try visitor.visit(message.events, listed: true)
                try visitor.visit(message.attachments, listed: true)
            }
            try visitor.visit(ticket.events, listed: true)
        }
        for macro in macros {
            try visitor.visit([macro.row], listed: true)
            try visitor.visit(macro.stages, listed: true)
        }
    }
}

extension Seed {
    /// The seed in `json`: every row read as its record, with the defaults and the ids its place
    /// gives it. `world`: the rows it is added to (a fixture body on a running mock), whose
    /// catalogue its devices link to and whose VAT rates its items take. Throws the first
    /// `SeedError` met, naming the path.
    static func read(_ json: JSONValue, sourceName: String, world: SeedWorld = SeedWorld()) throws -> Seed {
        guard let root = json.objectValue else {
            throw SeedError(file: sourceName, path: "(root)", message: "expected an object")
        }
        var reader = SeedReader(file: sourceName, catalogue: world.catalogue, companyRates: world.companyRates)
        guard let given = root["now"] else { throw reader.error("now", "missing") }
        guard let now = given.stringValue else {
            throw reader.error("now", given.isNull ? "expected a string, found null" : "expected a string")
        }
        reader.now = now
        return Seed(sourceName: sourceName, now: now,
                    companies: try reader.objects(root, "companies", at: "").map { try reader.company($0) },
                    brands: try reader.objects(root, "brands", at: "", required: false).map { try reader.brand($0) },
                    users: try reader.objects(root, "users", at: "").map { try reader.user($0) },
                    clients: try reader.objects(root, "clients", at: "").map { try reader.client($0) },
                    orders: try reader.objects(root, "orders", at: "").map { try reader.order($0) },
                    tickets: try reader.objects(root, "tickets", at: "").map { try reader.ticket($0) },
                    macros: try reader.objects(root, "macros", at: "").map { try reader.macro($0) })
    }
}

/// Reads a seed file's rows in the file's order, parents before children, keeping what later
/// rows take from earlier ones (the catalogue, the companies' VAT rates).
struct SeedReader {
    typealias Object = (object: [String: JSONValue], path: String)

    let file: String
    var now = ""
    var catalogue: [String: (brandID: String, models: [String: String])]
    var companyRates: [String: [ItemType: String]]

    func error(_ path: String, _ message: String) -> SeedError {
        SeedError(file: file, path: path, message: message)
    }

    /// `object[key]`, an array of objects, each with its path. Absent or null: empty unless `required`.
    func objects(_ object: [String: JSONValue], _ key: String, at path: String, required: Bool = true) throws -> [Object] {
        try items(object, key, at: path, required: required).map { item, itemPath in
            guard let member = item.objectValue else { throw error(itemPath, "expected an object") }
            return (member, itemPath)
        }
    }

    /// `object[key]`, an array of strings, each with its path.
    func strings(_ object: [String: JSONValue], _ key: String, at path: String, required: Bool) throws -> [SeedValue<String>] {
        try items(object, key, at: path, required: required).map { item, itemPath in
            guard let text = item.stringValue else { throw error(itemPath, "expected a string") }
            return SeedValue(value: text, path: itemPath)
        }
    }

    private func items(_ object: [String: JSONValue], _ key: String, at path: String,
                       required: Bool) throws -> [(JSONValue, String)] {
        let listPath = path.isEmpty ? key : "\(path).\(key)"
        guard let value = object[key], !value.isNull else {
            if required { throw error(listPath, object[key] == nil ? "missing" : "expected an array, found null") }
            return []
        }
        guard let items = value.arrayValue else { throw error(listPath, "expected an array") }
        return items.enumerated().map { ($1, "\(listPath)[\($0)]") }
    }

    /// A key that is not a column (`password`): a string, or nil when absent or null.
    func text(_ object: Object, _ key: String) throws -> String? {
        guard let value = object.object[key], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw error("\(object.path).\(key)", "expected a string") }
        return text
    }

    /// The row's record: `set` columns from the file's shape, the others from the row's keys of
    /// their names, else from `defaults`, else from the column's `DEFAULT` in its migration
    /// (`MigratedSchema.columnDefaults`: a default the schema has is not typed here again).
    func row<Record: ColumnEncodable & TableRecord & Sendable>(_ type: Record.Type, _ object: Object, set: [String: JSONValue] = [:],
                                                               defaults: [String: JSONValue] = [:]) throws -> SeedRow<Record> {
        let defaults = (MigratedSchema.columnDefaults[Record.databaseTableName] ?? [:]).merging(defaults) { $1 }
        var columns = SeedRowReader(object: object.object, set: set, defaults: defaults, path: object.path, file: file)
        return SeedRow(record: try Record(columns: &columns), path: object.path)
    }

    /// The row's own value of `key`, for another column's default (`updated_at` is `created_at`).
    private func given(_ object: Object, _ key: String, else fallback: JSONValue) -> JSONValue {
        guard let value = object.object[key], !value.isNull else { return fallback }
        return value
    }

    mutating func company(_ object: Object) throws -> Seed.Company {
        let company = try row(CompanyRecord.self, object, defaults: ["created_at": .string(now)])
        let c = company.record
        companyRates[c.id] = [.repair: c.vatRateRepair, .deviceSale: c.vatRateDeviceSale,
                              .accessory: c.vatRateAccessory, .devicePurchase: c.vatRateDevicePurchase]
        let parent: [String: JSONValue] = ["company_id": .string(c.id)]
        let created = JSONValue.string(c.createdAt)
        return Seed.Company(
            row: company,
            locations: try objects(object.object, "locations", at: object.path).enumerated().map { index, location in
                try row(CompanyLocationRecord.self, location, set: parent,
                        defaults: ["country": "GB", "is_primary": .bool(index == 0), "created_at": created])
            },
            subLocations: try objects(object.object, "sub_locations", at: object.path, required: false).map {
                try row(SubLocationRecord.self, $0, set: parent)
            },
            emails: try objects(object.object, "emails", at: object.path, required: false).map {
                try row(CompanyEmailRecord.self, $0, set: parent, defaults: ["created_at": created])
            })
    }

    mutating func brand(_ object: Object) throws -> Seed.Brand {
        let brand = try row(BrandRecord.self, object)
        let models = try objects(object.object, "models", at: object.path).map {
            try row(ModelRecord.self, $0, set: ["brand_id": .string(brand.record.id)])
        }
        var names: [String: String] = [:]
        for model in models { names[model.record.name] = model.record.id }
        catalogue[brand.record.name] = (brand.record.id, names)
        return Seed.Brand(row: brand, models: models)
    }

    func user(_ object: Object) throws -> Seed.User {
        let created = given(object, "created_at", else: .string(now))
        let user = try row(UserRecord.self, object, set: ["password_hash": .null], defaults: [
            "created_at": created, "updated_at": created,
        ])
        let codes = try strings(object.object, "recovery_codes", at: object.path, required: false)
        _ = try text(object, "note")   // for people reading the file (Seeds/README.md); a string or nothing
        return Seed.User(
            row: user,
            password: try text(object, "password"),
            recoveryCodes: try codes.enumerated().map { index, code in
                guard Seed.isRecoveryCode(code.value) else {
                    throw error(code.path, "a recovery code is 8 upper-case letters or digits")
                }
                return SeedRow(record: UserRecoveryCodeRecord(id: Seed.derivedID(user.record.id, index + 1), userID: user.record.id,
                                                              codeHash: StoreHashing.recoveryCodeHash(code.value), usedAt: nil),
                               path: code.path)
            })
    }

    func client(_ object: Object) throws -> Seed.Client {
        let client = try row(ClientRecord.self, object, defaults: ["created_at": .string(now)])
        return Seed.Client(
            row: client,
            companies: try strings(object.object, "companies", at: object.path, required: true).map { company in
                SeedRow(record: ClientCompanyRecord(clientID: client.record.id, companyID: company.value,
                                                    createdAt: client.record.createdAt),
                        path: company.path)
            })
    }

    func order(_ object: Object) throws -> Seed.Order {
        // `status` is the devices', set below once they are read.
        var order = try row(OrderRecord.self, object, set: ["status": .string(OrderStatus.allCases[0].rawValue)], defaults: [
            "updated_at": given(object, "created_at", else: .null),
        ])
        let o = order.record
        let parent: [String: JSONValue] = ["company_id": .string(o.companyID), "order_id": .string(o.id)]
        let devices = try objects(object.object, "devices", at: object.path).map { try device($0, of: o) }
        order.record.status = OrderStatus(devices: devices.map { $0.row.record.status })
        let rates = companyRates[o.companyID] ?? [:]
        return Seed.Order(
            row: order,
            devices: devices,
            items: try objects(object.object, "items", at: object.path, required: false).map { item in
                let type = item.object["item_type"]?.stringValue.flatMap(ItemType.init(rawValue:))
                return try row(OrderItemRecord.self, item, set: parent, defaults: [
                    "quantity": 1, "vat_rate": .string(type.flatMap { rates[$0] } ?? "20.00"),
                    "created_at": .string(o.createdAt),
                ])
            },
            payments: try objects(object.object, "payments", at: object.path, required: false).map { payment in
                try row(PaymentRecord.self, payment, set: parent, defaults: [
                    "created_at": given(payment, "payment_date", else: .null),
                ])
            },
            signatures: try objects(object.object, "signatures", at: object.path, required: false).map {
                try row(SignatureRecord.self, $0, set: parent.merging(["client_id": .string(o.clientID)]) { $1 },
                        defaults: ["terms_agreed": true])
            })
    }

    /// A device of `order`, linked to the catalogue when its `brand` and `model` name an entry.
    private func device(_ object: Object, of order: OrderRecord) throws -> Seed.Device {
        let entry = object.object["brand"]?.stringValue.flatMap { catalogue[$0] }
        let modelID = object.object["model"]?.stringValue.flatMap { entry?.models[$0] }
        let created = given(object, "created_at", else: .string(order.createdAt))
        let device = try row(DeviceRecord.self, object, set: [
            "company_id": .string(order.companyID), "order_id": .string(order.id),
            "brand_id": modelID == nil ? .null : .string(entry?.brandID ?? ""), "model_id": modelID.map(JSONValue.string) ?? .null,
        ], defaults: [
            "created_at": created, "updated_at": created, "received_at": created,
        ])
        let parent: [String: JSONValue] = ["company_id": .string(order.companyID), "device_id": .string(device.record.id)]
        let deviceCreated = JSONValue.string(device.record.createdAt)
        return Seed.Device(
            row: device,
            images: try objects(object.object, "images", at: object.path, required: false).map {
                try row(DeviceImageRecord.self, $0, set: parent, defaults: ["created_at": deviceCreated])
            },
            accessories: try objects(object.object, "accessories", at: object.path, required: false).map {
                try row(DeviceAccessoryRecord.self, $0, set: parent, defaults: ["created_at": deviceCreated])
            },
            parts: try objects(object.object, "parts", at: object.path, required: false).map {
                try row(DevicePartRecord.self, $0, set: parent, defaults: ["created_at": deviceCreated])
            },
            notes: try objects(object.object, "device_notes", at: object.path, required: false).map {
                try row(DeviceNoteRecord.self, $0, set: parent)
            },
            checklist: try objects(object.object, "checklist", at: object.path, required: false).enumerated().map { index, item in
                try row(DeviceChecklistItemRecord.self, item,
                        set: parent.merging(["position": .int(Int64(index + 1))]) { $1 })
            })
    }

    func ticket(_ object: Object) throws -> Seed.Ticket {
        let messages = try objects(object.object, "messages", at: object.path)
        // Updated when its last message came, unless the row says.
        let last = messages.compactMap { $0.object["created_at"]?.stringValue }.max()
        let ticket = try row(TicketRecord.self, object, defaults: [
            "updated_at": last.map(JSONValue.string) ?? given(object, "created_at", else: .null),
        ])
        let t = ticket.record
        return Seed.Ticket(
            row: ticket,
            messages: try messages.map { message in
                let m = try row(TicketMessageRecord.self, message,
                                set: ["company_id": .string(t.companyID), "ticket_id": .string(t.id)])
                return Seed.Message(
                    row: m,
                    events: try objects(message.object, "events", at: message.path, required: false).map {
                        try row(TicketEventRecord.self, $0, set: ["ticket_id": .string(t.id), "message_id": .string(m.record.id)])
                    },
                    attachments: try objects(message.object, "attachments", at: message.path, required: false).map {
                        try row(TicketAttachmentRecord.self, $0, set: ["message_id": .string(m.record.id)],
                                defaults: ["created_at": .string(m.record.createdAt)])
                    })
            },
            events: try objects(object.object, "events", at: object.path, required: false).map {
                try row(TicketEventRecord.self, $0, set: ["ticket_id": .string(t.id), "message_id": .null])
            })
    }

    func macro(_ object: Object) throws -> Seed.Macro {
        let macro = try row(MacroRecord.self, object, defaults: ["created_at": .string(now)])
        return Seed.Macro(
            row: macro,
            stages: try objects(object.object, "stages", at: object.path).enumerated().map { index, stage in
                try row(MacroStageRecord.self, stage,
                        set: ["macro_id": .string(macro.record.id), "position": .int(Int64(index + 1))])
            })
    }
}

/// A seed that cannot be loaded: `default.json: users[3].role: unknown role "boss"`.
package struct SeedError: Error, Sendable, CustomStringConvertible, LocalizedError {
    var file: String
    /// JSON path: `orders[2].devices[0].status`; `(root)` for the whole document.
    package var path: String
    package var message: String

    package var description: String { "\(file): \(path): \(message)" }
    package var errorDescription: String? { description }
}

extension Seed {
    /// Reads, decodes and checks a seed file. Errors are `SeedError`s naming the file and the
    /// JSON path.
    package static func load(from url: URL) throws -> Seed {
        let name = url.lastPathComponent
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SeedError(file: name, path: "(root)", message: "cannot read \(url.path)")
        }
        return try decode(data, sourceName: name)
    }

    /// Where the bundled `Seeds/default.json` is (nil if the bundle lacks it).
    static var bundledDefaultURL: URL? { SeedFiles.defaultSeed }

    /// The fixture bundled with the binary (`Seeds/default.json`).
    package static func bundledDefault() throws -> Seed {
        _ = try SeedFiles.bundle.get()   // a missing bundle says where it looked
        guard let url = bundledDefaultURL else {
            throw SeedError(file: "default.json", path: "(root)", message: "not found in the bundle")
        }
        return try load(from: url)
    }

    /// Reads and checks seed JSON; `sourceName` names it in errors. `world`: the rows it is
    /// added to (fixtures on a running mock), which it may name and must not repeat.
    static func decode(_ data: Data, sourceName: String, against world: SeedWorld = SeedWorld()) throws -> Seed {
        guard let json = JSONValue.parse(data) else {
            throw SeedError(file: sourceName, path: "(root)", message: "not JSON (RFC 8259)")
        }
        return try decode(json, sourceName: sourceName, against: world)
    }

    /// `decode` of a parsed document (a fixture body).
    static func decode(_ json: JSONValue, sourceName: String, against world: SeedWorld = SeedWorld()) throws -> Seed {
        let seed = try read(json, sourceName: sourceName, world: world)
        try seed.validate(against: world)
        return seed
    }
}
