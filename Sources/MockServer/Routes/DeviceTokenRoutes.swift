import Foundation
import MockHTTP
import MockBasics
import MockRouting
import MockStore

/// Push device tokens and preferences (CONTRACT §7), for staff and customer tokens alike.
/// `app_type` must match the kind of token presented; re-registering a token moves it to the new owner.
enum DeviceTokenRoutes {
    /// The owner the caller registers tokens for.
    private static func pushOwner(_ context: CallerContext) -> PushOwner {
        switch context.caller {
        case .staff(let staff): PushOwner(type: .staff, id: staff.userID, companyID: staff.companyID)
        case .customer(let customer): PushOwner(type: .customer, id: customer.clientID, companyID: customer.companyID)
        }
    }

    static func register(on router: inout Router) {
        router.post("/api/user/device-token") { (context: CallerContext) in
            let owner = pushOwner(context)
            let body = try context.body(DeviceTokenRegistrationBody.self)
            guard body.app_type.rawValue == owner.type.rawValue else {
                throw APIFailure.badRequest("app_type must be \"\(owner.type.rawValue)\" for this token")
            }
            try context.store.registerDeviceToken(body.device_token, platform: body.platform, owner: owner,
                                                  now: context.now)
            return JSONBody.success(MessagePayload(message: "Device token registered"))
        }

        router.delete("/api/user/device-token") { (context: CallerContext) in
            let owner = pushOwner(context)
            let body = try context.body(DeviceTokenRemovalBody.self)
            // Only the caller's own token; removing an unknown token is not an error (logout may repeat).
            try context.store.removeDeviceToken(body.device_token, owner: owner)
            return JSONBody.success(MessagePayload(message: "Device token removed"))
        }

        router.get("/api/user/push-preferences") { (context: CallerContext) in
            JSONBody.success(try context.store.pushPreferences(of: pushOwner(context)))
        }

        router.put("/api/user/push-preferences") { (context: CallerContext) in
            let owner = pushOwner(context)
            let change = try context.body(PushPreferencesChange.self)
            let preferences = try context.store.updatePushPreferences(of: owner, now: context.now) { $0.apply(change) }
            return JSONBody.success(preferences)
        }
    }
}


/// `POST /api/user/device-token`. Body keys are (decided). Unknown keys are ignored.
/*@RequestBody(component: "DeviceTokenRegistration", decided: true)*/
struct DeviceTokenRegistrationBody {
    /// 8–512 characters of `A-Z a-z 0-9 - _` (APNs hex tokens qualify; the simulator sends odd ones).
    /*@Schema(.string(pattern: #"^[A-Za-z0-9_-]{8,512}(?![\s\S])"#))*/ let device_token: String
    /*@Schema(.string(values: ["ios"]))*/ let platform: String
    /// Must match the kind of bearer token sent, else 400.
    let app_type: AppType
}

/// `DELETE /api/user/device-token`. Body keys are (decided). Unknown keys are ignored.
/*@RequestBody(component: "DeviceTokenRemoval", decided: true)*/
struct DeviceTokenRemovalBody {
    /*@Schema(.string(minLength: 1))*/ let device_token: String
}

/// `PUT /api/user/push-preferences`: any subset, at least one known key (unknown keys are ignored
/// and do not count; none → 400 `No fields to update`); the others keep their value. A switch may
/// be left out; `null` is a 400 naming it (it is not "leave as is").
/*@RequestBody(component: "PushPreferencesChange", atLeastOne: true)*/
struct PushPreferencesChange {
    var push_enabled: Bool?
    var order_updates: Bool?
    var device_updates: Bool?
    var ticket_messages: Bool?
    var quote_updates: Bool?
    var marketing: Bool?
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
