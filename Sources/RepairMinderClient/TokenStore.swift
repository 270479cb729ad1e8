import Foundation

/// Staff tokens: a 15-minute access token and a single-use rotating refresh token.
public struct StaffCredentials: Codable, Sendable, Hashable {
    public var accessToken: String
    public var refreshToken: String
    /// When the access token expires, from `expiresIn` (nil if unknown).
    public var expiresAt: Date?

    public init(accessToken: String, refreshToken: String, expiresAt: Date? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
    }
}

/// The customer JWT (7 days, no refresh token).
public struct CustomerCredentials: Codable, Sendable, Hashable {
    public var token: String
    /// The company the token was issued for.
    public var companyID: String?

    public init(token: String, companyID: String? = nil) {
        self.token = token
        self.companyID = companyID
    }

    /// The keys it is stored under (unchanged since the property was `companyId`).
    enum CodingKeys: String, CodingKey {
        case token
        case companyID = "companyId"
    }
}

/// A slot of a ``TokenStore``. Staff and customer credentials never share one.
public enum TokenSlot: String, Sendable, Hashable, CaseIterable {
    case staff = "staff_credentials"
    case customer = "customer_credentials"
    case role = "user_role"
}

/// Where credentials live. Implementations may suspend (the Keychain, a file, an actor).
///
/// Every read goes to the backing storage, so that instances sharing it (an app and its
/// extension, two clients in a test) see each other's rotations.
public protocol TokenStore: Sendable {
    /// The slot's bytes, or nil when empty.
    func read(_ slot: TokenSlot) async throws -> Data?
    /// Replaces the slot's bytes; nil empties it.
    func write(_ data: Data?, to slot: TokenSlot) async throws
}

extension TokenStore {
    public func staffCredentials() async throws -> StaffCredentials? {
        try await value(StaffCredentials.self, in: .staff)
    }

    public func saveStaffCredentials(_ credentials: StaffCredentials?) async throws {
        try await setValue(credentials, in: .staff)
    }

    public func customerCredentials() async throws -> CustomerCredentials? {
        try await value(CustomerCredentials.self, in: .customer)
    }

    public func saveCustomerCredentials(_ credentials: CustomerCredentials?) async throws {
        try await setValue(credentials, in: .customer)
    }

    /// The role the app last used, if persisted.
    public func role() async throws -> AppRole? {
        guard let data = try await read(.role) else { return nil }
        return AppRole(rawValue: String(decoding: data, as: UTF8.self))
    }

    public func saveRole(_ role: AppRole?) async throws {
        try await write(role.map { Data($0.rawValue.utf8) }, to: .role)
    }

    /// Empties every slot.
    public func removeAll() async throws {
        for slot in TokenSlot.allCases { try await write(nil, to: slot) }
    }

    func value<T: Decodable>(_ type: T.Type, in slot: TokenSlot) async throws -> T? {
        guard let data = try await read(slot) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(T.self, from: data)
    }

    func setValue<T: Encodable>(_ value: T?, in slot: TokenSlot) async throws {
        guard let value else { return try await write(nil, to: slot) }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        try await write(try encoder.encode(value), to: slot)
    }
}

/// A store in memory. Share one instance between clients to simulate an app and its extension.
public actor InMemoryTokenStore: TokenStore {
    private var slots: [TokenSlot: Data] = [:]

    public init() {}

    public func read(_ slot: TokenSlot) -> Data? { slots[slot] }

    public func write(_ data: Data?, to slot: TokenSlot) {
        slots[slot] = data
    }
}

/// Errors of the file and Keychain stores.
public enum TokenStoreError: Error, Sendable, Hashable {
    case io(String)
    case corrupt(String)
    case keychain(status: Int32)
}
