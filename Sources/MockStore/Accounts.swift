import Foundation
import GRDB
import MockBasics

/// A staff user with their company, as the auth endpoints read them: the store's records, with the
/// derived facts sign-in needs.
package struct StaffAccount: Sendable {
    /// The user's row: responses show its package columns; its credentials are the store's.
    package var user: UserRecord
    package var company: CompanyRecord

    package var id: String { user.id }
    package var email: String { user.email }
    package var firstName: String { user.firstName }
    package var lastName: String { user.lastName }
    package var companyID: String { user.companyID }
    package var role: UserRole { user.role }
    package var phiAccessLevel: String { user.phiAccessLevel ?? "none" }
    package var dataClassification: String { user.dataClassification ?? "internal" }
    package var isActive: Bool { user.isActive == 1 }
    package var isArchived: Bool { user.archivedAt != nil }
    package var magicLinkEnabled: Bool { user.magicLinkEnabled == 1 }
    package var passwordHash: String? { user.passwordHash }
    package var usesTOTP: Bool { user.twoFactorMethod == .totp }
    /// Active and not archived: what every way of signing in requires.
    package var canSignIn: Bool { isActive && !isArchived }

    static func fetch(_ db: Database, id: String) throws -> StaffAccount? {
        try UserRecord.fetchCached(db, id: id).flatMap { try with(company: $0, db) }
    }

    static func fetch(_ db: Database, email: String) throws -> StaffAccount? {
        try db.record(UserRecord.self, "SELECT * FROM users WHERE email = ? COLLATE NOCASE", [email])
            .flatMap { try with(company: $0, db) }
    }

    private static func with(company user: UserRecord, _ db: Database) throws -> StaffAccount? {
        try CompanyRecord.fetchCached(db, id: user.companyID).map { StaffAccount(user: user, company: $0) }
    }
}

/// A customer with every company they are a client of, by name.
package struct CustomerAccount: Sendable {
    package var client: ClientRecord
    package var companies: [CompanyRecord]
}

/// Every account a developer can sign in with (the CLI's start-up table, `GET /__mock/accounts`).
package struct AccountListing: Sendable {
    /// By company name, then email.
    package var staff: [StaffAccount]
    /// By email: customers of at least one company.
    package var customers: [ListedCustomer]

    package struct ListedCustomer: Sendable {
        package var email: String
        /// Their companies' names, comma-separated.
        package var companies: String
    }
}

extension Store {
    package func staffAccount(id: String) throws -> StaffAccount? {
        try readDatabase { db in try StaffAccount.fetch(db, id: id) }
    }

    /// The account whose email is `email`, compared case-insensitively.
    package func staffAccount(email: String) throws -> StaffAccount? {
        try readDatabase { db in try StaffAccount.fetch(db, email: email) }
    }

    /// The client whose email is `email` (case-insensitive) with their companies.
    package func customerAccount(email: String) throws -> CustomerAccount? {
        try readDatabase { db in try CustomerAccount.fetch(db, email: email) }
    }

    /// The client and the company a customer token names; nil when either is gone.
    package func customer(clientID: String, companyID: String) throws -> (client: ClientRecord, company: CompanyRecord)? {
        try readDatabase { db in
            guard let client = try ClientRecord.fetchCached(db, id: clientID),
                  let company = try CompanyRecord.fetchCached(db, id: companyID) else { return nil }
            return (client, company)
        }
    }

    package func accountListing() throws -> AccountListing {
        try readDatabase { db in
            let statement = try db.cachedStatement(sql: Self.listedStaffSQL)
            try statement.requireColumns(UserRecord.databaseColumns + CompanyRecord.databaseColumns, of: "a listed account")
            let company = CInt(UserRecord.databaseColumns.count)
            let staff = try statement.rows(arguments: []) { sqlite in
                StaffAccount(user: try UserRecord.decode(sqlite), company: try CompanyRecord.decode(sqlite, from: company))
            }
            let customers = try db.rows("""
                SELECT cl.email, group_concat(c.name, ', ') AS companies
                FROM clients cl JOIN client_companies m ON m.client_id = cl.id JOIN companies c ON c.id = m.company_id
                GROUP BY cl.id ORDER BY cl.email
                """, []) { columns in
                AccountListing.ListedCustomer(email: try columns.next("email"), companies: try columns.next("companies"))
            }
            return AccountListing(staff: staff, customers: customers)
        }
    }

    private static let listedStaffSQL = """
        SELECT \(UserRecord.selection), \(CompanyRecord.selection) FROM users JOIN companies ON companies.id = users.company_id
        ORDER BY companies.name, users.email
        """
}

extension CustomerAccount {
    static func fetch(_ db: Database, email: String) throws -> CustomerAccount? {
        guard let client = try db.record(ClientRecord.self, "SELECT * FROM clients WHERE email = ? COLLATE NOCASE",
                                         [email]) else { return nil }
        let companies = try db.records(CompanyRecord.self, """
            SELECT c.* FROM companies c JOIN client_companies m ON m.company_id = c.id
            WHERE m.client_id = ? ORDER BY c.name
            """, [client.id])
        return CustomerAccount(client: client, companies: companies)
    }
}

/// A staff user's standing, as `PATCH /__mock/users/{id}` sets it: what signing in and every
/// authenticated request judge (`users.is_active`, `users.archived_at`).
package enum StaffStanding: String, CaseIterable, Codable, Sendable {
    case active
    case deactivated
    case archived
}

extension StaffAccount {
    package var standing: StaffStanding { isArchived ? .archived : isActive ? .active : .deactivated }
}

extension Store {
    /// A staff user deactivated, archived (at `now`) or active again, effective on their next request
    /// (their access tokens then fail, their refresh answers `User account is no longer active`);
    /// nil when there is no such user.
    package func setStaffStanding(_ id: String, to standing: StaffStanding, now: Date) throws -> StaffAccount? {
        try writeDatabase { db in
            let (active, archivedAt): (Int, String?) = switch standing {
            case .active: (1, nil)
            case .deactivated: (0, nil)
            case .archived: (1, Timestamp.string(now))
            }
            try db.cachedStatement(sql: "UPDATE users SET is_active = ?, archived_at = ? WHERE id = ?")
                .execute(arguments: [active, archivedAt, id])
            guard db.changesCount == 1 else { return nil }
            return try StaffAccount.fetch(db, id: id)
        }
    }
}
