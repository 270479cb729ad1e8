import Foundation

/// Registers this device's APNs token for one role, and unregisters it on logout.
///
/// Give the APNs token to ``updateDeviceToken(_:)-(Data)`` when iOS delivers it; it is registered
/// at once if the role is signed in, and the sessions call ``register()`` after every login and
/// ``unregister()`` before logout.
public actor PushRegistration {
    public nonisolated let role: AppRole
    private let client: APIClient
    /// The APNs token as lower-case hex, once known.
    public private(set) var deviceToken: String?
    /// The token the server has for this role, if this instance registered it.
    public private(set) var registeredToken: String?

    public var isRegistered: Bool { registeredToken != nil }

    public init(client: APIClient, role: AppRole) {
        self.client = client
        self.role = role
    }

    /// Records the APNs token and registers it if the role has credentials.
    public func updateDeviceToken(_ token: Data) async throws {
        try await updateDeviceToken(Self.hex(token))
    }

    /// Records the token (already hex) and registers it if the role has credentials.
    public func updateDeviceToken(_ token: String) async throws {
        deviceToken = token
        if try await hasCredentials() {
            try await register()
        }
    }

    /// `POST /api/user/device-token` with `app_type` from the role. No-op without a device token.
    public func register() async throws {
        guard let token = deviceToken else { return }
        _ = try await client.send(API.DeviceTokens.register(deviceToken: token, role: role))
        registeredToken = token
    }

    /// `DELETE /api/user/device-token` if this instance registered a token. The token counts as
    /// unregistered afterwards even when the call fails (the session is going away anyway).
    public func unregister() async throws {
        guard let token = registeredToken else { return }
        registeredToken = nil
        _ = try await client.send(API.DeviceTokens.unregister(deviceToken: token, role: role))
    }

    private func hasCredentials() async throws -> Bool {
        do {
            switch role {
            case .staff: return try await client.tokenStore.staffCredentials() != nil
            case .customer: return try await client.tokenStore.customerCredentials() != nil
            }
        } catch {
            throw RepairMinderError.transport("token store: \(error.localizedDescription)")
        }
    }

    private static let digits = Array("0123456789abcdef".utf8)

    /// APNs token bytes as lower-case hex.
    static func hex(_ data: Data) -> String {
        var bytes = [UInt8]()
        bytes.reserveCapacity(data.count * 2)
        for byte in data {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Where a tapped push notification leads (seeds 000 and 004).
public enum DeepLink: Sendable, Hashable {
    /// Staff: `order_created`, `order_status_changed`, `order_collected`, `payment_received`.
    case order(id: String)
    /// Staff: `device_status_changed`, `quote_approved`, `quote_rejected`, `device_assigned`.
    case device(orderID: String, deviceID: String)
    /// Staff: `new_enquiry`, `enquiry_reply`.
    case ticket(id: String)
    /// Customer: `order_status`, `quote_ready`, `repair_complete` (section nil) and `message`
    /// (section `.messages`).
    case customerOrder(id: String, section: CustomerOrderSection?)

    public enum CustomerOrderSection: String, Sendable, Hashable {
        case messages
    }

    /// The role whose app handles this link.
    public var role: AppRole {
        switch self {
        case .order, .device, .ticket: .staff
        case .customerOrder: .customer
        }
    }

    /// Maps a push payload (`userInfo`): its `type` and ids. Unknown types, missing or non-string
    /// ids → nil. Pass `role` to accept only that role's types.
    public init?(pushPayload payload: [AnyHashable: Any], role: AppRole? = nil) {
        func string(_ key: String) -> String? {
            guard let value = payload[key] as? String, !value.isEmpty else { return nil }
            return value
        }
        guard let type = string("type") else { return nil }
        let link: DeepLink
        switch type {
        case "order_created", "order_status_changed", "order_collected", "payment_received":
            guard let orderID = string("order_id") else { return nil }
            link = .order(id: orderID)
        case "device_status_changed", "quote_approved", "quote_rejected", "device_assigned":
            guard let orderID = string("order_id"), let deviceID = string("device_id") else { return nil }
            link = .device(orderID: orderID, deviceID: deviceID)
        case "new_enquiry", "enquiry_reply":
            guard let ticketID = string("ticket_id") else { return nil }
            link = .ticket(id: ticketID)
        case "order_status", "quote_ready", "repair_complete":
            guard let orderID = string("order_id") else { return nil }
            link = .customerOrder(id: orderID, section: nil)
        case "message":
            guard let orderID = string("order_id") else { return nil }
            link = .customerOrder(id: orderID, section: .messages)
        default:
            return nil
        }
        if let role, link.role != role { return nil }
        self = link
    }

    /// Same as ``init(pushPayload:role:)`` for a payload as `[String: Any]`.
    public init?(pushPayload payload: [String: Any], role: AppRole? = nil) {
        var converted: [AnyHashable: Any] = [:]
        for (key, value) in payload { converted[key] = value }
        self.init(pushPayload: converted, role: role)
    }

    /// Same as ``init(pushPayload:role:)`` for the payload's JSON bytes (as the mock records it).
    public init?(pushPayloadJSON data: Data, role: AppRole? = nil) {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        self.init(pushPayload: object, role: role)
    }
}

extension PushRegistration {
    /// Forgets the registration without calling the server (the session ended server-side).
    func forget() {
        registeredToken = nil
    }
}
