import Foundation

/// The camelCase `user` of the login step-1 answer.
public typealias LoginUser = StaffLoginChallenge.User

extension StaffUser {
    public var displayName: String {
        let parts = [firstName, lastName].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? email : parts.joined(separator: " ")
    }
}

extension CompanyStatus {
    public var isQuarantined: Bool { self == .pendingApproval || self == .suspended }
}

