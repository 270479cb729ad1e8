import Foundation
import GRDB
import MockHTTP

/// Customer authentication (CONTRACT §4): magic-link code, company selection, me, logout.
/// Customer tokens have no refresh token; the JWT lives 7 days and its session is checked on
/// every request, so logout really ends it.
enum CustomerAuthRoutes {
    static let sentMessage = "If an account exists, a login code has been sent"

    private struct RequestBody: Decodable { let email: String; let companyId: String? }
    private struct VerifyBody: Decodable { let email: String; let code: String; let companyId: String? }

    static func register(on router: inout Router) {
        router.post("/api/customer/auth/request-magic-link", access: .open) { context in
            let body = try context.body(RequestBody.self)
            guard body.email.contains("@") else { throw APIFailure.invalidField("email") }
            try context.store.write { db in
                // Same answer whether or not the account exists; mail only when it does.
                guard let client = try ClientRecord.fetch(db, email: body.email) else { return }
                let companies = try client.companies(db)
                guard !companies.isEmpty else { return }
                if let companyID = body.companyId, !companies.contains(where: { $0.id == companyID }) { return }
                let code = try LoginCodes.issue(db, purpose: .customerMagicLink, subject: client.email.lowercased(),
                                                now: context.now)
                let sender = body.companyId.flatMap { id in companies.first { $0.id == id }?.name } ?? "Repair Minder"
                try Outbox.send(db, to: client.email, kind: "customer_magic_link",
                                subject: "Your \(sender) login code",
                                body: "Your login code is \(code). It expires in 10 minutes.", code: code,
                                now: context.now)
            }
            return JSONBody.success(MessagePayload(message: sentMessage))
        }

        router.post("/api/customer/auth/verify-code", access: .open) { context in
            let body = try context.body(VerifyBody.self)
            let environment = context.environment
            let outcome = try context.store.write { db -> Result<HTTPResponse, APIFailure> in
                guard LoginCodes.isWellFormed(body.code) else { return .failure(StaffAuthRoutes.invalidCode) }
                let subject = body.email.lowercased()
                let check = try LoginCodes.check(db, purpose: .customerMagicLink, subject: subject, code: body.code,
                                                 now: context.now, consume: false)
                guard check == .valid, let client = try ClientRecord.fetch(db, email: body.email) else {
                    return .failure(StaffAuthRoutes.invalidCode)
                }
                let companies = try client.companies(db)
                let company: CompanyRecord
                if let companyID = body.companyId {
                    // A company this email has no account with is judged like a wrong code.
                    guard let chosen = companies.first(where: { $0.id == companyID }) else {
                        return .failure(StaffAuthRoutes.invalidCode)
                    }
                    company = chosen
                } else if companies.count == 1 {
                    company = companies[0]
                } else if companies.count > 1 {
                    // The code stays valid for the follow-up call with companyId.
                    return .success(JSONBody.success(CompanySelectionPayload(
                        companies: companies.map(CustomerCompanyPayload.init), email: client.email, code: body.code)))
                } else {
                    return .failure(StaffAuthRoutes.invalidCode)
                }
                try LoginCodes.consume(db, purpose: .customerMagicLink, subject: subject)
                let sessionID = Secrets.uuid()
                try db.execute(sql: """
                    INSERT INTO customer_sessions (id, client_id, company_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)
                    """, arguments: [sessionID, client.id, company.id, Timestamp.string(context.now),
                                     Timestamp.string(context.now.addingTimeInterval(AccessTokens.customerLifetime))])
                let token = AccessTokens.customer(clientID: client.id, companyID: company.id, email: client.email,
                                                  sessionID: sessionID, now: context.now, signer: environment.signer)
                return .success(JSONBody.success(CustomerTokenPayload(token: token, client: CustomerClientPayload(client),
                                                                      company: CustomerCompanyPayload(company))))
            }
            return try outcome.get()
        }

        router.get("/api/customer/auth/me", access: .customer) { context in
            let customer = try context.customer()
            let payload = try context.store.read { db -> CustomerMePayload? in
                guard let client = try ClientRecord.fetchCached(db, id: customer.clientID),
                      let company = try CompanyRecord.fetchCached(db, id: customer.companyID) else { return nil }
                return CustomerMePayload(client: CustomerClientPayload(client), company: CustomerCompanyPayload(company))
            }
            guard let payload else { throw APIFailure.unauthorized }
            return JSONBody.success(payload)
        }

        router.post("/api/customer/auth/logout", access: .customer) { context in
            let customer = try context.customer()
            try context.store.write { db in
                try db.execute(sql: "UPDATE customer_sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
                               arguments: [Timestamp.string(context.now), customer.sessionID])
            }
            return JSONBody.bare()
        }
    }
}
