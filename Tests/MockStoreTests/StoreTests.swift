import Foundation
import GRDB
import Testing

@testable import MockBasics
@testable import MockStore
import RepairMinderMockControlCore


/// A cheap stand-in for the PBKDF2 hasher.
let storeFakeHash: @Sendable (String) -> String = { "test$" + $0 }

enum StoreFixture {
    static func seed() throws -> Seed { try Seed.bundledDefault() }
    static func seededStore() throws -> (Store, SeedSnapshot) {
        let (store, snapshot, _) = try seededDatabase()
        return (store, snapshot)
    }
    /// A store of the seed, and its database for the test to read and change with SQL of its own
    /// (the store keeps its writer to itself, like GRDB's demo `AppDatabase`).
    static func seededDatabase() throws -> (Store, SeedSnapshot, DatabaseQueue) {
        let snapshot = try SeedSnapshot(seed: seed(), hashPassword: storeFakeHash)
        let (store, database) = try emptyDatabase()
        try snapshot.restore(into: store)
        return (store, snapshot, database)
    }
    /// What `Store(path: ":memory:")` makes, and its database.
    static func emptyDatabase() throws -> (Store, DatabaseQueue) {
        let database = try DatabaseQueue(configuration: Store.configuration(file: false))
        return (try Store(writer: database), database)
    }
    /// A copy of `store`'s database, as `GET /__mock/snapshot` would give it, for a test to read with SQL.
    static func copy(of store: Store) throws -> DatabaseQueue {
        let path = tempPath("copy.sqlite")
        defer { removeFolder(of: path) }
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try StateFile.data(of: store).write(to: URL(fileURLWithPath: path))
        let file = try DatabaseQueue(path: path)
        let copy = try DatabaseQueue()
        try file.backup(to: copy)
        try file.close()
        return copy
    }
    static func tempPath(_ name: String = "store.sqlite") -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("rm-store-\(UUID().uuidString)")
            .appendingPathComponent(name).path
    }
    static func removeFolder(of path: String) {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
    }
}

@Suite struct StoreSchemaTests {
    @Test func migrationsCreateEveryTable() throws {
        let store = try Store(path: ":memory:")
        let names = try store.tableNames()
        // Exactly the tables of the records (GRDB's and SQLite's own bookkeeping aside).
        let ours = names.filter { !$0.hasPrefix("grdb_") && !$0.hasPrefix("sqlite_") }
        #expect(ours == Set(StoredTables.names))
        #expect(StoredTables.names.count == Set(StoredTables.names).count, "a table has one record")
    }

