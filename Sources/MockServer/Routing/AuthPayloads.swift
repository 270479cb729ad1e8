import MockBasics
import MockStore
/// Wire shapes of the auth endpoints, with the seeds' exact mixed casing (CONTRACT §1, §2, §4):
/// top-level keys camelCase, login step-1 `user` camelCase, token-response `user`/`company`
/// snake_case, customer `client`/`company` camelCase. Flags are integers, VAT rates strings.

/// `user` of the token response and of `me` (snake_case).
@JSONObject
struct StaffUserPayload: Sendable {
    let id: String
    let email: String
    let first_name: String
    let last_name: String
    let company_id: String
    let role: String
    let phi_access_level: String
    let data_classification: String
    let is_active: Int
    let magic_link_enabled: Int
    let company_status: String

    init(_ account: StaffAccount) {
        id = account.id
        email = account.email
        first_name = account.firstName
        last_name = account.lastName
        company_id = account.companyID
        role = account.role
        phi_access_level = account.phiAccessLevel
        data_classification = account.dataClassification
        is_active = account.isActive ? 1 : 0
        magic_link_enabled = account.magicLinkEnabled ? 1 : 0
        company_status = account.company.status.rawValue
    }
}

/// `company` of the token response, `me` and `GET /api/companies/:id` (snake_case, VAT as strings).
@JSONObject
struct CompanyPayload: Sendable {
    let id: String
    let name: String
    let status: String
    @Nullable var currency_code: String?
    @Nullable var vat_number: String?
    @Nullable var logo_url: String?
    @Nullable var vat_rate_repair: String?
    @Nullable var vat_rate_device_sale: String?
    @Nullable var vat_rate_accessory: String?
    @Nullable var vat_rate_device_purchase: String?

    init(_ company: CompanyRecord) {
        id = company.id
        name = company.name
        status = company.status.rawValue
        currency_code = company.currencyCode
        vat_number = company.vatNumber
        logo_url = company.logoURL
        vat_rate_repair = company.vatRateRepair
        vat_rate_device_sale = company.vatRateDeviceSale
        vat_rate_accessory = company.vatRateAccessory
        vat_rate_device_purchase = company.vatRateDevicePurchase
    }
}

/// `POST /api/auth/login` → always 2FA next.
@JSONObject
struct LoginStepPayload: Sendable {
    let requiresTwoFactor = true
    let userId: String
    let email: String
    let user: User

    @JSONObject
    struct User: Sendable {
        let id: String
        let email: String
        let firstName: String
        let lastName: String
        let companyId: String
    }

    init(_ account: StaffAccount) {
        userId = account.id
        email = account.email
        user = User(id: account.id, email: account.email, firstName: account.firstName,
                    lastName: account.lastName, companyId: account.companyID)
    }
}

/// 2FA verify and magic-link verify.
@JSONObject
struct StaffTokenPayload: Sendable {
    let token: String
    let refreshToken: String
    let expiresIn: Int
    let user: StaffUserPayload
    let company: CompanyPayload
}

/// `POST /api/auth/refresh`
@JSONObject
struct RefreshPayload: Sendable {
    let token: String
    let refreshToken: String
    let expiresIn: Int
}

/// `GET /api/auth/me`
@JSONObject
struct StaffMePayload: Sendable {
    let user: StaffUserPayload
    let company: CompanyPayload
    let hasPassword: Bool
}

@JSONObject
struct MessagePayload: Sendable {
    let message: String
}

/// Customer `client` (camelCase).
@JSONObject
struct CustomerClientPayload: Sendable {
    let id: String
    let firstName: String
    let lastName: String
    let email: String
    let name: String

    init(_ account: ClientRecord) {
        id = account.id
        firstName = account.firstName
        lastName = account.lastName
        email = account.email
        name = [account.firstName, account.lastName].filter { !$0.isEmpty }.joined(separator: " ")
    }
}

/// Customer `company` and company-selection entries (camelCase).
@JSONObject
struct CustomerCompanyPayload: Sendable {
    let id: String
    let name: String
    @Nullable var logoUrl: String?

    /// `logoUrl` is where the backend serves the logo (seed 002: `…/api/branding/<id>/logo`): the
    /// mock's own `GET /api/branding/{id}/logo` under `baseURL` (the namespace included), for a
    /// company that has a logo; null for one without (decided).
    init(_ company: CompanyRecord, baseURL: String) {
        id = company.id
        name = company.name
        logoUrl = company.logoURL == nil ? nil : "\(baseURL)/api/branding/\(company.id)/logo"
    }
}

@JSONObject
struct CustomerTokenPayload: Sendable {
    let token: String
    let client: CustomerClientPayload
    let company: CustomerCompanyPayload
}

@JSONObject
struct CompanySelectionPayload: Sendable {
    let requiresCompanySelection = true
    let companies: [CustomerCompanyPayload]
    let email: String
    let code: String
}

@JSONObject
struct CustomerMePayload: Sendable {
    let client: CustomerClientPayload
    let company: CustomerCompanyPayload
}
