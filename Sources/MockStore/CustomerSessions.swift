import Foundation
import GRDB
import MockBasics

/// The outcome of a customer's sign-in code.
package enum CustomerSignIn: Sendable {
    /// A new session of `client` with `company`; the code is spent.
    case signedIn(client: ClientRecord, company: CompanyRecord, sessionID: String)
    /// The code is right and the customer has several companies but named none: the code stays
    /// valid for the follow-up call that names one.
    case chooseCompany(CustomerAccount)
    /// A wrong or absent code (a wrong code's attempt is counted), no such customer, or a company
    /// they have no account with.
    case rejected
}

/// The outcome of opening a customer session without a code (`POST /__mock/sessions`).
package enum CustomerSessionOpening: Sendable {
    /// A new session of `client` with `company`, as a verified code opens it.
    case signedIn(client: ClientRecord, company: CompanyRecord, sessionID: String)
    /// The customer has several companies and named none: nothing is written.
    case chooseCompany(CustomerAccount)
    /// The company named is none of the customer's: nothing is written.
    case notTheirCompany(CustomerAccount)
    /// No client has that email, or the client belongs to no company.
    case unknown
}

extension Store {
    /// `POST /api/customer/auth/verify-code`, in one transaction: checks the code mailed to `email`
    /// and opens a session with `companyID`, or with their only company when they name none.
    package func signInCustomer(email: String, code: String, companyID: String?, maxCodeAttempts: Int, sessionExpiresAt: Date,
                        now: Date) throws -> CustomerSignIn {
        try writeDatabase { db in
            let subject = email.lowercased()
            let check = try AuthCodeRecord.check(db, purpose: .customerMagicLink, subject: subject, code: code, now: now,
                                                 maxAttempts: maxCodeAttempts, consume: false)
            guard check == .valid, let account = try CustomerAccount.fetch(db, email: email) else { return .rejected }
            switch account.company(named: companyID) {
            case .chosen(let company):
                try AuthCodeRecord.consume(db, purpose: .customerMagicLink, subject: subject)
                let sessionID = try CustomerSessionRecord.start(db, clientID: account.client.id, companyID: company.id,
                                                                expiresAt: sessionExpiresAt, now: now, invented: invented)
                return .signedIn(client: account.client, company: company, sessionID: sessionID)
            case .unnamed:
                return .chooseCompany(account)
            case .notTheirs, .noCompany:
                // A company this email has no account with is judged like a wrong code.
                return .rejected
            }
        }
    }

    /// `POST /__mock/sessions`: opens a session for the customer whose email is `email` without a
    /// code — the same session a verified code opens, with `companyID`, or with their only company
    /// when they name none. One transaction.
    package func openCustomerSession(email: String, companyID: String?, sessionExpiresAt: Date,
                             now: Date) throws -> CustomerSessionOpening {
        try writeDatabase { db in
            guard let account = try CustomerAccount.fetch(db, email: email) else { return .unknown }
            switch account.company(named: companyID) {
            case .chosen(let company):
                let sessionID = try CustomerSessionRecord.start(db, clientID: account.client.id, companyID: company.id,
                                                                expiresAt: sessionExpiresAt, now: now, invented: invented)
                return .signedIn(client: account.client, company: company, sessionID: sessionID)
            case .unnamed:
                return .chooseCompany(account)
            case .notTheirs:
                return .notTheirCompany(account)
            case .noCompany:
                return .unknown
            }
        }
    }

    /// Ends a customer session (a logout); ending an ended one changes nothing.
    package func endCustomerSession(_ sessionID: String, now: Date) throws {
        try writeDatabase { db in try CustomerSessionRecord.end(db, sessionID: sessionID, now: now) }
    }
}

/// Which of a customer's companies a sign-in is for.
private enum CompanyChoice {
    case chosen(CompanyRecord)
    /// Several companies, none named.
    case unnamed
    /// The named company is none of theirs.
    case notTheirs
    /// No company named and none to take.
    case noCompany
}

extension CustomerAccount {
    /// `companyID` when it is one of theirs, else their only company when they name none.
    fileprivate func company(named companyID: String?) -> CompanyChoice {
        if let companyID {
            guard let chosen = companies.first(where: { $0.id == companyID }) else { return .notTheirs }
            return .chosen(chosen)
        }
        switch companies.count {
        case 0: return .noCompany
        case 1: return .chosen(companies[0])
        default: return .unnamed
        }
    }
}

/// Customer sessions, inside the caller's transaction.
extension CustomerSessionRecord {
    /// A new session; returns its id.
    static func start(_ db: Database, clientID: String, companyID: String, expiresAt: Date, now: Date, invented: InventedValues) throws -> String {
        let sessionID = invented.id(CustomerSessionRecord.self)
        try db.cachedStatement(sql: """
            INSERT INTO customer_sessions (id, client_id, company_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)
            """).execute(arguments: [sessionID, clientID, companyID, Timestamp.string(now), Timestamp.string(expiresAt)])
        return sessionID
    }

    /// Ends the session; an ended one keeps when it ended.
    static func end(_ db: Database, sessionID: String, now: Date) throws {
        try db.cachedStatement(sql: "UPDATE customer_sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL")
            .execute(arguments: [Timestamp.string(now), sessionID])
    }
}