    /// A database made by the previous release (migrations up to v1) keeps its rows: devices are
    /// rebuilt with the new columns and priorities, and orders get their derived status.
    @Test func v1DatabaseUpgradesWithItsRowsAndDerivedOrderStatus() throws {
        let queue = try DatabaseQueue(configuration: Store.configuration(file: false))
        try StoreMigrations.migrator.migrate(queue, upTo: "v1-resources")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO companies (id, name, status, created_at) VALUES ('c1', 'Co', 'active', ?1);
                INSERT INTO clients (id, email, first_name, last_name, created_at) VALUES ('k1', 'k@x.test', 'K', 'L', ?1);
                INSERT INTO orders (id, company_id, order_number, client_id, created_at, updated_at)
                  VALUES ('o1', 'c1', 1, 'k1', ?1, ?1), ('o2', 'c1', 2, 'k1', ?1, ?1);
                INSERT INTO devices (id, company_id, order_id, workflow_type, status, priority, brand, model, created_at, updated_at)
                  VALUES ('d1', 'c1', 'o1', 'repair', 'repairing', 'urgent', 'Apple', 'iPhone', ?1, ?1),
                         ('d2', 'c1', 'o1', 'repair', 'awaiting_authorisation', 'normal', 'Apple', 'iPad', ?1, ?1),
                         ('d3', 'c1', 'o2', 'repair', 'collected', 'normal', 'Google', 'Pixel', ?1, ?1);
                INSERT INTO order_items (id, company_id, order_id, device_id, item_type, description, quantity, unit_price_pence, vat_rate, created_at)
                  VALUES ('i1', 'c1', 'o1', 'd1', 'repair', 'Screen', 1, 100, '20.00', ?1);
                """.replacingOccurrences(of: "?1", with: "'2026-11-21T10:15:00Z'"))
        }
        _ = try Store(writer: queue)   // runs v2
        try queue.read { db in
            let orders = try OrderRecord.fetchAll(db, sql: "SELECT * FROM orders ORDER BY order_number")
            #expect(orders.map(\.status) == [.awaitingAuthorisation, .collected])
            let devices = try DeviceRecord.fetchAll(db, sql: "SELECT * FROM devices ORDER BY id")
            #expect(devices.map(\.id) == ["d1", "d2", "d3"])
            #expect(devices.map(\.priority) == [.urgent, .normal, .normal])
            #expect(devices.allSatisfy { $0.brandID == nil && $0.subLocationID == nil })
            #expect(try String.fetchOne(db, sql: "SELECT device_id FROM order_items") == "d1")
        }
        try queue.write { db in try db.execute(sql: "UPDATE devices SET priority = 'low' WHERE id = 'd1'") }
        #expect(try queue.read { db in try DeviceRecord.fetchOne(db, key: "d1")?.priority } == .low)
    }

    /// In an iOS test bundle nothing of the mock may be written outside memory: an in-memory store
    /// keeps SQLite's temporary tables and sorts in memory too (a file store keeps SQLite's default).
    @Test func anInMemoryStoreWritesNoTemporaryFile() throws {
        #expect(try Store(path: ":memory:").databaseCondition().temporaryStore == 2)
        #expect(try StoreFixture.seededStore().1.makeInMemoryStore().databaseCondition().temporaryStore == 2)
        let path = StoreFixture.tempPath()
        defer { StoreFixture.removeFolder(of: path) }
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        #expect(try Store(path: path).databaseCondition().temporaryStore == 0)
    }

    @Test func foreignKeysAreOnAndEnforced() throws {
        #expect(try Store(path: ":memory:").databaseCondition().foreignKeysEnforced)
        let (_, database) = try StoreFixture.emptyDatabase()
        #expect(throws: DatabaseError.self) {
            try database.write { db in
                try db.execute(sql: """
                    INSERT INTO company_locations (id, company_id, name, address_line1, city, postcode, country, created_at)
                    VALUES (?, ?, 'x', 'x', 'x', 'x', 'GB', '2026-11-21T10:15:00Z')
                    """, arguments: [UUID().uuidString, UUID().uuidString])
            }
        }
    }

    @Test func checkConstraintsRejectUnknownValues() throws {
        let (_, _, database) = try StoreFixture.seededDatabase()
        #expect(throws: DatabaseError.self) {
            try database.write { db in
                try db.execute(sql: "UPDATE devices SET status = ? WHERE rowid = 1", arguments: ["teleported"])
            }
        }
        #expect(throws: DatabaseError.self) {
            try database.write { db in
                try db.execute(sql: "UPDATE companies SET status = ? WHERE rowid = 1", arguments: ["gone"])
            }
        }
        // A device token belongs to exactly one of a user and a client.
        #expect(throws: DatabaseError.self) {
            try database.write { db in
                try DeviceTokenRecord(deviceToken: "abc", platform: "ios", appType: .staff, userID: nil, clientID: nil,
                                      companyID: MockSeed.Company.acme, createdAt: "2026-11-21T10:15:00Z",
                                      updatedAt: "2026-11-21T10:15:00Z").insert(db)
            }
        }
    }

    @Test func fileDatabaseUsesWALAndNormalSync() throws {
        let path = StoreFixture.tempPath()
        defer { StoreFixture.removeFolder(of: path) }
        let store = try Store(path: path)
        let condition = try store.databaseCondition()
        #expect(condition.journalMode == "wal")
        #expect(condition.synchronous == 1)   // NORMAL
        #expect(condition.pageSize == Store.pageSize)
        #expect(try store.isEmpty())
    }

    /// A named operation that fails part-way writes nothing: here the status change's event is
    /// written before the assignee is found wanting.
    @Test func writeIsOneTransaction() throws {
        let (store, _) = try StoreFixture.seededStore()
        let before = try store.dumpAllTables()
        let ticket = MockSeed.Ticket.acme1001
        #expect(try store.ticket(id: ticket, company: MockSeed.Company.acme)?.summary.ticket.status != .closed)
        #expect(throws: ResourceError.invalidField("assigned_user_id")) {
            try store.updateTicket(id: ticket, company: MockSeed.Company.acme,
                                   change: TicketChange(status: .closed, assignedUserID: .some("no-such-user")),
                                   actor: MockSeed.Staff.admin.id, now: Date())
        }
        #expect(try store.dumpAllTables() == before)
    }
}


@Suite struct StoreSeedPersonaTests {
    @Test func companiesHaveTheirStatusesAndLocations() throws {
        let (_, _, database) = try StoreFixture.seededDatabase()
        try database.read { db in
            let companies = try CompanyRecord.fetchAll(db)
            let byName = Dictionary(uniqueKeysWithValues: companies.map { ($0.name, $0) })
            #expect(companies.count == 4)
            #expect(byName["Acme Repairs"]?.status == .active)
            #expect(byName["Acme Repairs"]?.currencyCode == "GBP")
            #expect(byName["Acme Repairs"]?.id == MockSeed.Company.acme)
            #expect(byName["Acme Repairs"]?.vatNumber != nil)
            #expect([byName["Acme Repairs"]?.vatRateRepair, byName["Acme Repairs"]?.vatRateDeviceSale,
                     byName["Acme Repairs"]?.vatRateAccessory, byName["Acme Repairs"]?.vatRateDevicePurchase]
                    == ["20.00", "20.00", "20.00", "0.00"])
            #expect(byName["Beta Tech"]?.status == .active)
            #expect(byName["Pending Co"]?.status == .pendingApproval)
            #expect(byName["Halted Ltd"]?.status == .suspended)
            for company in companies {
                let locations = try CompanyLocationRecord.filter(Column("company_id") == company.id).fetchCount(db)
                #expect(locations >= 1, "\(company.name) has no location")
            }
        }
    }

    @Test func staffPersonas() throws {
        let (_, _, database) = try StoreFixture.seededDatabase()
        try database.read { db in
            func user(_ email: String) throws -> UserRecord {
                try #require(try UserRecord.filter(sql: "email = ?", arguments: [email]).fetchOne(db))
            }
            let admin = try user("ADMIN@acme.test")   // email is COLLATE NOCASE
            #expect(admin.id == MockSeed.Staff.admin.id)
            #expect(admin.role == .admin && admin.twoFactorMethod == .email)
            #expect(admin.passwordHash == "test$password123")
            #expect(admin.isActive == 1 && admin.archivedAt == nil)
            let engineer = try user("engineer@acme.test")
            #expect(engineer.role == .engineer && engineer.passwordHash == nil && engineer.magicLinkEnabled == 1)
            let totp = try user("totp@acme.test")
            #expect(totp.twoFactorMethod == .totp && totp.totpSecret == "JBSWY3DPEHPK3PXP")
            #expect(totp.passwordHash == "test$password123")
            let codes = try String.fetchSet(db, sql: "SELECT code_hash FROM user_recovery_codes WHERE user_id = ?",
                                            arguments: [totp.id])
            #expect(codes.count == 5)
            #expect(codes.contains(StoreHashing.recoveryCodeHash("ACME2FA1")))
            #expect(codes.contains(StoreHashing.recoveryCodeHash("acme2fa5")))
            #expect(try user("inactive@acme.test").isActive == 0)
            #expect(try user("archived@acme.test").archivedAt != nil)
            #expect(try user("admin@beta.test").companyID == MockSeed.Company.beta)
            #expect(try user("owner@pending.test").companyID == MockSeed.Company.pending)
            #expect(try user("owner@halted.test").companyID == MockSeed.Company.halted)
            let withPassword = try UserRecord.filter(sql: "password_hash IS NOT NULL").fetchAll(db)
            #expect(withPassword.allSatisfy { $0.passwordHash == "test$password123" })
        }
    }

    @Test func customerPersonas() throws {
        let (_, _, database) = try StoreFixture.seededDatabase()
        try database.read { db in
            func companies(_ email: String) throws -> Set<String> {
                try String.fetchSet(db, sql: """
                    SELECT cc.company_id FROM client_companies cc JOIN clients c ON c.id = cc.client_id
                    WHERE c.email = ?
                    """, arguments: [email])
            }
            #expect(try companies("jane@customer.test") == [MockSeed.Company.acme])
            #expect(try companies("sam@customer.test") == [MockSeed.Company.acme, MockSeed.Company.beta])
            let jane = try #require(try ClientRecord.fetchOne(db, key: MockSeed.Customer.jane.id))
            #expect(jane.email == "jane@customer.test")
            let janeOrders = try OrderRecord.filter(Column("client_id") == MockSeed.Customer.jane.id).fetchAll(db)
            #expect(janeOrders.count >= 2)
            let waiting = try DeviceRecord
                .filter(janeOrders.map(\.id).contains(Column("order_id")))
                .filter(Column("status") == DeviceStatus.awaitingAuthorisation)
                .fetchCount(db)
            #expect(waiting >= 1)
        }
    }

    @Test func acmeResourcesCoverEveryStatusAndMessageType() throws {
        let (_, _, database) = try StoreFixture.seededDatabase()
        try database.read { db in
            #expect(try OrderRecord.filter(Column("company_id") == MockSeed.Company.acme).fetchCount(db) >= 30)
            #expect(try OrderRecord.filter(Column("company_id") == MockSeed.Company.beta).fetchCount(db) >= 3)
            let statuses = try DeviceStatus.fetchSet(db, sql: "SELECT status FROM devices WHERE company_id = ?",
                                                    arguments: [MockSeed.Company.acme])
            #expect(statuses == Set(DeviceStatus.allCases))
            let assignedToAdmin = try DeviceRecord.filter(Column("assigned_engineer_id") == MockSeed.Staff.admin.id).fetchCount(db)
            #expect(assignedToAdmin >= 3)
            let types = try MessageType.fetchSet(db, sql: "SELECT type FROM ticket_messages WHERE company_id = ?",
                                                arguments: [MockSeed.Company.acme])
            #expect(types == Set(MessageType.allCases))
            #expect(try MacroRecord.filter(Column("company_id") == MockSeed.Company.acme).fetchCount(db) >= 2)
            // Every device's status belongs to its workflow; every order has a device.
            for device in try DeviceRecord.fetchAll(db) {
                #expect(device.status.belongs(to: device.workflowType), "\(device.id)")
            }
            let empty = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM devices d WHERE d.order_id = o.id)")
            #expect(empty == 0)
            // Records decode every table's rows.
            _ = try OrderItemRecord.fetchAll(db); _ = try PaymentRecord.fetchAll(db)
            _ = try SignatureRecord.fetchAll(db); _ = try TicketRecord.fetchAll(db)
            _ = try TicketEventRecord.fetchAll(db); _ = try TicketAttachmentRecord.fetchAll(db)
            _ = try UserRecoveryCodeRecord.fetchAll(db); _ = try ClientCompanyRecord.fetchAll(db)
        }
    }

    @Test func seedTimestampsAreWholeSecondUTC() throws {
        let (_, _, database) = try StoreFixture.seededDatabase()
        try database.read { db in
            for (table, column) in [("orders", "created_at"), ("devices", "updated_at"), ("ticket_messages", "created_at"),
                                    ("payments", "payment_date"), ("signatures", "captured_at")] {
                let values = try String.fetchAll(db, sql: "SELECT \(column) FROM \(table)")
                #expect(!values.isEmpty)
                for value in values { #expect(Timestamp.isValid(value), "\(table).\(column) \(value)") }
            }
        }
    }

    @Test func recordsRoundTrip() throws {
        let (store, database) = try StoreFixture.emptyDatabase()
        let company = CompanyRecord(id: UUID().uuidString, name: "Test Co", status: .active, currencyCode: "GBP",
                                    vatNumber: nil, logoURL: nil, vatRateRepair: "20.00", vatRateDeviceSale: "20.00",
                                    vatRateAccessory: "20.00", vatRateDevicePurchase: "0.00",
                                    subscriptionPlan: .starter, createdAt: "2026-11-21T10:15:00Z")
        try database.write { db in try company.insert(db) }
        #expect(try database.read { db in try CompanyRecord.fetchOne(db, key: company.id) } == company)
        #expect(try store.company(id: company.id) == company)
        #expect(try !store.isEmpty())
    }
}

@Suite struct StoreSeedErrorTests {
    /// The default seed as a mutable JSON tree.
    func defaultJSON() throws -> [String: Any] {
        let url = try #require(StoreSeedURL.defaultSeed)
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    func message(_ json: [String: Any], name: String = "default.json") -> String? {
        do {
            let data = try JSONSerialization.data(withJSONObject: json)
            _ = try Seed.decode(data, sourceName: name)
            return nil
        } catch let error as SeedError {
            return error.description
        } catch {
            return "unexpected \(error)"
        }
    }

    func edit(_ json: inout [String: Any], _ key: String, _ index: Int, _ change: (inout [String: Any]) -> Void) {
        var list = json[key] as! [[String: Any]]
        change(&list[index])
        json[key] = list
    }

    @Test func unknownEnumValueNamesFileAndPath() throws {
        var json = try defaultJSON()
        edit(&json, "users", 3) { $0["role"] = "boss" }
        #expect(message(json) == "default.json: users[3].role: unknown role \"boss\"")
    }

    @Test func missingKeyAndWrongTypeNameThePath() throws {
        var json = try defaultJSON()
        edit(&json, "companies", 1) { $0["name"] = nil }
        #expect(message(json) == "default.json: companies[1].name: missing")
        json = try defaultJSON()
        edit(&json, "orders", 2) { order in
            var devices = order["devices"] as! [[String: Any]]
            devices[0]["status"] = 7
            order["devices"] = devices
        }
        #expect(message(json) == "default.json: orders[2].devices[0].status: expected a string")
    }

    @Test func semanticErrorsNameThePath() throws {
        var json = try defaultJSON()
        edit(&json, "orders", 4) { $0["client_id"] = "00000004-0000-4000-8000-00000000e999" }
        #expect(message(json) == "default.json: orders[4].client_id: unknown client \"00000004-0000-4000-8000-00000000e999\"")
        json = try defaultJSON()
        edit(&json, "orders", 0) { order in
            var devices = order["devices"] as! [[String: Any]]
            devices[0]["workflow_type"] = "buyback"
            devices[0]["status"] = "repairing"
            order["devices"] = devices
        }
        #expect(message(json) == "default.json: orders[0].devices[0].status: \"repairing\" is not a status of the buyback workflow")
        json = try defaultJSON()
        edit(&json, "users", 1) { $0["created_at"] = "2026-11-21 10:15" }
        #expect(message(json)?.hasPrefix("default.json: users[1].created_at: ") == true)
        json = try defaultJSON()
        edit(&json, "users", 2) { $0["email"] = "ADMIN@acme.test" }
        #expect(message(json) == "default.json: users[2].email: duplicate email \"ADMIN@acme.test\"")
    }

    @Test func loadFromFileNamesTheFile() throws {
        let path = StoreFixture.tempPath("broken.json")
        defer { StoreFixture.removeFolder(of: path) }
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try Data("{\"now\": \"2026-11-21T12:00:00Z\", \"companies\": [".utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: SeedError.self) { try Seed.load(from: URL(fileURLWithPath: path)) }
        #expect(error.file == "broken.json")
        #expect(error.path == "(root)")
        #expect(error.description.hasPrefix("broken.json: (root): "))
        let missing = try #require(throws: SeedError.self) {
            try Seed.load(from: URL(fileURLWithPath: path + ".none"))
        }
        #expect(missing.file == "broken.json.none")
    }
}

enum StoreSeedURL {
    static var defaultSeed: URL? { Seed.bundledDefaultURL }
}

extension SeedSnapshot {
    func pristineDump() throws -> [String: [String]] { try makeInMemoryStore().dumpAllTables() }
}

@Suite struct StoreSnapshotTests {
    @Test func restoreBringsAModifiedDatabaseBackExactly() throws {
        let (store, snapshot, database) = try StoreFixture.seededDatabase()
        let pristine = try store.dumpAllTables()
        try database.write { db in
            try db.execute(sql: "DELETE FROM orders WHERE id = ?", arguments: ["00000005-0000-4000-8000-00000000a001"])
            try db.execute(sql: "UPDATE companies SET status = 'suspended' WHERE id = ?", arguments: [MockSeed.Company.acme])
            try OutboxRecord(id: UUID().uuidString, toAddress: "admin@acme.test", kind: .staffTwoFactor, subject: "Code",
                             body: "123456", code: "123456", sentAt: "2026-11-21T12:00:00Z").insert(db)
        }
        #expect(try store.dumpAllTables() != pristine)
        try snapshot.restore(into: store)
        #expect(try store.dumpAllTables() == pristine)
        #expect(try database.read { db in try OrderRecord.fetchOne(db, key: "00000005-0000-4000-8000-00000000a001") } != nil)
    }

    @Test func restoreWorksIntoAWALFileAndReopeningDoesNotReseed() throws {
        let path = StoreFixture.tempPath()
        defer { StoreFixture.removeFolder(of: path) }
        let snapshot = try SeedSnapshot(seed: StoreFixture.seed(), hashPassword: storeFakeHash)
        let pristine = try snapshot.pristineDump()
        do {
            let store = try Store(path: path)
            #expect(try store.isEmpty())
            try snapshot.restore(into: store)
            #expect(try !store.isEmpty())
            #expect(try store.dumpAllTables() == pristine)
            #expect(try store.databaseCondition().journalMode == "wal")
            // Change it, restore, change it again and close.
            try store.deactivateUser(id: MockSeed.Staff.admin.id)
            #expect(try store.dumpAllTables() != pristine)
            try snapshot.restore(into: store)
            #expect(try store.dumpAllTables() == pristine)
            #expect(try store.setCompanyStatus(MockSeed.Company.acme, to: .suspended) != nil)
            try store.close()
        }
        // Reopened as it is: not empty, the change kept, nothing re-seeded.
        let reopened = try Store(path: path)
        #expect(try !reopened.isEmpty())
        #expect(try reopened.company(id: MockSeed.Company.acme)?.status == .suspended)
        let condition = try reopened.databaseCondition()
        #expect(condition.journalMode == "wal")
        #expect(condition.foreignKeysEnforced)
        #expect(condition.foreignKeysHold)
    }

    /// A restored store knows when its next macro stage is due (the copy's), so the first request
    /// after a reset asks the database nothing about macros: none for the seed, and the stage a
    /// saved state had scheduled for a state file.
    @Test func aRestoredStoreKnowsItsMacroScheduleFromTheCopy() throws {
        let snapshot = try SeedSnapshot(seed: StoreFixture.seed(), hashPassword: storeFakeHash)
        let (store, _) = try StoreFixture.emptyDatabase()
        try snapshot.restore(into: store)
        #expect(store.macroSchedule.current == .none)

        let now = try #require(Timestamp.parse("2026-11-21T12:00:00Z"))
        _ = try store.runMacro(ticketID: MockSeed.Ticket.acme1001, company: MockSeed.Company.acme,
                               macroID: MockSeed.Macro.quoteFollowUp, overrides: [:], actor: MockSeed.Staff.admin.id, now: now)
        let second = MacroSchedule.Next.at("2026-11-23T12:00:00Z")   // two days later
        #expect(store.macroSchedule.current == second)

        let saved = try StateFile.load(StateFile.data(of: store))
        let (other, _) = try StoreFixture.emptyDatabase()
        try saved.restore(into: other)
        #expect(other.macroSchedule.current == second)
        try snapshot.restore(into: other)
        #expect(other.macroSchedule.current == .none)
    }

    @Test func makeInMemoryStoreHoldsTheSeedAndIsIndependent() throws {
        let snapshot = try SeedSnapshot(seed: StoreFixture.seed(), hashPassword: storeFakeHash)
        let pristine = try snapshot.pristineDump()
        let a = try snapshot.makeInMemoryStore()
        let b = try snapshot.makeInMemoryStore()
        #expect(try a.dumpAllTables() == pristine)
        #expect(try a.setCompanyStatus(MockSeed.Company.acme, to: .suspended) != nil)
        #expect(try a.dumpAllTables() != pristine)
        #expect(try b.dumpAllTables() == pristine)
        #expect(try a.databaseCondition().foreignKeysEnforced)
    }

    @Test func restoreAdoptsOurPageSizeWhenTheStoreHasAnother() throws {
        let snapshot = try SeedSnapshot(seed: StoreFixture.seed(), hashPassword: storeFakeHash)
        let pristine = try snapshot.pristineDump()
        // In memory, 4 KiB pages (a writer made elsewhere).
        let memory = try Store(writer: DatabaseQueue())
        try snapshot.restore(into: memory)
        #expect(try memory.dumpAllTables() == pristine)
        // A WAL file with 4 KiB pages (as an older build would have left it).
        let path = StoreFixture.tempPath()
        defer { StoreFixture.removeFolder(of: path) }
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        var config = Configuration()
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
        let file = try Store(writer: DatabaseQueue(path: path, configuration: config))
        #expect(try file.databaseCondition().pageSize == 4096)
        try snapshot.restore(into: file)
        #expect(try file.dumpAllTables() == pristine)
        #expect(try file.databaseCondition().journalMode == "wal")
        #expect(try file.databaseCondition().pageSize == Store.pageSize)
    }

    @Test func timings() throws {
        let clock = ContinuousClock()
        var seed: Seed?
        let load = try clock.measure { seed = try StoreFixture.seed() }
        var snapshot: SeedSnapshot?
        let build = try clock.measure { snapshot = try SeedSnapshot(seed: seed!, hashPassword: storeFakeHash) }
        let insertOnly = try clock.measure {
            let queue = try DatabaseQueue()
            _ = try Store(writer: queue)
            try queue.write { db in try seed!.insert(into: db, hashPassword: storeFakeHash) }
        }
        let store = try Store(path: ":memory:")
        try snapshot!.restore(into: store)
        let rounds = 200
        let restoreMemory = try clock.measure { for _ in 0..<rounds { try snapshot!.restore(into: store) } }
        let path = StoreFixture.tempPath()
        defer { StoreFixture.removeFolder(of: path) }
        let file = try Store(path: path)
        try snapshot!.restore(into: file)
        let restoreFile = try clock.measure { for _ in 0..<rounds { try snapshot!.restore(into: file) } }
        let fresh = try clock.measure { for _ in 0..<rounds { _ = try snapshot!.makeInMemoryStore() } }
        let migrateOnly = try clock.measure { _ = try Store(path: ":memory:") }
        print("[store timings] load+decode+validate default.json: \(load); SeedSnapshot.init (migrate+insert): \(build), again: \(insertOnly); Store(path: \":memory:\") (migrations): \(migrateOnly); restore into :memory: \(restoreMemory / rounds) each; into WAL file: \(restoreFile / rounds) each; makeInMemoryStore: \(fresh / rounds) each")
    }
}

@Suite struct StoreWorkflowTests {
    @Test func twentyStatusesSeventeenRepairThreeBuybackOnly() {
        #expect(DeviceStatus.allCases.count == 20)
        #expect(WorkflowType.repair.statuses.count == 17)
        let buybackOnly = Set(WorkflowType.buyback.statuses).subtracting(WorkflowType.repair.statuses)
        #expect(buybackOnly == [.readyToPay, .paymentMade, .addedToBuyback])
    }

    @Test func edgesStayInTheirWorkflowAndReachEveryStatus() {
        for workflow in [WorkflowType.repair, .buyback] {
            var reached: Set<DeviceStatus> = [workflow.initialStatus]
            var frontier = [workflow.initialStatus]
            while let status = frontier.popLast() {
                for next in status.nextStatuses(in: workflow) {
                    #expect(next.belongs(to: workflow))
                    if reached.insert(next).inserted { frontier.append(next) }
                }
            }
            #expect(reached == Set(workflow.statuses), "\(workflow)")
        }
        #expect(DeviceStatus.awaitingAuthorisation.canMove(to: .rejected, in: .repair))
        #expect(!DeviceStatus.deviceReceived.canMove(to: .repairing, in: .repair))
        #expect(DeviceStatus.repairing.nextStatuses(in: .buyback).isEmpty)
    }
}

@Suite struct StoreHelperTests {
    @Test func timestampsRoundTrip() {
        let date = Date(timeIntervalSince1970: 1_795_256_100.75)
        let text = Timestamp.string(date)
        #expect(text == "2026-11-21T10:15:00Z")
        #expect(Timestamp.date(from: text) == Date(timeIntervalSince1970: 1_795_256_100))
        #expect(Timestamp.date(from: "2026-02-31T10:15:00Z") == nil)
        #expect(Timestamp.date(from: "2026-11-21T10:15:00.000Z") == nil)
    }

    @Test func sha256HexMatchesKnownVector() {
        #expect(Secrets.sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(StoreHashing.recoveryCodeHash("acme2fa1") == Secrets.sha256Hex("ACME2FA1"))
    }
}

