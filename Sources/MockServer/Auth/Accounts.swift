import Foundation
import GRDB

/// A staff user with their company, as the auth endpoints read them.
struct StaffAccount: Sendable {
    var id: String
    var email: String
    var firstName: String
    var lastName: String
    var companyID: String
    var role: String
    var phiAccessLevel: String
    var dataClassification: String
    var isActive: Bool
    var isArchived: Bool
    var magicLinkEnabled: Bool
    var passwordHash: String?
    var twoFactorMethod: String
    var totpSecret: String?
    var avatarURL: String?
    var phone: String?
    var jobTitle: String?
    var lastLogin: String?
    var createdAt: String
    var updatedAt: String
    var company: CompanyRow

    static let select = """
        SELECT u.*, c.id AS c_id, c.name AS c_name, c.status AS c_status, c.currency_code AS c_currency_code,
               c.vat_number AS c_vat_number, c.logo_url AS c_logo_url, c.vat_rate_repair AS c_vat_rate_repair,
               c.vat_rate_device_sale AS c_vat_rate_device_sale, c.vat_rate_accessory AS c_vat_rate_accessory,
               c.vat_rate_device_purchase AS c_vat_rate_device_purchase
        FROM users u JOIN companies c ON c.id = u.company_id
        """

    init(row: Row) {
        id = row["id"]
        email = row["email"]
        firstName = row["first_name"] ?? ""
        lastName = row["last_name"] ?? ""
        companyID = row["company_id"]
        role = row["role"]
        phiAccessLevel = row["phi_access_level"] ?? "none"
        dataClassification = row["data_classification"] ?? "internal"
        isActive = (row["is_active"] as Int?) == 1
        isArchived = (row["archived_at"] as String?) != nil
        magicLinkEnabled = (row["magic_link_enabled"] as Int?) == 1
        passwordHash = row["password_hash"]
        twoFactorMethod = row["two_factor_method"] ?? "email"
        totpSecret = row["totp_secret"]
        avatarURL = row["avatar_url"]
        phone = row["phone"]
        jobTitle = row["job_title"]
        lastLogin = row["last_login"]
        createdAt = row["created_at"]
        updatedAt = row["updated_at"]
        company = CompanyRow(id: row["c_id"], name: row["c_name"], status: row["c_status"],
                             currencyCode: row["c_currency_code"], vatNumber: row["c_vat_number"],
                             logoURL: row["c_logo_url"], vatRateRepair: row["c_vat_rate_repair"],
                             vatRateDeviceSale: row["c_vat_rate_device_sale"],
                             vatRateAccessory: row["c_vat_rate_accessory"],
                             vatRateDevicePurchase: row["c_vat_rate_device_purchase"])
    }

    static func fetch(_ db: Database, id: String) throws -> StaffAccount? {
        try Row.fetchOne(db, sql: select + " WHERE u.id = ?", arguments: [id]).map(StaffAccount.init(row:))
    }

    static func fetch(_ db: Database, email: String) throws -> StaffAccount? {
        try Row.fetchOne(db, sql: select + " WHERE u.email = ? COLLATE NOCASE", arguments: [email])
            .map(StaffAccount.init(row:))
    }
}

struct CompanyRow: Sendable {
    var id: String
    var name: String
    var status: String
    var currencyCode: String?
    var vatNumber: String?
    var logoURL: String?
    var vatRateRepair: String?
    var vatRateDeviceSale: String?
    var vatRateAccessory: String?
    var vatRateDevicePurchase: String?
    var subscriptionPlan: SubscriptionPlan = .professional

    init(id: String, name: String, status: String, currencyCode: String?, vatNumber: String?, logoURL: String?,
         vatRateRepair: String?, vatRateDeviceSale: String?, vatRateAccessory: String?, vatRateDevicePurchase: String?) {
        self.id = id; self.name = name; self.status = status; self.currencyCode = currencyCode
        self.vatNumber = vatNumber; self.logoURL = logoURL; self.vatRateRepair = vatRateRepair
        self.vatRateDeviceSale = vatRateDeviceSale; self.vatRateAccessory = vatRateAccessory
        self.vatRateDevicePurchase = vatRateDevicePurchase
    }

    init(row: Row) {
        self.init(id: row["id"], name: row["name"], status: row["status"], currencyCode: row["currency_code"],
                  vatNumber: row["vat_number"], logoURL: row["logo_url"], vatRateRepair: row["vat_rate_repair"],
                  vatRateDeviceSale: row["vat_rate_device_sale"], vatRateAccessory: row["vat_rate_accessory"],
                  vatRateDevicePurchase: row["vat_rate_device_purchase"])
        subscriptionPlan = row["subscription_plan"] ?? .professional
    }

    static func fetch(_ db: Database, id: String) throws -> CompanyRow? {
        try Row.fetchOne(db, sql: "SELECT * FROM companies WHERE id = ?", arguments: [id]).map(CompanyRow.init(row:))
    }
}

/// A customer (client) and the companies they are a client of.
struct CustomerAccount: Sendable {
    var id: String
    var email: String
    var firstName: String
    var lastName: String

    static func fetch(_ db: Database, email: String) throws -> CustomerAccount? {
        try Row.fetchOne(db, sql: "SELECT * FROM clients WHERE email = ? COLLATE NOCASE", arguments: [email])
            .map(CustomerAccount.init(row:))
    }

    static func fetch(_ db: Database, id: String) throws -> CustomerAccount? {
        try Row.fetchOne(db, sql: "SELECT * FROM clients WHERE id = ?", arguments: [id]).map(CustomerAccount.init(row:))
    }

    init(row: Row) {
        id = row["id"]
        email = row["email"]
        firstName = row["first_name"] ?? ""
        lastName = row["last_name"] ?? ""
    }

    /// The companies this client belongs to, by name.
    func companies(_ db: Database) throws -> [CompanyRow] {
        try Row.fetchAll(db, sql: """
            SELECT c.* FROM companies c JOIN client_companies m ON m.company_id = c.id
            WHERE m.client_id = ? ORDER BY c.name
            """, arguments: [id]).map(CompanyRow.init(row:))
    }
}
