#if canImport(Security)
import Foundation
import Security

/// A store in the Keychain: one generic-password item per slot (account = slot name) under
/// `service`, accessible after first unlock so a background refresh works.
/// Give an app and its extensions the same `accessGroup` to share credentials.
///
/// Every item is in the data protection keychain (`kSecUseDataProtectionKeychain`), the one iOS
/// always uses: on macOS, without it, accessibility and access groups are ignored and items go to
/// the legacy file keychain. On macOS that keychain needs a signed app with a
/// `keychain-access-groups` entitlement; an unsigned tool gets `TokenStoreError.keychain(status:
/// -34018)` (`errSecMissingEntitlement`) and should use `FileTokenStore` instead.
public struct KeychainTokenStore: TokenStore {
    public let service: String
    public let accessGroup: String?

    public init(service: String = "com.mendmyi.Repair-Minder", accessGroup: String? = nil) {
        self.service = service
        self.accessGroup = accessGroup
    }

    private func baseQuery(_ slot: TokenSlot) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: slot.rawValue,
            kSecUseDataProtectionKeychain as String: true,
        ]
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        return query
    }

    public func read(_ slot: TokenSlot) async throws -> Data? {
        var query = baseQuery(slot)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess else { throw TokenStoreError.keychain(status: status) }
        return result as? Data
    }

    public func write(_ data: Data?, to slot: TokenSlot) async throws {
        let query = baseQuery(slot)
        guard let data else {
            let status = SecItemDelete(query as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else {
                throw TokenStoreError.keychain(status: status)
            }
            return
        }
        let attributes: [String: Any] = [
            kSecValueData as String: data,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
        ]
        var status = SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
        if status == errSecItemNotFound {
            var add = query
            for (key, value) in attributes { add[key] = value }
            status = SecItemAdd(add as CFDictionary, nil)
        }
        guard status == errSecSuccess else { throw TokenStoreError.keychain(status: status) }
    }
}
#endif
