import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import RepairMinderMockControl
import MockTestSupport

/// The ticket actions of CONTRACT §6: `reply` (an outbound message, a `ticket_reply` mail, a
/// customer `message` push), `note` (internal: no mail, no push, never shown to the customer) and
/// `generate-response` (deterministic text, writes nothing).
@Suite struct TicketActionTests {
    static let janePhone = "jan6000000000001"
    static let adminPhone = "adm6000000000001"

    // MARK: - Reply

    @Test func aReplyAddsAnOutboundMessageMailsTheClientAndPushesTheirPhone() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let jane = try await mock.signInCustomer("jane@customer.test")
            try await mock.registerPushToken(Self.adminPhone, appType: "staff", bearer: admin.token)
            try await mock.registerPushToken(Self.janePhone, appType: "customer", bearer: jane)
            let path = "/api/tickets/\(SeedIDs.ticket(1))"
            let seeded = try await mock.get(path, bearer: admin.token).data
            try await mock.advanceClock(seconds: 60)
            let before = try await mock.clockNow()

            let answer = try await mock.post("\(path)/reply", ["html_body": "<p>Yes: <b>two</b> protectors.</p><p>Alice</p>",
                                                               "text_body": "Yes: two protectors.\n\nAlice"], bearer: admin.token)
            let after = try await mock.clockNow()
            #expect(answer.status == 200, "\(answer.error ?? "")")
            #expect(WireShape.ticketDetail.problemsWithFreeEventData(answer.data) == [])
            #expect(try await mock.get(path, bearer: admin.token).data == answer.data)

