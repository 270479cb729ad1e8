import MockBasics
/// Quarantine (CONTRACT §5): staff of a `pending_approval` or `suspended` company reach only the
/// allow-list; every other `/api/` path answers seed 002's one 403 for both statuses,
/// `"Your account is pending approval..."` / `ACCOUNT_PENDING_APPROVAL`. Under the
/// `quarantine-codes` variance a suspended company's staff get their own answer
/// (`ACCOUNT_SUSPENDED`), for an app to prove it copes if the backend tells them apart. Runs once
/// per request, before routing, so routes added later are covered without knowing about it.
enum Quarantine {
    static let pendingApproval = APIFailure(status: 403, message: "Your account is pending approval...",
                                            code: .accountPendingApproval)
    static let suspended = APIFailure(status: 403, message: "Your account has been suspended...",
                                      code: .accountSuspended)

    static func check(_ principal: Principal, path: String, distinguishSuspended: Bool = false) throws {
        guard case .staff(let staff) = principal, path.hasPrefix("/api/") else { return }
        let failure: APIFailure
        switch staff.companyStatus {
        case "pending_approval": failure = pendingApproval
        case "suspended": failure = distinguishSuspended ? suspended : pendingApproval
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
