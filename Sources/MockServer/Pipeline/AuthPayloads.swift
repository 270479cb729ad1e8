import MockBasics
import MockStore
/// Wire shapes of the auth endpoints, with the seeds' exact mixed casing (CONTRACT §1, §2, §4):
/// top-level keys camelCase, login step-1 `user` camelCase, token-response `user`/`company`
/// snake_case, customer `client`/`company` camelCase. Flags are integers, VAT rates strings.

/// Token-response and `me` user, snake_case. Ids are UUID strings. Integer flags and UUID ids are (decided).
/*@JSONObject(component: "StaffUser", decided: true, from: "StaffAccount")*/
struct StaffUserPayload: Sendable {
    /*@Schema(.id)*/ let id: String
    let email: String
    let first_name: String
    let last_name: String
    /*@Schema(.id)*/ let company_id: String
    let role: UserRole
    /*@Schema(.string(examples: ["full"]))*/ let phi_access_level: String
    /*@Schema(.string(examples: ["confidential"]))*/ let data_classification: String
    /*@From(source.isActive ? 1 : 0)*/ /*@Schema(.flag)*/ let is_active: Int
    /*@From(source.magicLinkEnabled ? 1 : 0)*/ /*@Schema(.flag)*/ let magic_link_enabled: Int
    /*@From(source.company.status)*/ let company_status: CompanyStatus
}

/// A company as the token response, `me` and `GET /api/companies/{id}` show it: snake_case; absent values are
/// JSON null, never left out.
/*@JSONObject(component: "Company", from: "CompanyRecord")*/
struct CompanyPayload: Sendable {
    /*@Schema(.id)*/ let id: String
    let name: String
    let status: CompanyStatus
    /*@Schema(.string(examples: ["GBP"]))*/ /*@Nullable*/ var currency_code: String?
    /*@Nullable*/ var vat_number: String?
    /*@Nullable*/ var logo_url: String?
    /*@Schema(.vatRate)*/ /*@Nullable*/ var vat_rate_repair: String?
    /*@Schema(.vatRate)*/ /*@Nullable*/ var vat_rate_device_sale: String?
    /*@Schema(.vatRate)*/ /*@Nullable*/ var vat_rate_accessory: String?
    /*@Schema(.vatRate)*/ /*@Nullable*/ var vat_rate_device_purchase: String?
}

/// `POST /api/auth/login` payload. Top-level and `user` keys are camelCase.
/*@JSONObject(component: "LoginStep")*/
struct LoginStepPayload: Sendable {
    /// Always true: every staff login goes through 2FA.
    let requiresTwoFactor = true
    /*@Schema(.id)*/ let userId: String
    let email: String
    let user: User

    /// camelCase (seed 002).
    /*@JSONObject*/
    struct User: Sendable {
        /*@Schema(.id)*/ let id: String
        let email: String
        let firstName: String
        let lastName: String
        /*@Schema(.id)*/ let companyId: String
    }

    init(_ account: StaffAccount) {
        userId = account.id
        email = account.email
        user = User(id: account.id, email: account.email, firstName: account.firstName,
                    lastName: account.lastName, companyId: account.companyID)
    }
}

/// The answer of 2FA verify and magic-link verify.
/*@JSONObject(component: "StaffTokenResponse")*/
struct StaffTokenPayload: Sendable {
    /// HS256 JWT, 900 s.
    let token: String
    /// Opaque, 43 characters base64url (32 random bytes).
    let refreshToken: String
    /*@Schema(.constant(.int(900)))*/ let expiresIn: Int
    let user: StaffUserPayload
    let company: CompanyPayload
}

/// `POST /api/auth/refresh`
/*@JSONObject(component: "RefreshResponse")*/
struct RefreshPayload: Sendable {
    let token: String
    let refreshToken: String
    /*@Schema(.constant(.int(900)))*/ let expiresIn: Int
}

/// `GET /api/auth/me`
/*@JSONObject(component: "StaffMe")*/
struct StaffMePayload: Sendable {
    let user: StaffUserPayload
    let company: CompanyPayload
    /// A JSON boolean.
    let hasPassword: Bool
}

/// `{message}`: what an action without a resource answers.
/*@JSONObject(component: "Message")*/
struct MessagePayload: Sendable {
    let message: String
}

/// A customer's `client`, camelCase.
/*@JSONObject(component: "CustomerClient")*/
struct CustomerClientPayload: Sendable {
    /*@Schema(.id)*/ let id: String
    let firstName: String
    let lastName: String
    let email: String
    /// `firstName lastName`.
    let name: String

    init(_ account: ClientRecord) {
        id = account.id
        firstName = account.firstName
        lastName = account.lastName
        email = account.email
        name = [account.firstName, account.lastName].filter { !$0.isEmpty }.joined(separator: " ")
    }
}

/// A customer's `company` and a company-selection entry, camelCase.
/*@JSONObject(component: "CustomerCompany")*/
struct CustomerCompanyPayload: Sendable {
    /*@Schema(.id)*/ let id: String
    let name: String
    /// Where the backend serves the company's logo (seed 002: `…/api/branding/<id>/logo`): the mock's own
    /// `GET /api/branding/{id}/logo` under the URL the request came to, the namespace included; null for a
    /// company without a logo (decided).
    /*@Nullable*/ var logoUrl: String?

    /// `logoUrl` is where the backend serves the logo (seed 002: `…/api/branding/<id>/logo`): the
    /// mock's own `GET /api/branding/{id}/logo` under `baseURL` (the namespace included), for a
    /// company that has a logo; null for one without (decided).
    init(_ company: CompanyRecord, baseURL: String) {
        id = company.id
        name = company.name
        logoUrl = company.logoURL == nil ? nil : "\(baseURL)/api/branding/\(company.id)/logo"
    }
}

/// The answer of a customer's verify: their session for one company.
/*@JSONObject(component: "CustomerToken")*/
struct CustomerTokenPayload: Sendable {
    /// HS256 JWT, 7 days; no refresh token.
    let token: String
    let client: CustomerClientPayload
    let company: CustomerCompanyPayload
}

/// The answer of a customer's verify when their email is a client of several companies.
/*@JSONObject(component: "CompanySelection")*/
struct CompanySelectionPayload: Sendable {
    let requiresCompanySelection = true
    /*@Schema(.array(.component("CustomerCompany"), minItems: 2))*/ let companies: [CustomerCompanyPayload]
    let email: String
    /// The code just verified, echoed back; it stays valid for the follow-up call with `companyId`.
    let code: String
}

/// `GET /api/customer/auth/me`
/*@JSONObject(component: "CustomerMe")*/
struct CustomerMePayload: Sendable {
    let client: CustomerClientPayload
    let company: CustomerCompanyPayload
}
