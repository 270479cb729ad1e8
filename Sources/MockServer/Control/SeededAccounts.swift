import MockConcurrency
import MockStore
/// The accounts a developer can sign in with, for the CLI's start-up table.
enum SeededAccounts {
    struct Account: Sendable {
        var email: String
        var kind: SessionSummary.Kind
        /// A staff member's role; nil for a customer.
        var role: UserRole?
        var company: String
        /// The staff member's company's status; nil for a customer.
        var companyStatus: CompanyStatus?
        /// The account's own: `active`, `deactivated` or `archived`.
        var status: String
        var login: String

        /// The company as the start-up table shows it: its status beside its name when that is not
        /// `active` (`Pending Co (pending_approval)`).
        var companyLabel: String {
            guard let companyStatus, companyStatus != .active else { return company }
            return "\(company) (\(companyStatus.rawValue))"
        }

        /// What the start-up table shows: `staff (<role>)`, or the kind alone.
        var kindLabel: String { role.map { "\(kind.rawValue) (\($0.rawValue))" } ?? kind.rawValue }
    }

    /// Staff by company name then email, then customers by email.
    static func list(_ store: Store) throws -> [Account] {
        let listing = try store.accountListing()
        let staff = listing.staff.map { account -> Account in
            let login: String
            if account.isArchived { login = "archived: cannot log in" }
            else if !account.isActive { login = "deactivated: cannot log in" }
            else if account.passwordHash == nil { login = "magic link only" }
            else {
                let password = knowsSeedPassword(account.passwordHash) ? seedPassword : "the seed's password"
                login = password + " + " + (account.usesTOTP ? "TOTP or email code" : "email code")
            }
            let status = account.isArchived ? "archived" : account.isActive ? "active" : "deactivated"
            return Account(email: account.email, kind: .staff, role: account.role, company: account.company.name,
                           companyStatus: account.company.status, status: status, login: login)
        }
        let customers = listing.customers.map { customer in
            Account(email: customer.email, kind: .customer, role: nil, company: customer.companies, companyStatus: nil,
                    status: "active", login: "magic link code")
        }
        return staff + customers
    }

    /// The bundled seed's password for every staff member. A seed of your own may set others: the
    /// listing names it only where the account's hash takes it.
    static let seedPassword = "password123"
    /// Hashes already tried against `seedPassword` (PBKDF2 is slow on purpose; the console asks every 5 s).
    private static let tried = Locked([String: Bool]())

    private static func knowsSeedPassword(_ hash: String?) -> Bool {
        guard let hash else { return false }
        if let known = tried.withLock({ $0[hash] }) { return known }
        let verified = PasswordHasher.verify(seedPassword, against: hash)
        tried.withLock { $0[hash] = verified }
        return verified
    }

    static func table(_ accounts: [Account]) -> String {
        let rows = [["ACCOUNT", "KIND", "COMPANY", "STATUS", "SIGN IN"]]
            + accounts.map { [$0.email, $0.kindLabel, $0.companyLabel, $0.status, $0.login] }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        return rows.map { row in
            (0..<4).map { pad(row[$0], widths[$0]) }.joined(separator: "  ") + "  " + row[4]
        }.joined(separator: "\n")
    }
}
