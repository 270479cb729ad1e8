import GRDB

/// The accounts a developer can sign in with, for the CLI's start-up table.
enum SeededAccounts {
    struct Account: Sendable {
        var email: String
        /// `staff` or `customer`.
        var kind: String
        /// A staff member's role; nil for a customer.
        var role: String?
        var company: String
        var companyStatus: String
        var login: String

        /// What the start-up table shows: `staff (<role>)`, or the kind alone.
        var kindLabel: String { role.map { "\(kind) (\($0))" } ?? kind }
    }

    static func fetch(_ db: Database) throws -> [Account] {
        let staff = try Row.fetchAll(db, sql: """
            SELECT u.email, u.role, u.is_active, u.archived_at, u.password_hash, u.two_factor_method,
                   c.name AS company, c.status AS company_status
            FROM users u JOIN companies c ON c.id = u.company_id ORDER BY c.name, u.email
            """).map { row -> Account in
            var login: String
            if (row["archived_at"] as String?) != nil { login = "archived: cannot log in" }
            else if (row["is_active"] as Int) != 1 { login = "deactivated: cannot log in" }
            else if (row["password_hash"] as String?) == nil { login = "magic link only" }
            else { login = "password123 + " + ((row["two_factor_method"] as String) == "totp" ? "TOTP or email code" : "email code") }
            return Account(email: row["email"], kind: "staff", role: row["role"], company: row["company"],
                           companyStatus: row["company_status"], login: login)
        }
        let customers = try Row.fetchAll(db, sql: """
            SELECT cl.email, group_concat(c.name, ', ') AS companies
            FROM clients cl JOIN client_companies m ON m.client_id = cl.id JOIN companies c ON c.id = m.company_id
            GROUP BY cl.id ORDER BY cl.email
            """).map { row in
            Account(email: row["email"], kind: "customer", role: nil, company: row["companies"], companyStatus: "",
                    login: "magic link code")
        }
        return staff + customers
    }

    static func table(_ accounts: [Account]) -> String {
        let header = Account(email: "ACCOUNT", kind: "KIND", role: nil, company: "COMPANY", companyStatus: "STATUS", login: "SIGN IN")
        let rows = [header] + accounts
        func width(_ key: KeyPath<Account, String>) -> Int { rows.map { $0[keyPath: key].count }.max() ?? 0 }
        let widths = [width(\.email), width(\.kindLabel), width(\.company), width(\.companyStatus)]
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        return rows.map { row in
            [pad(row.email, widths[0]), pad(row.kindLabel, widths[1]), pad(row.company, widths[2]),
             pad(row.companyStatus, widths[3]), row.login].joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
