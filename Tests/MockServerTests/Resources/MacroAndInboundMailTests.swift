import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import RepairMinderMockControl
import MockStore
import MockTestSupport

/// `GET /api/macros`, `POST /api/tickets/:id/macro` (the first stage now as a reply, the rest
/// scheduled) and the control route `POST /__mock/inbound-email` (a new enquiry or a customer's
/// reply, with `new_enquiry` / `enquiry_reply` pushes).
@Suite struct MacroAndInboundMailTests {
    static let adminPhone = "adm7000000000001"
    static let engineerPhone = "eng7000000000001"
    static let totpPhone = "tot7000000000001"
    static let betaPhone = "bet7000000000001"
    static let janePhone = "jan7000000000001"

    /// Staff phones of Acme (admin, engineer, totp) and Beta's admin, registered; `admin` is Acme's,
    /// signed in (`withSignedInMock`). Its access token.
    static func registerStaffPhones(_ mock: MockHarness, admin: MockHarness.StaffTokens) async throws -> String {
        try await mock.registerPushToken(adminPhone, appType: "staff", bearer: admin.token)
        try await mock.registerPushToken(engineerPhone, appType: "staff",
                                         bearer: try await mock.signInStaffByMagicLink("engineer@acme.test"))
        let totp = try await mock.post("/api/auth/login", ["email": "totp@acme.test", "password": "password123"])
        // Tara signs in with one of her recovery codes.
        let verified = try await mock.post("/api/auth/2fa/verify", ["userId": totp.data["userId"] ?? .null, "code": "ACME2FA1"])
        try await mock.registerPushToken(totpPhone, appType: "staff", bearer: try #require(verified.data["token"]?.string))
        try await mock.registerPushToken(betaPhone, appType: "staff", bearer: try await mock.signInStaff("admin@beta.test").token)
        return admin.token
    }

    // MARK: - Macros list

    @Test func macrosListEveryMacroOfTheCompanyWithItsStagesByName() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let reply = try await mock.get("/api/macros", bearer: token)
            #expect(reply.status == 200)
            #expect(reply.json.keys == ["success", "data"])
            #expect(WireShape.array(WireShape.macro).problems(reply.data) == [])
            #expect(reply.data == parsedJSON(#"""
                [
                  {
                    "id": "0000000d-0000-4000-8000-00000000a004",
                    "name": "Old holiday notice",
                    "description": "Retired template",
                    "is_active": 0,
                    "stages": [
                      {
                        "id": "0000000e-0000-4000-8000-00000000a007",
                        "position": 1,
                        "delay_minutes": 0,
                        "subject": "We are closed",
                        "body": "Hi {{client_first_name}},\n\nWe are closed for the holidays.\n\n{{company_name}}"
                      }
                    ]
                  },
                  {
                    "id": "0000000d-0000-4000-8000-00000000a001",
                    "name": "Quote follow-up",
                    "description": "Reminds the customer that a quote is waiting",
                    "is_active": 1,
                    "stages": [
                      {
                        "id": "0000000e-0000-4000-8000-00000000a001",
                        "position": 1,
                        "delay_minutes": 0,
                        "subject": "Your quote for order #{{order_number}}",
                        "body": "Hi {{client_first_name}},\n\nJust a reminder that the quote for your {{device_name}} is waiting for your approval.\n\n{{company_name}}"
                      },
                      {
                        "id": "0000000e-0000-4000-8000-00000000a002",
                        "position": 2,
                        "delay_minutes": 2880,
                        "subject": "Still waiting on your quote (order #{{order_number}})",
                        "body": "Hi {{client_first_name}},\n\nWe still have your {{device_name}} and the quote is waiting. Reply to this email or approve it in the app.\n\n{{company_name}}"
                      },
                      {
                        "id": "0000000e-0000-4000-8000-00000000a003",
                        "position": 3,
                        "delay_minutes": 10080,
                        "subject": "Last reminder: order #{{order_number}}",
                        "body": "Hi {{client_first_name}},\n\nThis is our last reminder about the quote for your {{device_name}}. If we do not hear from you within 7 days we will return it unrepaired.\n\n{{company_name}}"
                      }
                    ]
                  },
                  {
                    "id": "0000000d-0000-4000-8000-00000000a002",
                    "name": "Ready for collection",
                    "description": "Tells the customer the device can be collected",
                    "is_active": 1,
                    "stages": [
                      {
                        "id": "0000000e-0000-4000-8000-00000000a004",
                        "position": 1,
                        "delay_minutes": 0,
                        "subject": "Order #{{order_number}} is ready",
                        "body": "Hi {{client_first_name}},\n\nYour {{device_name}} is ready for collection at {{location_name}}.\n\n{{company_name}}"
                      },
                      {
                        "id": "0000000e-0000-4000-8000-00000000a005",
                        "position": 2,
                        "delay_minutes": 4320,
                        "subject": "Reminder: order #{{order_number}} is ready",
                        "body": "Hi {{client_first_name}},\n\nA reminder that your {{device_name}} is waiting for you at {{location_name}}.\n\n{{company_name}}"
                      }
                    ]
                  },
                  {
                    "id": "0000000d-0000-4000-8000-00000000a003",
                    "name": "Request more information",
                    "description": "Asks the customer for details about the fault",
                    "is_active": 1,
                    "stages": [
                      {
                        "id": "0000000e-0000-4000-8000-00000000a006",
                        "position": 1,
                        "delay_minutes": 0,
                        "subject": "A question about your {{device_name}}",
                        "body": "Hi {{client_first_name}},\n\nCould you tell us a little more about the problem with your {{device_name}}?\n\n{{company_name}}"
                      }
                    ]
                  }
                ]
                """#))
        }
    }

    // MARK: - Later stages, when the clock reaches them

    /// Quote follow-up on #1001: stage 2 is due two days later, stage 3 seven days after that.
    /// Moving the clock past each sends it exactly as the first stage went out (the reply on the
    /// ticket, the mail, the customer's push), once, stamped at the time it was due.
    @Test func laterStagesGoOutWhenTheClockReachesThemOnceEach() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let jane = try await mock.signInCustomer("jane@customer.test")
            try await mock.registerPushToken(Self.janePhone, appType: "customer", bearer: jane)
            let path = "/api/tickets/\(SeedIDs.ticket(1))"
            let run = try await mock.post("\(path)/macro", ["macro_id": .string(SeedIDs.macro(1))], bearer: admin.token)
            let scheduled = try #require(run.data["scheduled"]?.array?.compactMap { $0["scheduled_for"]?.string })
            func subjects() async throws -> [JSONValue?] {
                try await mock.outbox(to: "jane@customer.test", kind: "ticket_reply").reversed().map { $0["subject"] }
            }
            #expect(try await subjects() == ["Your quote for order #10001"])

            try await mock.advanceClock(seconds: 2880 * 60 - 60)            // a minute early: nothing
            #expect(try await subjects() == ["Your quote for order #10001"])
            try await mock.advanceClock(seconds: 60)                        // due: out, in the clock call itself
            #expect(try await subjects() == ["Your quote for order #10001", "Still waiting on your quote (order #10001)"])
            let staff = { try await mock.control.createSession(email: "admin@acme.test").token }   // two days on: a fresh token
            let ticket = try await mock.get(path, bearer: try await staff())
            let last = try #require(ticket.data["messages"]?.array?.last)
            #expect(last["subject"] == "Still waiting on your quote (order #10001)")
            #expect(last["created_at"]?.string == scheduled[0])
            #expect(last["body_text"]?.string?.hasPrefix("Hi Jane,") == true)
            #expect(last["created_by"]?["id"]?.string == MockSeed.Staff.admin.id)
            #expect(last["events"]?.array?.map { $0["event_type"] } == ["sent"])
            #expect(try await mock.pushPayloads(token: Self.janePhone).map { $0["type"] } == ["message", "message"])

            // Far past stage 3 in one move: it goes out, stamped when it was due; nothing twice.
            try await mock.advanceClock(seconds: 30 * 86_400)
            _ = try await mock.get("/__mock/health")
            #expect(try await subjects() == ["Your quote for order #10001", "Still waiting on your quote (order #10001)",
                                             "Last reminder: order #10001"])
            let runs = try mock.server.environment.store.macroStageRuns(ticketID: SeedIDs.ticket(1))
            #expect(runs.map(\.status) == ["sent", "sent", "sent"])
            #expect(runs.allSatisfy { $0.messageID != nil })
            #expect(try await mock.get(path, bearer: try await staff()).data["messages"]?.array?.last?["created_at"]?.string
                        == scheduled[1])
            #expect(try await mock.pushPayloads(token: Self.janePhone).count == 3)
        }
    }

    /// The sequence stops where the backend would stop it: the customer wrote since the macro ran,
    /// or the ticket was resolved or closed. Every stage still to come is cancelled, nothing is sent.
    @Test(arguments: ["the customer replied", "the ticket closed"])
    func aSequenceStopsWhenTheCustomerRepliesOrTheTicketCloses(_ why: String) async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let path = "/api/tickets/\(SeedIDs.ticket(1))"
            _ = try await mock.post("\(path)/macro", ["macro_id": .string(SeedIDs.macro(1))], bearer: admin.token)
            try await mock.advanceClock(seconds: 3600)
            if why == "the customer replied" {
                let jane = try await mock.signInCustomer("jane@customer.test")
                #expect(try await mock.post("/api/customer/orders/\(SeedIDs.order(1))/messages", ["body": "I'll approve it tonight"],
                                            bearer: jane).status == 201)
            } else {
                let staff = try await mock.control.createSession(email: "admin@acme.test").token   // an hour on: a fresh token
                #expect(try await mock.patch(path, ["status": "closed"], bearer: staff).status == 200)
            }
            let mails = try await mock.outboxCount(to: "jane@customer.test")
            try await mock.advanceClock(seconds: 60 * 86_400)
            #expect(try await mock.outboxCount(to: "jane@customer.test") == mails)
            let runs = try mock.server.environment.store.macroStageRuns(ticketID: SeedIDs.ticket(1))
            #expect(runs.map(\.status) == ["sent", "cancelled", "cancelled"], "\(why)")
        }
    }

    /// Reset drops the schedule with the database it was in; the stage does not go out after it.
    @Test func resetForgetsTheSchedule() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            _ = try await mock.post("/api/tickets/\(SeedIDs.ticket(1))/macro", ["macro_id": .string(SeedIDs.macro(1))], bearer: admin.token)
            _ = try await mock.post("/__mock/reset")
            try await mock.advanceClock(seconds: 60 * 86_400)
            #expect(try await mock.outboxCount() == 0)
            #expect(try mock.server.environment.store.macroStageRuns(ticketID: SeedIDs.ticket(1)).isEmpty)
        }
    }

    // MARK: - Running a macro

    @Test func aMacroSendsItsFirstStageNowAsAReplyAndSchedulesTheRest() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let jane = try await mock.signInCustomer("jane@customer.test")
            try await mock.registerPushToken(Self.janePhone, appType: "customer", bearer: jane)
            let path = "/api/tickets/\(SeedIDs.ticket(1))"
            let seededCount = try await mock.get(path, bearer: admin.token).data["messages"]?.array?.count ?? 0

            let run = try await mock.post("\(path)/macro", ["macro_id": .string(SeedIDs.macro(1))], bearer: admin.token)
            #expect(run.status == 200, "\(run.error ?? "")")
            #expect(run.data.keys == ["macro_id", "sent", "scheduled", "ticket"])
            #expect(run.data["macro_id"]?.string == SeedIDs.macro(1))
            #expect(WireShape.ticketDetail.problemsWithFreeEventData(run.data["ticket"]) == [])
            #expect(try await mock.get(path, bearer: admin.token).data == run.data["ticket"])

            let sent = try #require(run.data["sent"])
            let stamp = try #require(sent["created_at"]?.string)
            #expect(sent.droppingKeys(["id", "created_at", "events"]) == [
                "type": "outbound", "from_email": "manchester@acme.test", "from_name": "Acme Repairs Manchester",
                "to_email": "jane@customer.test", "subject": "Your quote for order #10001",
                "body_text": "Hi Jane,\n\nJust a reminder that the quote for your Apple iPhone 14 Pro is waiting for your approval.\n\nAcme Repairs",
                "body_html": "<p>Hi Jane,</p><p>Just a reminder that the quote for your Apple iPhone 14 Pro is waiting for your approval.</p><p>Acme Repairs</p>",
                "device_id": .null, "device_name": .null,
                "created_by": ["id": .string(MockSeed.Staff.admin.id), "first_name": "Alice", "last_name": "Admin", "name": "Alice Admin"],
                "attachments": [],
            ])
            #expect(sent["events"]?.array?.map { $0["event_type"] } == ["sent"])
            let messages = run.data["ticket"]?["messages"]?.array ?? []
            #expect(messages.count == seededCount + 1)
            #expect(messages.last == sent)

            // Stage 2 two days after now, stage 3 seven days after that.
            let now = try #require(Timestamp.parse(stamp))
            #expect(run.data["scheduled"] == [
                ["stage_id": "0000000e-0000-4000-8000-00000000a002", "position": 2,
                 "subject": "Still waiting on your quote (order #10001)",
                 "scheduled_for": .string(Timestamp.string(now.addingTimeInterval(2880 * 60)))],
                ["stage_id": "0000000e-0000-4000-8000-00000000a003", "position": 3, "subject": "Last reminder: order #10001",
                 "scheduled_for": .string(Timestamp.string(now.addingTimeInterval((2880 + 10080) * 60)))],
            ])
            // The run is recorded: the stage sent with its message, the others scheduled.
            let runs = try mock.server.environment.store.macroStageRuns(ticketID: SeedIDs.ticket(1))
            let recorded: [[String?]] = runs.map { run in [run.stageID, run.status, run.scheduledFor, run.messageID] }
            let expectedRuns: [[String?]] = [
                ["0000000e-0000-4000-8000-00000000a001", "sent", stamp, sent["id"]?.string],
                ["0000000e-0000-4000-8000-00000000a002", "scheduled", Timestamp.string(now.addingTimeInterval(2880 * 60)), nil],
                ["0000000e-0000-4000-8000-00000000a003", "scheduled", Timestamp.string(now.addingTimeInterval(12960 * 60)), nil],
            ]
            #expect(recorded == expectedRuns)
            // A reply like any other: the mail and the customer's push.
            #expect(try await mock.outbox(to: "jane@customer.test", kind: "ticket_reply").map { $0["subject"] }
                    == ["Your quote for order #10001"])
            #expect(try await mock.pushPayloads(token: Self.janePhone).map { $0["type"] } == ["message"])
        }
    }

    @Test func macroVariablesComeFromTheTicketAndOverridesWin() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let path = "/api/tickets/\(SeedIDs.ticket(4))/macro"

            let plain = try await mock.post(path, ["macro_id": .string(SeedIDs.macro(2))], bearer: token)
            #expect(plain.status == 200)
            #expect(plain.data["sent"]?["subject"] == "Order #10002 is ready")
            #expect(plain.data["sent"]?["body_text"]
                    == "Hi Jane,\n\nYour Apple iPad Air (5th generation) is ready for collection at Acme Repairs Manchester.\n\nAcme Repairs")
            #expect(plain.data["scheduled"]?.array?.map { $0["subject"] } == ["Reminder: order #10002 is ready"])

            let overridden = try await mock.post(path, ["macro_id": .string(SeedIDs.macro(2)), "variable_overrides": [
                "client_first_name": "Janey", "location_name": "Leeds <Briggate> & Co", "order_number": "X-1",
            ]], bearer: token)
            #expect(overridden.status == 200)
            let sent = overridden.data["sent"]
            #expect(sent?["subject"] == "Order #X-1 is ready")
            #expect(sent?["body_text"]
                    == "Hi Janey,\n\nYour Apple iPad Air (5th generation) is ready for collection at Leeds <Briggate> & Co.\n\nAcme Repairs")
            // The HTML form escapes what the text carries.
            #expect(sent?["body_html"]
                    == "<p>Hi Janey,</p><p>Your Apple iPad Air (5th generation) is ready for collection at Leeds &lt;Briggate&gt; &amp; Co.</p><p>Acme Repairs</p>")
            #expect(overridden.data["scheduled"]?.array?.map { $0["subject"] } == ["Reminder: order #X-1 is ready"])
        }
    }

    @Test func aMacroOnAnEnquiryFromSomeoneWhoIsNotAClientGreetsThemByName() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let path = "/api/tickets/\(SeedIDs.ticket(5))"
            #expect(try await mock.patch(path, ["location_id": .string(SeedIDs.location(1))], bearer: token).status == 200)
            let run = try await mock.post("\(path)/macro", ["macro_id": .string(SeedIDs.macro(3)),
                                                            "variable_overrides": ["device_name": "phone"]], bearer: token)
            #expect(run.status == 200, "\(run.error ?? "")")
            #expect(run.data["sent"]?["to_email"] == "walkin.visitor@example.test")
            #expect(run.data["sent"]?["subject"] == "A question about your phone")
            #expect(run.data["sent"]?["body_text"]
                    == "Hi Chris,\n\nCould you tell us a little more about the problem with your phone?\n\nAcme Repairs")
            #expect(run.data["scheduled"] == [])
        }
    }

    @Test func badMacroRequestsAre400NamingTheFieldAndWriteNothing() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let path = "/api/tickets/\(SeedIDs.ticket(1))/macro"
            let before = try mock.dump()
            let quote = SeedIDs.macro(1)
            let cases: [(body: String, message: String)] = [
                ("{}", "Invalid or missing field: macro_id"),
                (#"{"macro_id":5}"#, "Invalid or missing field: macro_id"),
                (#"{"macro_id":null}"#, "Invalid or missing field: macro_id"),
                (#"{"macro_id":"0000000d-0000-4000-8000-00000000a999"}"#, "Invalid or missing field: macro_id"),
                (#"{"macro_id":"\#(SeedIDs.macro(4))"}"#, "Macro is inactive: Old holiday notice"),       // inactive
                (#"{"macro_id":"\#(SeedIDs.macro(1, "b"))"}"#, "Invalid or missing field: macro_id"),     // Beta's
                (#"{"macro_id":"\#(quote)","variable_overrides":{"nickname":"J"}}"#,
                 "Invalid or missing field: variable_overrides.nickname"),
                (#"{"macro_id":"\#(quote)","variable_overrides":{"client_name":5}}"#,
                 "Invalid or missing field: variable_overrides.client_name"),
                (#"{"macro_id":"\#(quote)","variable_overrides":["client_name"]}"#, "Invalid or missing field: variable_overrides"),
                (#"{"macro_id":"\#(quote)","variable_overrides":"x"}"#, "Invalid or missing field: variable_overrides"),
                ("not json", "Invalid JSON body"),
                ("", "Invalid JSON body"),
            ]
            for (body, message) in cases {
                let reply = try await mock.send("POST", path, body: body, bearer: token)
                #expect(reply.status == 400, "\(body)")
                #expect(reply.json == ["success": false, "error": .string(message)], "\(body)")
            }
            // A macro is a reply: #1005 needs its location first.
            let walkIn = try await mock.post("/api/tickets/\(SeedIDs.ticket(5))/macro", ["macro_id": .string(SeedIDs.macro(3))], bearer: token)
            #expect(walkIn.status == 400)
            #expect(walkIn.error == "Choose a location for this enquiry before replying")
            #expect(try mock.dump() == before)
            #expect(try await mock.outbox(kind: "ticket_reply").isEmpty)
        }
    }

    // MARK: - Inbound mail

    @Test func mailToACompanyAddressFromAStrangerOpensALeadAndPushesEveryActiveStaffMember() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, acmeAdmin in
            let token = try await Self.registerStaffPhones(mock, admin: acmeAdmin)
            try await mock.advanceClock(seconds: 30)
            let before = try await mock.clockNow()

            let mail = try await mock.inboundEmail(to: "hello@acme.test", from: "new.person@example.test", fromName: "New Person",
                                                   subject: "Screen quote?", body: "How much for an iPhone 12 screen?\nThanks")
            let after = try await mock.clockNow()
            #expect(mail.status == 201)
            let ticketID = try #require(mail.data["ticket_id"]?.string)
            let messageID = try #require(mail.data["message_id"]?.string)
            #expect(mail.json == ["success": true, "data": ["ticket_id": .string(ticketID), "ticket_number": 1007,
                                                            "message_id": .string(messageID), "created_ticket": true]])

            let detail = try await mock.get("/api/tickets/\(ticketID)", bearer: token)
            #expect(WireShape.ticketDetail.problemsWithFreeEventData(detail.data) == [])
            let stamp = try #require(detail.data["created_at"]?.string)
            #expect(stamp >= before && stamp <= after)
            #expect(detail.data == [
                "id": .string(ticketID), "ticket_number": 1007, "subject": "Screen quote?", "status": "open", "ticket_type": "lead",
                "order_id": .null, "client": .null, "assigned_user": .null, "location": .null, "requires_location": 1,
                "received_custom_email": ["id": .string(MockSeed.CompanyEmail.acmeHello.id), "email_address": "hello@acme.test",
                                          "display_name": "Acme Repairs"],
                "awaiting_reply": 1,
                "messages": [[
                    "id": .string(messageID), "type": "inbound", "from_email": "new.person@example.test", "from_name": "New Person",
                    "to_email": "hello@acme.test", "subject": "Screen quote?", "body_text": "How much for an iPhone 12 screen?\nThanks",
                    "body_html": .null, "device_id": .null, "device_name": .null, "created_by": .null, "created_at": .string(stamp),
                    "events": [], "attachments": [],
                ]],
                "events": [], "created_at": .string(stamp), "updated_at": .string(stamp),
            ])
            // First in the list, waiting for an answer, counted by the dashboard.
            let list = try await mock.get("/api/tickets?awaiting_reply=true", bearer: token)
            #expect(list.itemIDs == [ticketID, SeedIDs.ticket(5)])
            #expect(list.data[0]?["last_message_preview"] == "How much for an iPhone 12 screen? Thanks")
            let stats = try await mock.get("/api/dashboard/enquiry-stats", bearer: token)
            #expect(stats.data["awaiting_reply"] == 2)
            #expect(stats.data["by_type"]?["lead"] == 4)

            // Nobody is assigned: every active Acme staff member hears of it, Beta does not.
            let expected: JSONValue = [
                "aps": ["alert": ["title": "New enquiry", "body": "#1007: Screen quote?"], "sound": "default"],
                "type": "new_enquiry", "ticket_id": .string(ticketID),
            ]
            for phone in [Self.adminPhone, Self.engineerPhone, Self.totpPhone] {
                #expect(try await mock.pushPayloads(token: phone) == [expected], "\(phone)")
            }
            #expect(try await mock.pushes(token: Self.betaPhone).isEmpty)
        }
    }

    @Test func mailFromAKnownClientToALocationAddressIsFiledUnderBoth() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let mail = try await mock.inboundEmail(to: "LEEDS@acme.test", from: "Oliver.Brown@customer.test", subject: "Battery",
                                                   body: "My battery dies by noon.")
            #expect(mail.status == 201)
            #expect(mail.data["created_ticket"] == true)
            let detail = try await mock.get("/api/tickets/\(mail.data["ticket_id"]?.string ?? "")", bearer: token).data
            #expect(detail["client"]?["id"]?.string == MockSeed.Customer.oliver.id)
            #expect(detail["location"] == ["id": .string(SeedIDs.location(2)), "name": "Acme Repairs Leeds"])
            #expect(detail["requires_location"] == 0)
            #expect(detail["received_custom_email"]?["email_address"] == "leeds@acme.test")
            // No name given: the client's.
            #expect(detail["messages"]?[0]?["from_name"] == "Oliver Brown")
            #expect(detail["messages"]?[0]?["from_email"] == "Oliver.Brown@customer.test")
            // The staff search finds it by the client.
            #expect(try await mock.get("/api/tickets?search=oliver", bearer: token).itemIDs
                    == [mail.data["ticket_id"]?.string ?? "", SeedIDs.ticket(2)])

            // Beta numbers its own tickets.
            let beta = try await mock.inboundEmail(to: "bristol@beta.test", from: "noah.walker@customer.test", subject: "Hi", body: "Hello")
            #expect(beta.data["ticket_number"] == 2002)
            let betaToken = try await mock.signInStaff("admin@beta.test").token
            let betaTicket = try await mock.get("/api/tickets/\(beta.data["ticket_id"]?.string ?? "")", bearer: betaToken)
            #expect(betaTicket.data["location"]?["id"]?.string == SeedIDs.location(1, "b"))
            #expect(try await mock.get("/api/tickets/\(beta.data["ticket_id"]?.string ?? "")", bearer: token).status == 404)
        }
    }

    @Test func aCustomersMailOnATicketReopensItAndPushesTheAssigneeOnly() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, acmeAdmin in
            let token = try await Self.registerStaffPhones(mock, admin: acmeAdmin)
            try await mock.advanceClock(seconds: 60)
            // #1004 is resolved and assigned to the engineer.
            let mail = try await mock.inboundEmail(to: "manchester@acme.test", from: "jane@customer.test",
                                                   subject: "Re: Order #10002 ready for collection", body: "One more question.",
                                                   ticketID: SeedIDs.ticket(4))
            #expect(mail.status == 201)
            #expect(mail.data["ticket_id"]?.string == SeedIDs.ticket(4))
            #expect(mail.data["ticket_number"] == 1004)
            #expect(mail.data["created_ticket"] == false)

            let detail = try await mock.get("/api/tickets/\(SeedIDs.ticket(4))", bearer: token).data
            let stamp = try #require(detail["updated_at"]?.string)
            #expect(detail["status"] == "open")
            #expect(detail["awaiting_reply"] == 1)
            #expect(detail["events"]?.array?.last?.droppingKeys(["id"]) == [
                "event_type": "status_changed", "event_data": ["from": "resolved", "to": "open", "by": "customer"],
                "created_at": .string(stamp),
            ])
            #expect(detail["messages"]?.array?.last?.droppingKeys(["id"]) == [
                "type": "inbound", "from_email": "jane@customer.test", "from_name": "Jane Doe", "to_email": "manchester@acme.test",
                "subject": "Re: Order #10002 ready for collection", "body_text": "One more question.", "body_html": .null,
                "device_id": .null, "device_name": .null, "created_by": .null, "created_at": .string(stamp), "events": [],
                "attachments": [],
            ])
            #expect(try await mock.get("/api/tickets", bearer: token).itemIDs.first == SeedIDs.ticket(4))

            #expect(try await mock.pushPayloads(token: Self.engineerPhone) == [[
                "aps": ["alert": ["title": "New reply from Jane Doe", "body": "#1004: Order #10002 ready for collection"],
                        "sound": "default"],
                "type": "enquiry_reply", "order_id": .string(SeedIDs.order(2)), "ticket_id": .string(SeedIDs.ticket(4)),
            ]])
            for phone in [Self.adminPhone, Self.totpPhone, Self.betaPhone] {
                #expect(try await mock.pushes(token: phone).isEmpty, "\(phone)")
            }
            // A second mail on an open ticket adds no status event.
            _ = try await mock.inboundEmail(to: "manchester@acme.test", from: "jane@customer.test", subject: "Re: again",
                                            body: "And another.", ticketID: SeedIDs.ticket(4))
            #expect(try await mock.get("/api/tickets/\(SeedIDs.ticket(4))", bearer: token).data["events"]?.array?.count == 2)
        }
    }

    @Test func theAssigneesPreferencesGateEnquiryPushes() async throws {
        try await withMock({ $0.freezeClock() }) { mock in
            let engineer = try await mock.signInStaffByMagicLink("engineer@acme.test")
            try await mock.registerPushToken(Self.engineerPhone, appType: "staff", bearer: engineer)
            let off = try await mock.send("PUT", "/api/user/push-preferences", json: ["ticket_messages": false], bearer: engineer)
            #expect(off.status == 200)
            _ = try await mock.inboundEmail(to: "manchester@acme.test", from: "jane@customer.test", subject: "Re", body: "1",
                                            ticketID: SeedIDs.ticket(4))
            _ = try await mock.inboundEmail(to: "hello@acme.test", from: "x@example.test", subject: "New", body: "2")
            #expect(try await mock.pushes(token: Self.engineerPhone).isEmpty)
            #expect(try await mock.send("PUT", "/api/user/push-preferences", json: ["ticket_messages": true], bearer: engineer).status == 200)
            _ = try await mock.inboundEmail(to: "manchester@acme.test", from: "jane@customer.test", subject: "Re", body: "3",
                                            ticketID: SeedIDs.ticket(4))
            #expect(try await mock.pushPayloads(token: Self.engineerPhone).map { $0["type"] } == ["enquiry_reply"])
        }
    }

    @Test func badInboundMailIs400NamingTheFieldAndWritesNothing() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, acmeAdmin in
            _ = try await Self.registerStaffPhones(mock, admin: acmeAdmin)
            let before = try mock.dump()
            let good: [String: JSONValue] = ["to": "hello@acme.test", "from": "a@example.test", "subject": "S", "body": "B"]
            func with(_ changes: [String: JSONValue?]) -> String {
                var body = good
                for (key, value) in changes { body[key] = value }
                return JSONValue.object(body).jsonString
            }
            let cases: [(body: String, message: String)] = [
                (with(["to": "nobody@acme.test"]), "Invalid or missing field: to"),
                (with(["to": .null]), "Invalid or missing field: to"),
                (with(["to": " "]), "Invalid or missing field: to"),
                (with(["from": nil]), "Invalid or missing field: from"),
                (with(["from": ""]), "Invalid or missing field: from"),
                (with(["subject": nil]), "Invalid or missing field: subject"),
                (with(["subject": 5]), "Invalid or missing field: subject"),
                (with(["body": "  \n"]), "Invalid or missing field: body"),
                (with(["body": .string(String(repeating: "b", count: 100_001))]), "Invalid or missing field: body"),
                (with(["from_name": 5]), "Invalid or missing field: from_name"),
                // A ticket of another company, or none at all.
                (with(["to": "bristol@beta.test", "ticket_id": .string(SeedIDs.ticket(1))]), "Invalid or missing field: ticket_id"),
                (with(["ticket_id": .string(SeedIDs.ticket(1, "b"))]), "Invalid or missing field: ticket_id"),
                (with(["ticket_id": "nope"]), "Invalid or missing field: ticket_id"),
                (with(["ticket_id": 1001]), "Invalid or missing field: ticket_id"),
                ("not json", "Invalid JSON body"),
                ("[]", "Invalid JSON body"),
            ]
            for (body, message) in cases {
                let reply = try await mock.send("POST", "/__mock/inbound-email", body: body)
                #expect(reply.status == 400, "\(body.prefix(80))")
                #expect(reply.json == ["success": false, "error": .string(message)], "\(body.prefix(80))")
            }
            #expect(try mock.dump() == before)
            #expect(try await mock.pushes().isEmpty)
        }
    }
}

extension WireShape {
    static let macro: WireShape = .object([
        "id": .string, "name": .string, "description": .nullable(.string), "is_active": .int,
        "stages": .array(.object(["id": .string, "position": .int, "delay_minutes": .int, "subject": .string, "body": .string])),
    ])
}
