import Foundation

/// What ``StaffSession`` and ``CustomerSession`` do alike, written once: the bookkeeping of a call
/// (`isLoading`, `lastError`, and a session the server ended), the launch-time restore, and the
/// logout that always leaves the role's storage empty.
@MainActor
protocol RoleSession: AnyObject {
    /// The role whose credentials, logout endpoint and push registration the session uses.
    static var role: AppRole { get }
    var client: APIClient { get }
    var push: PushRegistration? { get }
    var isAuthenticated: Bool { get }
    var isLoading: Bool { get set }
    var lastError: RepairMinderError? { get set }
    var endReason: SessionEndReason? { get set }
    /// Marks the session signed in (stored credentials found) or signed out.
    func setSignedIn(_ signedIn: Bool)
    /// Forgets what the signed-in state holds (user, company…) and signs out.
    func clear()
}

extension RoleSession {
    /// Runs a call with `isLoading` set, records its error in `lastError`, and when the server
    /// ended a signed-in session (`sessionEnded`), forgets the push token, clears the session and
    /// keeps the reason in `endReason`.
    func run<T>(_ body: () async throws -> T) async throws -> T {
        isLoading = true
        defer { isLoading = false }
        do {
            let value = try await body()
            lastError = nil
            return value
        } catch {
            let failure = RepairMinderError.wrap(error)
            lastError = failure
            if case .sessionEnded(let reason) = failure, isAuthenticated {
                if let push { await push.forget() }
                clear()
                endReason = reason
            }
            throw failure
        }
    }

    /// If the store holds the role's credentials, shows the session signed in and validates them
    /// with `me`. A transport failure keeps the credentials and the session signed in, without
    /// user data; an ended session signs it out.
    func restore(refreshingWith refreshMe: () async throws -> Void) async -> Bool {
        let stored: Bool
        switch Self.role {
        case .staff: stored = (try? await client.tokenStore.staffCredentials()) != nil
        case .customer: stored = (try? await client.tokenStore.customerCredentials()) != nil
        }
        guard stored else {
            setSignedIn(false)
            return false
        }
        setSignedIn(true)
        try? await refreshMe()
        return isAuthenticated
    }

    /// Unregisters the push token (if registered), calls the role's logout, and clears its
    /// credentials and the persisted role even if the server calls fail.
    func signOut() async {
        isLoading = true
        defer { isLoading = false }
        if let push { try? await push.unregister() }
        switch Self.role {
        case .staff:
            _ = try? await client.send(API.StaffAuth.logout())
            try? await client.tokenStore.saveStaffCredentials(nil)
        case .customer:
            _ = try? await client.send(API.CustomerAuth.logout())
            try? await client.tokenStore.saveCustomerCredentials(nil)
        }
        if (try? await client.tokenStore.role()) == Self.role {
            try? await client.tokenStore.saveRole(nil)
        }
        clear()
        endReason = nil
    }
}
