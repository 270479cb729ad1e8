import Foundation

/// How the client refreshes staff tokens: ``singleFlight`` (the default) or ``proactive(margin:)``.
public struct RefreshPolicy: Sendable, Hashable {
    /// True (the default): concurrent 401s share one `POST /api/auth/refresh` through
    /// `TokenRefresher`, which also re-reads the store first. False (``uncoordinated``): every 401
    /// refreshes on its own with the refresh token read at the start of its request — the bug the
    /// server punishes by revoking the family. Only for tests that prove the guard matters.
    var coalescing: Bool
    /// When set, a staff request whose access token expires within this many seconds (by the
    /// client's clock) refreshes first. A transport failure of that refresh is ignored: the
    /// request goes out with the old token and the 401 path still applies.
    public var proactiveMargin: TimeInterval?

    init(coalescing: Bool = true, proactiveMargin: TimeInterval? = nil) {
        self.coalescing = coalescing
        self.proactiveMargin = proactiveMargin
    }

    /// Single-flight refresh on 401 only (the default).
    public static let singleFlight = RefreshPolicy()
    /// Deliberately non-coalescing: each 401 presents its own request's refresh token, straight
    /// to the server. Only so a test can show the server revoking the family when a client does
    /// that; not for apps.
    @_spi(Testing) public static let uncoordinated = RefreshPolicy(coalescing: false)
    /// Single-flight, and refresh ahead of expiry by `margin` seconds.
    public static func proactive(margin: TimeInterval = 60) -> RefreshPolicy {
        RefreshPolicy(coalescing: true, proactiveMargin: margin)
    }
}

/// Single-flight staff token refresh.
///
/// Any number of callers that saw their access token rejected call
/// ``credentials(replacing:)`` with that token; exactly one refresh runs and all of them get its
/// result. Before refreshing, the store is re-read: if it already holds a different access token
/// (another instance sharing the store rotated), that one is returned and nothing is presented.
/// A refresh rejected with 401 clears the staff credentials and throws
/// ``RepairMinderError/sessionEnded(reason:)``; any other failure keeps them and is rethrown.
/// Each ``APIClient`` has one; apps reach it through the client (a 401, or
/// ``APIClient/refreshStaffTokens()``).
actor TokenRefresher {
    /// Presents a refresh token to the server. Throw ``RepairMinderError`` (as `APIClient` does).
    typealias RefreshCall = @Sendable (_ refreshToken: String) async throws -> RefreshResponse

    private let store: any TokenStore
    private let refreshCall: RefreshCall
    private let now: @Sendable () -> Date
    private var inFlight: Task<StaffCredentials, any Error>?

    init(store: any TokenStore, now: @escaping @Sendable () -> Date = { Date() },
         refresh: @escaping RefreshCall) {
        self.store = store
        self.now = now
        self.refreshCall = refresh
    }

    /// Fresh credentials to replace `rejected` (the access token the server turned down).
    func credentials(replacing rejected: String) async throws -> StaffCredentials {
        // No suspension point between the check and the assignment: this is the single flight.
        if let inFlight { return try await inFlight.value }
        let task = Task { try await self.refreshUnlessAlreadyRotated(rejected) }
        inFlight = task
        defer { inFlight = nil }
        return try await task.value
    }

    private func refreshUnlessAlreadyRotated(_ rejected: String) async throws -> StaffCredentials {
        guard let stored = try await Self.read(store) else {
            throw RepairMinderError.sessionEnded(reason: .loggedOut)
        }
        if stored.accessToken != rejected {
            return stored
        }
        return try await Self.refresh(presenting: stored, store: store, call: refreshCall, now: now)
    }

    /// The non-coalescing path: presents `presented.refreshToken` now, with no single flight and
    /// no store re-read. Concurrent callers present the same token; all but one are reuses.
    nonisolated func refreshWithoutCoordination(presenting presented: StaffCredentials) async throws -> StaffCredentials {
        try await Self.refresh(presenting: presented, store: store, call: refreshCall, now: now)
    }

    private static func refresh(presenting presented: StaffCredentials, store: any TokenStore,
                                call: RefreshCall, now: @Sendable () -> Date) async throws -> StaffCredentials {
        let response: RefreshResponse
        do {
            response = try await call(presented.refreshToken)
        } catch {
            let failure = RepairMinderError.refreshFailure(.wrap(error))
            if case .sessionEnded(let reason) = failure {
                // Clear what we presented. If another instance stored newer credentials meanwhile,
                // leave them, unless the server revoked the whole family.
                let current = try? await read(store)
                if current == nil || current?.refreshToken == presented.refreshToken || reason == .reuseDetected {
                    try? await store.saveStaffCredentials(nil)
                }
            }
            throw failure
        }
        let credentials = StaffCredentials(
            accessToken: response.token,
            refreshToken: response.refreshToken,
            expiresAt: now().addingTimeInterval(TimeInterval(response.expiresIn)))
        do {
            try await store.saveStaffCredentials(credentials)
        } catch {
            throw RepairMinderError.transport("token store: \(error.localizedDescription)")
        }
        return credentials
    }

    static func read(_ store: any TokenStore) async throws -> StaffCredentials? {
        do {
            return try await store.staffCredentials()
        } catch {
            throw RepairMinderError.transport("token store: \(error.localizedDescription)")
        }
    }
}
