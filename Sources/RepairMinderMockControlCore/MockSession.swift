import Foundation

/// A sign-in as `GET /__mock/sessions` lists it: a staff token family (one per login; each refresh
/// rotates its refresh token) or a customer session (one per verified code).
public struct MockSession: Sendable, Equatable, Decodable, Identifiable {
    /// The family id (staff: the `familyId` claim of its access tokens) or the session id (customer: `sessionId`).
    public let id: String
    public let kind: MockSessionKind
    /// Staff only.
    public let userID: String?
    /// Customers only.
    public let clientID: String?
    public let email: String
    /// The staff member's company, or the one the customer signed in to.
    public let companyID: String
    public let companyName: String
    /// Now, not at sign-in.
    public let companyStatus: MockCompanyStatus
    /// Staff only: from the User-Agent of the sign-in or of the last refresh.
    public let platform: MockPlatform?
    public let createdAt: Date
    /// When the newest refresh token was issued; nil before the first refresh (always, for customers).
    public let lastRefreshAt: Date?
    public let refreshCount: Int
    /// When the current refresh token (staff) or the session (customer) runs out.
    public let expiresAt: Date
    public let status: MockSessionStatus
    /// `reuse`, `logout` or `user_inactive`; nil unless revoked.
    public let revokedReason: String?
    public let revokedAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, kind, userID = "user_id", clientID = "client_id", email, companyID = "company_id"
        case companyName = "company_name", companyStatus = "company_status", platform, createdAt = "created_at"
        case lastRefreshAt = "last_refresh_at", refreshCount = "refresh_count", expiresAt = "expires_at", status
        case revokedReason = "revoked_reason", revokedAt = "revoked_at"
    }
}

/// A session made without the app (`POST /__mock/sessions`): exactly what the account's final real
/// sign-in step answers (staff: `POST /api/auth/2fa/verify`, customer: `POST /api/customer/auth/verify-code`).
public struct MockSignIn: Sendable, Equatable {
    /// The access token.
    public let token: String
    /// Staff only: the refresh token.
    public let refreshToken: String?
    /// Seconds the access token lasts, when the payload says (staff).
    public let expiresIn: Int?
    /// The whole `data` of the answer (`user`, `company`, `client`…).
    public let value: MockJSON

    /// `data` as JSON text (keys sorted): what the app's own decoder of the sign-in answer reads.
    public var data: Data { value.data }

    public init(value: MockJSON) throws {
        guard let token = value["token"]?.stringValue else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no token in the sign-in payload"))
        }
        self.token = token
        refreshToken = value["refreshToken"]?.stringValue
        expiresIn = value["expiresIn"]?.intValue
        self.value = value
    }
}
