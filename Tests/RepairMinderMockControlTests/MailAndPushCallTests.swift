import Foundation
import Testing
import MockServer
import RepairMinderMockControl
import MockTestSupport

/// The outbox, the push record and mail in, against a live mock.
@Suite struct MailAndPushCallTests {
    static let adminPhone = "admin-phone-0001"

    @Test func outboxListsTypedMailNewestFirstAndFilters() async throws {
        try await withMock(.live) { mock in
            let control = mock.control
            let before = Date()
            _ = try await mock.requestStaffCode()
            _ = try await mock.app("POST", "/api/auth/magic-link/request", ["email": .string(MockSeed.Staff.engineer.email)])

            let all = try await control.outbox()
            #expect(all.map(\.kind) == [.staffMagicLink, .staff2FA])
            let mail = try #require(try await control.outbox(to: "ADMIN@acme.test", kind: .staff2FA).first)
            #expect(mail.to == MockSeed.Staff.admin.email)
            #expect(mail.subject == "Your Repair Minder login code")
            let code = try #require(mail.code)
            #expect(code.count == 6 && code.allSatisfy(\.isNumber))
            #expect(mail.body.contains(code))
            #expect(mail.sentAt >= before - 1 && mail.sentAt <= Date())   // to the second
            #expect(try await control.latestCode(to: MockSeed.Staff.admin.email, kind: .staff2FA) == code)
            #expect(try await control.latestCode(to: MockSeed.Staff.admin.email, kind: .customerMagicLink) == nil)
            #expect(try await control.outbox(to: MockSeed.Staff.engineer.email).map(\.kind) == [.staffMagicLink])

            let unknown = await controlError { _ = try await control.outbox(kind: "sms") }
            #expect(unknown?.status == 400)
            #expect(unknown?.message == "Unknown outbox kind: sms")
        }
    }

    @Test func inboundEmailOpensAnEnquiryAndAnswersOne() async throws {
        try await withMock(.live) { mock in
            let control = mock.control
            let opened = try await control.inboundEmail(to: "hello@acme.test", from: "noah.walker@example.test",
                                                        fromName: "Noah Walker", subject: "Battery price?",
                                                        body: "How much is a battery for an iPhone 12?")
            #expect(opened.createdTicket)
            #expect(opened.ticketNumber > 1000)
            #expect(!opened.ticketID.isEmpty && !opened.messageID.isEmpty)

            let answered = try await control.inboundEmail(to: "hello@acme.test", from: "noah.walker@example.test",
                                                          subject: "Re: Battery price?", body: "Any news?",
                                                          ticketID: opened.ticketID)
            #expect(!answered.createdTicket)
            #expect(answered.ticketID == opened.ticketID)
            #expect(answered.ticketNumber == opened.ticketNumber)

            let refused = await controlError {
                try await control.inboundEmail(to: "nobody@nowhere.test", from: "a@b.test", subject: "s", body: "b")
            }
            #expect(refused?.status == 400)
            #expect(refused?.message == "Invalid or missing field: to")
        }
    }

    @Test func pushesAreTypedWithTheirRawPayload() async throws {
        try await withSignedInMock(.live) { mock, admin in
            let control = mock.control
            let token = admin.token
            try await mock.registerPushToken(Self.adminPhone, appType: "staff", bearer: token)
            #expect(try await control.pushes().isEmpty)

            let before = Date()
            let enquiry = try await control.inboundEmail(to: "hello@acme.test", from: "noah.walker@example.test",
                                                         subject: "Battery price?", body: "How much?")
            let pushes = try await control.pushes(deviceToken: Self.adminPhone)
            let push = try #require(pushes.first)
            #expect(pushes.count == 1)
            #expect(push.deviceToken == Self.adminPhone)
            #expect(push.appType == "staff" && push.recipientType == "staff")
            #expect(push.recipientID == MockSeed.Staff.admin.id)
            #expect(push.type == "new_enquiry")
            #expect(push.sentAt >= before - 1 && push.sentAt <= Date())

            let payload = push.payload
            #expect(payload.aps.alert?.title == "New enquiry")
            #expect(payload.aps.alert?.body?.contains("Battery price?") == true)
            #expect(payload.aps.sound == "default")
            #expect(payload.aps.badge == nil)
            #expect(payload.ticketID == enquiry.ticketID)
            #expect(payload.orderID == nil && payload.deviceID == nil)
            #expect(Set(payload.custom.keys) == ["type", "ticket_id"])
            #expect(payload.custom["ticket_id"] == .string(enquiry.ticketID))
            // The JSON as it came, for the app's own notification handling.
            let raw = try MockJSON(parsing: payload.json)
            #expect(raw == payload.value)
            #expect(raw["aps"]?["alert"]?["title"] == "New enquiry")
            #expect(try await control.pushes(deviceToken: "someone-else-0001").isEmpty)
        }
    }

    @Test func aPayloadWithAStringAlertAndABadgeReadsAsTyped() throws {
        let payload = MockPushPayload(["aps": ["alert": "Hello", "badge": 3], "type": "message", "order_id": "o1",
                                       "device_id": "d1", "extra": [1, 2]])
        #expect(payload.aps.alert == MockPushPayload.Alert(title: nil, body: "Hello"))
        #expect(payload.aps.badge == 3)
        #expect(payload.aps.sound == nil)
        #expect(payload.type == "message" && payload.orderID == "o1" && payload.deviceID == "d1")
        #expect(payload.custom["extra"] == [1, 2])
        #expect(String(decoding: payload.json, as: UTF8.self)
                == #"{"aps":{"alert":"Hello","badge":3},"device_id":"d1","extra":[1,2],"order_id":"o1","type":"message"}"#)
    }
}
