import Foundation
#if canImport(Observation)
import Observation
#endif

/// The password login answered: a second factor is needed. Carry it to ``StaffSession/requestTwoFactorCode()``
/// and ``StaffSession/verifyTwoFactor(code:)``.
public struct TwoFactorChallenge: Sendable, Hashable {
    public var userID: String
    public var email: String
    public var user: LoginUser
}

/// Result of the staff password step.
public enum StaffLoginResult: Sendable, Hashable {
    /// Always the case for password logins: request an email code or enter a TOTP / recovery code.
    case twoFactorRequired(TwoFactorChallenge)
}

/// The staff session, observable by SwiftUI (AuthManager of the seeds).
#if canImport(Observation)
@Observable
#endif
@MainActor
public final class StaffSession {
    public enum State: Sendable, Hashable {
        case signedOut
        case awaitingTwoFactor(TwoFactorChallenge)
        case signedIn
    }

    public private(set) var state: State = .signedOut
    public private(set) var user: StaffUser?
    public private(set) var company: StaffCompany?
    /// From `me`; nil until `me` has been fetched.
    public private(set) var hasPassword: Bool?
    public internal(set) var isLoading = false
    /// The last error a session call threw.
    public internal(set) var lastError: RepairMinderError?
    /// Why the last session ended, when the server ended it.
    public internal(set) var endReason: SessionEndReason?

    public var isAuthenticated: Bool { state == .signedIn }
    /// The company is `pending_approval` or `suspended` (most endpoints answer 403).
    public var isQuarantined: Bool { company?.status.isQuarantined ?? false }

    #if canImport(Observation)
    @ObservationIgnored
    #endif
    public let client: APIClient
    #if canImport(Observation)
    @ObservationIgnored
    #endif
    public let push: PushRegistration?

    /// - Parameter push: a ``PushRegistration`` for `.staff`, or nil to skip push.
    public init(client: APIClient, push: PushRegistration? = nil) {
        self.client = client
        self.push = push
    }

    // MARK: Launch

    /// If the store holds staff credentials, validates them with `me` (refreshing if needed).
    /// Returns whether the session is signed in. A transport failure keeps the credentials and
    /// shows the session as signed in, without user data.
    @discardableResult
    public func restore() async -> Bool {
        await restore { try await self.refreshMe() }
    }

    // MARK: Password + 2FA

    /// `POST /api/auth/login`. Throws `invalidCredentials`, `accountDeactivated`, `accountArchived`,
    /// `noPasswordSet`.
    public func login(email: String, password: String) async throws -> StaffLoginResult {
        try await run {
            let answer = try await self.client.send(API.StaffAuth.login(email: email, password: password))
            guard answer.requiresTwoFactor else {
                throw RepairMinderError.decoding(keyPath: "data.requiresTwoFactor",
                                                 message: "expected true (password logins always need 2FA)")
            }
            let challenge = TwoFactorChallenge(userID: answer.userID, email: answer.email, user: answer.user)
            self.state = .awaitingTwoFactor(challenge)
            return .twoFactorRequired(challenge)
        }
    }

    /// `POST /api/auth/2fa/request` for the pending challenge: a code is emailed.
    public func requestTwoFactorCode() async throws {
        guard case .awaitingTwoFactor(let challenge) = state else {
            throw RepairMinderError.validation(message: "No two-factor challenge is pending")
        }
        try await requestTwoFactorCode(for: challenge)
    }

    public func requestTwoFactorCode(for challenge: TwoFactorChallenge) async throws {
        try await run {
            _ = try await self.client.send(API.StaffAuth.requestTwoFactorCode(userID: challenge.userID,
                                                                               email: challenge.email))
        }
    }

    /// `POST /api/auth/2fa/verify` with an email code, a TOTP code or a recovery code.
    /// Throws `invalidOrExpiredCode`.
    @discardableResult
    public func verifyTwoFactor(code: String) async throws -> StaffUser {
        guard case .awaitingTwoFactor(let challenge) = state else {
            throw RepairMinderError.validation(message: "No two-factor challenge is pending")
        }
        return try await verifyTwoFactor(userID: challenge.userID, code: code)
    }

    @discardableResult
    public func verifyTwoFactor(userID: String, code: String) async throws -> StaffUser {
        try await run {
            let tokens = try await self.client.send(API.StaffAuth.verifyTwoFactor(userID: userID, code: code))
            return try await self.signIn(tokens)
        }
    }

    public func cancelTwoFactor() {
        if case .awaitingTwoFactor = state { state = .signedOut }
    }

    // MARK: Magic link

    /// `POST /api/auth/magic-link/request` (same answer for unknown emails).
    public func requestMagicLink(email: String) async throws {
        try await run {
            _ = try await self.client.send(API.StaffAuth.requestMagicLink(email: email))
        }
    }

    /// `POST /api/auth/magic-link/verify-code`. Throws `invalidOrExpiredCode`.
    @discardableResult
    public func verifyMagicLink(email: String, code: String) async throws -> StaffUser {
        try await run {
            let tokens = try await self.client.send(API.StaffAuth.verifyMagicLink(email: email, code: code))
            return try await self.signIn(tokens)
        }
    }

    // MARK: Signed in

    /// `GET /api/auth/me`; updates `user`, `company`, `hasPassword`.
    @discardableResult
    public func refreshMe() async throws -> StaffMe {
        try await run {
            let me = try await self.client.send(API.StaffAuth.me())
            self.user = me.user
            self.company = me.company
            self.hasPassword = me.hasPassword
            return me
        }
    }

    /// Sends any staff endpoint; a `sessionEnded` answer signs the session out.
    public func send<Payload>(_ endpoint: Endpoint<Payload>) async throws -> Payload {
        try await run { try await self.client.send(endpoint) }
    }

    /// Unregisters the push token (if registered), calls logout, and clears the staff
    /// credentials and the persisted role even if the server calls fail.
    public func logout() async {
        await signOut()
    }

    // MARK: Private

    private func signIn(_ tokens: StaffTokenResponse) async throws -> StaffUser {
        let credentials = StaffCredentials(
            accessToken: tokens.token, refreshToken: tokens.refreshToken,
            expiresAt: client.now().addingTimeInterval(TimeInterval(tokens.expiresIn)))
        do {
            try await client.tokenStore.saveStaffCredentials(credentials)
            try await client.tokenStore.saveRole(.staff)
        } catch {
            throw RepairMinderError.transport("token store: \(error.localizedDescription)")
        }
        user = tokens.user
        company = tokens.company
        hasPassword = nil
        endReason = nil
        state = .signedIn
        if let push { try? await push.register() }
        return tokens.user
    }

}

extension StaffSession: RoleSession {
    static var role: AppRole { .staff }

    func setSignedIn(_ signedIn: Bool) {
        state = signedIn ? .signedIn : .signedOut
    }

    func clear() {
        state = .signedOut
        user = nil
        company = nil
        hasPassword = nil
    }
}
