import Foundation
#if canImport(Observation)
import Observation
#endif

/// Result of a customer code verification.
public enum CustomerLoginResult: Sendable, Hashable {
    case signedIn(client: CustomerClient, company: CustomerCompany)
    /// Several companies: call ``CustomerSession/selectCompany(_:)`` with one of them.
    case companySelectionRequired(CompanySelection)
}

/// The customer session, observable by SwiftUI (CustomerAuthManager of the seeds).
#if canImport(Observation)
@Observable
#endif
@MainActor
public final class CustomerSession {
    public enum State: Sendable, Hashable {
        case signedOut
        case selectingCompany(CompanySelection)
        case signedIn
    }

    public private(set) var state: State = .signedOut
    public private(set) var currentClient: CustomerClient?
    public private(set) var company: CustomerCompany?
    public internal(set) var isLoading = false
    /// The last error a session call threw.
    public internal(set) var lastError: RepairMinderError?
    /// Why the last session ended, when the server ended it.
    public internal(set) var endReason: SessionEndReason?

    public var isAuthenticated: Bool { state == .signedIn }
    /// The pending selection, if verify answered with several companies.
    public var pendingSelection: CompanySelection? {
        if case .selectingCompany(let selection) = state { return selection }
        return nil
    }

    #if canImport(Observation)
    @ObservationIgnored
    #endif
    public let client: APIClient
    #if canImport(Observation)
    @ObservationIgnored
    #endif
    public let push: PushRegistration?

    /// - Parameter push: a ``PushRegistration`` for `.customer`, or nil to skip push.
    public init(client: APIClient, push: PushRegistration? = nil) {
        self.client = client
        self.push = push
    }

    /// If the store holds a customer token, validates it with `me` (refreshing if needed). Returns
    /// whether the session is signed in. A transport failure keeps the token and shows the session
    /// as signed in, without client data.
    @discardableResult
    public func restore() async -> Bool {
        await restore { try await self.refreshMe() }
    }

    /// `POST /api/customer/auth/request-magic-link` (same answer whether or not the email exists).
    public func requestMagicLink(email: String, companyID: String? = nil) async throws {
        try await run {
            _ = try await self.client.send(API.CustomerAuth.requestMagicLink(email: email, companyID: companyID))
        }
    }

    /// `POST /api/customer/auth/verify-code`. One company → signed in; several and no
    /// `companyID` → ``CustomerLoginResult/companySelectionRequired(_:)``. Throws `invalidOrExpiredCode`.
    @discardableResult
    public func verifyCode(email: String, code: String, companyID: String? = nil) async throws -> CustomerLoginResult {
        try await run {
            let answer = try await self.client.send(
                API.CustomerAuth.verifyCode(email: email, code: code, companyID: companyID))
            switch answer {
            case .companySelectionRequired(let selection):
                self.state = .selectingCompany(selection)
                return .companySelectionRequired(selection)
            case .signedIn(let signIn):
                do {
                    try await self.client.tokenStore.saveCustomerCredentials(
                        CustomerCredentials(token: signIn.token, companyID: signIn.company.id))
                    try await self.client.tokenStore.saveRole(.customer)
                } catch {
                    throw RepairMinderError.transport("token store: \(error.localizedDescription)")
                }
                self.currentClient = signIn.client
                self.company = signIn.company
                self.endReason = nil
                self.state = .signedIn
                if let push = self.push { try? await push.register() }
                return .signedIn(client: signIn.client, company: signIn.company)
            }
        }
    }

    /// Completes a pending company selection (the second verify call, with `companyId`).
    @discardableResult
    public func selectCompany(_ companyID: String) async throws -> CustomerLoginResult {
        guard let selection = pendingSelection else {
            throw RepairMinderError.validation(message: "No company selection is pending")
        }
        return try await verifyCode(email: selection.email, code: selection.code, companyID: companyID)
    }

    public func cancelCompanySelection() {
        if case .selectingCompany = state { state = .signedOut }
    }

    /// `GET /api/customer/auth/me`.
    @discardableResult
    public func refreshMe() async throws -> CustomerMe {
        try await run {
            let me = try await self.client.send(API.CustomerAuth.me())
            self.currentClient = me.client
            self.company = me.company
            return me
        }
    }

    /// Sends any customer endpoint; a 401 (`sessionEnded(.tokenRejected)`) signs the session out.
    public func send<Payload>(_ endpoint: Endpoint<Payload>) async throws -> Payload {
        try await run { try await self.client.send(endpoint) }
    }

    /// Unregisters the push token (if registered), calls logout, and clears the customer
    /// credentials and the persisted role even if the server calls fail.
    public func logout() async {
        await signOut()
    }
}

extension CustomerSession: RoleSession {
    static var role: AppRole { .customer }

    func setSignedIn(_ signedIn: Bool) {
        state = signedIn ? .signedIn : .signedOut
    }

    func clear() {
        state = .signedOut
        currentClient = nil
        company = nil
    }
}
