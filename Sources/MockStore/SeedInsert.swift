import GRDB
import MockBasics

extension Seed {
    /// Writes the seed into a migrated database (inside the caller's transaction): an empty one for
    /// a seed file, the live one for fixtures, whose `world` links devices to the catalogue already
    /// there and gives line items their company's VAT rates.
    /// Passwords are stored as `hashPassword(plain)`, hashed once per distinct password (so
    /// every `password123` account shares one hash: a fixture, not a real user base).
    /// Rows go in through cached INSERT statements rather than Codable records: several times
    /// faster, which is most of a cold start. The tests read every table back through the records.
    func insert(into db: Database, world: SeedWorld = SeedWorld(), hashPassword: (String) -> String) throws {
        var hashes: [String: String] = [:]
        func hash(_ plain: String) -> String {
            if let known = hashes[plain] { return known }
            let value = hashPassword(plain)
            hashes[plain] = value
            return value
        }
        func flag(_ value: Bool?, _ fallback: Bool) -> Int { (value ?? fallback) ? 1 : 0 }
        let file = sourceName
        var statements: [String: Statement] = [:]
        /// `columns` and `table` are constants of this file; values are bound as arguments.
        func put(_ table: String, _ columns: String, _ values: [(any DatabaseValueConvertible)?],
                 _ path: @autoclosure () -> String) throws {
            do {
                let statement: Statement
                if let cached = statements[table] {
                    statement = cached
                } else {
                    let marks = Array(repeating: "?", count: values.count).joined(separator: ",")
                    statement = try db.makeStatement(sql: "INSERT INTO \(table) (\(columns)) VALUES (\(marks))")
                    statements[table] = statement
                }
                try statement.execute(arguments: StatementArguments(values))
            } catch let error as DatabaseError {
                throw SeedError(file: file, path: path(), message: error.message ?? "\(error.resultCode)")
            }
        }

        var companyRates = world.companyRates
        for (i, c) in companies.enumerated() {
            let created = c.created_at ?? now
            let rates: [ItemType: String] = [
                .repair: c.vat_rate_repair ?? "20.00", .deviceSale: c.vat_rate_device_sale ?? "20.00",
                .accessory: c.vat_rate_accessory ?? "20.00", .devicePurchase: c.vat_rate_device_purchase ?? "0.00",
            ]
            companyRates[c.id] = rates
            try put("companies", """
                id, name, status, currency_code, vat_number, logo_url, vat_rate_repair, vat_rate_device_sale, \
                vat_rate_accessory, vat_rate_device_purchase, subscription_plan, created_at
                """, [c.id, c.name, c.status, c.currency_code ?? "GBP", c.vat_number, c.logo_url,
                      rates[.repair], rates[.deviceSale], rates[.accessory], rates[.devicePurchase],
                      c.subscription_plan ?? .professional, created],
                "companies[\(i)]")
            for (j, l) in c.locations.enumerated() {
                try put("company_locations", """
                    id, company_id, name, address_line1, address_line2, city, postcode, country, phone, email, \
                    is_primary, created_at
                    """, [l.id, c.id, l.name, l.address_line1, l.address_line2, l.city, l.postcode,
                          l.country ?? "GB", l.phone, l.email, flag(l.is_primary, j == 0), l.created_at ?? created],
                    "companies[\(i)].locations[\(j)]")
            }
            for (j, e) in (c.emails ?? []).enumerated() {
                try put("company_emails", "id, company_id, location_id, email_address, display_name, created_at",
                        [e.id, c.id, e.location_id, e.email_address, e.display_name, created],
                        "companies[\(i)].emails[\(j)]")
            }
            for (j, sub) in (c.sub_locations ?? []).enumerated() {
                try put("sub_locations", "id, company_id, location_id, code, description, type",
                        [sub.id, c.id, sub.location_id, sub.code, sub.description, sub.type],
                        "companies[\(i)].sub_locations[\(j)]")
            }
        }

        // The catalogue: a device links to it by brand name and model name.
        var catalogue = world.catalogue
        for (i, b) in (brands ?? []).enumerated() {
            try put("brands", "id, name", [b.id, b.name], "brands[\(i)]")
            var models: [String: String] = [:]
            for (j, m) in b.models.enumerated() {
                try put("models", "id, brand_id, name", [m.id, b.id, m.name], "brands[\(i)].models[\(j)]")
                models[m.name] = m.id
            }
            catalogue[b.name] = (b.id, models)
        }

        for (i, u) in users.enumerated() {
            let created = u.created_at ?? now
            try put("users", """
                id, company_id, email, first_name, last_name, role, phi_access_level, data_classification, \
                is_active, archived_at, magic_link_enabled, password_hash, two_factor_method, totp_secret, \
                avatar_url, phone, job_title, last_login, created_at, updated_at
                """, [u.id, u.company_id, u.email, u.first_name, u.last_name, u.role, u.phi_access_level,
                      u.data_classification, flag(u.is_active, true), u.archived_at,
                      flag(u.magic_link_enabled, true), u.password.map(hash), u.two_factor_method ?? .email,
                      u.totp_secret, u.avatar_url, u.phone, u.job_title, u.last_login, created, created],
                "users[\(i)]")
            for (j, code) in (u.recovery_codes ?? []).enumerated() {
                try put("user_recovery_codes", "id, user_id, code_hash, used_at",
                        [Self.derivedID(u.id, j + 1), u.id, StoreHashing.recoveryCodeHash(code), nil],
                        "users[\(i)].recovery_codes[\(j)]")
            }
        }

        for (i, c) in clients.enumerated() {
            let created = c.created_at ?? now
            try put("clients", """
                id, email, first_name, last_name, phone, address_line1, address_line2, city, postcode, \
                email_suppressed, is_generated_email, created_at
                """, [c.id, c.email, c.first_name, c.last_name, c.phone, c.address_line1, c.address_line2,
                      c.city, c.postcode, flag(c.email_suppressed, false), flag(c.is_generated_email, false), created],
                "clients[\(i)]")
            for (j, company) in c.companies.enumerated() {
                try put("client_companies", "client_id, company_id, created_at", [c.id, company, created],
                        "clients[\(i)].companies[\(j)]")
            }
        }

        for (i, o) in orders.enumerated() {
            let p = "orders[\(i)]"
            try put("orders", """
                id, company_id, order_number, status, client_id, location_id, assigned_user_id, intake_method, notes, \
                created_at, updated_at, quote_sent_at, authorised_at, collected_at
                """, [o.id, o.company_id, o.order_number, OrderStatus(devices: o.devices.map { $0.status }),
                      o.client_id, o.location_id, o.assigned_user_id,
                      o.intake_method ?? .walkIn, o.notes, o.created_at, o.updated_at ?? o.created_at,
                      o.quote_sent_at, o.authorised_at, o.collected_at], p)
            for (j, d) in o.devices.enumerated() {
                let created = d.created_at ?? o.created_at
                let brand = catalogue[d.brand]
                let modelID = brand?.models[d.model]
                let dp = "\(p).devices[\(j)]"
                try put("devices", """
                    id, company_id, order_id, workflow_type, status, priority, assigned_engineer_id, brand, model, \
                    brand_id, model_id, sub_location_id, serial_number, imei, colour, storage_capacity, passcode_type, find_my_status, condition_grade, \
                    customer_reported_issues, technician_found_issues, diagnosis_notes, repair_notes, \
                    technician_notes, authorization_status, authorization_method, authorization_notes, \
                    created_at, updated_at, received_at, diagnosis_started_at, quote_sent_at, authorised_at, \
                    rejected_at, parts_ordered_at, parts_received_at, repair_started_at, repair_completed_at, \
                    qc_completed_at, ready_at, collected_at, despatched_at, paid_at
                    """, [d.id, o.company_id, o.id, d.workflow_type, d.status, d.priority ?? .normal,
                          d.assigned_engineer_id, d.brand, d.model, modelID == nil ? nil : brand?.brandID, modelID,
                          d.sub_location_id, d.serial_number, d.imei, d.colour,
                          d.storage_capacity, d.passcode_type, d.find_my_status, d.condition_grade,
                          d.customer_reported_issues, d.technician_found_issues, d.diagnosis_notes,
                          d.repair_notes, d.technician_notes, d.authorization_status, d.authorization_method,
                          d.authorization_notes, created, d.updated_at ?? created, d.received_at ?? created,
                          d.diagnosis_started_at, d.quote_sent_at, d.authorised_at, d.rejected_at,
                          d.parts_ordered_at, d.parts_received_at, d.repair_started_at, d.repair_completed_at,
                          d.qc_completed_at, d.ready_at, d.collected_at, d.despatched_at, d.paid_at], dp)
                for (k, image) in (d.images ?? []).enumerated() {
                    try put("device_images", "id, company_id, device_id, image_type, filename, caption, r2_key, created_at",
                            [image.id, o.company_id, d.id, image.image_type, image.filename, image.caption, image.r2_key,
                             image.created_at ?? created], "\(dp).images[\(k)]")
                }
                for (k, a) in (d.accessories ?? []).enumerated() {
                    try put("device_accessories", "id, company_id, device_id, accessory_type, description, returned_at, created_at",
                            [a.id, o.company_id, d.id, a.accessory_type, a.description, a.returned_at, created],
                            "\(dp).accessories[\(k)]")
                }
                for (k, part) in (d.parts ?? []).enumerated() {
                    try put("device_parts", """
                        id, company_id, device_id, part_name, part_sku, part_cost_pence, supplier, is_oem, created_at
                        """, [part.id, o.company_id, d.id, part.part_name, part.part_sku, part.part_cost_pence,
                              part.supplier, flag(part.is_oem, false), created], "\(dp).parts[\(k)]")
                }
                for (k, note) in (d.device_notes ?? []).enumerated() {
                    try put("device_notes", "id, company_id, device_id, body, created_by, created_at",
                            [note.id, o.company_id, d.id, note.body, note.created_by, note.created_at],
                            "\(dp).device_notes[\(k)]")
                }
                for (k, item) in (d.checklist ?? []).enumerated() {
                    try put("device_checklist_items", """
                        id, company_id, device_id, position, label, completed_at, completed_by
                        """, [item.id, o.company_id, d.id, k + 1, item.label, item.completed_at, item.completed_by],
                        "\(dp).checklist[\(k)]")
                }
            }
            let rates = companyRates[o.company_id] ?? [:]
            for (j, item) in (o.items ?? []).enumerated() {
                try put("order_items", """
                    id, company_id, order_id, device_id, item_type, description, quantity, unit_price_pence, \
                    vat_rate, created_at
                    """, [item.id, o.company_id, o.id, item.device_id, item.item_type, item.description,
                          item.quantity ?? 1, item.unit_price_pence, item.vat_rate ?? rates[item.item_type] ?? "20.00",
                          item.created_at ?? o.created_at], "\(p).items[\(j)]")
            }
            for (j, pay) in (o.payments ?? []).enumerated() {
                try put("payments", """
                    id, company_id, order_id, amount_pence, refunded_pence, payment_method, payment_date, \
                    is_deposit, recorded_by, notes, created_at
                    """, [pay.id, o.company_id, o.id, pay.amount_pence, pay.refunded_pence ?? 0, pay.payment_method,
                          pay.payment_date, flag(pay.is_deposit, false), pay.recorded_by, pay.notes,
                          pay.payment_date], "\(p).payments[\(j)]")
            }
            for (j, sig) in (o.signatures ?? []).enumerated() {
                try put("signatures", """
                    id, company_id, order_id, device_id, client_id, signature_type, typed_name, terms_agreed, \
                    captured_at
                    """, [sig.id, o.company_id, o.id, sig.device_id, o.client_id, sig.signature_type, sig.typed_name,
                          flag(sig.terms_agreed, true), sig.captured_at], "\(p).signatures[\(j)]")
            }
        }

        let eventColumns = "id, ticket_id, message_id, event_type, event_data, created_at"
        for (i, t) in tickets.enumerated() {
            let p = "tickets[\(i)]"
            let lastMessage = t.messages.map { $0.created_at }.max() ?? t.created_at
            try put("tickets", """
                id, company_id, ticket_number, ticket_type, status, subject, client_id, order_id, location_id, \
                assigned_user_id, requires_location, received_email_id, created_at, updated_at
                """, [t.id, t.company_id, t.ticket_number, t.ticket_type, t.status, t.subject, t.client_id,
                      t.order_id, t.location_id, t.assigned_user_id, flag(t.requires_location, false),
                      t.received_email_id, t.created_at, t.updated_at ?? lastMessage], p)
            for (j, m) in t.messages.enumerated() {
                let mp = "\(p).messages[\(j)]"
                try put("ticket_messages", """
                    id, company_id, ticket_id, type, from_email, from_name, to_email, subject, body_text, \
                    body_html, device_id, created_by, created_at
                    """, [m.id, t.company_id, t.id, m.type, m.from_email, m.from_name, m.to_email, m.subject,
                          m.body_text, m.body_html, m.device_id, m.created_by, m.created_at], mp)
                for (k, e) in (m.events ?? []).enumerated() {
                    try put("ticket_events", eventColumns,
                            [e.id, t.id, m.id, e.event_type, e.event_data, e.created_at], "\(mp).events[\(k)]")
                }
                for (k, a) in (m.attachments ?? []).enumerated() {
                    try put("ticket_attachments", "id, message_id, filename, content_type, size_bytes, created_at",
                            [a.id, m.id, a.filename, a.content_type, a.size_bytes, m.created_at],
                            "\(mp).attachments[\(k)]")
                }
            }
            for (k, e) in (t.events ?? []).enumerated() {
                try put("ticket_events", eventColumns,
                        [e.id, t.id, nil, e.event_type, e.event_data, e.created_at], "\(p).events[\(k)]")
            }
        }

        for (i, m) in macros.enumerated() {
            try put("macros", "id, company_id, name, description, is_active, created_at",
                    [m.id, m.company_id, m.name, m.description, flag(m.is_active, true), m.created_at ?? now],
                    "macros[\(i)]")
            for (j, stage) in m.stages.enumerated() {
                try put("macro_stages", "id, macro_id, position, delay_minutes, subject, body",
                        [stage.id, m.id, j + 1, stage.delay_minutes ?? 0, stage.subject, stage.body],
                        "macros[\(i)].stages[\(j)]")
            }
        }
    }

