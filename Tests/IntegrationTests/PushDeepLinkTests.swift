import Foundation
import RepairMinderMockControl
import Testing
import RepairMinderClient
import MockTestSupport

/// Push: tokens registered through the client, events caused through the client, and every push
/// the mock records decoded into a ``DeepLink`` that the recipient's session can open.
@Suite("Pushes recorded by the mock, deep-linked")
@MainActor
struct PushDeepLinkTests {
    static let alice = String(repeating: "a1", count: 32)
    static let eddie = String(repeating: "e2", count: 32)
    static let jane = String(repeating: "1a", count: 32)
    static let george = String(repeating: "6b", count: 32)
    static let amelia = String(repeating: "3c", count: 32)

    /// Magic-link sign-in (the engineer has no password).
    func engineer(_ mock: MockHarness) async throws -> StaffSession {
        let client = mock.client()
        let session = StaffSession(client: client, push: PushRegistration(client: client, role: .staff))
        try await session.requestMagicLink(email: MockSeed.Staff.engineer.email)
        let code = try await mock.code(to: MockSeed.Staff.engineer.email, kind: "staff_magic_link")
        try await session.verifyMagicLink(email: MockSeed.Staff.engineer.email, code: code)
        return session
    }

    @Test func everyRecordedPushDeepLinksToAScreenItsRecipientCanOpen() async throws {
        try await withMock(.live) { mock in
            let alice = try await mock.signedInStaff(push: true)
            try await #require(alice.push).updateDeviceToken(Self.alice)
            let eddie = try await engineer(mock)
            try await #require(eddie.push).updateDeviceToken(Self.eddie)
            var customers: [String: CustomerSession] = [:]
            for (email, token) in [(MockSeed.Customer.jane.email, Self.jane), ("george.taylor@customer.test", Self.george),
                                   ("amelia.jones@customer.test", Self.amelia)] {
                let session = try await mock.signedInCustomer(email: email, push: true)
                try await #require(session.push).updateDeviceToken(token)
                #expect(await session.push?.isRegistered == true)
                customers[token] = session
            }
            #expect(await alice.push?.isRegistered == true)
            #expect(try await mock.recordedPushes().isEmpty)

            // Events, each caused by someone other than the recipient.
            _ = try await eddie.moveDevice(SeedIDs.device(14), to: .repairedReady)         // Alice's device; Amelia's repair
            var fixtures = MockFixtures()                                                  // a repair of Amelia's on the bench
            let bench = fixtures.addOrder(companyID: MockSeed.Company.acme, clientID: "00000004-0000-4000-8000-00000000e004",
                                          devices: [.init(brand: "Apple", model: "iPhone 13", status: .repairing)])
            try await mock.control.addFixtures(fixtures)
            _ = try await eddie.moveDevice(try #require(fixtures.deviceID(0, of: bench)), to: .repairedQC)   // repair finished
            _ = try await eddie.moveDevice(SeedIDs.device(32), to: .collected)             // order collected
            _ = try await alice.moveDevice(SeedIDs.device(15), to: .collected)             // Eddie's device; George's order
            _ = try await eddie.moveDevice(SeedIDs.device(6), to: .awaitingAuthorisation)  // George's quote
            _ = try await alice.send(API.Devices.assign(id: SeedIDs.device(4), engineerID: MockSeed.Staff.engineer.id))
            _ = try await customers[Self.jane]!.approveQuote(orderID: SeedIDs.order(1), typedName: "Jane Doe")
            _ = try await customers[Self.amelia]!.rejectQuote(orderID: SeedIDs.order(31))
            _ = try await customers[Self.jane]!.sendMessage(orderID: SeedIDs.order(1), body: "When can I collect it?")
            try await mock.control.inboundEmail(to: MockSeed.CompanyEmail.acmeHello.email, from: "new.person@example.test", fromName: "New Person",
                                        subject: "Battery swap price?", body: "How much for an iPhone 12 battery?")
            _ = try await alice.send(API.Tickets.reply(id: SeedIDs.ticket(1), html: "<p>From Monday.</p>", text: "From Monday."))

            let pushes = try await mock.recordedPushes()
            let types = Set(pushes.compactMap(\.type))
            #expect(types == ["device_status_changed", "order_status_changed", "order_collected", "device_assigned",
                              "quote_approved", "quote_rejected", "enquiry_reply", "new_enquiry",
                              "order_status", "quote_ready", "repair_complete", "message"],
                    "every type the mock can cause (order_created and payment_received have no route)")

            var opened = 0
            for push in pushes {
                let role: AppRole = push.appType == "staff" ? .staff : .customer
                guard let link = DeepLink(pushPayloadJSON: push.payload.json, role: role) else {
                    Issue.record("push \(String(decoding: push.payload.json, as: UTF8.self)) has no deep link")
                    continue
                }
                let object = try #require(try JSONSerialization.jsonObject(with: push.payload.json) as? [String: Any])
                let alert = (object["aps"] as? [String: Any])?["alert"] as? [String: Any]
                #expect(alert?["title"] is String && alert?["body"] is String)
                switch role {
                case .staff:
                    let session = push.deviceToken == Self.alice ? alice : eddie
                    #expect(push.recipientID == (session === alice ? MockSeed.Staff.admin.id : MockSeed.Staff.engineer.id))
                    switch try await session.open(link) {
                    case .order(let order):
                        #expect(link == .order(id: order.id))
                    case .device(let device):
                        #expect(link == .device(orderID: device.orderID, deviceID: device.id))
                    case .ticket(let ticket):
                        #expect(link == .ticket(id: ticket.id))
                    }
                case .customer:
                    let session = try #require(customers[push.deviceToken])
                    let destination = try await session.open(link)
                    #expect(link == .customerOrder(id: destination.order.id, section: destination.section))
                    if push.type == "message" {
                        #expect(destination.section == .messages)
                        #expect(destination.order.messages.last?.bodyText == "From Monday.")
                    }
                    if push.type == "quote_ready" { #expect(destination.order.quote != nil) }
                }
                opened += 1
            }
            #expect(opened == pushes.count)

            // The actor of an event hears nothing of it.
            let toEddie = try await mock.recordedPushes(to: Self.eddie)
            #expect(!toEddie.contains { $0.type == "device_status_changed" && String(decoding: $0.payload.json, as: UTF8.self).contains(SeedIDs.device(14)) })
        }
    }

    @Test func registrationAnswersAndPreferencesGateThePushes() async throws {
        try await withMock(.live) { mock in
            let alice = try await mock.signedInStaff(push: true)
            let push = try #require(alice.push)
            let registered = try await alice.send(API.DeviceTokens.register(deviceToken: Self.alice, role: .staff))
            #expect(registered.message == "Device token registered")
            try await push.updateDeviceToken(Self.alice)

            let off = try await alice.send(API.PushSettings.update(PushPreferenceChanges(deviceUpdates: false), role: .staff))
            #expect(off.deviceUpdates == false && off.pushEnabled)
            let eddie = try await engineer(mock)
            _ = try await eddie.moveDevice(SeedIDs.device(14), to: .repairedReady)
            let pushes = try await mock.recordedPushes(to: Self.alice)
            #expect(!pushes.isEmpty, "order updates still reach Alice")
            #expect(!pushes.contains { $0.type == "device_status_changed" }, "device updates are off")

            await alice.logout()
            #expect(await push.isRegistered == false)
            _ = try await eddie.moveDevice(SeedIDs.device(3), to: .repairedQC)
            #expect(try await mock.recordedPushes(to: Self.alice).count == pushes.count, "no token, no push")
        }
    }
}
