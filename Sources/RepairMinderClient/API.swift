import Foundation

/// Every endpoint the client knows, grouped per resource.
public enum API {
    /// Staff authentication (CONTRACT §2, §3).
    public enum StaffAuth {
        /// `POST /api/auth/login` → always a 2FA challenge.
        public static func login(email: String, password: String) -> Endpoint<StaffLoginChallenge> {
            Endpoint(.post, "/api/auth/login", body: StaffLogin(email: email, password: password))
        }
        /// `POST /api/auth/2fa/request` → a 6-digit code is emailed.
        public static func requestTwoFactorCode(userID: String, email: String) -> Endpoint<MessagePayload> {
            Endpoint(.post, "/api/auth/2fa/request", body: TwoFactorCodeRequest(userID: userID, email: email))
        }
        /// `POST /api/auth/2fa/verify`; `code` is an email code, a TOTP code or a recovery code.
        public static func verifyTwoFactor(userID: String, code: String) -> Endpoint<StaffTokenResponse> {
            Endpoint(.post, "/api/auth/2fa/verify", body: TwoFactorVerification(userID: userID, code: code))
        }
        /// `POST /api/auth/magic-link/request`.
        public static func requestMagicLink(email: String) -> Endpoint<MessagePayload> {
            Endpoint(.post, "/api/auth/magic-link/request", body: MagicLinkRequest(email: email))
        }
        /// `POST /api/auth/magic-link/verify-code`.
        public static func verifyMagicLink(email: String, code: String) -> Endpoint<StaffTokenResponse> {
            Endpoint(.post, "/api/auth/magic-link/verify-code", body: MagicLinkVerification(email: email, code: code))
        }
        /// `POST /api/auth/refresh` (no bearer; never refreshed itself). Internal: a refresh must go
        /// through the client's single flight (``APIClient/refreshStaffTokens()``), never around it.
        static func refresh(refreshToken: String) -> Endpoint<RefreshResponse> {
            Endpoint(.post, "/api/auth/refresh", body: TokenRefresh(refreshToken: refreshToken), isTokenRefresh: true)
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
        /// `POST /api/customer/auth/request-magic-link`.
        public static func requestMagicLink(email: String, companyID: String? = nil) -> Endpoint<MessagePayload> {
            Endpoint(.post, "/api/customer/auth/request-magic-link", body: CustomerCodeRequest(email: email, companyID: companyID))
        }
        /// `POST /api/customer/auth/verify-code` → signed in, or a company selection.
        public static func verifyCode(email: String, code: String, companyID: String? = nil) -> Endpoint<CustomerVerifyResponse> {
            Endpoint(.post, "/api/customer/auth/verify-code", body: CustomerCodeVerification(email: email, code: code, companyID: companyID))
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
        /// `POST /api/user/device-token {device_token, platform: "ios", app_type}` →
        /// `{message: "Device token registered"}`.
        public static func register(deviceToken: String, role: AppRole) -> Endpoint<MessagePayload> {
            Endpoint(.post, "/api/user/device-token",
                     body: DeviceTokenRegistration(deviceToken: deviceToken, platform: "ios", appType: AppType(rawValue: role.appType)),
                     credential: role.credential)
        }
        /// `DELETE /api/user/device-token {device_token}` → `{message: "Device token removed"}`.
        public static func unregister(deviceToken: String, role: AppRole) -> Endpoint<MessagePayload> {
            Endpoint(.delete, "/api/user/device-token",
                     body: DeviceTokenRemoval(deviceToken: deviceToken), credential: role.credential)
        }
    }

    /// Percent-encodes one path segment.
    static func pathComponent(_ value: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
