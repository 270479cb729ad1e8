import Foundation

/// Why a signed-in session is over. The app should return to its login screen.
public enum SessionEndReason: String, Sendable, Hashable {
    /// `Token reuse detected. All sessions revoked. Please log in again.` — the family was revoked.
    case reuseDetected
    /// `Refresh token expired` (7 days web, 90 days mobile, sliding).
    case refreshExpired
    /// `User account is no longer active` (deactivated or archived since login).
    case accountInactive
    /// `Invalid refresh token` (unknown or revoked, e.g. after a logout on another instance).
    case invalidRefreshToken
    /// No credentials in the store: logged out here or by another instance sharing the store.
    case loggedOut
    /// A customer request got 401: the 7-day customer token expired or its session was ended.
    case tokenRejected
}

/// The code of a quarantine answer (403). Seed 002 gives one answer for a `pending_approval` and a
/// `suspended` company alike, `ACCOUNT_PENDING_APPROVAL`; `ACCOUNT_SUSPENDED` is what a backend that
/// tells them apart would send (the mock's `quarantine-codes` variance). Treat both as quarantine.
public enum QuarantineCode: String, Sendable, Hashable {
    case pendingApproval = "ACCOUNT_PENDING_APPROVAL"
    case suspended = "ACCOUNT_SUSPENDED"
}

/// Every error the client throws. All public async methods throw only this type.
public enum RepairMinderError: Error, Sendable, Hashable {
    /// `Invalid credentials` (unknown email or wrong password).
    case invalidCredentials
    /// `Account is deactivated`.
    case accountDeactivated
    /// `Account has been archived and cannot login`.
    case accountArchived
    /// `No password set. Please use Magic Link login or set a password in Settings.`
    case noPasswordSet
    /// `Invalid or expired code` (2FA, TOTP, recovery code, magic link, customer code, bad companyId).
    case invalidOrExpiredCode
    /// 403 with `code` ACCOUNT_PENDING_APPROVAL / ACCOUNT_SUSPENDED; `me`, refresh, logout still work.
    case quarantined(code: QuarantineCode, message: String)
    /// The session is over; credentials have been cleared (except for ``SessionEndReason/loggedOut``,
    /// where there were none).
    case sessionEnded(reason: SessionEndReason)
    /// 400 (and 413/431): the server's message names the field.
    case validation(message: String)
    /// 400 on a device status change that is not an edge of the device's workflow; `allowed` are
    /// the statuses it may move to now (empty when `from` is final). Nothing was changed.
    case illegalTransition(from: DeviceStatus, to: DeviceStatus, allowed: [DeviceStatus])
    /// 404.
    case notFound(message: String)
    /// 401 `Unauthorized` that a refresh could not fix (e.g. the retried request was rejected too).
    case unauthorized
    /// Any other status (403 without a quarantine code, 405, 5xx…), with the server's message
    /// or `HTTP <status>` when the body is not the error envelope.
    case server(status: Int, message: String)
    /// The request never got an HTTP answer (connection refused or dropped, timeout, cancelled).
    case transport(String)
    /// A success answer did not match the contract; `keyPath` is e.g. `data.user.is_active`.
    case decoding(keyPath: String, message: String)
}

extension RepairMinderError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .invalidCredentials: ServerMessage.invalidCredentials
        case .accountDeactivated: ServerMessage.accountDeactivated
        case .accountArchived: ServerMessage.accountArchived
        case .noPasswordSet: ServerMessage.noPasswordSet
        case .invalidOrExpiredCode: ServerMessage.invalidOrExpiredCode
        case .quarantined(_, let message): message
        case .sessionEnded(let reason):
            switch reason {
            case .reuseDetected: ServerMessage.reuseDetected
            case .refreshExpired: "Your session has expired. Please log in again."
            case .accountInactive: ServerMessage.accountInactive
            case .invalidRefreshToken, .tokenRejected: "Your session has ended. Please log in again."
            case .loggedOut: "You are logged out."
            }
        case .validation(let message): message
        case .illegalTransition(let from, let to, let allowed):
            "\(from.displayName) cannot move to \(to.displayName). "
                + (allowed.isEmpty ? "\(from.displayName) is final."
                                   : "Allowed: \(allowed.map(\.displayName).joined(separator: ", ")).")
        case .notFound(let message): message
        case .unauthorized: ServerMessage.unauthorized
        case .server(let status, let message): "Server error \(status): \(message)"
        case .transport(let description): "Network error: \(description)"
        case .decoding(let keyPath, let message): "Unexpected response at \(keyPath): \(message)"
        }
    }
}

