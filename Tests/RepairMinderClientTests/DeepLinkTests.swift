import Foundation
import Testing
@testable import RepairMinderClient

@Suite struct DeepLinkTests {
    static let staffOrderTypes = ["order_created", "order_status_changed", "order_collected", "payment_received"]
    static let staffDeviceTypes = ["device_status_changed", "quote_approved", "quote_rejected", "device_assigned"]
    static let staffTicketTypes = ["new_enquiry", "enquiry_reply"]
    static let customerOrderTypes = ["order_status", "quote_ready", "repair_complete"]

    @Test(arguments: staffOrderTypes)
    func staffOrderPushOpensTheOrder(type: String) {
        let payload: [AnyHashable: Any] = ["aps": ["alert": ["title": "x"]], "type": type, "order_id": "o-1"]
        #expect(DeepLink(pushPayload: payload) == .order(id: "o-1"))
        #expect(DeepLink(pushPayload: ["type": type]) == nil)
    }

    @Test(arguments: staffDeviceTypes)
    func staffDevicePushOpensTheDeviceOfItsOrder(type: String) {
        let payload: [String: Any] = ["type": type, "order_id": "o-1", "device_id": "d-1"]
        #expect(DeepLink(pushPayload: payload) == .device(orderID: "o-1", deviceID: "d-1"))
        #expect(DeepLink(pushPayload: ["type": type, "order_id": "o-1"] as [String: Any]) == nil)
        #expect(DeepLink(pushPayload: ["type": type, "device_id": "d-1"] as [String: Any]) == nil)
    }

    @Test(arguments: staffTicketTypes)
    func staffEnquiryPushOpensTheTicket(type: String) {
        #expect(DeepLink(pushPayload: ["type": type, "ticket_id": "t-1"] as [String: Any]) == .ticket(id: "t-1"))
        #expect(DeepLink(pushPayload: ["type": type, "order_id": "o-1"] as [String: Any]) == nil)
    }

    @Test(arguments: customerOrderTypes)
    func customerOrderPushOpensTheOrder(type: String) {
        let payload: [String: Any] = ["type": type, "order_id": "o-1"]
        #expect(DeepLink(pushPayload: payload) == .customerOrder(id: "o-1", section: nil))
        #expect(DeepLink(pushPayload: payload)?.role == .customer)
    }

    @Test func customerMessagePushOpensTheOrderMessages() {
        #expect(DeepLink(pushPayload: ["type": "message", "order_id": "o-1"] as [String: Any])
                == .customerOrder(id: "o-1", section: .messages))
    }

    @Test func unknownOrMalformedPayloadsMapToNil() {
        #expect(DeepLink(pushPayload: ["type": "marketing", "order_id": "o-1"] as [String: Any]) == nil)
        #expect(DeepLink(pushPayload: ["order_id": "o-1"] as [String: Any]) == nil)
        #expect(DeepLink(pushPayload: ["type": 3, "order_id": "o-1"] as [String: Any]) == nil)
        #expect(DeepLink(pushPayload: ["type": "order_status", "order_id": 42] as [String: Any]) == nil)
        #expect(DeepLink(pushPayload: ["type": "order_status", "order_id": ""] as [String: Any]) == nil)
        #expect(DeepLink(pushPayloadJSON: Data("not json".utf8)) == nil)
    }

    @Test func roleFilterRejectsTheOtherAppsTypes() {
        let staff: [String: Any] = ["type": "order_created", "order_id": "o-1"]
        let customer: [String: Any] = ["type": "order_status", "order_id": "o-1"]
        #expect(DeepLink(pushPayload: staff, role: .staff) == .order(id: "o-1"))
        #expect(DeepLink(pushPayload: staff, role: .customer) == nil)
        #expect(DeepLink(pushPayload: customer, role: .staff) == nil)
    }

    @Test func jsonPayloadAsTheMockRecordsIt() {
        let json = #"{"aps": {"alert": {"title": "Order Update", "body": "Ready"}, "badge": 1, "sound": "default"}, "type": "order_status", "order_id": "uuid"}"#
        #expect(DeepLink(pushPayloadJSON: Data(json.utf8)) == .customerOrder(id: "uuid", section: nil))
        let device = #"{"type": "device_status_changed", "order_id": "o", "device_id": "d"}"#
        #expect(DeepLink(pushPayloadJSON: Data(device.utf8)) == .device(orderID: "o", deviceID: "d"))
    }

    @Test func apnsTokenIsLowerCaseHex() {
        #expect(PushRegistration.hex(Data([0x00, 0x0f, 0xa0, 0xff])) == "000fa0ff")
    }
}

extension DeepLinkTests {
    /// Every push `type` of seed 000 (staff, `handleNotificationTap`) and seed 004 (customer), with
    /// the ids the mock records, and where it leads.
    static let everyType: [(type: String, link: DeepLink)] = [
        ("order_created", .order(id: "o")), ("order_status_changed", .order(id: "o")),
        ("order_collected", .order(id: "o")), ("payment_received", .order(id: "o")),
        ("device_status_changed", .device(orderID: "o", deviceID: "d")), ("quote_approved", .device(orderID: "o", deviceID: "d")),
        ("quote_rejected", .device(orderID: "o", deviceID: "d")), ("device_assigned", .device(orderID: "o", deviceID: "d")),
        ("new_enquiry", .ticket(id: "t")), ("enquiry_reply", .ticket(id: "t")),
        ("order_status", .customerOrder(id: "o", section: nil)), ("quote_ready", .customerOrder(id: "o", section: nil)),
        ("repair_complete", .customerOrder(id: "o", section: nil)), ("message", .customerOrder(id: "o", section: .messages)),
    ]

    @Test(arguments: everyType)
    func everyPushTypeOfTheSeedsLeadsToItsScreen(type: String, link: DeepLink) {
        // A payload as the mock records it: every id the event has, beside `aps`.
        let json = #"{"aps": {"alert": {"title": "T", "body": "B"}, "sound": "default"}, "type": "\#(type)", "order_id": "o", "device_id": "d", "ticket_id": "t"}"#
        #expect(DeepLink(pushPayloadJSON: Data(json.utf8)) == link)
        #expect(DeepLink(pushPayloadJSON: Data(json.utf8), role: link.role) == link)
        #expect(DeepLink(pushPayloadJSON: Data(json.utf8), role: link.role == .staff ? .customer : .staff) == nil)
    }
}
