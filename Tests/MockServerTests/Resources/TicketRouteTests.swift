import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import RepairMinderMockControl
import MockStore
import MockTestSupport

/// Staff enquiries (CONTRACT §6): `GET /api/tickets` (filters, pagination), `GET|PATCH
/// /api/tickets/:id`, attachments, tenant isolation and role separation, against the default seed.
/// The actions (reply, note, generate-response) are in `TicketActionTests`, macros and inbound mail
/// in `MacroAndInboundMailTests`.
@Suite struct TicketRouteTests {
    /// Acme's six tickets, newest activity first (`updated_at` = the last message's time).
    static let acmeByActivity = [5, 2, 1, 3, 4, 6].map { SeedIDs.ticket($0) }

    // MARK: - List shape and order

    @Test func listRowsHaveExactShapeAndComeNewestActivityFirst() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token

            let reply = try await mock.get("/api/tickets", bearer: token)
            #expect(reply.status == 200)
            #expect(reply.json.keys == ["success", "data", "pagination"])
            #expect(reply.json["pagination"] == ["page": 1, "limit": 20, "total": 6, "total_pages": 1])
            #expect(reply.itemIDs == Self.acmeByActivity)
            #expect(WireShape.array(WireShape.ticketListItem).problems(reply.data) == [])

