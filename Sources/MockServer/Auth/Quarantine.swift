/// Quarantine (CONTRACT §5): staff of a `pending_approval` or `suspended` company reach only the
/// allow-list; every other `/api/` path answers 403 with the status's code. Runs once per request,
/// before routing, so routes added later are covered without knowing about it.
enum Quarantine {
    static let pendingApproval = APIFailure(status: 403, message: "Your account is pending approval...",
                                            code: "ACCOUNT_PENDING_APPROVAL")
    static let suspended = APIFailure(status: 403, message: "Your account has been suspended...",
                                      code: "ACCOUNT_SUSPENDED")

    static func check(_ principal: Principal, path: String) throws {
        guard case .staff(let staff) = principal, path.hasPrefix("/api/") else { return }
        let failure: APIFailure
        switch staff.companyStatus {
        case "pending_approval": failure = pendingApproval
        case "suspended": failure = suspended
        default: return
        }
        guard !isAllowed(path, ownCompanyID: staff.companyID) else { return }
        throw failure
    }

    /// The allow-list exactly as the contract writes it.
    static func isAllowed(_ path: String, ownCompanyID: String) -> Bool {
        var trimmed = Substring(path)
        if trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        switch trimmed {
        case "/api/auth/me", "/api/auth/logout", "/api/auth/refresh",
             "/api/users/me", "/api/users/me/avatar", "/api/subscription/features",
             "/api/company-locations":
            return true
        default:
            return trimmed == "/api/companies/\(ownCompanyID)" || trimmed.hasPrefix("/api/company-locations/")
        }
    }
}
