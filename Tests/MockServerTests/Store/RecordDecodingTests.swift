import Foundation
import GRDB
import Testing
@testable import MockServer

/// The written-out `init(row:)` of every record (Store/RecordDecoding.swift) against the Codable
/// decoding it replaced, on every row of a database in which every table has rows.
@Suite struct RecordDecodingTests {
    static let types: [any (FetchableRecord & Decodable & Equatable & TableRecord).Type] = [
            CompanyRecord.self,
            CompanyLocationRecord.self,
            UserRecord.self,
            UserRecoveryCodeRecord.self,
            ClientRecord.self,
            ClientCompanyRecord.self,
            AuthCodeRecord.self,
            RefreshTokenFamilyRecord.self,
            RefreshTokenRecord.self,
            CustomerSessionRecord.self,
            DeviceTokenRecord.self,
            PushPreferenceRecord.self,
            OutboxRecord.self,
            PushLogRecord.self,
            OrderRecord.self,
            DeviceRecord.self,
            OrderItemRecord.self,
            PaymentRecord.self,
            SignatureRecord.self,
            TicketRecord.self,
            TicketMessageRecord.self,
            TicketEventRecord.self,
            TicketAttachmentRecord.self,
            MacroRecord.self,
            MacroStageRecord.self,
            MacroRunRecord.self,
            CompanyEmailRecord.self,
            BrandRecord.self,
            ModelRecord.self,
            SubLocationRecord.self,
            DeviceImageRecord.self,
            DeviceAccessoryRecord.self,
            DevicePartRecord.self,
            DeviceNoteRecord.self,
            DeviceChecklistItemRecord.self,
    ]

    @Test func everyRecordDecodesAsCodableDoesOnEveryRow() async throws {
        let mock = try MockHarness()
        defer { mock.stop() }
        // Fill the tables the seed leaves empty: codes, sessions, tokens, pushes, mail, macro runs.
        let admin = try await mock.signInStaff("admin@acme.test")
        let jane = try await mock.signInCustomer("jane@customer.test")
        try await mock.registerPushToken("staff-phone", appType: "staff", bearer: admin.token)
        try await mock.registerPushToken("jane-phone", appType: "customer", bearer: jane)
        let moved = try await mock.patch("/api/devices/\(SeedIDs.device(1))", ["status": "authorised_source_parts"],
                                         bearer: admin.token)
        #expect(moved.status == 200)
        let run = try await mock.post("/api/tickets/\(SeedTicketIDs.ticket(1))/macro",
                                      ["macro_id": .string(SeedTicketIDs.macro(1))], bearer: admin.token)
        #expect(run.status == 200)
        #expect(try await mock.post("/api/auth/magic-link/request", ["email": "engineer@acme.test"]).status == 200)
        _ = try await mock.send("PUT", "/api/user/push-preferences", json: ["marketing": .bool(true)], bearer: jane)

        #expect(Self.types.count == StoreMigrations.tables.count, "a record per table")
        try mock.server.environment.store.read { db in
            for type in Self.types { try Self.check(type, db) }
        }
    }

    private static func check<R: FetchableRecord & Decodable & Equatable & TableRecord>(_ type: R.Type, _ db: Database) throws {
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(R.databaseTableName) ORDER BY rowid")
        #expect(!rows.isEmpty, "\(R.databaseTableName) has no rows to check")
        for row in rows {
            let written = try R(row: row)
            // The Codable path, through JSON: every column as its JSON value.
            var object: [String: Any] = [:]
            for (column, value) in row {
                switch value.storage {
                case .null: object[column] = NSNull()
                case .int64(let int): object[column] = int
                case .double(let double): object[column] = double
                case .string(let string): object[column] = string
                case .blob(let data): object[column] = data.base64EncodedString()
                }
            }
            let json = try JSONSerialization.data(withJSONObject: object)
            let decoded = try JSONDecoder().decode(R.self, from: json)
            #expect(written == decoded, "\(R.databaseTableName): \(row)")
        }
    }
}

/// The journal is a ring: full, it overwrites its oldest entry instead of shifting the rest.
@Suite struct RequestJournalTests {
    @Test func aFullJournalKeepsTheNewestEntriesOldestFirst() throws {
        let journal = RequestJournal(capacity: 3)
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        for n in 1...7 {
            journal.record(method: n % 2 == 0 ? "POST" : "GET", path: "/api/orders/\(n)", query: nil, status: 200,
                           durationMs: 0.1234567, who: nil, time: start.addingTimeInterval(Double(n)))
        }
        #expect(journal.entries().map(\.id) == [5, 6, 7])
        #expect(journal.entries().map(\.path) == ["/api/orders/5", "/api/orders/6", "/api/orders/7"])
        #expect(journal.entries(method: "POST").map(\.id) == [6])
        #expect(journal.entries(path: PathPattern("/api/orders/:id")).count == 3)
        #expect(journal.entries().first?.time == Timestamp.string(start.addingTimeInterval(5)))
        let encoded = String(decoding: try OrderedJSONEncoder.encode(journal.entries()[0]), as: UTF8.self)
        #expect(encoded == #"{"id":5,"method":"GET","path":"/api/orders/5","query":null,"status":200,"duration_ms":0.123,"who":null,"time":"2026-11-18T11:06:45Z"}"#)
        journal.clear()
        #expect(journal.entries().isEmpty)
        journal.record(method: "GET", path: "/", query: "a=1", status: 404, durationMs: 1, who: "staff:u", time: start)
        #expect(journal.entries().map(\.id) == [1])
    }
}
