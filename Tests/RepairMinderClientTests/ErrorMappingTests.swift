import Foundation
import Testing
@testable import RepairMinderClient

@Suite struct ErrorMappingTests {
    static let table: [(Int, String, String?, RepairMinderError)] = [
        (401, "Invalid credentials", nil, .invalidCredentials),
        (401, "Account is deactivated", nil, .accountDeactivated),
        (401, "Account has been archived and cannot login", nil, .accountArchived),
        (401, "No password set. Please use Magic Link login or set a password in Settings.", nil, .noPasswordSet),
        (401, "Invalid or expired code", nil, .invalidOrExpiredCode),
        (401, "Token reuse detected. All sessions revoked. Please log in again.", nil, .sessionEnded(reason: .reuseDetected)),
        (401, "Invalid refresh token", nil, .sessionEnded(reason: .invalidRefreshToken)),
        (401, "Refresh token expired", nil, .sessionEnded(reason: .refreshExpired)),
        (401, "User account is no longer active", nil, .sessionEnded(reason: .accountInactive)),
        (401, "Unauthorized", nil, .unauthorized),
        (403, "Your account is pending approval...", "ACCOUNT_PENDING_APPROVAL",
         .quarantined(code: .pendingApproval, message: "Your account is pending approval...")),
        (403, "Your account has been suspended...", "ACCOUNT_SUSPENDED",
         .quarantined(code: .suspended, message: "Your account has been suspended...")),
        (400, "Invalid or missing field: email", nil, .validation(message: "Invalid or missing field: email")),
        (413, "Payload too large", nil, .validation(message: "Payload too large")),
        (404, "Not found", nil, .notFound(message: "Not found")),
        (405, "Method not allowed", nil, .server(status: 405, message: "Method not allowed")),
        (403, "Forbidden", nil, .server(status: 403, message: "Forbidden")),
        (500, "Internal error", nil, .server(status: 500, message: "Internal error")),
    ]

    @Test(arguments: ErrorMappingTests.table.indices)
    func serverMessagesMapToTypedErrors(index: Int) throws {
        let (status, message, code, expected) = Self.table[index]
        #expect(RepairMinderError.map(status: status, message: message, code: code) == expected)
        // The same through the envelope decoder, as the client sees it.
        var envelope: [String: Any] = ["success": false, "error": message]
        if let code { envelope["code"] = code }
        let body = try JSONSerialization.data(withJSONObject: envelope)
        #expect(throws: expected) {
            try APIClient.decode(APIClient.Response(statusCode: status, body: body), as: StaffMe.self)
        }
    }

    @Test func messagesAreMatchedExactlyNotLoosely() {
        #expect(RepairMinderError.map(status: 401, message: "invalid credentials", code: nil) == .unauthorized)
        #expect(RepairMinderError.map(status: 400, message: "Invalid credentials", code: nil)
                == .validation(message: "Invalid credentials"))
    }

    @Test func missingMessageFallsBackToStatus() {
        #expect(RepairMinderError.map(status: 503, message: nil, code: nil) == .server(status: 503, message: "HTTP 503"))
        #expect(RepairMinderError.map(status: 404, message: nil, code: nil) == .notFound(message: "HTTP 404"))
    }

    @Test func failedRefreshAlwaysEndsTheSessionOn401() {
        #expect(RepairMinderError.refreshFailure(.unauthorized) == .sessionEnded(reason: .invalidRefreshToken))
        #expect(RepairMinderError.refreshFailure(.sessionEnded(reason: .refreshExpired)) == .sessionEnded(reason: .refreshExpired))
        #expect(RepairMinderError.refreshFailure(.transport("x")) == .transport("x"))
        #expect(RepairMinderError.refreshFailure(.server(status: 500, message: "x")) == .server(status: 500, message: "x"))
    }

    @Test func foreignErrorsBecomeTransportErrors() {
        guard case .transport = RepairMinderError.wrap(URLError(.networkConnectionLost)) else {
            Issue.record("expected transport"); return
        }
        guard case .transport = RepairMinderError.wrap(CancellationError()) else {
            Issue.record("expected transport"); return
        }
        #expect(RepairMinderError.wrap(RepairMinderError.notFound(message: "x")) == .notFound(message: "x"))
    }

    @Test func everyErrorHasADescription() {
        for (_, _, _, error) in Self.table {
            #expect(!(error.errorDescription ?? "").isEmpty)
        }
    }
}
