import GRDB

extension Seed {
    /// Writes the seed into an empty, migrated database (inside the caller's transaction).
    /// Passwords are stored as `hashPassword(plain)`, hashed once per distinct password (so
    /// every `password123` account shares one hash: a fixture, not a real user base).
    public func insert(into db: Database, hashPassword: (String) -> String) throws {
        var hashes: [String: String] = [:]
        func hash(_ plain: String) -> String {
            if let known = hashes[plain] { return known }
            let value = hashPassword(plain)
            hashes[plain] = value
            return value
        }
        func flag(_ value: Bool?, _ fallback: Bool) -> Int { (value ?? fallback) ? 1 : 0 }
        func put(_ record: some PersistableRecord, _ path: @autoclosure () -> String) throws {
            do {
                try record.insert(db)
            } catch let error as DatabaseError {
                throw SeedError(file: sourceName, path: path(), message: error.message ?? "\(error.resultCode)")
            }
        }

        var companyRates: [String: CompanyRecord] = [:]
        for (i, c) in companies.enumerated() {
            let created = c.created_at ?? now
            let company = CompanyRecord(
                id: c.id, name: c.name, status: c.status, currencyCode: c.currency_code ?? "GBP",
                vatNumber: c.vat_number, logoURL: c.logo_url,
                vatRateRepair: c.vat_rate_repair ?? "20.00", vatRateDeviceSale: c.vat_rate_device_sale ?? "20.00",
                vatRateAccessory: c.vat_rate_accessory ?? "20.00",
                vatRateDevicePurchase: c.vat_rate_device_purchase ?? "0.00", createdAt: created)
            companyRates[c.id] = company
            try put(company, "companies[\(i)]")
            for (j, l) in c.locations.enumerated() {
                try put(CompanyLocationRecord(
                    id: l.id, companyID: c.id, name: l.name, addressLine1: l.address_line1,
                    addressLine2: l.address_line2, city: l.city, postcode: l.postcode,
                    country: l.country ?? "GB", phone: l.phone, email: l.email,
                    isPrimary: flag(l.is_primary, j == 0), createdAt: l.created_at ?? created),
                    "companies[\(i)].locations[\(j)]")
            }
        }

        for (i, u) in users.enumerated() {
            let created = u.created_at ?? now
            try put(UserRecord(
                id: u.id, companyID: u.company_id, email: u.email, firstName: u.first_name,
                lastName: u.last_name, role: u.role, phiAccessLevel: u.phi_access_level,
                dataClassification: u.data_classification, isActive: flag(u.is_active, true),
                archivedAt: u.archived_at, magicLinkEnabled: flag(u.magic_link_enabled, true),
                passwordHash: u.password.map(hash), twoFactorMethod: u.two_factor_method ?? .email,
                totpSecret: u.totp_secret, avatarURL: u.avatar_url, phone: u.phone, jobTitle: u.job_title,
                lastLogin: u.last_login, createdAt: created, updatedAt: created), "users[\(i)]")
            for (j, code) in (u.recovery_codes ?? []).enumerated() {
                try put(UserRecoveryCodeRecord(
                    id: Self.derivedID(u.id, j + 1), userID: u.id,
                    codeHash: StoreHashing.recoveryCodeHash(code), usedAt: nil),
                    "users[\(i)].recovery_codes[\(j)]")
            }
        }

        for (i, c) in clients.enumerated() {
            let created = c.created_at ?? now
            try put(ClientRecord(
                id: c.id, email: c.email, firstName: c.first_name, lastName: c.last_name, phone: c.phone,
                addressLine1: c.address_line1, addressLine2: c.address_line2, city: c.city,
                postcode: c.postcode, emailSuppressed: flag(c.email_suppressed, false), createdAt: created),
                "clients[\(i)]")
            for (j, company) in c.companies.enumerated() {
                try put(ClientCompanyRecord(clientID: c.id, companyID: company, createdAt: created),
                        "clients[\(i)].companies[\(j)]")
            }
        }

        for (i, o) in orders.enumerated() {
            let p = "orders[\(i)]"
            try put(OrderRecord(
                id: o.id, companyID: o.company_id, orderNumber: o.order_number, clientID: o.client_id,
                locationID: o.location_id, assignedUserID: o.assigned_user_id,
                intakeMethod: o.intake_method ?? .walkIn, notes: o.notes, createdAt: o.created_at,
                updatedAt: o.updated_at ?? o.created_at, quoteSentAt: o.quote_sent_at,
                authorisedAt: o.authorised_at, collectedAt: o.collected_at), p)
            for (j, d) in o.devices.enumerated() {
                let created = d.created_at ?? o.created_at
                try put(DeviceRecord(
                    id: d.id, companyID: o.company_id, orderID: o.id, workflowType: d.workflow_type,
                    status: d.status, priority: d.priority ?? .normal, assignedEngineerID: d.assigned_engineer_id,
                    brand: d.brand, model: d.model, serialNumber: d.serial_number, imei: d.imei,
                    colour: d.colour, storageCapacity: d.storage_capacity, passcodeType: d.passcode_type,
                    findMyStatus: d.find_my_status, conditionGrade: d.condition_grade,
                    customerReportedIssues: d.customer_reported_issues,
                    technicianFoundIssues: d.technician_found_issues, diagnosisNotes: d.diagnosis_notes,
                    repairNotes: d.repair_notes, technicianNotes: d.technician_notes,
                    authorizationStatus: d.authorization_status, authorizationMethod: d.authorization_method,
                    authorizationNotes: d.authorization_notes, createdAt: created,
                    updatedAt: d.updated_at ?? created, receivedAt: d.received_at ?? created,
                    diagnosisStartedAt: d.diagnosis_started_at, quoteSentAt: d.quote_sent_at,
                    authorisedAt: d.authorised_at, rejectedAt: d.rejected_at,
                    partsOrderedAt: d.parts_ordered_at, partsReceivedAt: d.parts_received_at,
                    repairStartedAt: d.repair_started_at, repairCompletedAt: d.repair_completed_at,
                    qcCompletedAt: d.qc_completed_at, readyAt: d.ready_at, collectedAt: d.collected_at,
                    despatchedAt: d.despatched_at, paidAt: d.paid_at), "\(p).devices[\(j)]")
            }
            let company = companyRates[o.company_id]
            for (j, item) in (o.items ?? []).enumerated() {
                let defaultRate: String? = switch item.item_type {
                case .repair: company?.vatRateRepair
                case .deviceSale: company?.vatRateDeviceSale
                case .accessory: company?.vatRateAccessory
                case .devicePurchase: company?.vatRateDevicePurchase
                }
                try put(OrderItemRecord(
                    id: item.id, companyID: o.company_id, orderID: o.id, deviceID: item.device_id,
                    itemType: item.item_type, description: item.description, quantity: item.quantity ?? 1,
                    unitPricePence: item.unit_price_pence, vatRate: item.vat_rate ?? defaultRate ?? "20.00",
                    createdAt: item.created_at ?? o.created_at), "\(p).items[\(j)]")
            }
            for (j, pay) in (o.payments ?? []).enumerated() {
                try put(PaymentRecord(
                    id: pay.id, companyID: o.company_id, orderID: o.id, amountPence: pay.amount_pence,
                    refundedPence: pay.refunded_pence ?? 0, paymentMethod: pay.payment_method,
                    paymentDate: pay.payment_date, isDeposit: flag(pay.is_deposit, false),
                    recordedBy: pay.recorded_by, notes: pay.notes, createdAt: pay.payment_date),
                    "\(p).payments[\(j)]")
            }
            for (j, s) in (o.signatures ?? []).enumerated() {
                try put(SignatureRecord(
                    id: s.id, companyID: o.company_id, orderID: o.id, deviceID: s.device_id,
                    clientID: o.client_id, signatureType: s.signature_type, typedName: s.typed_name,
                    termsAgreed: flag(s.terms_agreed, true), capturedAt: s.captured_at),
                    "\(p).signatures[\(j)]")
            }
        }

        for (i, t) in tickets.enumerated() {
            let p = "tickets[\(i)]"
            let lastMessage = t.messages.map(\.created_at).max() ?? t.created_at
            try put(TicketRecord(
                id: t.id, companyID: t.company_id, ticketNumber: t.ticket_number, ticketType: t.ticket_type,
                status: t.status, subject: t.subject, clientID: t.client_id, orderID: t.order_id,
                locationID: t.location_id, assignedUserID: t.assigned_user_id, createdAt: t.created_at,
                updatedAt: t.updated_at ?? lastMessage), p)
            for (j, m) in t.messages.enumerated() {
                let mp = "\(p).messages[\(j)]"
                try put(TicketMessageRecord(
                    id: m.id, companyID: t.company_id, ticketID: t.id, type: m.type, fromEmail: m.from_email,
                    fromName: m.from_name, toEmail: m.to_email, subject: m.subject, bodyText: m.body_text,
                    bodyHTML: m.body_html, deviceID: m.device_id, createdBy: m.created_by,
                    createdAt: m.created_at), mp)
                for (k, e) in (m.events ?? []).enumerated() {
                    try put(TicketEventRecord(
                        id: e.id, ticketID: t.id, messageID: m.id, eventType: e.event_type,
                        eventData: e.event_data, createdAt: e.created_at), "\(mp).events[\(k)]")
                }
                for (k, a) in (m.attachments ?? []).enumerated() {
                    try put(TicketAttachmentRecord(
                        id: a.id, messageID: m.id, filename: a.filename, contentType: a.content_type,
                        sizeBytes: a.size_bytes, createdAt: m.created_at), "\(mp).attachments[\(k)]")
                }
            }
            for (k, e) in (t.events ?? []).enumerated() {
                try put(TicketEventRecord(
                    id: e.id, ticketID: t.id, messageID: nil, eventType: e.event_type,
                    eventData: e.event_data, createdAt: e.created_at), "\(p).events[\(k)]")
            }
        }

        for (i, m) in macros.enumerated() {
            try put(MacroRecord(
                id: m.id, companyID: m.company_id, name: m.name, description: m.description,
                subject: m.subject, body: m.body, isActive: flag(m.is_active, true),
                createdAt: m.created_at ?? now), "macros[\(i)]")
        }
    }

