import Foundation
@testable import RepairMinderClient

/// The contract's JSON, byte for byte as docs/contract.md / seed 002 show it.
enum Fixture {
    static let staffUser = """
    {"id": "u-1", "email": "staff@example.com", "first_name": "John", "last_name": "Doe",
     "company_id": "c-1", "role": "admin", "phi_access_level": "full",
     "data_classification": "internal", "is_active": 1, "magic_link_enabled": 0,
     "company_status": "active"}
    """
    static let staffCompany = """
    {"id": "c-1", "name": "Acme Repairs", "status": "active", "currency_code": "GBP",
     "vat_number": "GB123456789", "logo_url": null, "vat_rate_repair": "20.00",
     "vat_rate_device_sale": "20.00", "vat_rate_accessory": "20.00", "vat_rate_device_purchase": "0.00"}
    """
    static let tokenResponse = """
    {"success": true, "data": {"token": "jwt.access.1", "refreshToken": "refresh-1", "expiresIn": 900,
     "user": \(staffUser), "company": \(staffCompany)}}
    """
    static let loginStep1 = """
    {"success": true, "data": {"requiresTwoFactor": true, "userId": "u-1", "email": "staff@example.com",
     "user": {"id": "u-1", "email": "staff@example.com", "firstName": "John", "lastName": "Doe", "companyId": "c-1"}}}
    """
    static let refresh = """
    {"success": true, "data": {"token": "jwt.access.2", "refreshToken": "refresh-2", "expiresIn": 900}}
    """
    static let staffMe = """
    {"success": true, "data": {"user": \(staffUser), "company": \(staffCompany), "hasPassword": true}}
    """
    static let customerSingle = """
    {"success": true, "data": {"token": "jwt.customer",
     "client": {"id": "cl-1", "firstName": "Jane", "lastName": "Customer", "email": "jane@example.com", "name": "Jane Customer"},
     "company": {"id": "c-1", "name": "Acme Repairs", "logoUrl": "https://api.repairminder.com/api/branding/c-1/logo"}}}
    """
    static let customerSelection = """
    {"success": true, "data": {"requiresCompanySelection": true,
     "companies": [{"id": "c-1", "name": "Acme Repairs", "logoUrl": "https://x/logo"},
                   {"id": "c-2", "name": "Beta Tech", "logoUrl": null}],
     "email": "jane@example.com", "code": "123456"}}
    """
    static let customerMe = """
    {"success": true, "data": {"client": {"id": "cl-1", "firstName": "Jane", "lastName": "Customer", "email": "jane@example.com", "name": "Jane Customer"},
     "company": {"id": "c-1", "name": "Acme Repairs", "logoUrl": null}}}
    """
    static let logout = #"{"success": true}"#

    static func response(_ json: String, status: Int = 200) -> APIClient.Response {
        APIClient.Response(statusCode: status, headers: ["Content-Type": "application/json"], body: Data(json.utf8))
    }

    static func decode<T>(_ json: String, as type: T.Type, status: Int = 200) throws -> APIResponse<T> {
        try APIClient.decode(response(json, status: status), as: type)
    }

    static func staffCredentials(_ n: Int, expiresAt: Date? = nil) -> StaffCredentials {
        StaffCredentials(accessToken: "access-\(n)", refreshToken: "refresh-\(n)", expiresAt: expiresAt)
    }
}

/// Counts calls across tasks.
actor Counter {
    private(set) var value = 0
    private(set) var presented: [String] = []
    func record(_ token: String) { value += 1; presented.append(token) }
}

/// A token store whose every read and write suspends several times before touching the data,
/// like the Keychain on a busy device or a store shared with an app extension.
actor SuspendingStore: TokenStore {
    private var slots: [TokenSlot: Data] = [:]
    private(set) var reads = 0

    func read(_ slot: TokenSlot) async -> Data? {
        reads += 1
        for _ in 0..<5 { await Task.yield() }
        return slots[slot]
    }

    func write(_ data: Data?, to slot: TokenSlot) async {
        for _ in 0..<5 { await Task.yield() }
        slots[slot] = data
    }
}