/// The server's messages, byte-exact (CONTRACT §2–§5). The client matches them in
/// `RepairMinderError.map(status:message:code:)`; apps switch on ``RepairMinderError`` instead.
/// SPI so the integration tests can compare the mock's raw answers with the same strings.
@_spi(Testing) public enum ServerMessage {
    public static let invalidCredentials = "Invalid credentials"
    public static let accountDeactivated = "Account is deactivated"
    public static let accountArchived = "Account has been archived and cannot login"
    public static let noPasswordSet = "No password set. Please use Magic Link login or set a password in Settings."
    public static let invalidOrExpiredCode = "Invalid or expired code"
    public static let reuseDetected = "Token reuse detected. All sessions revoked. Please log in again."
    public static let invalidRefreshToken = "Invalid refresh token"
    public static let refreshExpired = "Refresh token expired"
    public static let accountInactive = "User account is no longer active"
    public static let unauthorized = "Unauthorized"
}

extension RepairMinderError {
    /// The one mapping from an error answer to a typed error.
    ///
    /// - Parameters:
    ///   - status: HTTP status.
    ///   - message: the envelope's `error`, or nil when the body was not the error envelope.
    ///   - code: the envelope's `code`.
    static func map(status: Int, message: String?, code: String?) -> RepairMinderError {
        if let code, let quarantine = QuarantineCode(rawValue: code) {
            return .quarantined(code: quarantine, message: message ?? code)
        }
        let text = message ?? "HTTP \(status)"
        switch (status, message) {
        case (401, ServerMessage.invalidCredentials): return .invalidCredentials
        case (401, ServerMessage.accountDeactivated): return .accountDeactivated
        case (401, ServerMessage.accountArchived): return .accountArchived
        case (401, ServerMessage.noPasswordSet): return .noPasswordSet
        case (401, ServerMessage.invalidOrExpiredCode): return .invalidOrExpiredCode
        case (401, ServerMessage.reuseDetected): return .sessionEnded(reason: .reuseDetected)
        case (401, ServerMessage.invalidRefreshToken): return .sessionEnded(reason: .invalidRefreshToken)
        case (401, ServerMessage.refreshExpired): return .sessionEnded(reason: .refreshExpired)
        case (401, ServerMessage.accountInactive): return .sessionEnded(reason: .accountInactive)
        case (401, _): return .unauthorized
        case (400, let message?):
            return IllegalTransitionMessage.parse(message) ?? .validation(message: message)
        case (400, _), (413, _), (431, _): return .validation(message: text)
        case (404, _): return .notFound(message: text)
        default: return .server(status: status, message: text)
        }
    }

    /// The session-end reason of a failed refresh: the message's reason, else `invalidRefreshToken`.
    static func refreshFailure(_ error: RepairMinderError) -> RepairMinderError {
        switch error {
        case .sessionEnded: error
        case .unauthorized, .invalidCredentials, .accountDeactivated, .accountArchived,
             .noPasswordSet, .invalidOrExpiredCode:
            .sessionEnded(reason: .invalidRefreshToken)
        default: error
        }
    }

    /// Errors from the transport become ``transport(_:)``; ours pass through.
    static func wrap(_ error: any Error) -> RepairMinderError {
        if let error = error as? RepairMinderError { return error }
        if let error = error as? DecodingError { return .from(error) }
        if error is CancellationError { return .transport("cancelled") }
        if let error = error as? URLError { return .transport(describe(error)) }
        return .transport(error.localizedDescription)
    }

    static func describe(_ error: URLError) -> String {
        let name: String
        switch error.code {
        case .cancelled: name = "cancelled"
        case .timedOut: name = "timed out"
        case .cannotConnectToHost: name = "cannot connect to host"
        case .networkConnectionLost: name = "network connection lost"
        case .notConnectedToInternet: name = "not connected to internet"
        case .badServerResponse: name = "bad server response"
        case .cannotFindHost: name = "cannot find host"
        default: name = "URLError \(error.code.rawValue)"
        }
        return "\(name) (\(error.localizedDescription))"
    }
}

/// `Invalid status transition from <from> to <to>. Allowed: <a>, <b>` (or
/// `Allowed: none (<from> is final)`): the server's 400 for an illegal device move.
enum IllegalTransitionMessage {
    static let prefix = "Invalid status transition from "

    static func parse(_ message: String) -> RepairMinderError? {
        guard message.hasPrefix(prefix), let toRange = message.range(of: " to "),
              let allowedRange = message.range(of: ". Allowed: ") else { return nil }
        let from = message[message.index(message.startIndex, offsetBy: prefix.count)..<toRange.lowerBound]
        guard toRange.upperBound <= allowedRange.lowerBound else { return nil }
        let to = message[toRange.upperBound..<allowedRange.lowerBound]
        let list = message[allowedRange.upperBound...]
        let allowed: [DeviceStatus] = list.hasPrefix("none")
            ? []
            : list.split(separator: ",").map { DeviceStatus(rawValue: $0.trimmingCharacters(in: .whitespaces)) }
        guard !from.isEmpty, !to.isEmpty else { return nil }
        return .illegalTransition(from: DeviceStatus(rawValue: String(from)), to: DeviceStatus(rawValue: String(to)),
                                  allowed: allowed)
    }
}