            let messages = answer.data["messages"]?.array ?? []
            #expect(messages.count == 5)
            #expect(Array(messages.prefix(4)) == seeded["messages"]?.array)
            let sent = try #require(messages.last)
            let messageID = try #require(sent["id"]?.string)
            let stamp = try #require(sent["created_at"]?.string)
            #expect(stamp >= before && stamp <= after)
            #expect(sent == [
                "id": .string(messageID), "type": "outbound", "from_email": "manchester@acme.test",
                "from_name": "Acme Repairs Manchester", "to_email": "jane@customer.test",
                "subject": "Re: Your repair quote for order #10001", "body_text": "Yes: two protectors.\n\nAlice",
                "body_html": "<p>Yes: <b>two</b> protectors.</p><p>Alice</p>", "device_id": .null, "device_name": .null,
                "created_by": ["id": .string(MockSeed.Staff.admin.id), "first_name": "Alice", "last_name": "Admin", "name": "Alice Admin"],
                "created_at": .string(stamp),
                "events": [["id": sent["events"]?[0]?["id"] ?? .null, "event_type": "sent", "event_data": ["provider": "mock"],
                            "created_at": .string(stamp)]],
                "attachments": [],
            ])
            #expect(answer.data["updated_at"]?.string == stamp)
            #expect(answer.data["status"] == "open")
            #expect(answer.data["awaiting_reply"] == 0)

            // The mail to the client, in the outbox.
            let mails = try await mock.outbox(to: "jane@customer.test", kind: "ticket_reply")
            #expect(mails.count == 1)
            #expect(mails.first?.droppingKeys(["id"]) == [
                "to": "jane@customer.test", "kind": "ticket_reply", "subject": "Re: Your repair quote for order #10001",
                "body": "Yes: two protectors.\n\nAlice", "code": .null, "sent_at": .string(stamp),
            ])
            // The customer's phone hears of it; the replying staff member does not.
            #expect(try await mock.pushPayloads(token: Self.janePhone) == [[
                "aps": ["alert": ["title": "New Message", "body": "Your repair quote for order #10001"], "badge": 1,
                        "sound": "default"],
                "type": "message", "order_id": .string(SeedIDs.order(1)), "ticket_id": .string(SeedIDs.ticket(1)),
            ]])
            #expect(try await mock.pushes(token: Self.adminPhone).isEmpty)
            // The customer sees the reply on their order.
            let view = try await mock.get("/api/customer/orders/\(SeedIDs.order(1))", bearer: jane)
            #expect(view.data["messages"]?.array?.last == [
                "id": .string(messageID), "type": "outbound", "from_name": "Acme Repairs Manchester",
                "subject": "Re: Your repair quote for order #10001", "body_text": "Yes: two protectors.\n\nAlice",
                "body_html": "<p>Yes: <b>two</b> protectors.</p><p>Alice</p>", "created_at": .string(stamp),
            ])
            // And the ticket leads the list.
            #expect(try await mock.get("/api/tickets", bearer: admin.token).itemIDs.first == SeedIDs.ticket(1))
        }
    }

    @Test func aReplyWithoutATextBodyGetsItsPlainTextFromTheHTML() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let answer = try await mock.post("/api/tickets/\(SeedIDs.ticket(3))/reply",
                                             ["html_body": "<p>Hi Sam,</p><p>Ready at 3pm &amp; fully tested.<br>Acme</p>"],
                                             bearer: token)
            #expect(answer.status == 200)
            let sent = answer.data["messages"]?.array?.last
            #expect(sent?["body_text"] == "Hi Sam,\n\nReady at 3pm & fully tested.\nAcme")
            #expect(sent?["body_html"] == "<p>Hi Sam,</p><p>Ready at 3pm &amp; fully tested.<br>Acme</p>")
            #expect(try await mock.outbox(to: "sam@customer.test", kind: "ticket_reply").first?["body"]
                    == "Hi Sam,\n\nReady at 3pm & fully tested.\nAcme")
            // A blank text part counts as none.
            let blank = try await mock.post("/api/tickets/\(SeedIDs.ticket(3))/reply", ["html_body": "<p>Collected?</p>", "text_body": " "],
                                            bearer: token)
            #expect(blank.status == 200)
            #expect(blank.data["messages"]?.array?.last?["body_text"] == "Collected?")
        }
    }

    @Test func aReplyGoesOutFromTheChosenCompanyAddressElseTheOneItCameIn() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let path = "/api/tickets/\(SeedIDs.ticket(2))/reply"
            let chosen = try await mock.post(path, ["html_body": "<p>a</p>", "from_email_id": .string(MockSeed.CompanyEmail.acmeLeeds.id)],
                                             bearer: token)
            #expect(chosen.data["messages"]?.array?.last?["from_email"] == "leeds@acme.test")
            #expect(chosen.data["messages"]?.array?.last?["from_name"] == "Acme Repairs Leeds")
            // #1002 came in on hello@acme.test.
            let defaulted = try await mock.post(path, ["html_body": "<p>b</p>"], bearer: token)
            #expect(defaulted.data["messages"]?.array?.last?["from_email"] == "hello@acme.test")
            #expect(defaulted.data["messages"]?.array?.last?["from_name"] == "Acme Repairs")
            // #1006 has no receiving address: its location's.
            let leeds = try await mock.post("/api/tickets/\(SeedIDs.ticket(6))/reply", ["html_body": "<p>c</p>"], bearer: token)
            #expect(leeds.data["messages"]?.array?.last?["from_email"] == "leeds@acme.test")
        }
    }

    @Test func aReplyToASuppressedOrMadeUpAddressRecordsWhyAndMailsNothing() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            for (email, reason) in [("jack.thomas@customer.test", "email_suppressed"), ("walkin-0417@noemail.acme.test", "generated_email")] {
                let mail = try await mock.inboundEmail(to: "manchester@acme.test", from: email, subject: "Hello", body: "Question")
                let ticket = try #require(mail.data["ticket_id"]?.string)
                let answer = try await mock.post("/api/tickets/\(ticket)/reply", ["html_body": "<p>Answer</p>"], bearer: token)
                #expect(answer.status == 200, "\(email)")
                let sent = answer.data["messages"]?.array?.last
                #expect(sent?["to_email"]?.string == email)
                #expect(sent?["events"]?.array?.map { $0.droppingKeys(["id", "created_at"]) }
                        == [["event_type": "suppressed", "event_data": ["reason": .string(reason)]]], "\(email)")
                #expect(try await mock.outbox(to: email).isEmpty, "\(email)")
            }
        }
    }

    @Test func anEnquiryFromSomeoneWhoIsNotAClientIsAnsweredAtTheirAddressOnceALocationIsChosen() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let path = "/api/tickets/\(SeedIDs.ticket(5))"
            let before = try mock.dump()
            // #1005 needs a location before anyone answers.
            let early = try await mock.post("\(path)/reply", ["html_body": "<p>Leeds is nearest.</p>"], bearer: token)
            #expect(early.status == 400)
            #expect(early.json == ["success": false, "error": "Choose a location for this enquiry before replying"])
            #expect(try mock.dump() == before)

            #expect(try await mock.patch(path, ["location_id": .string(SeedIDs.location(2))], bearer: token).status == 200)
            let answer = try await mock.post("\(path)/reply", ["html_body": "<p>Leeds is nearest.</p>"], bearer: token)
            #expect(answer.status == 200, "\(answer.error ?? "")")
            let sent = answer.data["messages"]?.array?.last
            #expect(sent?["to_email"] == "walkin.visitor@example.test")
            #expect(sent?["from_email"] == "hello@acme.test")
            #expect(sent?["subject"] == "Re: Water damaged phone")
            #expect(sent?["events"]?[0]?["event_type"] == "sent")
            let mails = try await mock.outbox(to: "walkin.visitor@example.test", kind: "ticket_reply")
            #expect(mails.map { $0["body"] } == ["Leeds is nearest."])
            #expect(answer.data["awaiting_reply"] == 0)
            // Nobody to push: the sender has no app.
            #expect(try await mock.pushes().isEmpty)
        }
    }

    @Test func badReplyBodiesAre400NamingTheFieldAndWriteNothing() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            try await mock.registerPushToken(Self.janePhone, appType: "customer", bearer: try await mock.signInCustomer("jane@customer.test"))
            let path = "/api/tickets/\(SeedIDs.ticket(1))/reply"
            let before = try mock.dump()
            let huge = String(repeating: "x", count: 100_001)
            let cases: [(body: String, message: String)] = [
                ("{}", "Invalid or missing field: html_body"),
                (#"{"text_body":"only text"}"#, "Invalid or missing field: html_body"),
                (#"{"html_body":""}"#, "Invalid or missing field: html_body"),
                (#"{"html_body":"  \n\t"}"#, "Invalid or missing field: html_body"),
                (#"{"html_body":5}"#, "Invalid or missing field: html_body"),
                (#"{"html_body":null}"#, "Invalid or missing field: html_body"),
                (#"{"html_body":"\#(huge)"}"#, "Invalid or missing field: html_body"),
                // Markup with nothing to read is no reply.
                (#"{"html_body":"<p></p>"}"#, "Invalid or missing field: html_body"),
                (#"{"html_body":"<p> <br> </p>","text_body":"text"}"#, "Invalid or missing field: html_body"),
                (#"{"html_body":"<p>x</p>","text_body":5}"#, "Invalid or missing field: text_body"),
                (#"{"html_body":"<p>x</p>","text_body":"\#(huge)"}"#, "Invalid or missing field: text_body"),
                (#"{"html_body":"<p>x</p>","from_email_id":"\#(MockSeed.CompanyEmail.betaBristol.id)"}"#, "Invalid or missing field: from_email_id"),
                (#"{"html_body":"<p>x</p>","from_email_id":"nope"}"#, "Invalid or missing field: from_email_id"),
                (#"{"html_body":"<p>x</p>","from_email_id":7}"#, "Invalid or missing field: from_email_id"),
                ("[]", "Invalid JSON body"),
                ("not json", "Invalid JSON body"),
                ("", "Invalid JSON body"),
            ]
            for (body, message) in cases {
                let reply = try await mock.send("POST", path, body: body, bearer: token)
                #expect(reply.status == 400, "\(body.prefix(60))")
                #expect(reply.json == ["success": false, "error": .string(message)], "\(body.prefix(60))")
            }
            #expect(try mock.dump() == before)
            #expect(try await mock.outbox(kind: "ticket_reply").isEmpty)
            #expect(try await mock.pushes().isEmpty)
        }
    }

    // MARK: - Note

    @Test func aNoteIsInternalNoMailNoPushAndNeverShownToTheCustomer() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let jane = try await mock.signInCustomer("jane@customer.test")
            try await mock.registerPushToken(Self.janePhone, appType: "customer", bearer: jane)
            let engineer = try await mock.signInStaffByMagicLink("engineer@acme.test")
            try await mock.registerPushToken("eng6000000000001", appType: "staff", bearer: engineer)
            let customerView = try await mock.get("/api/customer/orders/\(SeedIDs.order(1))", bearer: jane).data
            let outboxBefore = try await mock.outboxCount()
            try await mock.advanceClock(seconds: 30)

            let answer = try await mock.post("/api/tickets/\(SeedIDs.ticket(1))/note", ["body": "She prefers a call. Secret: 4321"],
                                             bearer: admin.token)
            #expect(answer.status == 200, "\(answer.error ?? "")")
            #expect(WireShape.ticketDetail.problemsWithFreeEventData(answer.data) == [])
            let note = try #require(answer.data["messages"]?.array?.last)
            #expect(note.droppingKeys(["id", "created_at"]) == [
                "type": "internal_note", "from_email": "admin@acme.test", "from_name": "Alice Admin", "to_email": .null,
                "subject": .null, "body_text": "She prefers a call. Secret: 4321", "body_html": .null, "device_id": .null,
                "device_name": .null,
                "created_by": ["id": .string(MockSeed.Staff.admin.id), "first_name": "Alice", "last_name": "Admin", "name": "Alice Admin"],
                "events": [], "attachments": [],
            ])
            #expect(answer.data["updated_at"] == note["created_at"])
            #expect(try await mock.get("/api/tickets/\(SeedIDs.ticket(1))", bearer: admin.token).data == answer.data)
            #expect(try await mock.outboxCount() == outboxBefore)
            #expect(try await mock.pushes().isEmpty)
            // The customer's order view is unchanged, and the note's words appear nowhere in it.
            let after = try await mock.get("/api/customer/orders/\(SeedIDs.order(1))", bearer: jane)
            #expect(after.data == customerView)
            #expect(!String(decoding: after.body, as: UTF8.self).contains("4321"))
            // A note leaves a ticket waiting for its answer.
            let walkIn = try await mock.post("/api/tickets/\(SeedIDs.ticket(5))/note", ["body": "Rang them"], bearer: admin.token)
            #expect(walkIn.data["awaiting_reply"] == 1)
        }
    }

    @Test func badNoteBodiesAre400AndWriteNothing() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let path = "/api/tickets/\(SeedIDs.ticket(1))/note"
            let before = try mock.dump()
            for body in ["{}", #"{"body":""}"#, #"{"body":"   "}"#, #"{"body":5}"#, #"{"body":null}"#, #"{"text":"x"}"#,
                         #"{"body":"\#(String(repeating: "y", count: 100_001))"}"#] {
                let reply = try await mock.send("POST", path, body: body, bearer: token)
                #expect(reply.status == 400, "\(body.prefix(40))")
                #expect(reply.json == ["success": false, "error": "Invalid or missing field: body"], "\(body.prefix(40))")
            }
            for body in ["not json", "[]", "\"body\"", ""] {
                let reply = try await mock.send("POST", path, body: body, bearer: token)
                #expect(reply.json == ["success": false, "error": "Invalid JSON body"], "\(body)")
            }
            #expect(try mock.dump() == before)
        }
    }

    /// SQLite would store bound text only up to a NUL: such a body is refused, not cut short.
    @Test func textWithANULCharacterIs400NamingTheFieldAndWritesNothing() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let before = try mock.dump()
            let note = try await mock.send("POST", "/api/tickets/\(SeedIDs.ticket(1))/note", body: #"{"body":"before\u0000after"}"#,
                                           bearer: token)
            #expect(note.status == 400)
            #expect(note.json == ["success": false, "error": "Invalid or missing field: body"])
            let patch = try await mock.send("PATCH", "/api/orders/\(SeedIDs.order(1))", body: #"{"notes":"a\u0000"}"#, bearer: token)
            #expect(patch.status == 400)
            #expect(patch.json == ["success": false, "error": "Invalid or missing field: notes"])
            #expect(try mock.dump() == before)

            // An escaped backslash before "u0000" is text, stored whole.
            let literal = try await mock.send("POST", "/api/tickets/\(SeedIDs.ticket(1))/note", body: #"{"body":"see \\u0000 here"}"#,
                                              bearer: token)
            #expect(literal.status == 200)
            #expect(literal.data["messages"]?.array?.last?["body_text"] == #"see \u0000 here"#)
        }
    }

    /// A key the route ignores is still checked: openapi.yaml says so (`propertyNames`,
    /// `JSONValueWithoutNUL`), and schemathesis found the server answering 400 to what it allowed.
    @Test func aNULInAKeyOrUnderAKeyTheRouteIgnoresIs400Too() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let before = try mock.dump()
            for (body, field) in [(#"{"body":"ok","x\u0000y":1}"#, "body"), (#"{"body":"ok","extra":{"a":["\u0000"]}}"#, "extra.a[0]")] {
                let reply = try await mock.send("POST", "/api/tickets/\(SeedIDs.ticket(1))/note", body: body, bearer: token)
                #expect(reply.status == 400, "\(body)")
                #expect(reply.json == ["success": false, "error": .string("Invalid or missing field: \(field)")], "\(body)")
            }
            let preferences = try await mock.send("PUT", "/api/user/push-preferences", body: #"{"\u0000":{},"marketing":true}"#,
                                                  bearer: token)
            #expect(preferences.status == 400)
            #expect(preferences.json == ["success": false, "error": "Invalid or missing field: body"])
            #expect(try mock.dump() == before)
        }
    }

    /// Blank is judged by Unicode scalar, as the schema's `pattern` and JavaScript's `trim()` judge it:
    /// a space carrying a combining accent is one `Character` Swift calls whitespace, yet not blank.
    @Test func aCombiningMarkOnASpaceIsNotABlankNoteOrMessage() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let note = try await mock.post("/api/tickets/\(SeedIDs.ticket(1))/note", ["body": " \u{301}"], bearer: token)
            #expect(note.status == 200, "\(note.error ?? "")")
            #expect(note.data["messages"]?.array?.last?["body_text"] == " \u{301}")
            let jane = try await mock.signInCustomer("jane@customer.test")
            let message = try await mock.post("/api/customer/orders/\(SeedIDs.order(1))/messages", ["body": "\u{2003}\u{20DD}"],
                                              bearer: jane)
            #expect(message.status == 201, "\(message.error ?? "")")
            for body in [#"{"body":" \u2003\u3000\n"}"#, #"{"body":"\u0085\u2028"}"#] {
                let blank = try await mock.send("POST", "/api/tickets/\(SeedIDs.ticket(1))/note", body: body, bearer: token)
                #expect(blank.json == ["success": false, "error": "Invalid or missing field: body"], "\(body)")
            }
        }
    }

    // MARK: - Order of a conversation

    @Test func replyNoteAndMacroAppearInTheDetailInOrderWithTheirMailsAndPushes() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let jane = try await mock.signInCustomer("jane@customer.test")
            try await mock.registerPushToken(Self.janePhone, appType: "customer", bearer: jane)
            let path = "/api/tickets/\(SeedIDs.ticket(1))"

            var token = admin.token
            try await mock.advanceClock(seconds: 60)
            #expect(try await mock.post("\(path)/reply", ["html_body": "<p>First, a reply.</p>"], bearer: token).status == 200)
            try await mock.advanceClock(seconds: 60)
            #expect(try await mock.post("\(path)/note", ["body": "Second, a note."], bearer: token).status == 200)
            try await mock.advanceClock(seconds: 20 * 60)    // past the access token's 15 minutes
            #expect(try await mock.post("\(path)/macro", ["macro_id": .string(SeedIDs.macro(3))], bearer: token).status == 401)
            token = try await mock.signInStaff("admin@acme.test").token
            let macro = try await mock.post("\(path)/macro", ["macro_id": .string(SeedIDs.macro(3))], bearer: token)
            #expect(macro.status == 200, "\(macro.error ?? "")")

            let detail = try await mock.get(path, bearer: token).data
            let messages = detail["messages"]?.array ?? []
            #expect(messages.count == 7)
            let added = Array(messages.suffix(3))
            #expect(added.map { $0["type"] } == ["outbound", "internal_note", "outbound"])
            #expect(added.map { $0["body_text"] } == ["First, a reply.", "Second, a note.",
                                                      "Hi Jane,\n\nCould you tell us a little more about the problem with your Apple iPhone 14 Pro?\n\nAcme Repairs"])
            let times = added.compactMap { $0["created_at"]?.string }
            #expect(times.count == 3 && times[0] < times[1] && times[1] < times[2], "\(times)")
            #expect(macro.data["ticket"] == detail)

            // Two mails, newest first; two pushes, oldest first.
            let mails = try await mock.outbox(to: "jane@customer.test", kind: "ticket_reply")
            #expect(mails.map { $0["subject"] } == ["A question about your Apple iPhone 14 Pro", "Re: Your repair quote for order #10001"])
            #expect(mails.map { $0["sent_at"]?.string } == [times[2], times[0]])
            let pushes = try await mock.pushPayloads(token: Self.janePhone)
            #expect(pushes.map { $0["type"] } == ["message", "message"])
            #expect(pushes.allSatisfy { $0["ticket_id"]?.string == SeedIDs.ticket(1) && $0["order_id"]?.string == SeedIDs.order(1) })
            // The customer sees both outbound messages, not the note.
            let view = try await mock.get("/api/customer/orders/\(SeedIDs.order(1))", bearer: jane)
            #expect(view.data["messages"]?.array?.suffix(2).map { $0["body_text"] }
                    == [added[0]["body_text"], added[2]["body_text"]])
        }
    }

    // MARK: - Generate response

    @Test func generateResponseIsDeterministicTextFromTheTicketAndWritesNothing() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let before = try mock.dump()
            func generate(_ ticket: Int, _ body: String? = nil) async throws -> MockHarness.Reply {
                try await mock.send("POST", "/api/tickets/\(SeedIDs.ticket(ticket))/generate-response", body: body, bearer: token)
            }

            let jane = try await generate(1)
            #expect(jane.status == 200)
            #expect(jane.json == ["success": true, "data": ["response": """
                Hi Jane,

                Thank you for your message about your Apple iPhone 14 Pro (order #10001).
                You wrote: "Hi, does the quote include the screen protector?"
                Your Apple iPhone 14 Pro is currently at the "Awaiting Authorisation" stage.
                We will get back to you shortly with an update.

                Kind regards,
                Acme Repairs Manchester
                """]])
            #expect(try await generate(1, "{}").json == jane.json)
            #expect(try await generate(1, #"{"location_id":null}"#).json == jane.json)
            let leeds = try await generate(1, #"{"location_id":"\#(SeedIDs.location(2))"}"#)
            #expect(leeds.data["response"]?.string
                    == jane.data["response"]?.string?.replacingOccurrences(of: "Acme Repairs Manchester", with: "Acme Repairs Leeds"))

            #expect(try await generate(3).data["response"] == """
                Hi Sam,

                Thank you for your message about your Apple MacBook Air M2 (order #10003).
                You wrote: "Any news on my laptop?"
                Your Apple MacBook Air M2 is currently at the "Repairing" stage.
                We will get back to you shortly with an update.

                Kind regards,
                Acme Repairs Manchester
                """)
            #expect(try await generate(2).data["response"] == """
                Hi Oliver,

                Thank you for your message.
                You wrote: "Hello, my Pixel 8 rear camera is blurry."
                We will get back to you shortly with an update.

                Kind regards,
                Acme Repairs Manchester
                """)
            // Not a client yet, no location chosen: greeted by the name they signed with, signed by the company.
            #expect(try await generate(5).data["response"] == """
                Hi Chris,

                Thank you for your message.
                You wrote: "My phone fell in the sink and won't turn on."
                We will get back to you shortly with an update.

                Kind regards,
                Acme Repairs
                """)
            #expect(try await generate(5, #"{"location_id":"\#(SeedIDs.location(2))"}"#).data["response"]?.string?
                .hasSuffix("Kind regards,\nAcme Repairs Leeds") == true)
            #expect(try mock.dump() == before)
        }
    }

    @Test func generateResponseFollowsTheTicketAsItMoves() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let path = "/api/tickets/\(SeedIDs.ticket(3))/generate-response"
            _ = try await mock.inboundEmail(to: "manchester@acme.test", from: "sam@customer.test", subject: "Re: Order #10003",
                                            body: "Hello again,\nCan I collect it on Friday? Thanks", ticketID: SeedIDs.ticket(3))
            #expect(try await mock.patch("/api/devices/\(SeedIDs.device(3))", ["status": "repaired_qc"], bearer: token).status == 200)
            let text = try await mock.post(path, bearer: token).data["response"]?.string ?? ""
            #expect(text.contains("You wrote: \"Can I collect it on Friday?\""), "\(text)")
            #expect(text.contains("is currently at the \"Repaired - QC\" stage."), "\(text)")
        }
    }

    @Test func badGenerateBodiesAre400() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let path = "/api/tickets/\(SeedIDs.ticket(1))/generate-response"
            for (body, message) in [(#"{"location_id":"\#(SeedIDs.location(1, "b"))"}"#, "Invalid or missing field: location_id"),
                                    (#"{"location_id":"nowhere"}"#, "Invalid or missing field: location_id"),
                                    (#"{"location_id":5}"#, "Invalid or missing field: location_id"),
                                    ("not json", "Invalid JSON body"), ("[]", "Invalid JSON body")] {
                let reply = try await mock.send("POST", path, body: body, bearer: token)
                #expect(reply.status == 400, "\(body)")
                #expect(reply.json == ["success": false, "error": .string(message)], "\(body)")
            }
        }
    }
}
