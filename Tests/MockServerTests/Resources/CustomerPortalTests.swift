import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import RepairMinderMockControl
import MockStore
import MockTestSupport

/// The customer portal (CONTRACT §6, customer part; §7 customer pushes): the signed-in client's
/// orders of the token's company, the quote approved with a typed signature or rejected, messages
/// to the shop, and the pushes each step records. Everything else is a 404; staff tokens are 401.
@Suite struct CustomerPortalTests {
    static let janePhone = "jan8000000000001"
    static let samAcmePhone = "sam8000000000001"
    static let samBetaPhone = "sam8000000000002"
    static let adminPhone = "adm8000000000001"
    static let engineerPhone = "eng8000000000001"
    static let totpPhone = "tot8000000000001"

    static func order(_ id: String) -> String { "/api/customer/orders/\(id)" }

    // MARK: - List

    @Test func janesOrderListIsExactWithTheQuoteFlag() async throws {
        try await withMock({ $0.freezeClock() }) { mock in
            let jane = try await mock.signInCustomer("jane@customer.test")
            let reply = try await mock.get("/api/customer/orders", bearer: jane)
            #expect(reply.status == 200)
            #expect(reply.json.keys == ["success", "data", "pagination"])
            #expect(reply.json["pagination"] == ["page": 1, "limit": 20, "total": 2, "total_pages": 1])
            #expect(WireShape.array(WireShape.customerOrderListItem).problems(reply.data) == [])
            #expect(reply.data == parsedJSON(#"""
                [
                  {
                    "id": "00000005-0000-4000-8000-00000000a001",
                    "order_number": 10001,
                    "status": "awaiting_authorisation",
                    "status_label": "Awaiting Authorisation",
                    "device_count": 1,
                    "devices": [
                      {
                        "id": "00000006-0000-4000-8000-00000000a001",
                        "display_name": "Apple iPhone 14 Pro",
                        "status": "awaiting_authorisation",
                        "status_label": "Awaiting Authorisation"
                      }
                    ],
                    "awaiting_authorisation": 1,
                    "grand_total": "179.97",
                    "balance_due": "159.97",
                    "created_at": "2026-11-11T12:00:00Z",
                    "updated_at": "2026-11-14T22:00:00Z"
                  },
                  {
                    "id": "00000005-0000-4000-8000-00000000a002",
                    "order_number": 10002,
                    "status": "collected",
                    "status_label": "Collected",
                    "device_count": 1,
                    "devices": [
                      {
                        "id": "00000006-0000-4000-8000-00000000a002",
                        "display_name": "Apple iPad Air (5th generation)",
                        "status": "collected",
                        "status_label": "Collected"
                      }
                    ],
                    "awaiting_authorisation": 0,
                    "grand_total": "107.99",
                    "balance_due": "0.00",
                    "created_at": "2026-10-29T05:00:00Z",
                    "updated_at": "2026-11-09T11:00:00Z"
                  }
                ]
                """#))
        }
    }

    @Test func aCustomerOfTwoCompaniesSeesOnlyTheCompanyOfTheirTokenPageByPage() async throws {
        try await withMock({ $0.freezeClock() }) { mock in
            let acme = try await mock.signInCustomer("sam@customer.test", companyID: MockSeed.Company.acme)
            let beta = try await mock.signInCustomer("sam@customer.test", companyID: MockSeed.Company.beta)

            let all = try await mock.get("/api/customer/orders", bearer: acme)
            #expect(all.itemIDs == [SeedIDs.order(20), SeedIDs.order(3), SeedIDs.order(29)])   // newest first
            #expect(all.data.array?.map { $0["awaiting_authorisation"] } == [0, 0, 0])
            let first = try await mock.get("/api/customer/orders?limit=2", bearer: acme)
            #expect(first.itemIDs == [SeedIDs.order(20), SeedIDs.order(3)])
            #expect(first.json["pagination"] == ["page": 1, "limit": 2, "total": 3, "total_pages": 2])
            let second = try await mock.get("/api/customer/orders?limit=2&page=2", bearer: acme)
            #expect(second.itemIDs == [SeedIDs.order(29)])
            let past = try await mock.get("/api/customer/orders?limit=2&page=3", bearer: acme)
            #expect(past.data == .array([]))

            let betaList = try await mock.get("/api/customer/orders", bearer: beta)
            #expect(betaList.itemIDs == [SeedIDs.order(1, "b")])
            #expect(betaList.json["pagination"] == ["page": 1, "limit": 20, "total": 1, "total_pages": 1])
            #expect(try await mock.get(Self.order(SeedIDs.order(1, "b")), bearer: beta).status == 200)

            for (query, name) in [("limit=0", "limit"), ("limit=101", "limit"), ("page=0", "page"), ("page=x", "page")] {
                let reply = try await mock.get("/api/customer/orders?\(query)", bearer: acme)
                #expect(reply.status == 400, "\(query)")
                #expect(reply.json == ["success": false, "error": .string("Invalid query parameter: \(name)")], "\(query)")
            }
        }
    }

    // MARK: - Detail

    @Test func orderDetailIsTheCustomersViewExactly() async throws {
        try await withMock({ $0.freezeClock() }) { mock in
            let jane = try await mock.signInCustomer("jane@customer.test")
            let reply = try await mock.get(Self.order(SeedIDs.order(1)), bearer: jane)
            #expect(reply.status == 200)
            #expect(reply.json.keys == ["success", "data"])
            #expect(WireShape.customerOrderDetail.problems(reply.data) == [])
            #expect(reply.data == parsedJSON(#"""
                {
                  "id": "00000005-0000-4000-8000-00000000a001",
                  "order_number": 10001,
                  "status": "awaiting_authorisation",
                  "status_label": "Awaiting Authorisation",
                  "location": {
                    "name": "Acme Repairs Manchester",
                    "address_line1": "12 Deansgate",
                    "address_line2": null,
                    "city": "Manchester",
                    "postcode": "M3 2BW",
                    "phone": "0161 496 0001",
                    "email": "manchester@acme.test"
                  },
                  "devices": [
                    {
                      "id": "00000006-0000-4000-8000-00000000a001",
                      "display_name": "Apple iPhone 14 Pro",
                      "status": "awaiting_authorisation",
                      "status_label": "Awaiting Authorisation",
                      "workflow_type": "repair",
                      "authorization_status": "pending",
                      "customer_reported_issues": "Cracked screen, touch not responding"
                    }
                  ],
                  "items": [
                    {
                      "id": "00000007-0000-4000-8000-00000000a001",
                      "device_id": "00000006-0000-4000-8000-00000000a001",
                      "description": "Screen replacement - Apple iPhone 14 Pro",
                      "quantity": 1,
                      "unit_price": "129.99",
                      "vat_rate": "20.00",
                      "line_total_inc_vat": "155.99"
                    },
                    {
                      "id": "00000007-0000-4000-8000-00000000a002",
                      "device_id": "00000006-0000-4000-8000-00000000a001",
                      "description": "Tempered glass screen protector",
                      "quantity": 2,
                      "unit_price": "9.99",
                      "vat_rate": "20.00",
                      "line_total_inc_vat": "23.98"
                    }
                  ],
                  "totals": {
                    "subtotal": "149.97",
                    "vat_total": "30.00",
                    "grand_total": "179.97",
                    "amount_paid": "20.00",
                    "balance_due": "159.97"
                  },
                  "quote": {
                    "devices": [
                      {
                        "id": "00000006-0000-4000-8000-00000000a001",
                        "display_name": "Apple iPhone 14 Pro",
                        "status": "awaiting_authorisation",
                        "status_label": "Awaiting Authorisation"
                      }
                    ],
                    "items": [
                      {
                        "id": "00000007-0000-4000-8000-00000000a001",
                        "device_id": "00000006-0000-4000-8000-00000000a001",
                        "description": "Screen replacement - Apple iPhone 14 Pro",
                        "quantity": 1,
                        "unit_price": "129.99",
                        "vat_rate": "20.00",
                        "line_total_inc_vat": "155.99"
                      },
                      {
                        "id": "00000007-0000-4000-8000-00000000a002",
                        "device_id": "00000006-0000-4000-8000-00000000a001",
                        "description": "Tempered glass screen protector",
                        "quantity": 2,
                        "unit_price": "9.99",
                        "vat_rate": "20.00",
                        "line_total_inc_vat": "23.98"
                      }
                    ],
                    "total": "179.97",
                    "sent_at": "2026-11-14T22:00:00Z"
                  },
                  "signatures": [
                    {
                      "signature_type": "drop_off",
                      "typed_name": "Jane Doe",
                      "terms_agreed": 1,
                      "captured_at": "2026-11-11T12:00:00Z"
                    }
                  ],
                  "messages": [
                    {
                      "id": "0000000b-0000-4000-8000-00000000a001",
                      "type": "outbound",
                      "from_name": "Acme Repairs",
                      "subject": "Your repair quote for order #10001",
                      "body_text": "Hi Jane,\n\nYour Apple iPhone 14 Pro needs a screen replacement. The quote is £179.97 inc. VAT. Please approve it in the app.\n\nAcme Repairs",
                      "body_html": "<p>Hi Jane,</p><p>Your Apple iPhone 14 Pro needs a screen replacement. The quote is £179.97 inc. VAT. Please approve it in the app.</p><p>Acme Repairs</p>",
                      "created_at": "2026-11-14T22:00:00Z"
                    },
                    {
                      "id": "0000000b-0000-4000-8000-00000000a002",
                      "type": "inbound",
                      "from_name": "Jane Doe",
                      "subject": "Re: Your repair quote for order #10001",
                      "body_text": "Hi, does the quote include the screen protector? Thanks, Jane",
                      "body_html": null,
                      "created_at": "2026-11-15T01:00:00Z"
                    },
                    {
                      "id": "0000000b-0000-4000-8000-00000000a004",
                      "type": "outbound_sms",
                      "from_name": null,
                      "subject": null,
                      "body_text": "Acme Repairs: your quote is waiting for approval in the app.",
                      "body_html": null,
                      "created_at": "2026-11-15T18:00:00Z"
                    }
                  ],
                  "dates": {
                    "created_at": "2026-11-11T12:00:00Z",
                    "quote_sent_at": "2026-11-14T22:00:00Z",
                    "authorised_at": null,
                    "collected_at": null
                  }
                }
                """#))
        }
    }

    @Test func nothingStaffOnlyReachesTheCustomersView() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let admin = admin.token
            // Staff add an internal note to Jane's ticket and engineer notes to her device.
            #expect(try await mock.post("/api/tickets/\(SeedIDs.ticket(1))/note", ["body": "NOTE-7731 do not tell her"],
                                        bearer: admin).status == 200)
            #expect(try await mock.patch("/api/devices/\(SeedIDs.device(1))", ["technician_notes": "TECH-5512",
                                                                                "repair_notes": "REPAIR-9901"], bearer: admin).status == 200)
            let jane = try await mock.signInCustomer("jane@customer.test")
            let sam = try await mock.signInCustomer("sam@customer.test", companyID: MockSeed.Company.acme)
            let views = [
                (jane, SeedIDs.order(1)),
                (jane, SeedIDs.order(2)),     // order notes, a battery part at £32.00, device notes
                (sam, SeedIDs.order(3)),      // three parts with costs, device notes, engineer's findings
            ]
            // Staff-only words of the seed and of the edits above.
            let secrets = ["NOTE-7731", "TECH-5512", "REPAIR-9901", "Chase on Monday", "Customer prefers a call",
                           "Diagnostics run", "Confirmed:", "Digitiser dead", "Rang the customer", "Liquid under the keyboard",
                           "Power management IC", "24.50", "32.00", "Logic board repair in progress", "Battery replacement completed",
                           "Alice", "Eddie", "Tara", "technician", "diagnosis", "part_cost", "engineer", "payment", "internal_note",
                           "assigned", "notes"]
            for (token, id) in views {
                let reply = try await mock.get(Self.order(id), bearer: token)
                #expect(reply.status == 200)
                #expect(WireShape.customerOrderDetail.problems(reply.data) == [], "\(id)")
                let text = String(decoding: reply.body, as: UTF8.self)
                for secret in secrets {
                    #expect(!text.contains(secret), "\(id) leaks \(secret)")
                }
                #expect(reply.data["messages"]?.array?.contains { $0["type"] == "internal_note" } == false)
            }
            // Control: staff do see them.
            let staffView = String(decoding: try await mock.get("/api/orders/\(SeedIDs.order(1))", bearer: admin).body, as: UTF8.self)
            #expect(staffView.contains("NOTE-7731"))
        }
    }

    // MARK: - Isolation and roles

    @Test func anotherClientsOrderOrTheSameClientsOrderInTheOtherCompanyIs404OnEveryRoute() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, acmeAdmin in
            let jane = try await mock.signInCustomer("jane@customer.test")
            let samAcme = try await mock.signInCustomer("sam@customer.test", companyID: MockSeed.Company.acme)
            let samBeta = try await mock.signInCustomer("sam@customer.test", companyID: MockSeed.Company.beta)
            let ava = try await mock.signInCustomer("ava.evans@customer.test")
            _ = try await MacroAndInboundMailTests.registerStaffPhones(mock, admin: acmeAdmin)
            let before = try mock.dump()
            let cases: [(String, String, String)] = [
                ("Jane on Sam's order", jane, SeedIDs.order(3)),
                ("Jane on Ava's order awaiting authorisation", jane, SeedIDs.order(26)),
                ("Ava on Jane's order awaiting authorisation", ava, SeedIDs.order(1)),
                ("Sam (Acme) on his Beta order", samAcme, SeedIDs.order(1, "b")),
                ("Sam (Beta) on his Acme order", samBeta, SeedIDs.order(3)),
                ("Sam (Beta) on Jane's order", samBeta, SeedIDs.order(1)),
                ("unknown order", jane, "00000005-0000-4000-8000-00000000a999"),
                ("not an id", jane, "nope"),
            ]
            let signature: [String: JSONValue] = ["signature": ["typed_name": "Anyone", "terms_agreed": true]]
            for (label, token, id) in cases {
                let path = Self.order(id)
                let replies = [
                    ("GET", try await mock.get(path, bearer: token)),
                    ("approve", try await mock.post("\(path)/approve", signature, bearer: token)),
                    ("approve bad body", try await mock.post("\(path)/approve", [:], bearer: token)),
                    ("reject", try await mock.post("\(path)/reject", ["reason": "no"], bearer: token)),
                    ("reject no body", try await mock.send("POST", "\(path)/reject", bearer: token)),
                    ("message", try await mock.post("\(path)/messages", ["body": "Hello?"], bearer: token)),
                    ("message bad body", try await mock.post("\(path)/messages", ["body": ""], bearer: token)),
                ]
                for (route, reply) in replies {
                    #expect(reply.status == 404, "\(label): \(route)")
                    #expect(reply.json == ["success": false, "error": "Not found"], "\(label): \(route)")
                }
            }
            #expect(try mock.dump() == before)
            #expect(try await mock.pushes().isEmpty)
        }
    }

    @Test func customerRoutesAnswer401ToStaffTokensAndToNone() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let admin = admin.token
            let before = try mock.dump()
            let path = Self.order(SeedIDs.order(1))
            for bearer in [admin, nil, "junk.token.here"] as [String?] {
                let label = bearer == admin ? "staff" : bearer == nil ? "none" : "junk"
                let replies = [
                    try await mock.get("/api/customer/orders", bearer: bearer),
                    try await mock.get(path, bearer: bearer),
                    try await mock.post("\(path)/approve", ["signature": ["typed_name": "Alice", "terms_agreed": true]], bearer: bearer),
                    try await mock.post("\(path)/reject", [:], bearer: bearer),
                    try await mock.post("\(path)/messages", ["body": "Hi"], bearer: bearer),
                ]
                for reply in replies {
                    #expect(reply.status == 401, "\(label)")
                    #expect(reply.json == ["success": false, "error": "Unauthorized"], "\(label)")
                }
            }
            #expect(try mock.dump() == before)
            // And the reverse: the customer's token opens no staff route.
            let jane = try await mock.signInCustomer("jane@customer.test")
            for staffPath in ["/api/orders/\(SeedIDs.order(1))", "/api/tickets/\(SeedIDs.ticket(1))", "/api/devices/\(SeedIDs.device(1))"] {
                #expect(try await mock.get(staffPath, bearer: jane).status == 401, "\(staffPath)")
            }
            #expect(try await mock.post("/api/tickets/\(SeedIDs.ticket(1))/reply", ["html_body": "<p>x</p>"], bearer: jane).status == 401)
        }
    }

    // MARK: - Approve

    @Test func approvingMovesTheQuotedDeviceStoresTheSignatureAndPushesStaff() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, acmeAdmin in
            let token = try await MacroAndInboundMailTests.registerStaffPhones(mock, admin: acmeAdmin)
            let jane = try await mock.signInCustomer("jane@customer.test")
            try await mock.registerPushToken(Self.janePhone, appType: "customer", bearer: jane)
            let seeded = try await mock.get(Self.order(SeedIDs.order(1)), bearer: jane).data
            try await mock.advanceClock(seconds: 90)
            let before = try await mock.clockNow()

            let answer = try await mock.post("\(Self.order(SeedIDs.order(1)))/approve",
                                             ["signature": ["typed_name": "  Jane Doe ", "terms_agreed": true]], bearer: jane)
            let after = try await mock.clockNow()
            #expect(answer.status == 200, "\(answer.error ?? "")")
            #expect(WireShape.customerOrderDetail.problems(answer.data) == [])
            #expect(try await mock.get(Self.order(SeedIDs.order(1)), bearer: jane).data == answer.data)
            let stamp = try #require(answer.data["dates"]?["authorised_at"]?.string)
            #expect(stamp >= before && stamp <= after)
            #expect(answer.data["status"] == "in_progress")
            #expect(answer.data["status_label"] == "In Progress")
            #expect(answer.data["quote"] == .null)
            #expect(answer.data["devices"] == [[
                "id": .string(SeedIDs.device(1)), "display_name": "Apple iPhone 14 Pro", "status": "authorised_source_parts",
                "status_label": "Authorised - Source Parts", "workflow_type": "repair", "authorization_status": "approved",
                "customer_reported_issues": "Cracked screen, touch not responding",
            ]])
            #expect(answer.data["signatures"]?.array?.last == [
                "signature_type": "authorisation", "typed_name": "Jane Doe", "terms_agreed": 1, "captured_at": .string(stamp),
            ])
            // Nothing else of the view moved.
            #expect(answer.data.droppingKeys(["status", "status_label", "devices", "quote", "signatures", "dates"])
                    == seeded.droppingKeys(["status", "status_label", "devices", "quote", "signatures", "dates"]))
            let list = try await mock.get("/api/customer/orders", bearer: jane)
            #expect(list.data[0]?["awaiting_authorisation"] == 0)
            #expect(list.data[0]?["status"] == "in_progress")

            // Staff see the device authorised through the portal, with the signature.
            let device = try await mock.get("/api/devices/\(SeedIDs.device(1))", bearer: token)
            #expect(device.data["status"] == "authorised_source_parts")
            #expect(device.data["authorization"] == [
                "status": "approved", "method": "portal", "authorized_at": .string(stamp),
                "signature": ["signature_type": "authorisation", "typed_name": "Jane Doe", "terms_agreed": 1,
                              "captured_at": .string(stamp)],
            ])
            let staffOrder = try await mock.get("/api/orders/\(SeedIDs.order(1))", bearer: token)
            #expect(staffOrder.data["status"] == "in_progress")
            #expect(staffOrder.data["dates"]?["authorised_at"]?.string == stamp)
            #expect(staffOrder.data["signatures"]?.array?.last?.droppingKeys(["id"]) == [
                "signature_type": "authorisation", "typed_name": "Jane Doe", "terms_agreed": 1, "captured_at": .string(stamp),
                "device_id": .null,
            ])
            // The stored row names the client who signed.
            let rows = try #require(try mock.server.environment.store.order(id: SeedIDs.order(1), company: MockSeed.Company.acme))
                .signatures.filter { $0.signatureType == .authorisation }
            #expect(rows.count == 1)
            #expect(try rows.first.flatMap { try mock.server.environment.store.signingClient(ofSignature: $0.id) } == MockSeed.Customer.jane.id)
            #expect(rows.first?.termsAgreed == 1)
            #expect(rows.first?.capturedAt == stamp)

            // The device's engineer (and the order's assignee: the admin) hears of it; the customer,
            // who acted, does not.
            #expect(try await mock.pushPayloads(token: MacroAndInboundMailTests.adminPhone) == [
                ["aps": ["alert": ["title": "Quote approved", "body": "Jane Doe approved the quote for Apple iPhone 14 Pro (order #10001)"],
                         "sound": "default"],
                 "type": "quote_approved", "order_id": .string(SeedIDs.order(1)), "device_id": .string(SeedIDs.device(1))],
                ["aps": ["alert": ["title": "Order status changed", "body": "Order #10001 is now In Progress"], "sound": "default"],
                 "type": "order_status_changed", "order_id": .string(SeedIDs.order(1))],
            ])
            for phone in [Self.janePhone, MacroAndInboundMailTests.engineerPhone, MacroAndInboundMailTests.totpPhone] {
                #expect(try await mock.pushes(token: phone).isEmpty, "\(phone)")
            }
        }
    }

    @Test func approvingABuybackQuoteMovesTheDeviceToReadyToPay() async throws {
        try await withMock({ $0.freezeClock() }) { mock in
            let amelia = try await mock.signInCustomer("amelia.jones@customer.test")
            let answer = try await mock.post("\(Self.order(SeedIDs.order(31)))/approve",
                                             ["signature": ["typed_name": "Amelia Jones", "terms_agreed": true]], bearer: amelia)
            #expect(answer.status == 200, "\(answer.error ?? "")")
            #expect(answer.data["devices"]?[0]?["status"] == "ready_to_pay")
            #expect(answer.data["devices"]?[0]?["workflow_type"] == "buyback")
            #expect(answer.data["devices"]?[0]?["authorization_status"] == "approved")
            #expect(answer.data["status"] == "in_progress")
        }
    }

    @Test func approvingWhenNothingAwaitsAuthorisationIs400AndWritesNothing() async throws {
        try await withMock({ $0.freezeClock() }) { mock in
            let jane = try await mock.signInCustomer("jane@customer.test")
            let signature: [String: JSONValue] = ["signature": ["typed_name": "Jane Doe", "terms_agreed": true]]
            let message: JSONValue = ["success": false, "error": "There is no quote awaiting your authorisation on this order"]

            var before = try mock.dump()
            let collected = try await mock.post("\(Self.order(SeedIDs.order(2)))/approve", signature, bearer: jane)
            #expect(collected.status == 400)
            #expect(collected.json == message)
            #expect(try mock.dump() == before)

            // Approved once; the second time there is nothing left to approve, or to reject.
            #expect(try await mock.post("\(Self.order(SeedIDs.order(1)))/approve", signature, bearer: jane).status == 200)
            before = try mock.dump()
            let pushes = try await mock.pushes().count
            for route in ["approve", "reject"] {
                let again = try await mock.post("\(Self.order(SeedIDs.order(1)))/\(route)", signature, bearer: jane)
                #expect(again.status == 400, "\(route)")
                #expect(again.json == message, "\(route)")
            }
            #expect(try mock.dump() == before)
            #expect(try await mock.pushes().count == pushes)
        }
    }

    @Test func badSignaturesAre400NamingTheFieldAndWriteNothing() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, acmeAdmin in
            let jane = try await mock.signInCustomer("jane@customer.test")
            _ = try await MacroAndInboundMailTests.registerStaffPhones(mock, admin: acmeAdmin)
            let path = "\(Self.order(SeedIDs.order(1)))/approve"
            let before = try mock.dump()
            let cases: [(body: String, message: String)] = [
                ("{}", "Invalid or missing field: signature"),
                (#"{"signature":null}"#, "Invalid or missing field: signature"),
                (#"{"signature":"Jane Doe"}"#, "Invalid or missing field: signature"),
                (#"{"typed_name":"Jane Doe","terms_agreed":true}"#, "Invalid or missing field: signature"),
                (#"{"signature":{}}"#, "Invalid or missing field: signature.typed_name"),
                (#"{"signature":{"typed_name":"Jane Doe"}}"#, "Invalid or missing field: signature.terms_agreed"),
                (#"{"signature":{"typed_name":"Jane Doe","terms_agreed":false}}"#, "Invalid or missing field: signature.terms_agreed"),
                (#"{"signature":{"typed_name":"Jane Doe","terms_agreed":"true"}}"#, "Invalid or missing field: signature.terms_agreed"),
                (#"{"signature":{"typed_name":"Jane Doe","terms_agreed":1}}"#, "Invalid or missing field: signature.terms_agreed"),
                (#"{"signature":{"typed_name":"Jane Doe","terms_agreed":null}}"#, "Invalid or missing field: signature.terms_agreed"),
                (#"{"signature":{"typed_name":"","terms_agreed":true}}"#, "Invalid or missing field: signature.typed_name"),
                (#"{"signature":{"typed_name":" \n ","terms_agreed":true}}"#, "Invalid or missing field: signature.typed_name"),
                (#"{"signature":{"typed_name":5,"terms_agreed":true}}"#, "Invalid or missing field: signature.typed_name"),
                (#"{"signature":{"typed_name":"\#(String(repeating: "J", count: 201))","terms_agreed":true}}"#,
                 "Invalid or missing field: signature.typed_name"),
                ("not json", "Invalid JSON body"),
                ("[]", "Invalid JSON body"),
                ("", "Invalid JSON body"),
            ]
            for (body, message) in cases {
                let reply = try await mock.send("POST", path, body: body, bearer: jane)
                #expect(reply.status == 400, "\(body.prefix(60))")
                #expect(reply.json == ["success": false, "error": .string(message)], "\(body.prefix(60))")
            }
            #expect(try mock.dump() == before)
            #expect(try await mock.pushes().isEmpty)
        }
    }

    // MARK: - Reject

    @Test func rejectingMovesTheQuotedDeviceToRejectedKeepsTheReasonForStaffAndPushesThem() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, acmeAdmin in
            let token = try await MacroAndInboundMailTests.registerStaffPhones(mock, admin: acmeAdmin)
            let ava = try await mock.signInCustomer("ava.evans@customer.test")
            let signaturesBefore = try await mock.get("/api/orders/\(SeedIDs.order(26))", bearer: token).data["signatures"]

            let answer = try await mock.post("\(Self.order(SeedIDs.order(26)))/reject", ["reason": "  Too expensive, thanks.  "],
                                             bearer: ava)
            #expect(answer.status == 200, "\(answer.error ?? "")")
            #expect(WireShape.customerOrderDetail.problems(answer.data) == [])
            #expect(answer.data["quote"] == .null)
            #expect(answer.data["devices"]?[0]?["status"] == "rejected")
            #expect(answer.data["devices"]?[0]?["authorization_status"] == "rejected")
            #expect(answer.data["status"] == "in_progress")
            #expect(answer.data["dates"]?["authorised_at"] == .null)
            // No signature for a refusal.
            #expect(answer.data["signatures"] == [])
            #expect(try await mock.get("/api/orders/\(SeedIDs.order(26))", bearer: token).data["signatures"] == signaturesBefore)

            let device = try await mock.get("/api/devices/\(SeedIDs.device(29))", bearer: token)
            #expect(device.data["status"] == "rejected")
            #expect(device.data["authorization_notes"] == "Too expensive, thanks.")
            #expect(device.data["authorization"] == ["status": "rejected", "method": "portal", "authorized_at": .null, "signature": .null])
            #expect(device.data["available_transitions"]?.array?.compactMap { $0["status"]?.string } == ["rejection_qc"])

            // Nobody is assigned to the device or the order: every active staff member hears of it.
            let rejected: JSONValue = [
                "aps": ["alert": ["title": "Quote rejected", "body": "Ava Evans rejected the quote for Apple iPhone 13 (order #10026)"],
                        "sound": "default"],
                "type": "quote_rejected", "order_id": .string(SeedIDs.order(26)), "device_id": .string(SeedIDs.device(29)),
            ]
            let status: JSONValue = [
                "aps": ["alert": ["title": "Order status changed", "body": "Order #10026 is now In Progress"], "sound": "default"],
                "type": "order_status_changed", "order_id": .string(SeedIDs.order(26)),
            ]
            for phone in [MacroAndInboundMailTests.adminPhone, MacroAndInboundMailTests.engineerPhone,
                          MacroAndInboundMailTests.totpPhone] {
                #expect(try await mock.pushPayloads(token: phone) == [rejected, status], "\(phone)")
            }
        }
    }

    @Test func rejectTakesNoBodyAndCannotBeRepeated() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let token = admin.token
            let amelia = try await mock.signInCustomer("amelia.jones@customer.test")
            let reply = try await mock.send("POST", "\(Self.order(SeedIDs.order(31)))/reject", bearer: amelia)
            #expect(reply.status == 200, "\(reply.error ?? "")")
            #expect(reply.data["devices"]?[0]?["status"] == "rejected")
            #expect(try await mock.get("/api/devices/\(SeedIDs.device(34))", bearer: token).data["authorization_notes"] == .null)
            // Rejected once: nothing is left to reject, or to approve.
            let before = try mock.dump()
            for route in ["reject", "approve"] {
                let again = try await mock.post("\(Self.order(SeedIDs.order(31)))/\(route)",
                                                ["signature": ["typed_name": "Amelia Jones", "terms_agreed": true]], bearer: amelia)
                #expect(again.status == 400, "\(route)")
                #expect(again.error == "There is no quote awaiting your authorisation on this order", "\(route)")
            }
            #expect(try mock.dump() == before)
        }
    }

    @Test func badRejectBodiesAre400AndWriteNothing() async throws {
        try await withMock({ $0.freezeClock() }) { mock in
            let ava = try await mock.signInCustomer("ava.evans@customer.test")
            let path = "\(Self.order(SeedIDs.order(26)))/reject"
            let before = try mock.dump()
            for (body, message) in [(#"{"reason":5}"#, "Invalid or missing field: reason"),
                                    (#"{"reason":["a"]}"#, "Invalid or missing field: reason"),
                                    (#"{"reason":"\#(String(repeating: "r", count: 10_001))"}"#, "Invalid or missing field: reason"),
                                    ("not json", "Invalid JSON body"), ("[]", "Invalid JSON body")] {
                let reply = try await mock.send("POST", path, body: body, bearer: ava)
                #expect(reply.status == 400, "\(body.prefix(40))")
                #expect(reply.json == ["success": false, "error": .string(message)], "\(body.prefix(40))")
            }
            #expect(try mock.dump() == before)
        }
    }

    // MARK: - Messages

    @Test func aCustomersMessageIsAnInboundMessageOnTheOrdersTicketForStaff() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, acmeAdmin in
            let token = try await MacroAndInboundMailTests.registerStaffPhones(mock, admin: acmeAdmin)
            let jane = try await mock.signInCustomer("jane@customer.test")
            try await mock.advanceClock(seconds: 45)

            let sent = try await mock.post("\(Self.order(SeedIDs.order(1)))/messages", ["body": "Does it come with a warranty?"],
                                           bearer: jane)
            #expect(sent.status == 201, "\(sent.error ?? "")")
            let id = try #require(sent.data["id"]?.string)
            let stamp = try #require(sent.data["created_at"]?.string)
            #expect(sent.json == ["success": true, "data": [
                "id": .string(id), "type": "inbound", "from_name": "Jane Doe", "subject": "Re: Your repair quote for order #10001",
                "body_text": "Does it come with a warranty?", "body_html": .null, "created_at": .string(stamp),
            ]])
            #expect(try await mock.get(Self.order(SeedIDs.order(1)), bearer: jane).data["messages"]?.array?.last == sent.data)

            let ticket = try await mock.get("/api/tickets/\(SeedIDs.ticket(1))", bearer: token)
            #expect(ticket.data["messages"]?.array?.last == [
                "id": .string(id), "type": "inbound", "from_email": "jane@customer.test", "from_name": "Jane Doe",
                "to_email": "manchester@acme.test", "subject": "Re: Your repair quote for order #10001",
                "body_text": "Does it come with a warranty?", "body_html": .null, "device_id": .null, "device_name": .null,
                "created_by": .null, "created_at": .string(stamp), "events": [], "attachments": [],
            ])
            #expect(ticket.data["awaiting_reply"] == 1)
            #expect(ticket.data["updated_at"]?.string == stamp)
            #expect(try await mock.get("/api/tickets?awaiting_reply=true", bearer: token).itemIDs == [SeedIDs.ticket(1), SeedIDs.ticket(5)])
            // The ticket's assignee (the admin) hears of it, nobody else.
            #expect(try await mock.pushPayloads(token: MacroAndInboundMailTests.adminPhone) == [[
                "aps": ["alert": ["title": "New reply from Jane Doe", "body": "#1001: Your repair quote for order #10001"],
                        "sound": "default"],
                "type": "enquiry_reply", "order_id": .string(SeedIDs.order(1)), "ticket_id": .string(SeedIDs.ticket(1)),
            ]])
            #expect(try await mock.pushes(token: MacroAndInboundMailTests.engineerPhone).isEmpty)
        }
    }

    @Test func aMessageOnAnOrderWithoutATicketOpensOneForStaff() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, acmeAdmin in
            let token = try await MacroAndInboundMailTests.registerStaffPhones(mock, admin: acmeAdmin)
            let ava = try await mock.signInCustomer("ava.evans@customer.test")
            #expect(try await mock.get("/api/orders/\(SeedIDs.order(26))", bearer: token).data["ticket"] == .null)

            let sent = try await mock.post("\(Self.order(SeedIDs.order(26)))/messages", ["body": "Can you call me instead?"],
                                           bearer: ava)
            #expect(sent.status == 201, "\(sent.error ?? "")")
            let stamp = try #require(sent.data["created_at"]?.string)
            #expect(sent.data["subject"] == "Order #10026")

            let list = try await mock.get("/api/tickets", bearer: token)
            #expect(list.json["pagination"]?["total"] == 7)
            let ticketID = try #require(list.itemIDs.first)
            let detail = try await mock.get("/api/tickets/\(ticketID)", bearer: token)
            #expect(WireShape.ticketDetail.problemsWithFreeEventData(detail.data) == [])
            #expect(detail.data == [
                "id": .string(ticketID), "ticket_number": 1007, "subject": "Order #10026", "status": "open", "ticket_type": "order",
                "order_id": .string(SeedIDs.order(26)),
                "client": ["id": .string(SeedIDs.client(8)), "first_name": "Ava", "last_name": "Evans", "name": "Ava Evans",
                           "email": "ava.evans@customer.test", "phone": "07700 900108", "email_suppressed": 0, "is_generated_email": 0],
                "assigned_user": .null,
                "location": ["id": .string(SeedIDs.location(1)), "name": "Acme Repairs Manchester"],
                "requires_location": 0, "received_custom_email": .null, "awaiting_reply": 1,
                "messages": [[
                    "id": sent.data["id"] ?? .null, "type": "inbound", "from_email": "ava.evans@customer.test", "from_name": "Ava Evans",
                    "to_email": .null, "subject": "Order #10026", "body_text": "Can you call me instead?", "body_html": .null,
                    "device_id": .null, "device_name": .null, "created_by": .null, "created_at": .string(stamp), "events": [],
                    "attachments": [],
                ]],
                "events": [], "created_at": .string(stamp), "updated_at": .string(stamp),
            ])
            #expect(try await mock.get("/api/orders/\(SeedIDs.order(26))", bearer: token).data["ticket"]?["id"]?.string == ticketID)
            // Unassigned: every active staff member.
            for phone in [MacroAndInboundMailTests.adminPhone, MacroAndInboundMailTests.engineerPhone,
                          MacroAndInboundMailTests.totpPhone] {
                #expect(try await mock.pushPayloads(token: phone).map { $0["type"] } == ["enquiry_reply"], "\(phone)")
                #expect(try await mock.pushPayloads(token: phone).first?["ticket_id"]?.string == ticketID, "\(phone)")
            }

            // The next message joins the same ticket, as a reply; staff can answer it.
            let second = try await mock.post("\(Self.order(SeedIDs.order(26)))/messages", ["body": "After 5pm please."], bearer: ava)
            #expect(second.data["subject"] == "Re: Order #10026")
            #expect(try await mock.get("/api/tickets", bearer: token).json["pagination"]?["total"] == 7)
            let answered = try await mock.post("/api/tickets/\(ticketID)/reply", ["html_body": "<p>Will do.</p>"], bearer: token)
            #expect(answered.status == 200, "\(answered.error ?? "")")
            #expect(answered.data["messages"]?.array?.last?["to_email"] == "ava.evans@customer.test")
            #expect(try await mock.get(Self.order(SeedIDs.order(26)), bearer: ava).data["messages"]?.array?.map { $0["type"] }
                    == ["inbound", "inbound", "outbound"])
        }
    }

    @Test func badMessagesAre400AndWriteNothing() async throws {
        try await withMock({ $0.freezeClock() }) { mock in
            let jane = try await mock.signInCustomer("jane@customer.test")
            let path = "\(Self.order(SeedIDs.order(1)))/messages"
            let before = try mock.dump()
            let cases: [(body: String, message: String)] = [
                ("{}", "Invalid or missing field: body"),
                (#"{"body":""}"#, "Invalid or missing field: body"),
                (#"{"body":"  \n "}"#, "Invalid or missing field: body"),
                (#"{"body":5}"#, "Invalid or missing field: body"),
                (#"{"body":null}"#, "Invalid or missing field: body"),
                (#"{"message":"Hi"}"#, "Invalid or missing field: body"),
                (#"{"body":"\#(String(repeating: "m", count: 10_001))"}"#, "Invalid or missing field: body"),
                ("not json", "Invalid JSON body"),
                ("", "Invalid JSON body"),
            ]
            for (body, message) in cases {
                let reply = try await mock.send("POST", path, body: body, bearer: jane)
                #expect(reply.status == 400, "\(body.prefix(40))")
                #expect(reply.json == ["success": false, "error": .string(message)], "\(body.prefix(40))")
            }
            #expect(try mock.dump() == before)
        }
    }

    // MARK: - End to end

    @Test func quoteFlowFromStaffToCustomerAndBack() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, signedIn in
            let engineer = try await mock.signInStaffByMagicLink("engineer@acme.test")
            var admin = signedIn.token
            try await mock.registerPushToken(Self.adminPhone, appType: "staff", bearer: admin)
            try await mock.registerPushToken(Self.engineerPhone, appType: "staff", bearer: engineer)
            let sam = try await mock.signInCustomer("sam@customer.test", companyID: MockSeed.Company.acme)
            let samBeta = try await mock.signInCustomer("sam@customer.test", companyID: MockSeed.Company.beta)
            try await mock.registerPushToken(Self.samAcmePhone, appType: "customer", bearer: sam)
            try await mock.registerPushToken(Self.samBetaPhone, appType: "customer", bearer: samBeta)
            let device = "/api/devices/\(SeedIDs.device(3))"
            let samOrder = Self.order(SeedIDs.order(3))

            // 1. The engineer finds more damage: a revised quote goes to Sam.
            try await mock.advanceClock(seconds: 600)
            for status in ["awaiting_revised_quote", "awaiting_authorisation"] {
                let moved = try await mock.patch(device, ["status": .string(status)], bearer: engineer)
                #expect(moved.status == 200, "\(status): \(moved.error ?? "")")
            }
            let quoted = try await mock.get(samOrder, bearer: sam)
            let sentAt = try #require(quoted.data["dates"]?["quote_sent_at"]?.string)
            #expect(sentAt >= "2026-11-21T12:10:00Z")
            #expect(quoted.data["status"] == "awaiting_authorisation")
            #expect(quoted.data["quote"] == [
                "devices": [["id": .string(SeedIDs.device(3)), "display_name": "Apple MacBook Air M2", "status": "awaiting_authorisation",
                             "status_label": "Awaiting Authorisation"]],
                "items": [["id": "00000007-0000-4000-8000-00000000a004", "device_id": .string(SeedIDs.device(3)),
                           "description": "Logic board repair - Apple MacBook Air M2", "quantity": 1, "unit_price": "299.99",
                           "vat_rate": "20.00", "line_total_inc_vat": "359.99"]],
                "total": "359.99", "sent_at": .string(sentAt),
            ])
            #expect(try await mock.get("/api/customer/orders", bearer: sam).data.array?
                .first { $0["id"]?.string == SeedIDs.order(3) }?["awaiting_authorisation"] == 1)
            let samPushes = try await mock.pushPayloads(token: Self.samAcmePhone)
            #expect(samPushes.map { $0["type"] } == ["order_status", "quote_ready"])
            #expect(samPushes.last == [
                "aps": ["alert": ["title": "Quote Ready", "body": "Your quote for your Apple MacBook Air M2 is ready for approval"],
                        "badge": 1, "sound": "default"],
                "type": "quote_ready", "order_id": .string(SeedIDs.order(3)),
            ])
            #expect(try await mock.pushes(token: Self.samBetaPhone).isEmpty)

            // 2. Sam approves with his typed signature.
            try await mock.advanceClock(seconds: 3600)
            let approved = try await mock.post("\(samOrder)/approve", ["signature": ["typed_name": "Sam Smith", "terms_agreed": true]],
                                               bearer: sam)
            #expect(approved.status == 200, "\(approved.error ?? "")")
            let authorisedAt = try #require(approved.data["dates"]?["authorised_at"]?.string)
            #expect(authorisedAt > sentAt)
            #expect(approved.data["status"] == "in_progress")
            #expect(approved.data["quote"] == .null)
            #expect(approved.data["devices"]?[0]?["status"] == "authorised_source_parts")

            // 3. Staff see it: the device authorised with Sam's signature, the order moved on, a push.
            admin = try await mock.signInStaff("admin@acme.test").token   // an hour on: the old token has expired
            let staffDevice = try await mock.get(device, bearer: admin)
            #expect(staffDevice.data["status"] == "authorised_source_parts")
            #expect(staffDevice.data["authorization"] == [
                "status": "approved", "method": "portal", "authorized_at": .string(authorisedAt),
                "signature": ["signature_type": "authorisation", "typed_name": "Sam Smith", "terms_agreed": 1,
                              "captured_at": .string(authorisedAt)],
            ])
            #expect(staffDevice.data["timestamps"]?["authorised_at"]?.string == authorisedAt)
            let staffOrder = try await mock.get("/api/orders/\(SeedIDs.order(3))", bearer: admin)
            #expect(staffOrder.data["status"] == "in_progress")
            #expect(staffOrder.data["signatures"]?.array?.map { $0["typed_name"] } == ["Sam Smith", "Sam Smith"])
            #expect(staffOrder.data["signatures"]?.array?.map { $0["signature_type"] } == ["drop_off", "authorisation"])
            #expect(try await mock.get("/api/orders?status=awaiting_authorisation&search=10003", bearer: admin).itemIDs == [])
            // The device's engineer is the admin: the approval goes to the admin; the order has no
            // assignee, so its status change goes to all staff.
            #expect(try await mock.pushPayloads(token: Self.adminPhone).map { $0["type"] }
                    == ["device_status_changed", "order_status_changed", "device_status_changed", "quote_approved",
                        "order_status_changed"])
            #expect(try await mock.pushPayloads(token: Self.adminPhone)[3] == [
                "aps": ["alert": ["title": "Quote approved", "body": "Sam Smith approved the quote for Apple MacBook Air M2 (order #10003)"],
                        "sound": "default"],
                "type": "quote_approved", "order_id": .string(SeedIDs.order(3)), "device_id": .string(SeedIDs.device(3)),
            ])
            #expect(try await mock.pushPayloads(token: Self.engineerPhone).map { $0["type"] } == ["order_status_changed"])

            // 4. The repair finishes, then the order is ready: Sam is told both.
            for status in ["authorised_awaiting_parts", "ready_to_repair", "repairing", "repaired_qc", "repaired_ready"] {
                #expect(try await mock.patch(device, ["status": .string(status)], bearer: admin).status == 200, "\(status)")
            }
            #expect(try await mock.pushPayloads(token: Self.samAcmePhone).map { $0["type"] }
                    == ["order_status", "quote_ready", "repair_complete", "order_status"])
            #expect(try await mock.pushPayloads(token: Self.samAcmePhone).last?["aps"]?["alert"]?["body"]
                    == "Your repair is ready for collection!")
            let ready = try await mock.get(samOrder, bearer: sam)
            #expect(ready.data["status"] == "ready_for_collection")
            #expect(ready.data["devices"]?[0]?["status_label"] == "Repaired - Ready")
        }
    }

    // MARK: - Customer pushes and preferences

    enum CustomerPush: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case quoteReady = "quote_ready"
        case repairComplete = "repair_complete"
        case orderStatus = "order_status"
        case message

        var testDescription: String { rawValue }

        /// The preference switch that gates it (decided mapping).
        var preference: String {
            switch self {
            case .quoteReady: "quote_updates"
            case .repairComplete: "device_updates"
            case .orderStatus: "order_updates"
            case .message: "ticket_messages"
            }
        }

        /// Staff do what causes the push to Sam (Acme).
        func cause(_ mock: MockHarness, staff: String) async throws {
            switch self {
            case .quoteReady:
                for status in ["awaiting_revised_quote", "awaiting_authorisation"] {
                    _ = try await mock.patch("/api/devices/\(SeedIDs.device(3))", ["status": .string(status)], bearer: staff)
                }
            case .repairComplete:
                for status in ["repaired_qc"] {
                    _ = try await mock.patch("/api/devices/\(SeedIDs.device(3))", ["status": .string(status)], bearer: staff)
                }
            case .orderStatus:
                // #10029's one device is ready: collected.
                _ = try await mock.patch("/api/devices/\(SeedIDs.device(32))", ["status": "collected"], bearer: staff)
            case .message:
                _ = try await mock.post("/api/tickets/\(SeedIDs.ticket(3))/reply", ["html_body": "<p>Update</p>"], bearer: staff)
            }
        }
    }

    @Test(arguments: CustomerPush.allCases, [true, false])
    func eachCustomerPushIsGatedByItsPreference(_ push: CustomerPush, enabled: Bool) async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let admin = admin.token
            let sam = try await mock.signInCustomer("sam@customer.test", companyID: MockSeed.Company.acme)
            try await mock.registerPushToken(Self.samAcmePhone, appType: "customer", bearer: sam)
            let preferences = try await mock.send("PUT", "/api/user/push-preferences",
                                                  json: [push.preference: .bool(enabled)], bearer: sam)
            #expect(preferences.status == 200)
            try await push.cause(mock, staff: admin)
            let types = try await mock.pushPayloads(token: Self.samAcmePhone).compactMap { $0["type"]?.string }
            #expect(types.contains(push.rawValue) == enabled, "\(types)")
            #expect(try await mock.pushPayloads(token: Self.samAcmePhone).allSatisfy { $0["order_id"]?.string != nil })
        }
    }

    @Test func pushEnabledOffSilencesEveryCustomerPush() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let admin = admin.token
            let sam = try await mock.signInCustomer("sam@customer.test", companyID: MockSeed.Company.acme)
            try await mock.registerPushToken(Self.samAcmePhone, appType: "customer", bearer: sam)
            #expect(try await mock.send("PUT", "/api/user/push-preferences", json: ["push_enabled": false], bearer: sam).status == 200)
            for push in CustomerPush.allCases { try await push.cause(mock, staff: admin) }
            #expect(try await mock.pushes(token: Self.samAcmePhone).isEmpty)
            // Control: switched back on, the next one arrives.
            #expect(try await mock.send("PUT", "/api/user/push-preferences", json: ["push_enabled": true], bearer: sam).status == 200)
            try await CustomerPush.message.cause(mock, staff: admin)
            #expect(try await mock.pushPayloads(token: Self.samAcmePhone).map { $0["type"] } == ["message"])
        }
    }

    @Test func aQuoteAnswerForADeviceWhoseEngineerLeftStillReachesTheShop() async throws {
        try await withSignedInMock({ $0.freezeClock() }) { mock, admin in
            let admin = admin.token
            try await mock.registerPushToken(Self.adminPhone, appType: "staff", bearer: admin)
            // Ava's device goes to the engineer, who then leaves the company.
            #expect(try await mock.patch("/api/devices/\(SeedIDs.device(29))", ["assigned_engineer_id": .string(MockSeed.Staff.engineer.id)],
                                         bearer: admin).status == 200)
            try mock.server.environment.store.deactivateUser(id: MockSeed.Staff.engineer.id)
            let ava = try await mock.signInCustomer("ava.evans@customer.test")
            #expect(try await mock.post("\(Self.order(SeedIDs.order(26)))/reject", [:], bearer: ava).status == 200)
            // Neither the device nor the order has an active assignee: every active staff member is told.
            #expect(try await mock.pushPayloads(token: Self.adminPhone).map { $0["type"] } == ["quote_rejected", "order_status_changed"])
        }
    }
}

extension WireShape {
    static let customerDeviceBrief: WireShape = .object([
        "id": .string, "display_name": .string, "status": .enumeration(DeviceStatus.self), "status_label": .string,
    ])

    static let customerItem: WireShape = .object([
        "id": .string, "device_id": .nullable(.string), "description": .string, "quantity": .int, "unit_price": .money,
        "vat_rate": .money, "line_total_inc_vat": .money,
    ])

    static let customerOrderListItem: WireShape = .object([
        "id": .string, "order_number": .int, "status": .enumeration(OrderStatus.self), "status_label": .string,
        "device_count": .int, "devices": .array(customerDeviceBrief), "awaiting_authorisation": .int,
        "grand_total": .money, "balance_due": .money, "created_at": .timestamp, "updated_at": .timestamp,
    ])

    static let customerOrderDetail: WireShape = .object([
        "id": .string, "order_number": .int, "status": .enumeration(OrderStatus.self), "status_label": .string,
        "location": .nullable(.object([
            "name": .string, "address_line1": .string, "address_line2": .nullable(.string), "city": .string, "postcode": .string,
            "phone": .nullable(.string), "email": .nullable(.string),
        ])),
        "devices": .array(.object([
            "id": .string, "display_name": .string, "status": .enumeration(DeviceStatus.self), "status_label": .string,
            "workflow_type": .enumeration(WorkflowType.self),
            "authorization_status": .nullable(.enumeration(AuthorizationStatus.self)),
            "customer_reported_issues": .nullable(.string),
        ])),
        "items": .array(customerItem),
        "totals": .object(["subtotal": .money, "vat_total": .money, "grand_total": .money, "amount_paid": .money,
                           "balance_due": .money]),
        "quote": .nullable(.object(["devices": .array(customerDeviceBrief), "items": .array(customerItem), "total": .money,
                                    "sent_at": .nullable(.timestamp)])),
        "signatures": .array(.object(["signature_type": .enumeration(SignatureType.self), "typed_name": .string,
                                      "terms_agreed": .int, "captured_at": .timestamp])),
        "messages": .array(.object([
            "id": .string, "type": .oneOf(["inbound", "outbound", "outbound_sms"]), "from_name": .nullable(.string),
            "subject": .nullable(.string), "body_text": .string, "body_html": .nullable(.string), "created_at": .timestamp,
        ])),
        "dates": .object(["created_at": .timestamp, "quote_sent_at": .nullable(.timestamp),
                          "authorised_at": .nullable(.timestamp), "collected_at": .nullable(.timestamp)]),
    ])
}
