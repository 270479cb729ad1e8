import Foundation
import MockBasics
import MockStore

/// The answer of a sign-in's last step (CONTRACT §2, §4), made in one place for the two callers
/// that give it: the app API's sign-in routes (2FA verify, magic-link verify, customer verify-code)
/// and the control API's `POST /__mock/sessions`, which mints the same session without the codes.
enum SignInResponses {
    static let deactivated = APIFailure(status: 401, message: "Account is deactivated")
    static let archived = APIFailure(status: 401, message: "Account has been archived and cannot login")

    /// Why `account`, which cannot sign in (`StaffAccount.canSignIn`), is refused: being archived
    /// comes first.
    static func refusal(_ account: StaffAccount) -> APIFailure {
        account.isArchived ? archived : deactivated
    }

    /// The staff token response of a new token family: its first access token (whose `isMobile`
    /// claim follows the refresh terms) and refresh token, the user and the company.
    static func staff(_ account: StaffAccount, issued: IssuedRefreshToken, terms: RefreshTerms, now: Date,
                      signer: JWTSigner, invented: InventedValues) -> StaffTokenPayload {
        let token = AccessTokens.staff(account, familyID: issued.familyID, mobile: terms.mobile, now: now, signer: signer,
                                       invented: invented)
        return StaffTokenPayload(token: token, refreshToken: issued.refreshToken,
                                 expiresIn: Int(AccessTokens.staffLifetime), user: StaffUserPayload(account),
                                 company: CompanyPayload(account.company))
    }

    /// The customer token response of a new session with `company`.
    static func customer(client: ClientRecord, company: CompanyRecord, sessionID: String, now: Date,
                         signer: JWTSigner, invented: InventedValues, baseURL: String) -> CustomerTokenPayload {
        let token = AccessTokens.customer(clientID: client.id, companyID: company.id, email: client.email,
                                          sessionID: sessionID, now: now, signer: signer, invented: invented)
        return CustomerTokenPayload(token: token, client: CustomerClientPayload(client),
                                    company: CustomerCompanyPayload(company, baseURL: baseURL))
    }

    /// When a customer session opened at `now` runs out (its JWT's lifetime: no refresh).
    static func customerSessionExpiry(from now: Date) -> Date {
        now.addingTimeInterval(AccessTokens.customerLifetime)
    }
}
