import Foundation
import GRDB
import MockBasics

/// The push types of seed 000 (staff) and seed 004 (customer), with the preference switch that
/// gates each (decided).
enum PushType: String, Sendable, CaseIterable {
    // Staff (seed 000 `handleNotificationTap`)
    case orderCreated = "order_created"
    case orderStatusChanged = "order_status_changed"
    case orderCollected = "order_collected"
    case paymentReceived = "payment_received"
    case deviceStatusChanged = "device_status_changed"
    case quoteApproved = "quote_approved"
    case quoteRejected = "quote_rejected"
    case deviceAssigned = "device_assigned"
    case newEnquiry = "new_enquiry"
    case enquiryReply = "enquiry_reply"
    // Customer (seed 004)
    case orderStatus = "order_status"
    case quoteReady = "quote_ready"
    case repairComplete = "repair_complete"
    case message

    var appType: AppType {
        switch self {
        case .orderStatus, .quoteReady, .repairComplete, .message: .customer
        default: .staff
        }
    }

    var preference: KeyPath<PushPreferences, Bool> {
        switch self {
        case .orderCreated, .orderStatusChanged, .orderCollected, .paymentReceived, .orderStatus: \.order_updates
        case .deviceStatusChanged, .deviceAssigned, .repairComplete: \.device_updates
        case .quoteApproved, .quoteRejected, .quoteReady: \.quote_updates
        case .newEnquiry, .enquiryReply, .message: \.ticket_messages
        }
    }
}

/// Something that happened, and who should hear of it.
struct PushEvent: Sendable, Equatable {
    enum Audience: Sendable, Equatable {
        /// Staff of the company: the first of `preferred` that is set and still an active staff
        /// member, else every active staff member.
        case staff(preferred: [String?])
        /// The order's client, on the tokens they registered with this company.
        case client(String)
    }

    var type: PushType
    var title: String
    var body: String
    var orderID: String?
    var deviceID: String?
    var ticketID: String?
    var audience: Audience

    /// `{"aps": {"alert": {"title", "body"}, "badge"?, "sound": "default"}, "type", "order_id"?,
    /// "device_id"?, "ticket_id"?}`. A customer's push carries `"badge": 1`, as seed 004's payload
    /// does; a staff push none (the staff app's badges are its header counts, seed 000).
    var payload: JSONValue {
        var aps: [String: JSONValue] = ["alert": ["title": .string(title), "body": .string(body)], "sound": "default"]
        if type.appType == .customer { aps["badge"] = 1 }
        var members: [String: JSONValue] = ["aps": .object(aps), "type": .string(type.rawValue)]
        if let orderID { members["order_id"] = .string(orderID) }
        if let deviceID { members["device_id"] = .string(deviceID) }
        if let ticketID { members["ticket_id"] = .string(ticketID) }
        return .object(members)
    }

    /// The pushes a device's status move causes (CONTRACT §7): `device_status_changed` to staff;
    /// `order_collected` or `order_status_changed` when the order's status changed; to the client
    /// `quote_ready` (→ awaiting_authorisation), `repair_complete` (→ repaired_qc: the repair is
    /// finished, as `repair_completed_at` says), and `order_status` when the order's status changed
    /// otherwise — "Your repair is ready for collection!" when a repaired device makes it ready for
    /// collection (seed 004's example payload, decided).
    static func deviceMoved(_ device: DeviceRecord, order: OrderRecord, from: DeviceStatus,
                            orderFrom: OrderStatus) -> [PushEvent] {
        let name = device.displayName, status = device.status
        var events = [PushEvent(type: .deviceStatusChanged, title: "Device status changed",
                                body: "\(name) (order #\(order.orderNumber)): \(from.displayName) → \(status.displayName)",
                                orderID: order.id, deviceID: device.id, audience: deviceStaff(device, order))]
        let client = Audience.client(order.clientID)
        switch status {
        case .awaitingAuthorisation:
            events += orderChanged(order, from: orderFrom, tellClient: false)
            events.append(PushEvent(type: .quoteReady, title: "Quote Ready",
                                    body: "Your quote for your \(name) is ready for approval",
                                    orderID: order.id, audience: client))
        case .repairedQC:
            events += orderChanged(order, from: orderFrom, tellClient: true)
            events.append(PushEvent(type: .repairComplete, title: "Repair Complete",
                                    body: "The repair of your \(name) is finished", orderID: order.id, audience: client))
        case .repairedReady where order.status == .readyForCollection && orderFrom != .readyForCollection:
            events += orderChanged(order, from: orderFrom, tellClient: false)
            events.append(PushEvent(type: .orderStatus, title: "Order Update", body: "Your repair is ready for collection!",
                                    orderID: order.id, audience: client))
        default:
            events += orderChanged(order, from: orderFrom, tellClient: true)
        }
        return events
    }

