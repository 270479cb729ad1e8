import Foundation
import Logging
import MockHTTP
import MockBasics
import MockStore

/// Resolves `Authorization: Bearer <jwt>` into a principal, once per request: signature, algorithm
/// and expiry, then the token's family (staff) or session (customer) and the account, read fresh
/// from the database so revocation, deactivation and company status apply on the next request.
struct Authenticator: Sendable {
    let store: Store
    let signer: JWTSigner
    let logger: Logger

    /// `.success(nil)` when no token was sent; a failure carries the 401 to answer if the route needs one.
    func authenticate(_ request: HTTPRequest, now: Date) -> Result<Principal?, APIFailure> {
        guard let header = request.headers["authorization"] else { return .success(nil) }
        // The scheme ends at the first space (found in the UTF-8: splitting by `Character` walked
        // the whole token grapheme by grapheme); the parser has trimmed the value's ends.
        guard let space = header.utf8.firstIndex(of: UInt8(ascii: " ")),
              header[..<space].lowercased() == "bearer" else {
            return .failure(.unauthorized(reason: "malformed_authorization"))
        }
        let token = String(header[header.utf8.index(after: space)...])
        guard !token.isEmpty else { return .failure(.unauthorized(reason: "malformed_authorization")) }
        let claims: [String: JSONValue]
        do {
            claims = try signer.verify(token, now: now)
        } catch .expired {
            return .failure(.unauthorized(reason: "token_expired"))
        } catch {
            return .failure(.unauthorized(reason: "invalid_token"))
        }
        do {
            if claims["type"]?.stringValue == "customer" {
                guard let customer = try customer(claims, now: now) else {
                    return .failure(.unauthorized(reason: "session_ended"))
                }
                return .success(.customer(customer))
            }
            guard let staff = try staff(claims) else { return .failure(.unauthorized(reason: "session_revoked")) }
            return .success(.staff(staff))
        } catch let failure as APIFailure {
            return .failure(failure)
        } catch {
            logger.error("authentication lookup failed: \(error)")
            return .failure(.unauthorized(reason: "lookup_failed"))
        }
    }

    /// Staff: the family must be live and the account active.
    private func staff(_ claims: [String: JSONValue]) throws -> StaffPrincipal? {
        guard let userID = claims["userId"]?.stringValue, let familyID = claims["familyId"]?.stringValue,
              claims["type"] == nil else {
            throw APIFailure.unauthorized(reason: "invalid_claims")
        }
        guard let session = try store.liveStaffSession(familyID: familyID, userID: userID) else { return nil }
        return StaffPrincipal(userID: userID, companyID: session.companyID, role: session.role, familyID: familyID,
                              isMobile: session.isMobile == 1, companyStatus: session.companyStatus)
    }

    /// Customer: the session must be live (logout ends it) and the membership still there.
    private func customer(_ claims: [String: JSONValue], now: Date) throws -> CustomerPrincipal? {
        guard claims["scope"]?.stringValue == "customer_portal",
              let clientID = claims["clientId"]?.stringValue, let companyID = claims["companyId"]?.stringValue,
              let sessionID = claims["sessionId"]?.stringValue, let email = claims["email"]?.stringValue else {
            throw APIFailure.unauthorized(reason: "invalid_claims")
        }
        let live = try store.isCustomerSessionLive(sessionID, clientID: clientID, companyID: companyID,
                                                               now: now)
        return live ? CustomerPrincipal(clientID: clientID, companyID: companyID, sessionID: sessionID, email: email) : nil
    }
}
