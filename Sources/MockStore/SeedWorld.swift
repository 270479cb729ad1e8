import GRDB

/// What a seed body may refer to and must not repeat: empty for a seed file, the database's rows
/// for fixtures added to a running mock (`Store.addFixtures`). `Seed.validate(against:)` grows it
/// with the body's own rows as it reads them, so a later row may name an earlier one.
struct SeedWorld: Sendable {
    /// `"<table label>|<lowercased id>"` → the path of its first use; `""` for a row of the database.
    var ids: [String: String] = [:]
    var companies = Set<String>()
    var clients = Set<String>()
    /// `"<client id>|<company id>"`.
    var clientCompanies = Set<String>()
    var locationCompany: [String: String] = [:]
    var userCompany: [String: String] = [:]
    var orderCompany: [String: String] = [:]
    var deviceCompany: [String: String] = [:]
    var subLocationCompany: [String: String] = [:]
    var emailCompany: [String: String] = [:]
    /// Lowercased.
    var userEmails = Set<String>()
    /// Lowercased.
    var clientEmails = Set<String>()
    var orderNumbers = Set<CompanyNumber>()
    var ticketNumbers = Set<CompanyNumber>()
    var brandNames = Set<String>()
    /// Brand name → its id and its models (name → id): how a device is linked to the catalogue.
    var catalogue: [String: (brandID: String, models: [String: String])] = [:]
    /// A company's VAT rate per item type: what a line item without `vat_rate` takes.
    var companyRates: [String: [ItemType: String]] = [:]

    /// An order or ticket number, unique within its company.
    struct CompanyNumber: Hashable, Sendable {
        let company: String
        let number: Int64
    }

    /// The highest of `numbers` per company.
    static func highest(_ numbers: Set<CompanyNumber>) -> [String: Int64] {
        numbers.reduce(into: [:]) { out, entry in out[entry.company] = max(out[entry.company] ?? 0, entry.number) }
    }

    /// The table label the validator names an id by (`"order"`), per table.
    static let labels: [(table: String, label: String)] = [
        ("companies", "company"), ("company_locations", "location"), ("company_emails", "company email"),
        ("sub_locations", "sub-location"), ("brands", "brand"), ("models", "model"), ("users", "user"),
        ("clients", "client"), ("orders", "order"), ("devices", "device"), ("device_images", "image"),
        ("device_accessories", "accessory"), ("device_parts", "part"), ("device_notes", "device note"),
        ("device_checklist_items", "checklist item"), ("order_items", "item"), ("payments", "payment"),
        ("signatures", "signature"), ("tickets", "ticket"), ("ticket_messages", "message"),
        ("ticket_events", "event"), ("ticket_attachments", "attachment"), ("macros", "macro"),
        ("macro_stages", "macro stage"),
    ]

    /// Everything the database holds that a fixture body may name or must not repeat.
    static func read(_ db: Database) throws -> SeedWorld {
        var world = SeedWorld()
        for (table, label) in labels {
            // Table names are our own constants.
            for id in try String.fetchAll(db, sql: "SELECT id FROM \(table)") {
                world.ids[label + "|" + id.lowercased()] = ""
            }
        }
        for row in try Row.fetchAll(db, sql: """
            SELECT id, vat_rate_repair, vat_rate_device_sale, vat_rate_accessory, vat_rate_device_purchase
            FROM companies
            """) {
            let id: String = row["id"]
            world.companies.insert(id)
            world.companyRates[id] = [.repair: row["vat_rate_repair"], .deviceSale: row["vat_rate_device_sale"],
                                      .accessory: row["vat_rate_accessory"], .devicePurchase: row["vat_rate_device_purchase"]]
        }
        func pairs(_ sql: String) throws -> [(String, String)] {
            try Row.fetchAll(db, sql: sql).map { ($0[0], $0[1]) }
        }
        for (id, company) in try pairs("SELECT id, company_id FROM company_locations") { world.locationCompany[id] = company }
        for (id, company) in try pairs("SELECT id, company_id FROM users") { world.userCompany[id] = company }
        for (id, company) in try pairs("SELECT id, company_id FROM orders") { world.orderCompany[id] = company }
        for (id, company) in try pairs("SELECT id, company_id FROM devices") { world.deviceCompany[id] = company }
        for (id, company) in try pairs("SELECT id, company_id FROM sub_locations") { world.subLocationCompany[id] = company }
        for (id, company) in try pairs("SELECT id, company_id FROM company_emails") { world.emailCompany[id] = company }
        for (client, company) in try pairs("SELECT client_id, company_id FROM client_companies") {
            world.clientCompanies.insert(client + "|" + company)
        }
        world.clients = Set(try String.fetchAll(db, sql: "SELECT id FROM clients"))
        world.userEmails = Set(try String.fetchAll(db, sql: "SELECT lower(email) FROM users"))
        world.clientEmails = Set(try String.fetchAll(db, sql: "SELECT lower(email) FROM clients"))
        func numbers(_ sql: String) throws -> Set<CompanyNumber> {
            Set(try Row.fetchAll(db, sql: sql).map { CompanyNumber(company: $0[0], number: $0[1]) })
        }
        world.orderNumbers = try numbers("SELECT company_id, order_number FROM orders")
        world.ticketNumbers = try numbers("SELECT company_id, ticket_number FROM tickets")
        for (id, name) in try pairs("SELECT id, name FROM brands") {
            world.brandNames.insert(name)
            world.catalogue[name] = (id, [:])
        }
        for row in try Row.fetchAll(db, sql: "SELECT brands.name, models.name, models.id FROM models JOIN brands ON brands.id = models.brand_id") {
            let brand: String = row[0]
            world.catalogue[brand]?.models[row[1]] = row[2]
        }
        return world
    }
}