            let rows = reply.data.array ?? []
            #expect(rows.first { $0["id"]?.string == SeedIDs.ticket(2) } == parsedJSON(#"""
                {
                  "id": "0000000a-0000-4000-8000-00000000a002",
                  "ticket_number": 1002,
                  "subject": "Do you repair Pixel 8 cameras?",
                  "status": "pending",
                  "ticket_type": "lead",
                  "order_id": null,
                  "client": {"id": "00000004-0000-4000-8000-00000000e003", "name": "Oliver Brown",
                             "email": "oliver.brown@customer.test"},
                  "assigned_user": {"id": "00000003-0000-4000-8000-00000000a003", "first_name": "Tara", "last_name": "Totp",
                                    "name": "Tara Totp"},
                  "location": {"id": "00000002-0000-4000-8000-00000000a001", "name": "Acme Repairs Manchester"},
                  "requires_location": 0,
                  "message_count": 2,
                  "awaiting_reply": 0,
                  "last_message_at": "2026-11-19T10:12:00Z",
                  "last_message_preview": "Hi Oliver, Yes we can: a rear camera replacement is £119.99 inc. VAT and takes about a day. Our price list is attached. Acme Repairs",
                  "created_at": "2026-11-19T09:12:00Z",
                  "updated_at": "2026-11-19T10:12:00Z"
                }
                """#))
            // The walk-in enquiry: no client, no assignee, no location yet, and it needs one.
            #expect(rows.first == parsedJSON(#"""
                {
                  "id": "0000000a-0000-4000-8000-00000000a005",
                  "ticket_number": 1005,
                  "subject": "Water damaged phone",
                  "status": "open",
                  "ticket_type": "lead",
                  "order_id": null,
                  "client": null,
                  "assigned_user": null,
                  "location": null,
                  "requires_location": 1,
                  "message_count": 1,
                  "awaiting_reply": 1,
                  "last_message_at": "2026-11-21T10:40:00Z",
                  "last_message_preview": "My phone fell in the sink and won't turn on. Which of your shops is nearest to Salford?",
                  "created_at": "2026-11-21T10:40:00Z",
                  "updated_at": "2026-11-21T10:40:00Z"
                }
                """#))
            // Staff see their internal notes in the list too: #1006's last message is one.
            #expect(rows.last?["last_message_preview"] == "Email bounced; told her by phone instead.")
            #expect(rows.last?["message_count"] == 3)
        }
    }

    @Test func pagesSliceTheListAndBadPageOrLimitIs400WritingNothing() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token

            let first = try await mock.get("/api/tickets?limit=4", bearer: token)
            #expect(first.itemIDs == Array(Self.acmeByActivity.prefix(4)))
            #expect(first.json["pagination"] == ["page": 1, "limit": 4, "total": 6, "total_pages": 2])
            let second = try await mock.get("/api/tickets?limit=4&page=2", bearer: token)
            #expect(second.itemIDs == Array(Self.acmeByActivity.suffix(2)))
            #expect(second.json["pagination"] == ["page": 2, "limit": 4, "total": 6, "total_pages": 2])
            let past = try await mock.get("/api/tickets?limit=4&page=3", bearer: token)
            #expect(past.status == 200)
            #expect(past.data == .array([]))
            #expect(past.json["pagination"] == ["page": 3, "limit": 4, "total": 6, "total_pages": 2])

            let before = try mock.dump()
            for (query, name) in [("limit=0", "limit"), ("limit=101", "limit"), ("limit=x", "limit"), ("page=0", "page"),
                                  ("page=-2", "page"), ("page=one", "page")] {
                let reply = try await mock.get("/api/tickets?\(query)", bearer: token)
                #expect(reply.status == 400, "\(query)")
                #expect(reply.json == ["success": false, "error": .string("Invalid query parameter: \(name)")], "\(query)")
            }
            #expect(try mock.dump() == before)
        }
    }

    // MARK: - Filters

    @Test func statusFilterListsExactlyThatStatusAndRejectsUnknownOnes() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let expected: [String: [Int]] = ["open": [5, 1, 3], "pending": [2], "resolved": [4], "closed": [6]]
            #expect(Set(expected.keys) == Set(TicketStatus.allCases.map(\.rawValue)))
            for (status, numbers) in expected {
                let reply = try await mock.get("/api/tickets?status=\(status)", bearer: token)
                #expect(reply.status == 200, "\(status)")
                #expect(reply.itemIDs == numbers.map { SeedIDs.ticket($0) }, "\(status)")
                #expect(reply.json["pagination"]?["total"]?.intValue == Int64(numbers.count), "\(status)")
                #expect((reply.data.array ?? []).allSatisfy { $0["status"]?.string == status }, "\(status)")
            }
            for bad in ["archived", "OPEN", "open,pending"] {
                let reply = try await mock.get("/api/tickets?status=\(bad)", bearer: token)
                #expect(reply.status == 400, "\(bad)")
                #expect(reply.json == ["success": false, "error": "Invalid query parameter: status"], "\(bad)")
            }
        }
    }

    @Test func ticketTypeFilterSplitsLeadsFromOrderConversations() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let leads = try await mock.get("/api/tickets?ticket_type=lead", bearer: token)
            #expect(leads.itemIDs == [5, 2, 6].map { SeedIDs.ticket($0) })
            #expect((leads.data.array ?? []).allSatisfy { $0["order_id"] == .null })
            let orders = try await mock.get("/api/tickets?ticket_type=order", bearer: token)
            #expect(orders.itemIDs == [1, 3, 4].map { SeedIDs.ticket($0) })
            #expect((orders.data.array ?? []).allSatisfy { $0["order_id"]?.string != nil })
            let bad = try await mock.get("/api/tickets?ticket_type=enquiry", bearer: token)
            #expect(bad.status == 400)
            #expect(bad.error == "Invalid query parameter: ticket_type")
        }
    }

    @Test func assignedToTakesMeOrAUserID() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let me = try await mock.get("/api/tickets?assigned_to=me", bearer: admin.token)
            #expect(me.itemIDs == [1, 3, 6].map { SeedIDs.ticket($0) })
            let byID = try await mock.get("/api/tickets?assigned_to=\(MockSeed.Staff.admin.id)", bearer: admin.token)
            #expect(byID.data == me.data)
            #expect(try await mock.get("/api/tickets?assigned_to=\(MockSeed.Staff.totp.id)", bearer: admin.token).itemIDs == [SeedIDs.ticket(2)])
            #expect(try await mock.get("/api/tickets?assigned_to=\(MockSeed.Staff.engineer.id)", bearer: admin.token).itemIDs
                    == [SeedIDs.ticket(4)])
            // Someone with no tickets, or another company's user: an empty list, not an error.
            for user in [MockSeed.Staff.inactive.id, MockSeed.Staff.betaAdmin.id] {
                let reply = try await mock.get("/api/tickets?assigned_to=\(user)", bearer: admin.token)
                #expect(reply.status == 200)
                #expect(reply.data == .array([]))
                #expect(reply.json["pagination"]?["total"] == 0)
            }
        }
    }

    @Test func searchMatchesTicketNumberSubjectAndClientNameOrEmail() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let cases: [(search: String, tickets: [Int])] = [
                ("%231003", [3]),                // "#1003"
                ("1003", [3]),
                ("100", [5, 2, 1, 3, 4, 6]),      // a number prefix
                ("pixel", [2]),                  // subject, any case
                ("JANE", [1, 4]),                // client name
                ("jane%20doe", [1, 4]),          // the full name
                ("oliver.brown%40", [2]),        // email
                ("%2310002", [4]),               // "#10002" in a subject
                ("customer.test", [2, 1, 3, 4, 6]),
                ("salford", []),                 // message bodies are not searched
                ("%25", []), ("_", []),          // LIKE wildcards are literal
            ]
            for (search, tickets) in cases {
                let reply = try await mock.get("/api/tickets?search=\(search)", bearer: token)
                #expect(reply.status == 200, "\(search)")
                #expect(reply.itemIDs == tickets.map { SeedIDs.ticket($0) }, "\(search)")
                #expect(reply.json["pagination"]?["total"]?.intValue == Int64(tickets.count), "\(search)")
            }
        }
    }

    @Test func awaitingReplyFilterFollowsWhoSpokeLast() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let awaiting = try await mock.get("/api/tickets?awaiting_reply=true", bearer: token)
            #expect(awaiting.itemIDs == [SeedIDs.ticket(5)])
            #expect((awaiting.data.array ?? []).allSatisfy { $0["awaiting_reply"] == 1 })
            let answered = try await mock.get("/api/tickets?awaiting_reply=0", bearer: token)
            #expect(answered.itemIDs == [2, 1, 3, 4, 6].map { SeedIDs.ticket($0) })
            #expect((answered.data.array ?? []).allSatisfy { $0["awaiting_reply"] == 0 })

            // Sam writes in on #1003: it now waits for the shop, and leads the list.
            try await mock.advanceClock(seconds: 60)
            let mail = try await mock.inboundEmail(to: "manchester@acme.test", from: "sam@customer.test", subject: "Re: Order #10003",
                                                   body: "Is it done yet?", ticketID: SeedIDs.ticket(3))
            #expect(mail.status == 201)
            #expect(try await mock.get("/api/tickets?awaiting_reply=1", bearer: token).itemIDs == [SeedIDs.ticket(3), SeedIDs.ticket(5)])
            // An internal note does not answer the customer…
            #expect(try await mock.post("/api/tickets/\(SeedIDs.ticket(3))/note", ["body": "Chasing the part"], bearer: token).status == 200)
            #expect(try await mock.get("/api/tickets?awaiting_reply=true", bearer: token).itemIDs == [SeedIDs.ticket(3), SeedIDs.ticket(5)])
            // …a reply does.
            #expect(try await mock.post("/api/tickets/\(SeedIDs.ticket(3))/reply", ["html_body": "<p>Tomorrow.</p>"], bearer: token).status == 200)
            #expect(try await mock.get("/api/tickets?awaiting_reply=true", bearer: token).itemIDs == [SeedIDs.ticket(5)])

            for bad in ["yes", "2", "TRUE"] {
                let reply = try await mock.get("/api/tickets?awaiting_reply=\(bad)", bearer: token)
                #expect(reply.status == 400, "\(bad)")
                #expect(reply.error == "Invalid query parameter: awaiting_reply", "\(bad)")
            }
        }
    }

    @Test func filtersCombineAsAnIntersectionAndPaginateTogether() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            #expect(try await mock.get("/api/tickets?status=open&ticket_type=order", bearer: token).itemIDs
                    == [SeedIDs.ticket(1), SeedIDs.ticket(3)])
            #expect(try await mock.get("/api/tickets?assigned_to=me&ticket_type=lead", bearer: token).itemIDs == [SeedIDs.ticket(6)])
            #expect(try await mock.get("/api/tickets?search=jane&status=resolved", bearer: token).itemIDs == [SeedIDs.ticket(4)])
            #expect(try await mock.get("/api/tickets?search=jane&status=pending", bearer: token).itemIDs == [])
            let paged = try await mock.get("/api/tickets?status=open&limit=2&page=2", bearer: token)
            #expect(paged.itemIDs == [SeedIDs.ticket(3)])
            #expect(paged.json["pagination"] == ["page": 2, "limit": 2, "total": 3, "total_pages": 2])
        }
    }

    // MARK: - Detail

    @Test func ticket1001DetailIsExactWithEveryMessageTypeInOrder() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let reply = try await mock.get("/api/tickets/\(SeedIDs.ticket(1))", bearer: token)
            #expect(reply.status == 200)
            #expect(reply.json.keys == ["success", "data"])
            #expect(WireShape.ticketDetail.problemsWithFreeEventData(reply.data) == [])
            #expect(reply.data == parsedJSON(#"""
                {
                  "id": "0000000a-0000-4000-8000-00000000a001",
                  "ticket_number": 1001,
                  "subject": "Your repair quote for order #10001",
                  "status": "open",
                  "ticket_type": "order",
                  "order_id": "00000005-0000-4000-8000-00000000a001",
                  "client": {
                    "id": "00000004-0000-4000-8000-00000000e001",
                    "first_name": "Jane",
                    "last_name": "Doe",
                    "name": "Jane Doe",
                    "email": "jane@customer.test",
                    "phone": "07700 900101",
                    "email_suppressed": 0,
                    "is_generated_email": 0
                  },
                  "assigned_user": {
                    "id": "00000003-0000-4000-8000-00000000a001",
                    "first_name": "Alice",
                    "last_name": "Admin",
                    "name": "Alice Admin"
                  },
                  "location": {
                    "id": "00000002-0000-4000-8000-00000000a001",
                    "name": "Acme Repairs Manchester"
                  },
                  "requires_location": 0,
                  "received_custom_email": {
                    "id": "00000018-0000-4000-8000-00000000a001",
                    "email_address": "manchester@acme.test",
                    "display_name": "Acme Repairs Manchester"
                  },
                  "awaiting_reply": 0,
                  "messages": [
                    {
                      "id": "0000000b-0000-4000-8000-00000000a001",
                      "type": "outbound",
                      "from_email": "manchester@acme.test",
                      "from_name": "Acme Repairs",
                      "to_email": "jane@customer.test",
                      "subject": "Your repair quote for order #10001",
                      "body_text": "Hi Jane,\n\nYour Apple iPhone 14 Pro needs a screen replacement. The quote is £179.97 inc. VAT. Please approve it in the app.\n\nAcme Repairs",
                      "body_html": "<p>Hi Jane,</p><p>Your Apple iPhone 14 Pro needs a screen replacement. The quote is £179.97 inc. VAT. Please approve it in the app.</p><p>Acme Repairs</p>",
                      "device_id": "00000006-0000-4000-8000-00000000a001",
                      "device_name": "Apple iPhone 14 Pro",
                      "created_by": {
                        "id": "00000003-0000-4000-8000-00000000a001",
                        "first_name": "Alice",
                        "last_name": "Admin",
                        "name": "Alice Admin"
                      },
                      "created_at": "2026-11-14T22:00:00Z",
                      "events": [
                        {
                          "id": "0000000c-0000-4000-8000-00000000a001",
                          "event_type": "sent",
                          "event_data": {
                            "provider": "mock"
                          },
                          "created_at": "2026-11-14T22:00:00Z"
                        },
                        {
                          "id": "0000000c-0000-4000-8000-00000000a002",
                          "event_type": "delivered",
                          "event_data": {
                            "provider": "mock"
                          },
                          "created_at": "2026-11-14T22:01:00Z"
                        },
                        {
                          "id": "0000000c-0000-4000-8000-00000000a003",
                          "event_type": "opened",
                          "event_data": null,
                          "created_at": "2026-11-15T00:00:00Z"
                        }
                      ],
                      "attachments": []
                    },
                    {
                      "id": "0000000b-0000-4000-8000-00000000a002",
                      "type": "inbound",
                      "from_email": "jane@customer.test",
                      "from_name": "Jane Doe",
                      "to_email": "manchester@acme.test",
                      "subject": "Re: Your repair quote for order #10001",
                      "body_text": "Hi, does the quote include the screen protector? Thanks, Jane",
                      "body_html": null,
                      "device_id": null,
                      "device_name": null,
                      "created_by": null,
                      "created_at": "2026-11-15T01:00:00Z",
                      "events": [],
                      "attachments": []
                    },
                    {
                      "id": "0000000b-0000-4000-8000-00000000a003",
                      "type": "internal_note",
                      "from_email": null,
                      "from_name": null,
                      "to_email": null,
                      "subject": null,
                      "body_text": "Quote includes two screen protectors (2 x £9.99). Chase on Monday if no answer.",
                      "body_html": null,
                      "device_id": null,
                      "device_name": null,
                      "created_by": {
                        "id": "00000003-0000-4000-8000-00000000a001",
                        "first_name": "Alice",
                        "last_name": "Admin",
                        "name": "Alice Admin"
                      },
                      "created_at": "2026-11-15T02:00:00Z",
                      "events": [],
                      "attachments": []
                    },
                    {
                      "id": "0000000b-0000-4000-8000-00000000a004",
                      "type": "outbound_sms",
                      "from_email": null,
                      "from_name": null,
                      "to_email": "07700 900101",
                      "subject": null,
                      "body_text": "Acme Repairs: your quote is waiting for approval in the app.",
                      "body_html": null,
                      "device_id": null,
                      "device_name": null,
                      "created_by": {
                        "id": "00000003-0000-4000-8000-00000000a002",
                        "first_name": "Eddie",
                        "last_name": "Engineer",
                        "name": "Eddie Engineer"
                      },
                      "created_at": "2026-11-15T18:00:00Z",
                      "events": [
                        {
                          "id": "0000000c-0000-4000-8000-00000000a004",
                          "event_type": "delivered",
                          "event_data": {
                            "provider": "mock"
                          },
                          "created_at": "2026-11-15T18:00:30Z"
                        }
                      ],
                      "attachments": []
                    }
                  ],
                  "events": [],
                  "created_at": "2026-11-14T22:00:00Z",
                  "updated_at": "2026-11-15T18:00:00Z"
                }
                """#))
            // The staff order detail shows the same conversation.
            let order = try await mock.get("/api/orders/\(SeedIDs.order(1))", bearer: token)
            #expect(order.data["ticket"]?["messages"]?.array?.compactMap { $0["id"]?.string }
                    == reply.data["messages"]?.array?.compactMap { $0["id"]?.string })
        }
    }

    @Test func ticketEventsRequiredLocationAndTheReceivingAddressAreShown() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token

            let resolved = try await mock.get("/api/tickets/\(SeedIDs.ticket(4))", bearer: token)
            #expect(WireShape.ticketDetail.problemsWithFreeEventData(resolved.data) == [])
            #expect(resolved.data["events"] == [[
                "id": "0000000c-0000-4000-8000-00000000a009", "event_type": "status_changed",
                "event_data": ["from": "open", "to": "resolved"], "created_at": "2026-11-09T11:00:00Z",
            ]])
            #expect(resolved.data["messages"]?.array?.map { $0["type"] } == ["outbound", "outbound_sms", "inbound"])
            #expect(resolved.data["messages"]?[0]?["device_name"] == "Apple iPad Air (5th generation)")

            let walkIn = try await mock.get("/api/tickets/\(SeedIDs.ticket(5))", bearer: token)
            #expect(WireShape.ticketDetail.problemsWithFreeEventData(walkIn.data) == [])
            #expect(walkIn.data.droppingKeys(["messages"]) == [
                "id": .string(SeedIDs.ticket(5)), "ticket_number": 1005, "subject": "Water damaged phone", "status": "open",
                "ticket_type": "lead", "order_id": .null, "client": .null, "assigned_user": .null, "location": .null,
                "requires_location": 1,
                "received_custom_email": ["id": .string(MockSeed.CompanyEmail.acmeHello.id), "email_address": "hello@acme.test",
                                          "display_name": "Acme Repairs"],
                "awaiting_reply": 1, "events": [], "created_at": "2026-11-21T10:40:00Z", "updated_at": "2026-11-21T10:40:00Z",
            ])
            #expect(walkIn.data["messages"] == [[
                "id": .string(SeedIDs.message(12)), "type": "inbound", "from_email": "walkin.visitor@example.test",
                "from_name": "Chris Visitor", "to_email": "hello@acme.test", "subject": "Water damaged phone",
                "body_text": "My phone fell in the sink and won't turn on. Which of your shops is nearest to Salford?",
                "body_html": .null, "device_id": .null, "device_name": .null, "created_by": .null,
                "created_at": "2026-11-21T10:40:00Z", "events": [], "attachments": [],
            ]])

            // #1006 came in without a custom address.
            let closed = try await mock.get("/api/tickets/\(SeedIDs.ticket(6))", bearer: token)
            #expect(closed.data["received_custom_email"] == .null)
            #expect(closed.data["messages"]?[1]?["events"]?.array?.map { $0["event_type"] } == ["sent", "bounced"])
        }
    }

    @Test func theAttachmentIsListedWithAnAbsoluteURLAndDownloadsAsAPDFOfItsSize() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let detail = try await mock.get("/api/tickets/\(SeedIDs.ticket(2))", bearer: token)
            let path = "/api/tickets/\(SeedIDs.ticket(2))/attachments/\(MockSeed.Ticket.acme1002PriceList)"
            #expect(detail.data["messages"]?[1]?["attachments"] == [[
                "id": .string(MockSeed.Ticket.acme1002PriceList), "filename": "acme-price-list.pdf", "content_type": "application/pdf",
                "size_bytes": 48213, "download_url": .string(mock.baseURL.absoluteString + path),
            ]])
            #expect(detail.data["messages"]?[0]?["attachments"] == [])

            let file = try await mock.get(path, bearer: token)
            #expect(file.status == 200)
            #expect(file.header("Content-Type") == "application/pdf")
            #expect(file.header("Content-Disposition") == "attachment; filename=\"acme-price-list.pdf\"")
            #expect(file.body.count == 48213)
            #expect(file.body.starts(with: Data("%PDF-1.4\n".utf8)))
            #expect(String(decoding: file.body.suffix(6), as: UTF8.self) == "%%EOF\n")
            // Deterministic: the same bytes every time.
            #expect(try await mock.get(path, bearer: token).body == file.body)

            // Only under its own ticket, only for its own company.
            let beta = try await mock.signInStaff("admin@beta.test").token
            for (label, wrongPath, bearer) in [
                ("other ticket", "/api/tickets/\(SeedIDs.ticket(1))/attachments/\(MockSeed.Ticket.acme1002PriceList)", token),
                ("unknown attachment", "/api/tickets/\(SeedIDs.ticket(2))/attachments/0000000f-0000-4000-8000-00000000a999", token),
                ("other company", path, beta),
            ] {
                let reply = try await mock.get(wrongPath, bearer: bearer)
                #expect(reply.status == 404, "\(label)")
                #expect(reply.json == ["success": false, "error": "Not found"], "\(label)")
            }
        }
    }

    // MARK: - PATCH

    @Test func patchChangesStatusAndAssigneeRecordsEventsAndAnswersTheDetail() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let path = "/api/tickets/\(SeedIDs.ticket(2))"
            let seeded = try await mock.get(path, bearer: admin.token).data
            try await mock.advanceClock(seconds: 120)
            let before = try await mock.clockNow()

            let answer = try await mock.patch(path, ["status": "resolved", "assigned_user_id": .string(MockSeed.Staff.engineer.id)],
                                              bearer: admin.token)
            let after = try await mock.clockNow()
            #expect(answer.status == 200, "\(answer.error ?? "")")
            #expect(WireShape.ticketDetail.problemsWithFreeEventData(answer.data) == [])
            #expect(try await mock.get(path, bearer: admin.token).data == answer.data)
            #expect(answer.data["status"] == "resolved")
            #expect(answer.data["assigned_user"] == ["id": .string(MockSeed.Staff.engineer.id), "first_name": "Eddie",
                                                     "last_name": "Engineer", "name": "Eddie Engineer"])
            let events = answer.data["events"]?.array ?? []
            #expect(events.map { $0.droppingKeys(["id", "created_at"]) } == [
                ["event_type": "status_changed", "event_data": ["from": "pending", "to": "resolved", "by": .string(MockSeed.Staff.admin.id)]],
                ["event_type": "assigned", "event_data": ["assigned_user_id": .string(MockSeed.Staff.engineer.id),
                                                          "by": .string(MockSeed.Staff.admin.id)]],
            ])
            for stamp in events.compactMap({ $0["created_at"]?.string }) + [answer.data["updated_at"]?.string ?? ""] {
                #expect(stamp >= before && stamp <= after, "\(stamp) not in \(before)…\(after)")
            }
            // Nothing else moved.
            #expect(answer.data.droppingKeys(["status", "assigned_user", "events", "updated_at"])
                    == seeded.droppingKeys(["status", "assigned_user", "events", "updated_at"]))
            // The list shows it first now, with the new status.
            let list = try await mock.get("/api/tickets", bearer: admin.token)
            #expect(list.itemIDs.first == SeedIDs.ticket(2))
            #expect(list.data[0]?["status"] == "resolved")

            // Unassigning is an event too; the same values again change nothing, not even updated_at.
            let cleared = try await mock.patch(path, ["assigned_user_id": .null], bearer: admin.token)
            #expect(cleared.data["assigned_user"] == .null)
            #expect(cleared.data["events"]?.array?.last?["event_data"] == ["assigned_user_id": .null, "by": .string(MockSeed.Staff.admin.id)])
            let dump = try mock.dump()
            try await mock.advanceClock(seconds: 60)
            let again = try await mock.patch(path, ["assigned_user_id": .null, "status": "resolved"], bearer: admin.token)
            #expect(again.status == 200)
            #expect(again.data == cleared.data)
            #expect(try mock.dump() == dump)
        }
    }

    @Test func choosingALocationForTheWalkInEnquiry() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let path = "/api/tickets/\(SeedIDs.ticket(5))"
            let answer = try await mock.patch(path, ["location_id": .string(SeedIDs.location(2))], bearer: token)
            #expect(answer.status == 200)
            #expect(answer.data["location"] == ["id": .string(SeedIDs.location(2)), "name": "Acme Repairs Leeds"])
            #expect(answer.data["events"] == [])
            let row = try await mock.get("/api/tickets?search=1005", bearer: token)
            #expect(row.data[0]?["location"] == ["id": .string(SeedIDs.location(2)), "name": "Acme Repairs Leeds"])
        }
    }

    @Test func badPatchBodiesAre400NamingTheFieldAndWriteNothing() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let path = "/api/tickets/\(SeedIDs.ticket(1))"
            let before = try mock.dump()
            let cases: [(body: String, message: String)] = [
                (#"{"status":"archived"}"#, "Invalid or missing field: status"),
                (#"{"status":null}"#, "Invalid or missing field: status"),
                (#"{"status":1}"#, "Invalid or missing field: status"),
                (#"{"assigned_user_id":"\#(MockSeed.Staff.betaAdmin.id)"}"#, "Invalid or missing field: assigned_user_id"),
                (#"{"assigned_user_id":"\#(MockSeed.Staff.inactive.id)"}"#, "Invalid or missing field: assigned_user_id"),
                (#"{"assigned_user_id":"00000003-0000-4000-8000-00000000a005"}"#, "Invalid or missing field: assigned_user_id"),
                (#"{"assigned_user_id":""}"#, "Invalid or missing field: assigned_user_id"),
                (#"{"assigned_user_id":7}"#, "Invalid or missing field: assigned_user_id"),
                (#"{"location_id":"\#(SeedIDs.location(1, "b"))"}"#, "Invalid or missing field: location_id"),
                // A valid change beside an invalid one is not saved either.
                (#"{"status":"closed","assigned_user_id":"\#(MockSeed.Staff.betaAdmin.id)"}"#, "Invalid or missing field: assigned_user_id"),
                (#"{"status":"closed","location_id":"nowhere"}"#, "Invalid or missing field: location_id"),
                (#"{"ticket_type":"lead"}"#, "Invalid or missing field: ticket_type"),
                (#"{"subject":"New subject"}"#, "Invalid or missing field: subject"),
                ("{}", "No fields to update"),
                ("[]", "Invalid JSON body"),
                ("not json", "Invalid JSON body"),
                ("", "Invalid JSON body"),
            ]
            for (body, message) in cases {
                let reply = try await mock.send("PATCH", path, body: body, bearer: token)
                #expect(reply.status == 400, "\(body)")
                #expect(reply.json == ["success": false, "error": .string(message)], "\(body)")
            }
            #expect(try mock.dump() == before)
            // Control: a good body writes.
            #expect(try await mock.patch(path, ["status": "closed"], bearer: token).status == 200)
            #expect(try mock.dump() != before)
        }
    }

    // MARK: - Tenancy and roles

    @Test func betaSeesOnlyItsOwnTicketAndMacro() async throws {
        try await withMock({ $0.freezeClock() }) { mock in
            let token = try await mock.signInStaff("admin@beta.test").token
            let list = try await mock.get("/api/tickets?limit=100", bearer: token)
            #expect(list.itemIDs == [SeedIDs.ticket(1, "b")])
            #expect(list.json["pagination"] == ["page": 1, "limit": 100, "total": 1, "total_pages": 1])
            // Sam is a client of both companies: Beta's search for him finds only Beta's ticket.
            #expect(try await mock.get("/api/tickets?search=sam", bearer: token).itemIDs == [SeedIDs.ticket(1, "b")])
            let macros = try await mock.get("/api/macros", bearer: token)
            #expect(macros.data.array?.compactMap { $0["id"]?.string } == [SeedIDs.macro(1, "b")])
        }
    }

    @Test func anotherCompanysTicketIsNotFoundOnEveryRouteAndNothingIsWritten() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let beta = try await mock.signInStaff("admin@beta.test").token
            let acme = admin.token
            try await mock.registerPushToken("jan5000000000001", appType: "customer", bearer: try await mock.signInCustomer("jane@customer.test"))
            let before = try mock.dump()
            let outboxBefore = try await mock.outboxCount()

            func everyRoute(_ ticket: String, bearer: String, macro: String) async throws -> [(String, MockHarness.Reply)] {
                let path = "/api/tickets/\(ticket)"
                return [
                    ("GET", try await mock.get(path, bearer: bearer)),
                    ("PATCH", try await mock.patch(path, ["status": "closed"], bearer: bearer)),
                    ("PATCH bad body", try await mock.send("PATCH", path, body: "not json", bearer: bearer)),
                    ("PATCH unknown field", try await mock.patch(path, ["subject": "x"], bearer: bearer)),
                    ("reply", try await mock.post("\(path)/reply", ["html_body": "<p>Hello</p>"], bearer: bearer)),
                    ("reply bad body", try await mock.post("\(path)/reply", ["html_body": ""], bearer: bearer)),
                    ("note", try await mock.post("\(path)/note", ["body": "peek"], bearer: bearer)),
                    ("note bad body", try await mock.post("\(path)/note", [:], bearer: bearer)),
                    ("generate", try await mock.post("\(path)/generate-response", [:], bearer: bearer)),
                    ("macro", try await mock.post("\(path)/macro", ["macro_id": .string(macro)], bearer: bearer)),
                    ("macro bad body", try await mock.post("\(path)/macro", ["macro_id": 5], bearer: bearer)),
                    ("attachment", try await mock.get("\(path)/attachments/\(MockSeed.Ticket.acme1002PriceList)", bearer: bearer)),
                ]
            }
            var replies = try await everyRoute(SeedIDs.ticket(1), bearer: beta, macro: SeedIDs.macro(1, "b"))
            replies += try await everyRoute(SeedIDs.ticket(2), bearer: beta, macro: SeedIDs.macro(1))
            replies += try await everyRoute(SeedIDs.ticket(1, "b"), bearer: acme, macro: SeedIDs.macro(1))
            replies += try await everyRoute("0000000a-0000-4000-8000-00000000a999", bearer: acme, macro: SeedIDs.macro(1))
            replies += try await everyRoute("not-a-ticket", bearer: acme, macro: SeedIDs.macro(1))
            for (label, reply) in replies {
                #expect(reply.status == 404, "\(label)")
                #expect(reply.json == ["success": false, "error": "Not found"], "\(label)")
            }
            #expect(try mock.dump() == before)
            #expect(try await mock.outboxCount() == outboxBefore)
            #expect(try await mock.pushes().isEmpty)
        }
    }

    @Test func ticketRoutesAnswer401WithoutAStaffToken() async throws {
        try await withMock({ $0.freezeClock() }) { mock in
            let customer = try await mock.signInCustomer("jane@customer.test")
            let before = try mock.dump()
            let path = "/api/tickets/\(SeedIDs.ticket(1))"
            for bearer in [nil, customer, "not-a-token"] as [String?] {
                let label = bearer == nil ? "none" : bearer == customer ? "customer" : "junk"
                let replies = [
                    try await mock.get("/api/tickets", bearer: bearer),
                    try await mock.get(path, bearer: bearer),
                    try await mock.patch(path, ["status": "closed"], bearer: bearer),
                    try await mock.post("\(path)/reply", ["html_body": "<p>Hi</p>"], bearer: bearer),
                    try await mock.post("\(path)/note", ["body": "x"], bearer: bearer),
                    try await mock.post("\(path)/generate-response", [:], bearer: bearer),
                    try await mock.post("\(path)/macro", ["macro_id": .string(SeedIDs.macro(1))], bearer: bearer),
                    try await mock.get("/api/macros", bearer: bearer),
                    try await mock.get("/api/tickets/\(SeedIDs.ticket(2))/attachments/\(MockSeed.Ticket.acme1002PriceList)", bearer: bearer),
                ]
                for reply in replies {
                    #expect(reply.status == 401, "\(label)")
                    #expect(reply.json == ["success": false, "error": "Unauthorized"], "\(label)")
                }
            }
            #expect(try mock.dump() == before)
        }
    }
}

// MARK: - Helpers shared by the enquiry and portal tests

/// A JSON text as a value, for comparing whole objects; a typo in the test is an issue, not a crash.
func parsedJSON(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue {
    guard let value = JSONValue(json: text) else {
        Issue.record("the expected JSON does not parse", sourceLocation: sourceLocation)
        return .null
    }
    return value
}

extension WireShape {
    /// `problems(_:)` for payloads holding ticket events, whose `event_data` is any JSON object or
    /// null: objects there are checked as objects and their members left free.
    func problemsWithFreeEventData(_ value: JSONValue?) -> [String] {
        func erase(_ value: JSONValue) -> JSONValue {
            switch value {
            case .array(let items): return .array(items.map(erase))
            case .object(let members):
                return .object(members.reduce(into: [:]) { out, member in
                    if member.key == "event_data", member.value.objectValue != nil { out[member.key] = .object([:]) } else {
                        out[member.key] = erase(member.value)
                    }
                })
            default: return value
            }
        }
        return problems(value.map(erase))
    }

    static let ticketEvent: WireShape = .object([
        "id": .string, "event_type": .string, "event_data": .nullable(.object([:])), "created_at": .timestamp,
    ])

    static let ticketListItem: WireShape = .object([
        "id": .string, "ticket_number": .int, "subject": .string, "status": .enumeration(TicketStatus.self),
        "ticket_type": .enumeration(TicketType.self), "order_id": .nullable(.string),
        "client": .nullable(.object(["id": .string, "name": .string, "email": .string])),
        "assigned_user": .nullable(userRef),
        "location": .nullable(.object(["id": .string, "name": .string])),
        "requires_location": .int, "message_count": .int, "awaiting_reply": .int,
        "last_message_at": .nullable(.timestamp), "last_message_preview": .nullable(.string),
        "created_at": .timestamp, "updated_at": .timestamp,
    ])

    static let ticketMessage: WireShape = .object([
        "id": .string, "type": .enumeration(MessageType.self), "from_email": .nullable(.string),
        "from_name": .nullable(.string), "to_email": .nullable(.string), "subject": .nullable(.string),
        "body_text": .string, "body_html": .nullable(.string), "device_id": .nullable(.string),
        "device_name": .nullable(.string), "created_by": .nullable(userRef), "created_at": .timestamp,
        "events": .array(ticketEvent),
        "attachments": .array(.object(["id": .string, "filename": .string, "content_type": .string, "size_bytes": .int,
                                        "download_url": .string])),
    ])

    static let ticketDetail: WireShape = .object([
        "id": .string, "ticket_number": .int, "subject": .string, "status": .enumeration(TicketStatus.self),
        "ticket_type": .enumeration(TicketType.self), "order_id": .nullable(.string),
        "client": .nullable(.object([
            "id": .string, "first_name": .string, "last_name": .string, "name": .string, "email": .string,
            "phone": .nullable(.string), "email_suppressed": .int, "is_generated_email": .int,
        ])),
        "assigned_user": .nullable(userRef),
        "location": .nullable(.object(["id": .string, "name": .string])),
        "requires_location": .int,
        "received_custom_email": .nullable(.object(["id": .string, "email_address": .string, "display_name": .string])),
        "awaiting_reply": .int,
        "messages": .array(ticketMessage),
        "events": .array(ticketEvent),
        "created_at": .timestamp, "updated_at": .timestamp,
    ])
}