    /// When the order's status changed: `order_collected` or `order_status_changed` to staff
    /// (the order's assigned user, else everyone), and `order_status` to the client if asked.
    static func orderChanged(_ order: OrderRecord, from: OrderStatus, tellClient: Bool) -> [PushEvent] {
        guard order.status != from else { return [] }
        let number = order.orderNumber
        let collected = order.status == .collected
        var events = [PushEvent(type: collected ? .orderCollected : .orderStatusChanged,
                                title: collected ? "Order collected" : "Order status changed",
                                body: collected ? "Order #\(number) has been collected"
                                    : "Order #\(number) is now \(order.status.displayName)",
                                orderID: order.id, audience: .staff(preferred: [order.assignedUserID]))]
        if tellClient {
            events.append(PushEvent(type: .orderStatus, title: "Order Update",
                                    body: "Your order #\(number) is now \(order.status.displayName)",
                                    orderID: order.id, audience: .client(order.clientID)))
        }
        return events
    }

    /// The customer's answer to a device's quote: `quote_approved` or `quote_rejected` to staff.
    static func quoteAnswered(_ device: DeviceRecord, order: OrderRecord, approved: Bool, by client: String) -> PushEvent {
        PushEvent(type: approved ? .quoteApproved : .quoteRejected,
                  title: approved ? "Quote approved" : "Quote rejected",
                  body: "\(client) \(approved ? "approved" : "rejected") the quote for \(device.displayName) "
                      + "(order #\(order.orderNumber))",
                  orderID: order.id, deviceID: device.id, audience: deviceStaff(device, order))
    }

    /// Staff to tell about a device: its engineer, else the order's assigned user, else everyone.
    private static func deviceStaff(_ device: DeviceRecord, _ order: OrderRecord) -> Audience {
        .staff(preferred: [device.assignedEngineerID, order.assignedUserID])
    }

    /// A staff reply (or a macro's email): `message` to the client — only for a ticket of an order,
    /// since the customer app shows messages on its orders (decided).
    static func staffReplied(ticket: TicketRecord, client: String) -> [PushEvent] {
        guard let order = ticket.orderID else { return [] }
        return [PushEvent(type: .message, title: "New Message", body: ticket.subject, orderID: order, ticketID: ticket.id,
                          audience: .client(client))]
    }

    /// An enquiry that just arrived: `new_enquiry` to its assigned user, else every active staff member.
    static func newEnquiry(_ ticket: TicketRecord) -> PushEvent {
        PushEvent(type: .newEnquiry, title: "New enquiry", body: "#\(ticket.ticketNumber): \(ticket.subject)",
                  orderID: ticket.orderID, ticketID: ticket.id, audience: .staff(preferred: [ticket.assignedUserID]))
    }

    /// A customer's answer on an existing ticket: `enquiry_reply`, same recipients.
    static func customerReplied(_ ticket: TicketRecord, from name: String) -> PushEvent {
        PushEvent(type: .enquiryReply, title: "New reply from \(name)", body: "#\(ticket.ticketNumber): \(ticket.subject)",
                  orderID: ticket.orderID, ticketID: ticket.id, audience: .staff(preferred: [ticket.assignedUserID]))
    }

