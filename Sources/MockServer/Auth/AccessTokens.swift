import Foundation
import MockBasics
import MockStore

/// Access tokens (CONTRACT §3): HS256 JWTs with the staff or customer claims of the real backend,
/// plus `iat`, `exp`, `jti` and the family or session they belong to.
enum AccessTokens {
    static let staffLifetime: TimeInterval = 900
    static let customerLifetime: TimeInterval = 7 * 86_400

    static func staff(_ account: StaffAccount, familyID: String, mobile: Bool, now: Date, signer: JWTSigner,
                      invented: InventedValues) -> String {
        let issued = Int64(now.timeIntervalSince1970)
        return signer.sign([
            "userId": .string(account.id),
            "companyId": .string(account.companyID),
            "role": .string(account.role.rawValue),
            "phiAccessLevel": .string(account.phiAccessLevel),
            "isMobile": .bool(mobile),
            "dataClassification": .string(account.dataClassification),
            "permissions": .array([]),
            "familyId": .string(familyID),
            "iat": .int(issued),
            "exp": .int(issued + Int64(staffLifetime)),
            "jti": .string(invented.uuid(.tokenID)),
        ])
    }

    static func customer(clientID: String, companyID: String, email: String, sessionID: String, now: Date,
                         signer: JWTSigner, invented: InventedValues) -> String {
        let issued = Int64(now.timeIntervalSince1970)
        return signer.sign([
            "type": .string("customer"),
            "clientId": .string(clientID),
            "companyId": .string(companyID),
            "email": .string(email),
            "scope": .string("customer_portal"),
            "issuedAt": .int(issued),
            "sessionId": .string(sessionID),
            "iat": .int(issued),
            "exp": .int(issued + Int64(customerLifetime)),
            "jti": .string(invented.uuid(.tokenID)),
        ])
    }
}
