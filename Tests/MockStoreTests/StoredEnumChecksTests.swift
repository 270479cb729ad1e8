import Foundation
import GRDB
import Testing
@testable import MockStore

/// The migrations' text is frozen (Migrations.swift), so a stored enum's cases and its column's
/// CHECK can part: a case added in Swift and not in the schema would be refused by SQLite at the
/// first write of it. Every stored enum column's CHECK must list exactly its enum's cases, in order;
/// a new case needs a new migration that rebuilds the column (and MigratedSchema written again).
@Suite struct StoredEnumChecksTests {
    static let columns: [(any StoredEnum.Type, table: String, column: String)] = [
        (AccessoryType.self, "device_accessories", "accessory_type"),
        (AppType.self, "device_tokens", "app_type"),
        (AppType.self, "push_log", "app_type"),
        (AppType.self, "push_log", "recipient_type"),
        (AppType.self, "push_preferences", "owner_type"),
        (AuthCodePurpose.self, "auth_codes", "purpose"),
        (AuthorizationStatus.self, "devices", "authorization_status"),
        (CompanyStatus.self, "companies", "status"),
        (DeviceImageType.self, "device_images", "image_type"),
        (DevicePriority.self, "devices", "priority"),
        (DeviceStatus.self, "devices", "status"),
        (IntakeMethod.self, "orders", "intake_method"),
        (ItemType.self, "order_items", "item_type"),
        (MessageType.self, "ticket_messages", "type"),
        (OrderStatus.self, "orders", "status"),
        (PaymentMethod.self, "payments", "payment_method"),
        (SignatureType.self, "signatures", "signature_type"),
        (SubLocationType.self, "sub_locations", "type"),
        (SubscriptionPlan.self, "companies", "subscription_plan"),
        (TicketStatus.self, "tickets", "status"),
        (TicketType.self, "tickets", "ticket_type"),
        (TwoFactorMethod.self, "users", "two_factor_method"),
        (UserRole.self, "users", "role"),
        (WorkflowType.self, "devices", "workflow_type"),
    ]

    @Test func everyStoredEnumColumnChecksExactlyItsCases() throws {
        let queue = try DatabaseQueue()
        try StoreMigrations.migrator.migrate(queue)
        for (type, table, column) in Self.columns {
            let sql = try #require(try queue.read { db in
                try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table])
            }, "table \(table)")
            let pattern = "CHECK \\(\(column) IN \\(([^)]*)\\)\\)"
            let range = try #require(sql.range(of: pattern, options: .regularExpression), "\(table).\(column) has a CHECK")
            let check = String(sql[range])
            #expect(check == "CHECK (\(column) IN (\(type.sqlList)))", """
                \(table).\(column)'s CHECK is not \(type)'s cases: a new case needs a new migration rebuilding the column
                """)
        }
    }

    /// Columns whose CHECK lists values no Swift enum holds: the store writes them as text.
    static let literalChecks: Set<String> = ["macro_runs.status"]

    /// Every CHECKed list of values in the schema is an enum's above or a known literal one (a
    /// stored enum nothing checks would be one a migration forgot).
    @Test func theListNamesEveryCheckedColumn() throws {
        let queue = try DatabaseQueue()
        try StoreMigrations.migrator.migrate(queue)
        let statements = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND sql IS NOT NULL")
        }
        var checked: Set<String> = []
        for statement in statements {
            let table = statement.split(separator: " ")[2].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            var rest = Substring(statement)
            while let range = rest.range(of: #"CHECK \((\w+) IN \('"#, options: .regularExpression) {
                let column = rest[range].dropFirst("CHECK (".count).prefix { $0 != " " }
                checked.insert("\(table).\(column)")
                rest = rest[range.upperBound...]
            }
        }
        #expect(checked == Set(Self.columns.map { "\($0.table).\($0.column)" }).union(Self.literalChecks))
    }
}
