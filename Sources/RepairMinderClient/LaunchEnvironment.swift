import Foundation

/// The launch convention between a UI test and the app (docs/ui-testing.md): the test, which runs in
/// another process, sets the app's launch environment; the app, in debug builds, reads it once at
/// start and talks to the mock the test chose, already signed in when the test minted a session.
///
/// | key | value |
/// |---|---|
/// | `REPAIRMINDER_BASE_URL` | the mock's URL, with the test's namespace (`http://127.0.0.1:8787/ns/t-42`) |
/// | `REPAIRMINDER_ROLE` | `staff` or `customer`: which half of the app the session is for |
/// | `REPAIRMINDER_SESSION` | the `data` of `POST /__mock/sessions`, as the mock answered it (JSON) |
///
/// Nothing is active unless `REPAIRMINDER_BASE_URL` is present; a role and a session come together.
///
/// ```swift
/// #if DEBUG
/// if let launch = try LaunchEnvironment(ProcessInfo.processInfo.environment) {
///     baseURL = launch.baseURL
///     try await launch.seed(tokenStore)      // then `session.restore()` finds it
/// }
/// #endif
/// ```
public struct LaunchEnvironment: Sendable, Hashable {
    public static let baseURLKey = "REPAIRMINDER_BASE_URL"
    public static let roleKey = "REPAIRMINDER_ROLE"
    public static let sessionKey = "REPAIRMINDER_SESSION"

    /// A session handed over by the test, as the app would have stored it after signing in.
    public enum Session: Sendable, Hashable {
        case staff(StaffCredentials)
        case customer(CustomerCredentials)

        public var role: AppRole {
            switch self {
            case .staff: .staff
            case .customer: .customer
            }
        }
    }

    /// Where the app's API client should point.
    public var baseURL: URL
    /// The session to start in, or nil to start signed out.
    public var session: Session?

    /// The convention's values in `environment`, or nil when it has no `REPAIRMINDER_BASE_URL` (the
    /// app then runs as it would without a test). A malformed value throws, naming the key.
    public init?(_ environment: [String: String]) throws(LaunchEnvironmentError) {
        try self.init(environment, now: Date())
    }

    init?(_ environment: [String: String], now: Date) throws(LaunchEnvironmentError) {
        guard let text = environment[Self.baseURLKey] else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host != nil else {
            throw .invalidValue(key: Self.baseURLKey, reason: "not an http(s) URL: \(text)")
        }
        baseURL = url
        switch (environment[Self.roleKey], environment[Self.sessionKey]) {
        case (nil, nil):
            session = nil
        case (let role?, let payload?):
            guard let role = AppRole(rawValue: role) else {
                throw .invalidValue(key: Self.roleKey, reason: "expected staff or customer, got \(role)")
            }
            session = try Self.session(role: role, payload: Data(payload.utf8), now: now)
        case (nil, _?):
            throw .missing(key: Self.roleKey)
        case (_?, nil):
            throw .missing(key: Self.sessionKey)
        }
    }

    /// Stores the session's credentials and role in `store`, replacing what it held (a signed-out
    /// launch clears it), so that `StaffSession.restore()` or `CustomerSession.restore()` finds them.
    public func seed(_ store: any TokenStore) async throws {
        try await store.removeAll()
        switch session {
        case .staff(let credentials)?:
            try await store.saveStaffCredentials(credentials)
            try await store.saveRole(.staff)
        case .customer(let credentials)?:
            try await store.saveCustomerCredentials(credentials)
            try await store.saveRole(.customer)
        case nil:
            break
        }
    }

    /// The minted payload read with the app's own models: exactly what the sign-in would have read.
    private static func session(role: AppRole, payload: Data, now: Date) throws(LaunchEnvironmentError) -> Session {
        do {
            switch role {
            case .staff:
                let tokens = try JSONDecoder().decode(StaffTokenResponse.self, from: payload)
                return .staff(StaffCredentials(accessToken: tokens.token, refreshToken: tokens.refreshToken,
                                               expiresAt: now.addingTimeInterval(TimeInterval(tokens.expiresIn))))
            case .customer:
                guard case .signedIn(let signIn) = try JSONDecoder().decode(CustomerVerifyResponse.self, from: payload) else {
                    throw LaunchEnvironmentError.invalidValue(key: sessionKey, reason: "a company selection, not a session")
                }
                return .customer(CustomerCredentials(token: signIn.token, companyID: signIn.company.id))
            }
        } catch let error as LaunchEnvironmentError {
            throw error
        } catch {
            throw .invalidValue(key: sessionKey, reason: "not a \(role.rawValue) session: \(error)")
        }
    }
}

/// A launch environment the app cannot use; the message names the key.
public enum LaunchEnvironmentError: Error, Sendable, Hashable, CustomStringConvertible {
    case missing(key: String)
    case invalidValue(key: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let key): "\(key) is missing (\(LaunchEnvironment.roleKey) and \(LaunchEnvironment.sessionKey) come together)"
        case .invalidValue(let key, let reason): "\(key): \(reason)"
        }
    }
}
