import Foundation
import GRDB

/// A staff user with their company, as the auth endpoints read them: the store's records, with the
/// derived facts sign-in needs.
struct StaffAccount: Sendable {
    var user: UserRecord
    var company: CompanyRecord

    var id: String { user.id }
    var email: String { user.email }
    var firstName: String { user.firstName }
    var lastName: String { user.lastName }
    var companyID: String { user.companyID }
    var role: String { user.role.rawValue }
    var phiAccessLevel: String { user.phiAccessLevel ?? "none" }
    var dataClassification: String { user.dataClassification ?? "internal" }
    var isActive: Bool { user.isActive == 1 }
    var isArchived: Bool { user.archivedAt != nil }
    var magicLinkEnabled: Bool { user.magicLinkEnabled == 1 }
    var passwordHash: String? { user.passwordHash }
    var usesTOTP: Bool { user.twoFactorMethod == .totp }

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

extension ClientRecord {
    static func fetch(_ db: Database, email: String) throws -> ClientRecord? {
        try db.record(ClientRecord.self, "SELECT * FROM clients WHERE email = ? COLLATE NOCASE", [email])
    }

    /// The companies this client belongs to, by name.
    func companies(_ db: Database) throws -> [CompanyRecord] {
        try db.records(CompanyRecord.self, """
            SELECT c.* FROM companies c JOIN client_companies m ON m.company_id = c.id
            WHERE m.client_id = ? ORDER BY c.name
            """, [id])
    }
}