    /// A stable UUID for rows the fixture doesn't name (recovery codes): SHA-256 of the parent
    /// id and `n`, shaped as a version-4 UUID.
    static func derivedID(_ parent: String, _ n: Int) -> String {
        let hex = Array(StoreHashing.sha256Hex("\(parent)#\(n)").utf8.prefix(32))
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
    public let seed: Seed
    let pristine: DatabaseQueue

    public init(seed: Seed, hashPassword: @Sendable (String) -> String) throws {
        self.seed = seed
        pristine = try DatabaseQueue(configuration: Store.configuration(file: false))
        _ = try Store(writer: pristine)
        try pristine.write { db in try seed.insert(into: db, hashPassword: hashPassword) }
    }

    /// Replaces every table of `store` with the seeded state (schema included: the copy is page
    /// by page, so the store must come from this build's migrations, as every `Store` does).
    public func restore(into store: Store) throws {
        do {
            try pristine.backup(to: store.writer)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
            // A database created with another page size (an older file, or a writer made
            // elsewhere) cannot receive a page copy. A file is rebuilt with our page size once;
            // an in-memory database cannot change it, so its rows are copied instead (slower).
            guard try Self.pageSize(of: store) != Store.pageSize else { throw error }
            if try Self.adoptPageSize(of: store) {
                try pristine.backup(to: store.writer)
            } else {
                try copyRows(into: store)
            }
        }
    }

    private static func pageSize(of store: Store) throws -> Int? {
        try store.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") }
    }

    /// Row by row: empties every table of `store` and inserts the pristine rows.
    private func copyRows(into store: Store) throws {
        let contents: [(table: String, rows: [Row])] = try pristine.read { db in
            try StoreMigrations.tables.map { table in
                // Table names are our own constants.
                (table, try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY rowid"))
            }
        }
        try store.writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
            try db.inTransaction {
                for table in StoreMigrations.tables.reversed() {
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
    public func makeInMemoryStore() throws -> Store {
        let queue = try DatabaseQueue(configuration: Store.configuration(file: false))
        try pristine.backup(to: queue)
        return try Store(writer: queue)   // migrations: already applied, nothing to do
    }

    /// Rebuilds `store` with `Store.pageSize` pages (VACUUM); false when that did not take
    /// (an in-memory database keeps its page size).
    private static func adoptPageSize(of store: Store) throws -> Bool {
        try store.writer.writeWithoutTransaction { db in
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "delete"
            if mode == "wal" { try db.execute(sql: "PRAGMA journal_mode = DELETE") }
            try db.execute(sql: "PRAGMA page_size = \(Store.pageSize)")
            try db.execute(sql: "VACUUM")
            if mode == "wal" { try db.execute(sql: "PRAGMA journal_mode = WAL") }
            return try Int.fetchOne(db, sql: "PRAGMA page_size") == Store.pageSize
        }
    }
}
