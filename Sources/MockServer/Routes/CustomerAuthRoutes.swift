import Foundation
import MockHTTP
import MockBasics
import MockRouting
import MockStore

/// Customer authentication (CONTRACT §4): magic-link code, company selection, me, logout.
/// Customer tokens have no refresh token; the JWT lives 7 days and its session is checked on
/// every request, so logout really ends it.
enum CustomerAuthRoutes {
    static let sentMessage = "If an account exists, a login code has been sent"

    static func register(on router: inout Router) {
        router.post("/api/customer/auth/request-magic-link") { (context: RequestContext) in
            let body = try context.body(CustomerCodeRequestBody.self)
            // Same answer whether or not the account exists; mail only when it does.
            if let account = try context.store.customerAccount(email: body.email), !account.companies.isEmpty,
               body.companyId.map({ id in account.companies.contains { $0.id == id } }) ?? true {
                let sender = body.companyId.flatMap { id in account.companies.first { $0.id == id }?.name } ?? "Repair Minder"
                try LoginCodes.send(.customerMagicLink, subject: account.client.email.lowercased(), to: account.client.email,
                                    kind: .customerMagicLink, mailSubject: "Your \(sender) login code",
                                    body: { "Your login code is \($0). It expires in 10 minutes." },
                                    store: context.store, invented: context.environment.invented, now: context.now)
            }
            return JSONBody.success(MessagePayload(message: sentMessage))
        }

        router.post("/api/customer/auth/verify-code") { (context: RequestContext) in
            let body = try context.body(CustomerCodeVerifyBody.self)
            guard LoginCodes.isWellFormed(body.code) else { throw StaffAuthRoutes.invalidCode }
            switch try context.store.signInCustomer(
                email: body.email, code: body.code, companyID: body.companyId, maxCodeAttempts: LoginCodes.maxAttempts,
                sessionExpiresAt: SignInResponses.customerSessionExpiry(from: context.now), now: context.now) {
            case .rejected:
                throw StaffAuthRoutes.invalidCode
            case .chooseCompany(let account):
                // The code stays valid for the follow-up call with companyId.
                return JSONBody.success(CompanySelectionPayload(
                    companies: account.companies.map { CustomerCompanyPayload($0, baseURL: context.baseURL) }, email: account.client.email,
                    code: body.code))
            case .signedIn(let client, let company, let sessionID):
                return JSONBody.success(SignInResponses.customer(client: client, company: company, sessionID: sessionID,
                                                                 now: context.now, signer: context.environment.signer, invented: context.environment.invented,
                                                                 baseURL: context.baseURL))
            }
        }

        router.get("/api/customer/auth/me") { (context: CustomerContext) in
            guard let found = try context.store.customer(clientID: context.customer.clientID, companyID: context.customer.companyID) else {
                throw APIFailure.unauthorized
            }
            return JSONBody.success(CustomerMePayload(client: CustomerClientPayload(found.client),
                                                      company: CustomerCompanyPayload(found.company, baseURL: context.baseURL)))
        }

        router.post("/api/customer/auth/logout") { (context: CustomerContext) in
            try context.store.endCustomerSession(context.customer.sessionID, now: context.now)
            return JSONBody.bare()
        }
    }
}

// MARK: - Request bodies

/// `POST /api/customer/auth/request-magic-link`. Unknown keys are ignored.
/*@RequestBody(component: "CustomerCodeRequest")*/
struct CustomerCodeRequestBody {
    /// Must contain `@`, else 400; matched case-insensitively.
    /*@Schema(.emailAddress)*/ let email: String
    /// Mail only if the email is a client of this company (any other value sends nothing).
    /*@Nullable*/ var companyId: String?
}

/// `POST /api/customer/auth/verify-code`. Unknown keys are ignored.
/*@RequestBody(component: "CustomerCodeVerification")*/
struct CustomerCodeVerifyBody {
    let email: String
    let code: String
    /// A company the email is a client of; any other value → 401 `Invalid or expired code`.
    /*@Nullable*/ var companyId: String?
}
