import Foundation

/// Every endpoint the client knows, grouped per resource.
public enum API {
    /// Staff authentication (CONTRACT §2, §3).
    public enum StaffAuth {
        struct LoginBody: Encodable, Sendable { let email: String; let password: String }
        struct TwoFactorRequestBody: Encodable, Sendable {
            let userID: String; let email: String
            enum CodingKeys: String, CodingKey { case userID = "userId", email }
        }
        struct TwoFactorVerifyBody: Encodable, Sendable {
            let userID: String; let code: String
            enum CodingKeys: String, CodingKey { case userID = "userId", code }
        }
        struct EmailBody: Encodable, Sendable { let email: String }
        struct EmailCodeBody: Encodable, Sendable { let email: String; let code: String }
        struct RefreshBody: Encodable, Sendable { let refreshToken: String }

        /// `POST /api/auth/login` → always a 2FA challenge.
        public static func login(email: String, password: String) -> Endpoint<StaffLoginChallenge> {
            Endpoint(.post, "/api/auth/login", body: LoginBody(email: email, password: password))
        }
        /// `POST /api/auth/2fa/request` → a 6-digit code is emailed.
        public static func requestTwoFactorCode(userID: String, email: String) -> Endpoint<MessagePayload> {
            Endpoint(.post, "/api/auth/2fa/request", body: TwoFactorRequestBody(userID: userID, email: email))
        }
        /// `POST /api/auth/2fa/verify`; `code` is an email code, a TOTP code or a recovery code.
        public static func verifyTwoFactor(userID: String, code: String) -> Endpoint<StaffTokenResponse> {
            Endpoint(.post, "/api/auth/2fa/verify", body: TwoFactorVerifyBody(userID: userID, code: code))
        }
        /// `POST /api/auth/magic-link/request`.
        public static func requestMagicLink(email: String) -> Endpoint<MessagePayload> {
            Endpoint(.post, "/api/auth/magic-link/request", body: EmailBody(email: email))
        }
        /// `POST /api/auth/magic-link/verify-code`.
        public static func verifyMagicLink(email: String, code: String) -> Endpoint<StaffTokenResponse> {
            Endpoint(.post, "/api/auth/magic-link/verify-code", body: EmailCodeBody(email: email, code: code))
        }
        /// `POST /api/auth/refresh` (no bearer; never refreshed itself). Internal: a refresh must go
        /// through the client's single flight (``APIClient/refreshStaffTokens()``), never around it.
        static func refresh(refreshToken: String) -> Endpoint<RefreshResponse> {
            Endpoint(.post, "/api/auth/refresh", body: RefreshBody(refreshToken: refreshToken), isTokenRefresh: true)
        }
        /// `GET /api/auth/me`.
        public static func me() -> Endpoint<StaffMe> {
            Endpoint(.get, "/api/auth/me", credential: .staff)
        }
        /// `POST /api/auth/logout` → `{"success": true}`.
        public static func logout() -> Endpoint<EmptyPayload> {
            Endpoint(.post, "/api/auth/logout", credential: .staff)
        }
    }

    /// Customer authentication (CONTRACT §4).
    public enum CustomerAuth {
        struct RequestBody: Encodable, Sendable {
            let email: String; let companyID: String?
            enum CodingKeys: String, CodingKey { case email, companyID = "companyId" }
        }
        struct VerifyBody: Encodable, Sendable {
            let email: String; let code: String; let companyID: String?
            enum CodingKeys: String, CodingKey { case email, code, companyID = "companyId" }
        }

        /// `POST /api/customer/auth/request-magic-link`.
        public static func requestMagicLink(email: String, companyID: String? = nil) -> Endpoint<MessagePayload> {
            Endpoint(.post, "/api/customer/auth/request-magic-link", body: RequestBody(email: email, companyID: companyID))
        }
        /// `POST /api/customer/auth/verify-code` → signed in, or a company selection.
        public static func verifyCode(email: String, code: String, companyID: String? = nil) -> Endpoint<CustomerVerifyResponse> {
            Endpoint(.post, "/api/customer/auth/verify-code", body: VerifyBody(email: email, code: code, companyID: companyID))
        }
        /// `GET /api/customer/auth/me`.
        public static func me() -> Endpoint<CustomerMe> {
            Endpoint(.get, "/api/customer/auth/me", credential: .customer)
        }
        /// `POST /api/customer/auth/logout`.
        public static func logout() -> Endpoint<EmptyPayload> {
            Endpoint(.post, "/api/customer/auth/logout", credential: .customer)
        }
    }

    /// Push device tokens (CONTRACT §7). The credential follows the role.
    public enum DeviceTokens {
        struct RegisterBody: Encodable, Sendable {
            let deviceToken: String; let platform: String; let appType: String
            enum CodingKeys: String, CodingKey {
                case deviceToken = "device_token", platform, appType = "app_type"
            }
        }
        struct UnregisterBody: Encodable, Sendable {
            let deviceToken: String
            enum CodingKeys: String, CodingKey { case deviceToken = "device_token" }
        }

        /// `POST /api/user/device-token {device_token, platform: "ios", app_type}` →
        /// `{message: "Device token registered"}`.
        public static func register(deviceToken: String, role: AppRole) -> Endpoint<MessagePayload> {
            Endpoint(.post, "/api/user/device-token",
                     body: RegisterBody(deviceToken: deviceToken, platform: "ios", appType: role.appType),
                     credential: role.credential)
        }
        /// `DELETE /api/user/device-token {device_token}` → `{message: "Device token removed"}`.
        public static func unregister(deviceToken: String, role: AppRole) -> Endpoint<MessagePayload> {
            Endpoint(.delete, "/api/user/device-token",
                     body: UnregisterBody(deviceToken: deviceToken), credential: role.credential)
        }
    }

    /// Percent-encodes one path segment.
    static func pathComponent(_ value: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
