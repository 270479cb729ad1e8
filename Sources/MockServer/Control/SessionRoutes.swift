import Foundation
import MockHTTP
import MockBasics
import MockRouting

/// Sessions made and ended by the control API, so that a test (a UI test above all) can start the
/// app already signed in, or sign it out from elsewhere:
/// - `POST /__mock/sessions` signs an account in without its codes and answers exactly what that
///   account's last real sign-in step answers (staff: the 2FA / magic-link token response; customer:
///   the verify-code token response). The session is a real one: a staff token family or a customer
///   session, listed by `GET /__mock/sessions`, refreshed, rotated and revoked like any other.
/// - `DELETE /__mock/sessions/{id}` revokes one as a logout would, and answers it as
///   `GET /__mock/sessions` then shows it.
/// Per namespace, like the rest of the control API (docs/control-api.md).
enum SessionRoutes {
    static let accountNotFound = APIFailure(status: 404, message: "Account not found")
    static let sessionNotFound = APIFailure(status: 404, message: "Session not found")

    static func register(on router: inout ControlRouter) {
        router.post("/__mock/sessions") { context in
            let body = try context.body(SessionMintBody.self)
            let platform = body.platform ?? .mobile   // decided: the app is an iOS app
            let store = context.store
            let now = context.now

            // Staff first: the email of a staff account signs that account in.
            if let account = try store.staffAccount(email: body.email) {
                if let companyID = body.company_id, companyID != account.companyID {
                    throw APIFailure.invalidField("company_id")
                }
                let terms = RefreshTokens.terms(mobile: platform == .mobile, now: now)
                switch try store.signInWithoutProof(email: body.email, refresh: terms, now: now) {
                case .signedIn(let account, let issued):
                    return JSONBody.success(SignInResponses.staff(account, issued: issued, terms: terms, now: now,
                                                                  signer: context.environment.signer, invented: context.environment.invented),
                                            status: 201)
                case .refused(let account):
                    throw SignInResponses.refusal(account)
                case .rejected:
                    throw accountNotFound   // gone between the two reads
                }
            }

            switch try store.openCustomerSession(email: body.email, companyID: body.company_id,
                                                 sessionExpiresAt: SignInResponses.customerSessionExpiry(from: now),
                                                 now: now) {
            case .signedIn(let client, let company, let sessionID):
                return JSONBody.success(SignInResponses.customer(client: client, company: company, sessionID: sessionID,
                                                                 now: now, signer: context.environment.signer, invented: context.environment.invented,
                                                                 baseURL: context.baseURL),
                                        status: 201)
            case .chooseCompany, .notTheirCompany:
                throw APIFailure.invalidField("company_id")
            case .unknown:
                throw accountNotFound
            }
        }

        router.delete("/__mock/sessions/:id") { context in
            let id = try context.parameter("id")
            guard let session = try context.store.endSession(id: id, now: context.now) else { throw sessionNotFound }
            return JSONBody.success(ConsoleSessionPayload(session))
        }
    }
}

/// `POST /__mock/sessions`. Unknown keys are ignored. Mock-only.
/*@RequestBody(component: "SessionMint")*/
struct SessionMintBody {
    /// A staff member's or a customer's email, case-insensitive; a staff account is looked up first.
    /*@Schema(.emailAddress)*/ let email: String
    /// Staff: `mobile` gets a 90-day refresh token and `isMobile: true`, `web` 7 days and `false`, as
    /// a sign-in's User-Agent would; `GET /__mock/sessions` shows it. Omitted or null = `mobile`
    /// (decided: the app is an iOS app). Checked and otherwise ignored for customers (their tokens do
    /// not refresh).
    /*@Nullable*/ var platform: Platform?
    /// The company a customer of several signs in to (as `companyId` at verify-code). For a customer
    /// of one, or for staff, it may be given and must be theirs. Omitted or null = their only company.
    /// Not one of the account's companies, or missing for a customer of several → 400 (decided).
    /*@Nullable*/ var company_id: String?

    enum Platform: String, WireEnumeration {
        /// 90-day refresh tokens, as a User-Agent with `iPhone` (…) gets at sign-in.
        case mobile
        /// 7-day refresh tokens.
        case web

        static let componentName = "SessionPlatform"
        static let wireDescription: String? = "The kind of sign-in a minted staff session stands for: `mobile` (90-day refresh tokens) or `web` (7 days)."
        static let decided = true
    }
}