    /// An order that just arrived (`POST /__mock/events` `order_created`): `order_created` to its
    /// assigned user, else every active staff member.
    static func orderCreated(_ order: OrderRecord, clientName: String) -> PushEvent {
        PushEvent(type: .orderCreated, title: "New order", body: "Order #\(order.orderNumber) from \(clientName)",
                  orderID: order.id, audience: .staff(preferred: [order.assignedUserID]))
    }

    /// A payment that came in (`POST /__mock/events` `payment_received`): `payment_received` to the
    /// order's assigned user, else every active staff member. `12.50 GBP`: the amount in the
    /// company's currency, without a symbol.
    static func paymentReceived(_ order: OrderRecord, amountPence: Int64, currency: String) -> PushEvent {
        let pounds = amountPence.magnitude / 100
        let pence = amountPence.magnitude % 100
        let amount = (amountPence < 0 ? "-" : "") + "\(pounds)." + (pence < 10 ? "0" : "") + "\(pence)"
        return PushEvent(type: .paymentReceived, title: "Payment received",
                         body: "\(amount)\(currency.isEmpty ? "" : " " + currency) received for order #\(order.orderNumber)",
                         orderID: order.id, audience: .staff(preferred: [order.assignedUserID]))
    }

    /// `device_assigned` to the newly assigned engineer.
    static func deviceAssigned(_ device: DeviceRecord, order: OrderRecord, to engineer: String) -> PushEvent {
        PushEvent(type: .deviceAssigned, title: "Device assigned to you",
                  body: "\(device.displayName) (order #\(order.orderNumber))",
                  orderID: order.id, deviceID: device.id, audience: .staff(preferred: [engineer]))
    }
}

/// Records the pushes the backend would send, in the caller's transaction: one row of `push_log`
/// per registered token of each recipient whose preferences allow the type; the actor of the
/// event is never a recipient.
enum PushDelivery {
    /// The number of pushes recorded (rows of `push_log`).
    @discardableResult
    static func record(_ events: [PushEvent], db: Database, company: String, actor: String, now: Date,
                       invented: InventedValues) throws -> Int {
        let sentAt = Timestamp.string(now)
        var recorded = 0
        for event in events {
            let ownerType = event.type.appType
            for recipient in try recipients(event.audience, db: db, company: company) where recipient != actor {
                let preferences = try PushPreferences.fetch(db, ownerType: ownerType.rawValue, ownerID: recipient)
                guard preferences.allows(event.type) else { continue }
                let tokens = try String.fetchAll(db.cachedStatement(sql: """
                    SELECT device_token FROM device_tokens
                    WHERE app_type = ?1 AND COALESCE(user_id, client_id) = ?2 AND company_id = ?3
                    ORDER BY created_at, rowid
                    """), arguments: [ownerType, recipient, company])
                let payload = event.payload.jsonString
                for token in tokens {
                    try db.cachedStatement(sql: """
                        INSERT INTO push_log (id, device_token, app_type, recipient_type, recipient_id, payload, sent_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """).execute(arguments: [invented.id(PushLogRecord.self), token, ownerType, ownerType, recipient, payload, sentAt])
                    recorded += 1
                }
            }
        }
        return recorded
    }

    private static func recipients(_ audience: PushEvent.Audience, db: Database, company: String) throws -> [String] {
        switch audience {
        case .client(let client):
            return [client]
        case .staff(let preferred):
            let active = try String.fetchAll(db.cachedStatement(sql: """
                SELECT id FROM users WHERE company_id = ? AND is_active = 1 AND archived_at IS NULL
                ORDER BY created_at, rowid
                """), arguments: [company])
            // The first preferred person who can still receive pushes: a deactivated or archived
            // engineer must not swallow the notice meant for the shop.
            if let first = preferred.compactMap({ $0 }).first(where: active.contains) { return [first] }
            return active
        }
    }
}
