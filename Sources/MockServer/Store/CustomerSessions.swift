import Foundation
import GRDB

/// The outcome of a customer's sign-in code.
enum CustomerSignIn: Sendable {
    /// A new session of `client` with `company`; the code is spent.
    case signedIn(client: ClientRecord, company: CompanyRecord, sessionID: String)
    /// The code is right and the customer has several companies but named none: the code stays
    /// valid for the follow-up call that names one.
    case chooseCompany(CustomerAccount)
    /// A wrong or absent code (a wrong code's attempt is counted), no such customer, or a company
    /// they have no account with.
    case rejected
}

extension Store {
    /// `POST /api/customer/auth/verify-code`, in one transaction: checks the code mailed to `email`
    /// and opens a session with `companyID`, or with their only company when they name none.
    func signInCustomer(email: String, code: String, companyID: String?, maxCodeAttempts: Int, sessionExpiresAt: Date,
                        now: Date) throws -> CustomerSignIn {
        try writeDatabase { db in
            let subject = email.lowercased()
            let check = try AuthCodeRecord.check(db, purpose: .customerMagicLink, subject: subject, code: code, now: now,
                                                 maxAttempts: maxCodeAttempts, consume: false)
            guard check == .valid, let account = try CustomerAccount.fetch(db, email: email) else { return .rejected }
            let company: CompanyRecord
            if let companyID {
                // A company this email has no account with is judged like a wrong code.
                guard let chosen = account.companies.first(where: { $0.id == companyID }) else { return .rejected }
                company = chosen
            } else if account.companies.count == 1 {
                company = account.companies[0]
            } else if account.companies.count > 1 {
                return .chooseCompany(account)
            } else {
                return .rejected
            }
            try AuthCodeRecord.consume(db, purpose: .customerMagicLink, subject: subject)
            let sessionID = Secrets.uuid()
            try db.cachedStatement(sql: """
                INSERT INTO customer_sessions (id, client_id, company_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)
                """).execute(arguments: [sessionID, account.client.id, company.id, Timestamp.string(now),
                                         Timestamp.string(sessionExpiresAt)])
            return .signedIn(client: account.client, company: company, sessionID: sessionID)
        }
    }

    /// Ends a customer session (a logout); ending an ended one changes nothing.
    func endCustomerSession(_ sessionID: String, now: Date) throws {
        try writeDatabase { db in
            try db.cachedStatement(sql: "UPDATE customer_sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL")
                .execute(arguments: [Timestamp.string(now), sessionID])
        }
    }
}