    /// A stable UUID for rows the fixture doesn't name (recovery codes): SHA-256 of the parent
    /// id and `n`, shaped as a version-4 UUID.
    static func derivedID(_ parent: String, _ n: Int) -> String {
        let hex = Array(Secrets.sha256Hex("\(parent)#\(n)").utf8.prefix(32))
        var out = [UInt8]()
        for (i, c) in hex.enumerated() {
            if i == 8 || i == 12 || i == 16 || i == 20 { out.append(45) }
            if i == 12 { out.append(52); continue }                 // version 4
            if i == 16 { out.append(56); continue }                 // variant 8
            out.append(c)
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A pristine in-memory database holding the migrated and seeded schema. `restore(into:)`
/// copies it over a live store with SQLite's backup API: this is both first-run seeding and
/// `POST /__mock/reset`, so the two can never differ.
public final class SeedSnapshot: Sendable {
    /// The fixture it was built from; nil for a snapshot loaded from a state file.
    let seed: Seed?
    let pristine: DatabaseQueue

    /// Takes over `pristine`, an in-memory database of our schema with `Store.pageSize` pages
    /// (`StateFile.load` makes one).
    init(pristine: DatabaseQueue) {
        seed = nil
        self.pristine = pristine
    }

    package init(seed: Seed, hashPassword: @Sendable (String) -> String) throws {
        self.seed = seed
        pristine = try DatabaseQueue(configuration: Store.configuration(file: false))
        _ = try Store(writer: pristine)
        try pristine.write { db in try seed.insert(into: db, hashPassword: hashPassword) }
    }

    /// Replaces every table of `store` with the seeded state (schema included: the copy is page
    /// by page, so the store must come from this build's migrations, as every `Store` does).
    package func restore(into store: Store) throws {
        do {
            try store.copyPages(from: pristine)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
            // A database created with another page size (an older file, or a writer made
            // elsewhere) cannot receive a page copy. A file is rebuilt with our page size once;
            // an in-memory database cannot change it, so its rows are copied instead (slower).
            guard try Self.pageSize(of: store) != Store.pageSize else { throw error }
            if try Self.adoptPageSize(of: store) {
                try store.copyPages(from: pristine)
            } else {
                try copyRows(into: store)
            }
        }
    }

    private static func pageSize(of store: Store) throws -> Int? {
        try store.readDatabase { db in try Int.fetchOne(db, sql: "PRAGMA page_size") }
    }

    /// Row by row: empties every table of `store` and inserts the pristine rows.
    private func copyRows(into store: Store) throws {
        let contents: [(table: String, rows: [Row])] = try pristine.read { db in
            try StoredTables.names.map { table in
                // Table names are our own constants.
                (table, try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY rowid"))
            }
        }
        defer { store.macroSchedule.forget() }
        try store.writeDatabaseWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
            try db.inTransaction {
                for table in StoredTables.names.reversed() {
                    try db.execute(sql: "DELETE FROM \(table)")
                }
                for (table, rows) in contents {
                    guard let first = rows.first else { continue }
                    let columns = Array(first.columnNames)
                    let sql = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES ("
                        + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
                    let statement = try db.cachedStatement(sql: sql)
                    for row in rows {
                        try statement.execute(arguments: StatementArguments(Array(row.databaseValues)))
                    }
                }
                return .commit
            }
        }
    }

    /// A new in-memory store holding the seed, without running the DDL twice: the fast way to
    /// give every test its own database.
    package func makeInMemoryStore() throws -> Store {
        let queue = try DatabaseQueue(configuration: Store.configuration(file: false))
        try pristine.backup(to: queue)
        let store = try Store(writer: queue)   // migrations: already applied, nothing to do
        try store.learnMacroSchedule()         // so its first request asks the database nothing
        return store
    }

    /// Rebuilds `store` with `Store.pageSize` pages (VACUUM); false when that did not take
    /// (an in-memory database keeps its page size).
    private static func adoptPageSize(of store: Store) throws -> Bool {
        try store.writeDatabaseWithoutTransaction { db in
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "delete"
            if mode == "wal" { try db.execute(sql: "PRAGMA journal_mode = DELETE") }
            try db.execute(sql: "PRAGMA page_size = \(Store.pageSize)")
            try db.execute(sql: "VACUUM")
            if mode == "wal" { try db.execute(sql: "PRAGMA journal_mode = WAL") }
            return try Int.fetchOne(db, sql: "PRAGMA page_size") == Store.pageSize
        }
    }
}
