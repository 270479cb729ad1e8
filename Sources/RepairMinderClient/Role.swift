import Foundation

/// Which half of the app is in use. Persist it with ``TokenStore/saveRole(_:)``.
public enum AppRole: String, Codable, Sendable, Hashable, CaseIterable {
    case staff
    case customer

    /// The `app_type` of the device-token registration.
    public var appType: String { rawValue }

    /// The credential a request on behalf of this role presents.
    public var credential: CredentialKind {
        switch self {
        case .staff: .staff
        case .customer: .customer
        }
    }
}
