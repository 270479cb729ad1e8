import Foundation
import MockBasics
import MockStore

/// Opaque refresh tokens in families (CONTRACT §3): stored only as SHA-256, single use, rotated on
/// every refresh with a sliding lifetime; presenting a rotated token revokes the whole family.
/// The store rotates a token in one transaction (`Store.rotateRefreshToken`), which is what makes
/// two racing refreshes resolve to exactly one winner; here are the lifetimes and the answers.
enum RefreshTokens {
    static let webLifetime: TimeInterval = 7 * 86_400
    static let mobileLifetime: TimeInterval = 90 * 86_400

    static let invalid = APIFailure(status: 401, message: "Invalid refresh token")
    static let expired = APIFailure(status: 401, message: "Refresh token expired")
    static let inactive = APIFailure(status: 401, message: "User account is no longer active")
    static let reuse = APIFailure(status: 401, message: "Token reuse detected. All sessions revoked. Please log in again.")

    /// `Mobile`, `Android`, `iPhone`, `iPad` or `iPod` in the User-Agent → 90 days, else 7.
    static func isMobile(userAgent: String?) -> Bool {
        guard let userAgent else { return false }
        return ["Mobile", "Android", "iPhone", "iPad", "iPod"].contains { userAgent.contains($0) }
    }

    static func lifetime(mobile: Bool) -> TimeInterval { mobile ? mobileLifetime : webLifetime }

    /// The terms of a refresh token issued at `now` to a client with `userAgent`.
    static func terms(userAgent: String?, now: Date) -> RefreshTerms {
        terms(mobile: isMobile(userAgent: userAgent), now: now)
    }

    /// The terms of a refresh token issued at `now` to a mobile client or not (a session minted by
    /// `POST /__mock/sessions` names its platform instead of sending a User-Agent).
    static func terms(mobile: Bool, now: Date) -> RefreshTerms {
        RefreshTerms(mobile: mobile, expiresAt: now.addingTimeInterval(lifetime(mobile: mobile)))
    }

    /// The answer to a refused refresh.
    static func failure(_ rejection: RefreshRejection) -> APIFailure {
        switch rejection {
        case .unknown: invalid
        case .expired: expired
        case .inactive: inactive
        case .reuse: reuse
        }
    }
}
