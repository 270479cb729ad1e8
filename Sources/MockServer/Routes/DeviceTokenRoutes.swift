import Foundation
import MockHTTP
import MockBasics
import MockRouting
import MockStore

/// Push device tokens and preferences (CONTRACT §7), for staff and customer tokens alike.
/// `app_type` must match the kind of token presented; re-registering a token moves it to the new owner.
enum DeviceTokenRoutes {
    private struct RegisterBody: Decodable {
        enum Platform: String, Decodable { case ios }
        enum AppType: String, Decodable { case staff, customer }
        let device_token: String
        let platform: Platform
        let app_type: AppType
    }

    private struct RemoveBody: Decodable { let device_token: String }

    /// The owner a principal registers tokens for.
    private static func pushOwner(_ principal: Principal?) throws -> PushOwner {
        switch principal {
        case .staff(let staff): PushOwner(type: .staff, id: staff.userID, companyID: staff.companyID)
        case .customer(let customer): PushOwner(type: .customer, id: customer.clientID, companyID: customer.companyID)
        case nil: throw APIFailure.unauthorized
        }
    }

    /// APNs tokens are hex; accept any sensible opaque token (the simulator sends odd ones) but no junk.
    static func validToken(_ token: String) -> Bool {
        (8...512).contains(token.utf8.count) && token.utf8.allSatisfy { byte in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 45 || byte == 95
        }
    }

    static func register(on router: inout Router) {
        router.post("/api/user/device-token", access: .staffOrCustomer) { context in
            let owner = try pushOwner(context.principal)
            let body = try context.body(RegisterBody.self)
            guard validToken(body.device_token) else { throw APIFailure.invalidField("device_token") }
            guard body.app_type.rawValue == owner.type.rawValue else {
                throw APIFailure.badRequest("app_type must be \"\(owner.type.rawValue)\" for this token")
            }
            try context.store.registerDeviceToken(body.device_token, platform: body.platform.rawValue, owner: owner,
                                                  now: context.now)
            return JSONBody.success(MessagePayload(message: "Device token registered"))
        }

        router.delete("/api/user/device-token", access: .staffOrCustomer) { context in
            let owner = try pushOwner(context.principal)
            let body = try context.body(RemoveBody.self)
            guard !body.device_token.isEmpty else { throw APIFailure.invalidField("device_token") }
            // Only the caller's own token; removing an unknown token is not an error (logout may repeat).
            try context.store.removeDeviceToken(body.device_token, owner: owner)
            return JSONBody.success(MessagePayload(message: "Device token removed"))
        }

        router.get("/api/user/push-preferences", access: .staffOrCustomer) { context in
            JSONBody.success(PushPreferencesPayload(try context.store.pushPreferences(of: try pushOwner(context.principal))))
        }

        router.put("/api/user/push-preferences", access: .staffOrCustomer) { context in
            let owner = try pushOwner(context.principal)
            let change = try context.body(PushPreferencesChange.self)
            guard change.hasAny else { throw APIFailure.badRequest("No fields to update") }
            let preferences = try context.store.updatePushPreferences(of: owner, now: context.now) { $0.apply(change) }
            return JSONBody.success(PushPreferencesPayload(preferences))
        }
    }
}

/// `GET|PUT /api/user/push-preferences`: every switch (docs/contract.md §7).
/// Shape chosen by the mock. Defaults when never saved: all true except `marketing` (false).
/*@JSONObject(component: "PushPreferences")*/
struct PushPreferencesPayload: Sendable {
    let push_enabled: Bool
    let order_updates: Bool
    let device_updates: Bool
    let ticket_messages: Bool
    let quote_updates: Bool
    let marketing: Bool

    init(_ preferences: PushPreferences) {
        push_enabled = preferences.push_enabled
        order_updates = preferences.order_updates
        device_updates = preferences.device_updates
        ticket_messages = preferences.ticket_messages
        quote_updates = preferences.quote_updates
        marketing = preferences.marketing
    }
}

/// `PUT /api/user/push-preferences`: the switches to change.
struct PushPreferencesChange: Decodable {
    var push_enabled: Bool?
    var order_updates: Bool?
    var device_updates: Bool?
    var ticket_messages: Bool?
    var quote_updates: Bool?
    var marketing: Bool?

    enum CodingKeys: String, CodingKey {
        case push_enabled, order_updates, device_updates, ticket_messages, quote_updates, marketing
    }

    /// A switch may be left out; `null` is a 400 naming it (it is not "leave as is").
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        push_enabled = try c.decodeUnlessNull(Bool.self, forKey: .push_enabled)
        order_updates = try c.decodeUnlessNull(Bool.self, forKey: .order_updates)
        device_updates = try c.decodeUnlessNull(Bool.self, forKey: .device_updates)
        ticket_messages = try c.decodeUnlessNull(Bool.self, forKey: .ticket_messages)
        quote_updates = try c.decodeUnlessNull(Bool.self, forKey: .quote_updates)
        marketing = try c.decodeUnlessNull(Bool.self, forKey: .marketing)
    }

    var hasAny: Bool {
        [push_enabled, order_updates, device_updates, ticket_messages, quote_updates, marketing].contains { $0 != nil }
    }
}

extension PushPreferences {
    mutating func apply(_ change: PushPreferencesChange) {
        push_enabled = change.push_enabled ?? push_enabled
        order_updates = change.order_updates ?? order_updates
        device_updates = change.device_updates ?? device_updates
        ticket_messages = change.ticket_messages ?? ticket_messages
        quote_updates = change.quote_updates ?? quote_updates
        marketing = change.marketing ?? marketing
    }
}
