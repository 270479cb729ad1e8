import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import RepairMinderMockControl
import MockStore
import MockTestSupport

/// Staff orders (CONTRACT §6): `GET /api/orders` (pagination, filters), `GET|PATCH /api/orders/:id`,
/// `GET /api/orders/:orderId/devices/:deviceId`, against a real mock with the default seed.
@Suite struct OrderRouteTests {
    static let leeds = SeedIDs.location(2)
    /// 2030-01-01T00:00:00Z: a clock after every seeded timestamp, so a write's `updated_at` is new.
    static let future = Date(timeIntervalSince1970: 1_893_456_000)

    // MARK: - List shape

    @Test func listItemsHaveExactKeysAndTypesAndTheDefaultPageIsTheFirst20Of32() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token

            let firstPage = try await mock.get("/api/orders", bearer: token)
            #expect(firstPage.status == 200)
            #expect(firstPage.json["success"] == .bool(true))
            #expect(firstPage.json.keys == ["success", "data", "pagination"])
            #expect(firstPage.json["pagination"] == ["page": 1, "limit": 20, "total": 32, "total_pages": 2])
            #expect(firstPage.data.array?.count == 20)

            let all = try await mock.get("/api/orders?limit=100", bearer: token)
            let items = all.data.array ?? []
            #expect(items.count == 32)
            #expect(WireShape.array(WireShape.orderListItem).problems(all.data) == [])
            for item in items {
                #expect(item["device_count"]?.intValue == Int64(item["devices"]?.array?.count ?? -1), "\(item["id"]?.string ?? "")")
                #expect(item["client"]?["name"]?.string
                        == "\(item["client"]?["first_name"]?.string ?? "") \(item["client"]?["last_name"]?.string ?? "")")
            }
            // Both forms of the nullable section occur, so its shape was checked both ways.
            #expect(items.contains { $0["assigned_user"] == .null })
            #expect(items.contains { $0["assigned_user"]?.objectValue != nil })
            // The first page is the head of the full list.
            #expect(firstPage.data.array == Array(items.prefix(20)))
            let jane = items.first { $0["id"]?.string == SeedIDs.order(1) }
            #expect(jane?["order_number"] == 10001)
            #expect(jane?["grand_total"] == "179.97")
            #expect(jane?["balance_due"] == "159.97")
            #expect(jane?["payment_status"] == "partially_paid")
        }
    }

    // MARK: - Pagination

    @Test func pagesSliceTheListAndAPagePastTheEndIsEmpty() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token

            let last = try await mock.get("/api/orders?limit=10&page=4", bearer: token)
            #expect(last.status == 200)
            #expect(last.data.array?.count == 2)
            #expect(last.json["pagination"] == ["page": 4, "limit": 10, "total": 32, "total_pages": 4])

            let past = try await mock.get("/api/orders?limit=10&page=5", bearer: token)
            #expect(past.status == 200)
            #expect(past.data == .array([]))
            #expect(past.json["pagination"] == ["page": 5, "limit": 10, "total": 32, "total_pages": 4])

            let everything = try await mock.get("/api/orders?limit=100", bearer: token)
            #expect(everything.data.array?.count == 32)
            #expect(everything.json["pagination"] == ["page": 1, "limit": 100, "total": 32, "total_pages": 1])
        }
    }

    @Test func outOfRangeOrMalformedPageAndLimitAre400AndWriteNothing() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let before = try mock.dump()
            for (query, name) in [("limit=0", "limit"), ("limit=101", "limit"), ("limit=abc", "limit"),
                                  ("page=0", "page"), ("page=abc", "page"), ("page=-1", "page")] {
                let reply = try await mock.get("/api/orders?\(query)", bearer: token)
                #expect(reply.status == 400, "\(query)")
                #expect(reply.json == ["success": false, "error": .string("Invalid query parameter: \(name)")], "\(query)")
            }
            #expect(try mock.dump() == before)
        }
    }

    @Test func walkingEveryPageOfSevenYieldsEachOrderOnceNewestFirst() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            var items: [JSONValue] = []
            var page = 1
            while true {
                let reply = try await mock.get("/api/orders?limit=7&page=\(page)", bearer: token)
                #expect(reply.status == 200)
                #expect(reply.json["pagination"] == ["page": .int(Int64(page)), "limit": 7, "total": 32, "total_pages": 5])
                let slice = reply.data.array ?? []
                if slice.isEmpty { break }
                #expect(slice.count == (page < 5 ? 7 : 4), "page \(page)")
                items += slice
                page += 1
                if page > 10 { Issue.record("the pages never end"); break }
            }
            #expect(page == 6)
            let ids = items.compactMap { $0["id"]?.string }
            #expect(ids.count == 32)
            #expect(Set(ids) == Set((1...32).map { SeedIDs.order($0) }))
            let created = items.compactMap { $0["created_at"]?.string }
            #expect(created.count == 32)
            #expect(created == created.sorted(by: >), "newest created_at first")
        }
    }

    @Test
    func aHugePageNumberIsAnsweredNotACrash() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let reply = try await mock.get("/api/orders?page=9223372036854775807", bearer: token)
            // A page past the end is an empty list (CONTRACT §1), however far past.
            #expect(reply.status == 200)
            #expect(reply.data == .array([]))
        }
    }

    // MARK: - Filters

    @Test func statusFilterReturnsOnlyThatStatusAndTheSixStatusesCoverEveryOrder() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            #expect(OrderStatus.allCases.count == 6)
            var seen: [String] = []
            for status in OrderStatus.allCases {
                let reply = try await mock.get("/api/orders?status=\(status.rawValue)&limit=100", bearer: token)
                #expect(reply.status == 200, "\(status.rawValue)")
                let items = reply.data.array ?? []
                #expect(items.allSatisfy { $0["status"]?.string == status.rawValue }, "\(status.rawValue)")
                #expect(reply.json["pagination"]?["total"]?.intValue == Int64(items.count), "\(status.rawValue)")
                seen += items.compactMap { $0["id"]?.string }
            }
            #expect(seen.count == 32)
            #expect(Set(seen).count == 32)
            let janes = try await mock.get("/api/orders?status=awaiting_authorisation&limit=100", bearer: token)
            #expect(janes.data.array?.contains { $0["id"]?.string == SeedIDs.order(1) } == true)
            let collected = try await mock.get("/api/orders?status=collected&limit=100", bearer: token)
            #expect(collected.data.array?.contains { $0["id"]?.string == SeedIDs.order(2) } == true)

            let bogus = try await mock.get("/api/orders?status=bogus", bearer: token)
            #expect(bogus.status == 400)
            #expect(bogus.error == "Invalid query parameter: status")
        }
    }

    @Test func searchMatchesTheOrderNumberWithOrWithoutHash() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            for search in ["%2310003", "10003"] {
                let reply = try await mock.get("/api/orders?search=\(search)", bearer: token)
                #expect(reply.status == 200)
                #expect(reply.itemIDs == [SeedIDs.order(3)], "\(search)")
                #expect(reply.json["pagination"]?["total"] == 1, "\(search)")
            }
        }
    }

    @Test func searchMatchesTheClientNameCaseInsensitivelyAndTheEmail() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token

            let lower = try await mock.get("/api/orders?search=jane&limit=100", bearer: token)
            let upper = try await mock.get("/api/orders?search=JANE&limit=100", bearer: token)
            #expect(Set(lower.itemIDs) == [SeedIDs.order(1), SeedIDs.order(2)])
            #expect(upper.itemIDs == lower.itemIDs)

            // "brown@cust" is in Oliver Brown's email only, never in a name.
            let email = try await mock.get("/api/orders?search=brown%40cust&limit=100", bearer: token)
            let emailItems = email.data.array ?? []
            #expect(!emailItems.isEmpty)
            #expect(emailItems.allSatisfy { $0["client"]?["email"]?.string == "oliver.brown@customer.test" })

            let domain = try await mock.get("/api/orders?search=customer.test&limit=100", bearer: token)
            let domainItems = domain.data.array ?? []
            #expect(domainItems.count == 32)
            #expect(domainItems.allSatisfy { $0["client"]?["email"]?.string?.contains("customer.test") == true })
        }
    }

    @Test func likeWildcardsInSearchAreLiteral() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            for search in ["%25", "_", "%25%25", "j_ne", "10%25"] {
                let reply = try await mock.get("/api/orders?search=\(search)", bearer: token)
                #expect(reply.status == 200, "\(search)")
                #expect(reply.data == .array([]), "\(search)")
                #expect(reply.json["pagination"]?["total"] == 0, "\(search)")
            }
        }
    }

    @Test func locationFilterListsOnlyThatLocation() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let reply = try await mock.get("/api/orders?location_id=\(Self.leeds)&limit=100", bearer: token)
            let items = reply.data.array ?? []
            #expect(!items.isEmpty && items.count < 32)
            #expect(items.allSatisfy { $0["location"]?["id"]?.string == Self.leeds })
            #expect(items.allSatisfy { $0["location"]?["name"]?.string == "Acme Repairs Leeds" })
            #expect(reply.json["pagination"]?["total"]?.intValue == Int64(items.count))
        }
    }

    @Test func assignedToMeEqualsTheCallersIdAndListsOnlyTheirOrders() async throws {
        try await withSignedInMock { mock, admin in
            let me = try await mock.get("/api/orders?assigned_to=me&limit=100", bearer: admin.token)
            let byID = try await mock.get("/api/orders?assigned_to=\(admin.userID)&limit=100", bearer: admin.token)
            let items = me.data.array ?? []
            #expect(!items.isEmpty && items.count < 32)
            #expect(items.allSatisfy { $0["assigned_user"]?["id"]?.string == MockSeed.Staff.admin.id })
            #expect(me.data == byID.data)
            #expect(me.json["pagination"] == byID.json["pagination"])
            #expect(me.itemIDs.contains(SeedIDs.order(1)))
        }
    }

    @Test func filtersCombineAsAnIntersection() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            func idSet(_ query: String) async throws -> Set<String> {
                let reply = try await mock.get("/api/orders?\(query)&limit=100", bearer: token)
                #expect(reply.status == 200, "\(query)")
                return Set(reply.itemIDs)
            }
            let mine = try await idSet("assigned_to=me")
            let leeds = try await idSet("location_id=\(Self.leeds)")
            let inProgress = try await idSet("status=in_progress")
            let mineInLeeds = try await idSet("assigned_to=me&location_id=\(Self.leeds)")
            #expect(!mineInLeeds.isEmpty)
            #expect(mineInLeeds.count < min(mine.count, leeds.count))
            #expect(mineInLeeds == mine.intersection(leeds))
            let all3 = try await idSet("assigned_to=me&location_id=\(Self.leeds)&status=in_progress")
            #expect(all3 == mine.intersection(leeds).intersection(inProgress))
            let mineJane = try await idSet("assigned_to=me&search=jane")
            #expect(mineJane == [SeedIDs.order(1)])
        }
    }

    // MARK: - Detail

    @Test func janesOrderDetailHasEverySectionWithExactKeysTypesAndMoney() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let reply = try await mock.get("/api/orders/\(SeedIDs.order(1))", bearer: token)
            #expect(reply.status == 200)
            let order = reply.data
            #expect(WireShape.orderDetail.problems(order) == [])

            #expect(order["id"]?.string == SeedIDs.order(1))
            #expect(order["order_number"] == 10001)
            #expect(order["status"] == "awaiting_authorisation")
            #expect(order["payment_status"] == "partially_paid")
            #expect(order["client"]?["id"]?.string == MockSeed.Customer.jane.id)
            #expect(order["client"]?["name"] == "Jane Doe")
            #expect(order["client"]?["address"] == "3 Mill Lane, Manchester, M1 1AA")     // seed 003's `address`: the lines in one
            #expect(order["location"]?["address"] == "12 Deansgate, Manchester, M3 2BW")
            #expect(order["assigned_user"]?["id"]?.string == MockSeed.Staff.admin.id)
            #expect(order["assigned_user"]?["name"] == "Alice Admin")
            #expect(order["location"]?["id"]?.string == SeedIDs.location(1))
            #expect(order["devices"]?.array?.map { $0["id"] } == [.string(SeedIDs.device(1))])

            // Seed lines: 1 × 129.99 @ 20% and 2 × 9.99 @ 20%; VAT per line, half away from zero:
            // 25.998 → 26.00 and 3.996 → 4.00.
            let items = order["items"]?.array ?? []
            #expect(items.count == 2)
            #expect(items.first?["line_total"] == "129.99")
            #expect(items.first?["vat_amount"] == "26.00")
            #expect(items.first?["line_total_inc_vat"] == "155.99")
            #expect(items.last?["quantity"] == 2)
            #expect(items.last?["unit_price"] == "9.99")
            #expect(items.last?["line_total"] == "19.98")
            #expect(items.last?["vat_amount"] == "4.00")
            #expect(items.last?["line_total_inc_vat"] == "23.98")
            #expect(order["totals"] == ["subtotal": "149.97", "vat_total": "30.00", "grand_total": "179.97",
                                        "amount_paid": "20.00", "balance_due": "159.97"])

            let payments = order["payments"]?.array ?? []
            #expect(payments.count == 1)
            #expect(payments.first?["amount"] == "20.00")
            #expect(payments.first?["is_deposit"] == 1)
            #expect(payments.first?["refundable_amount"] == "20.00")
            #expect(order["signatures"]?.array?.count == 1)
            #expect(order["signatures"]?[0]?["typed_name"] == "Jane Doe")

            let ticket = order["ticket"]
            #expect(ticket?["ticket_number"] == 1001)
            let messages = ticket?["messages"]?.array ?? []
            #expect(Set(messages.compactMap { $0["type"]?.string }) == Set(MessageType.allCases.map(\.rawValue)))
            // Both forms of `created_by` occur (staff messages and the customer's inbound one).
            #expect(messages.contains { $0["created_by"] == .null })
            #expect(messages.contains { $0["created_by"]?.objectValue != nil })
            let times = messages.compactMap { $0["created_at"]?.string }
            #expect(times == times.sorted(), "messages oldest first")
            #expect(order["dates"]?["quote_sent_at"]?.string != nil)
            #expect(order["dates"]?["collected_at"] == .null)
        }
    }

    @Test func anOrderWithoutLocationAssigneeOrTicketHasThoseKeysNull() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let path = "/api/orders/\(SeedIDs.order(5))"
            // #10005: nobody assigned, no ticket. Every seeded order has a location, so clear it first.
            let seeded = try await mock.get(path, bearer: token)
            #expect(seeded.data["assigned_user"] == .null)
            #expect(seeded.data["ticket"] == .null)
            #expect(seeded.data["notes"] == .null)
            #expect(seeded.data["location"]?.objectValue != nil)
            #expect(try await mock.patch(path, ["location_id": .null], bearer: token).status == 200)

            let reply = try await mock.get(path, bearer: token)
            #expect(reply.status == 200)
            #expect(WireShape.orderDetail.problems(reply.data) == [])
            for key in ["location", "assigned_user", "ticket", "notes"] {
                #expect(reply.data.keys.contains(key), "\(key)")
                #expect(reply.data[key] == .null, "\(key)")
            }
            let row = try await mock.get("/api/orders?search=10005", bearer: token)
            #expect(row.data[0]?["location"] == .null)
            #expect(row.data[0]?["assigned_user"] == .null)
            #expect(WireShape.array(WireShape.orderListItem).problems(row.data) == [])
        }
    }

    @Test func orderDeviceRouteAnswersTheDeviceDetailOnlyUnderItsOwnOrder() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let direct = try await mock.get("/api/devices/\(SeedIDs.device(1))", bearer: token)
            let viaOrder = try await mock.get("/api/orders/\(SeedIDs.order(1))/devices/\(SeedIDs.device(1))", bearer: token)
            #expect(direct.status == 200)
            #expect(viaOrder.status == 200)
            #expect(direct.data["id"]?.string == SeedIDs.device(1))
            #expect(viaOrder.data == direct.data)

            for path in ["/api/orders/\(SeedIDs.order(2))/devices/\(SeedIDs.device(1))",
                         "/api/orders/\(SeedIDs.order(1))/devices/\(SeedIDs.device(2))",
                         "/api/orders/00000005-0000-4000-8000-00000000a999/devices/\(SeedIDs.device(1))"] {
                let wrong = try await mock.get(path, bearer: token)
                #expect(wrong.status == 404, "\(path)")
                #expect(wrong.error == "Not found", "\(path)")
            }
        }
    }

    // MARK: - PATCH

    @Test func eachEditableFieldIsSavedAnsweredAndMovesUpdatedAt() async throws {
        try await withSignedInMock({ $0.freezeClock(at: Self.future) }) { mock, admin in
            let token = admin.token
            let path = "/api/orders/\(SeedIDs.order(5))"
            var previous = try await mock.get(path, bearer: token).data
            #expect(previous["intake_method"] == "walk_in")

            let steps: [(body: [String: JSONValue], key: String, check: @Sendable (JSONValue?) -> Bool)] = [
                (["notes": "Customer prefers a call after 5pm"], "notes", { $0 == "Customer prefers a call after 5pm" }),
                (["notes": .null], "notes", { $0 == .null }),
                (["assigned_user_id": .string(MockSeed.Staff.engineer.id)], "assigned_user",
                 { $0 == ["id": .string(MockSeed.Staff.engineer.id), "first_name": "Eddie", "last_name": "Engineer", "name": "Eddie Engineer"] }),
                (["assigned_user_id": .null], "assigned_user", { $0 == .null }),
                (["location_id": .string(Self.leeds)], "location",
                 { $0?["id"]?.string == Self.leeds && $0?["name"] == "Acme Repairs Leeds" }),
                (["intake_method": "mail_in"], "intake_method", { $0 == "mail_in" }),
            ]
            for step in steps {
                try await mock.advanceClock(seconds: 60)
                let label = step.body.keys.sorted().joined()
                let answer = try await mock.patch(path, step.body, bearer: token)
                #expect(answer.status == 200, "\(label): \(answer.error ?? "")")
                #expect(step.check(answer.data[step.key]), "\(label) answer: \(answer.data[step.key]?.jsonString ?? "missing")")
                let fetched = try await mock.get(path, bearer: token)
                #expect(fetched.data == answer.data, "\(label): a following GET answers the same")
                // Only that field and the update time changed.
                #expect(answer.data.droppingKeys([step.key, "dates"]) == previous.droppingKeys([step.key, "dates"]), "\(label)")
                #expect(answer.data["dates"]?.droppingKeys(["updated_at"]) == previous["dates"]?.droppingKeys(["updated_at"]),
                        "\(label)")
                let before = previous["dates"]?["updated_at"]?.string ?? ""
                let after = answer.data["dates"]?["updated_at"]?.string ?? ""
                #expect(after > before, "\(label): updated_at \(before) → \(after)")
                #expect(after.hasPrefix("2030-01-01T00:"), "\(label): updated_at is the clock's now, got \(after)")
                previous = answer.data
            }
            // The list row shows the same edits.
            let row = try await mock.get("/api/orders?search=10005", bearer: token)
            #expect(row.data[0]?["intake_method"] == "mail_in")
            #expect(row.data[0]?["location"]?["id"]?.string == Self.leeds)
            #expect(row.data[0]?["updated_at"] == previous["dates"]?["updated_at"])
        }
    }

    @Test func badPatchBodiesAre400WithTheExactMessageAndWriteNothing() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let path = "/api/orders/\(SeedIDs.order(1))"
            let before = try mock.dump()
            let detail = try await mock.get(path, bearer: token).data
            let cases: [(body: String, message: String)] = [
                (#"{"status":"collected"}"#, "Order status is computed from its devices and cannot be set"),
                (#"{"status":"collected","notes":"with a valid field"}"#, "Order status is computed from its devices and cannot be set"),
                (#"{"notes":5}"#, "Invalid or missing field: notes"),
                (#"{"intake_method":"drone"}"#, "Invalid or missing field: intake_method"),
                (#"{"intake_method":null}"#, "Invalid or missing field: intake_method"),
                (#"{"assigned_user_id":"\#(MockSeed.Staff.betaAdmin.id)"}"#, "Invalid or missing field: assigned_user_id"),
                (#"{"assigned_user_id":"\#(MockSeed.Staff.inactive.id)"}"#, "Invalid or missing field: assigned_user_id"),
                (#"{"assigned_user_id":"00000003-0000-4000-8000-00000000a005"}"#, "Invalid or missing field: assigned_user_id"),
                (#"{"location_id":"\#(SeedIDs.location(1, "b"))"}"#, "Invalid or missing field: location_id"),
                (#"{"notes":"fine","location_id":"\#(SeedIDs.location(1, "b"))"}"#, "Invalid or missing field: location_id"),
                (#"{"colour":"red"}"#, "Invalid or missing field: colour"),
                ("{}", "No fields to update"),
                ("[]", "Invalid JSON body"),
                ("not json", "Invalid JSON body"),
            ]
            for (body, message) in cases {
                let reply = try await mock.send("PATCH", path, body: body, bearer: token)
                #expect(reply.status == 400, "\(body)")
                #expect(reply.json == ["success": false, "error": .string(message)], "\(body)")
            }
            #expect(try mock.dump() == before)
            #expect(try await mock.get(path, bearer: token).data == detail)
            // Control: a good body does write, so the equal dumps above mean something.
            #expect(try await mock.patch(path, ["notes": "fine"], bearer: token).status == 200)
            #expect(try mock.dump() != before)
        }
    }

    @Test func theShapeCheckReportsMissingExtraAndMistypedMembers() {
        let shape: WireShape = .object([
            "id": .string, "n": .int, "total": .money, "at": .timestamp, "maybe": .nullable(.object(["x": .int])),
            "list": .array(.enumeration(IntakeMethod.self)),
        ])
        #expect(shape.problems(["id": "a", "n": 1, "total": "-1.50", "at": "2026-11-21T10:15:00Z", "maybe": .null,
                                "list": ["walk_in", "mail_in"]]) == [])
        #expect(shape.problems(["id": "a", "n": 1, "total": "0.05", "at": "2026-11-21T10:15:00Z", "maybe": ["x": 1],
                                "list": []]) == [])
        let bad: JSONValue = ["n": "1", "total": "1.5", "at": "2026-11-21", "maybe": ["x": .null], "list": ["drone"],
                              "extra": 0]
        let paths = shape.problems(bad).map { String($0.prefix { $0 != ":" }) }
        #expect(paths == ["$.at", "$.extra", "$.id", "$.list[0]", "$.maybe.x", "$.n", "$.total"])
        #expect(shape.problems(nil) == ["$: missing"])
        #expect(shape.problems(.array([])) != [])
    }

    // MARK: - Tenancy and auth

    @Test func betaSeesExactlyItsOwnFourOrders() async throws {
        try await withMock { mock in
            let token = try await mock.signInStaff("admin@beta.test").token
            let reply = try await mock.get("/api/orders?limit=100", bearer: token)
            #expect(reply.status == 200)
            #expect(Set(reply.itemIDs) == Set((1...4).map { SeedIDs.order($0, "b") }))
            #expect(reply.itemIDs.count == 4)
            #expect(reply.json["pagination"] == ["page": 1, "limit": 100, "total": 4, "total_pages": 1])
            #expect((reply.data.array ?? []).allSatisfy { ($0["order_number"]?.intValue ?? 0) >= 20001 })
        }
    }

    @Test func anotherCompanysOrderIsNotFoundAndChangesNothing() async throws {
        try await withSignedInMock { mock, admin in
            let beta = try await mock.signInStaff("admin@beta.test").token
            let acme = admin.token
            let before = try mock.dump()
            let acmeOrder = "/api/orders/\(SeedIDs.order(1))"
            var replies: [(String, MockHarness.Reply)] = [
                ("beta GET acme", try await mock.get(acmeOrder, bearer: beta)),
                ("beta PATCH acme", try await mock.patch(acmeOrder, ["notes": "from Beta"], bearer: beta)),
                // The status rule must not reveal that the order exists either.
                ("beta PATCH acme status", try await mock.patch(acmeOrder, ["status": "collected"], bearer: beta)),
                ("beta PATCH acme bad body", try await mock.send("PATCH", acmeOrder, body: "not json", bearer: beta)),
                ("beta GET acme order device", try await mock.get("\(acmeOrder)/devices/\(SeedIDs.device(1))", bearer: beta)),
                ("acme GET beta", try await mock.get("/api/orders/\(SeedIDs.order(1, "b"))", bearer: acme)),
                ("acme PATCH beta", try await mock.patch("/api/orders/\(SeedIDs.order(1, "b"))", ["notes": "x"], bearer: acme)),
            ]
            replies.append(("acme GET unknown", try await mock.get("/api/orders/00000005-0000-4000-8000-00000000a999", bearer: acme)))
            replies.append(("acme GET not a uuid", try await mock.get("/api/orders/nope", bearer: acme)))
            for (label, reply) in replies {
                #expect(reply.status == 404, "\(label)")
                #expect(reply.json == ["success": false, "error": "Not found"], "\(label)")
            }
            #expect(try mock.dump() == before)
        }
    }

    @Test func orderRoutesNeedAStaffToken() async throws {
        try await withMock { mock in
            let customer = try await mock.signInCustomer("jane@customer.test")
            let before = try mock.dump()
            let order = "/api/orders/\(SeedIDs.order(1))"
            for bearer in [nil, customer, "not-a-token"] as [String?] {
                let replies = [
                    try await mock.get("/api/orders", bearer: bearer),
                    try await mock.get(order, bearer: bearer),
                    try await mock.patch(order, ["notes": "x"], bearer: bearer),
                    try await mock.get("\(order)/devices/\(SeedIDs.device(1))", bearer: bearer),
                ]
                for reply in replies {
                    #expect(reply.status == 401, "bearer \(bearer == nil ? "none" : bearer == customer ? "customer" : "junk")")
                    #expect(reply.error == "Unauthorized")
                }
            }
            #expect(try mock.dump() == before)
        }
    }
}

// MARK: - Helpers (shared with DeviceRouteTests)

extension MockHarness.Reply {
    /// The ids of a list reply's items, in order.
    var itemIDs: [String] { (data.array ?? []).compactMap { $0["id"]?.string } }
}

extension JSONValue {
    /// The object without the members `keys` (nil when it is not an object).
    func droppingKeys(_ keys: Set<String>) -> JSONValue? {
        guard let members = objectValue else { return nil }
        return .object(members.filter { !keys.contains($0.key) })
    }
}

/// What a JSON value must look like on the wire: exact key sets for objects, JSON types for the rest.
indirect enum WireShape: Sendable {
    case string
    case int
    /// A string with two decimals, optionally negative: `"129.99"`, `"-12.00"`.
    case money
    /// ISO 8601 UTC with whole seconds: `"2026-11-21T10:15:00Z"`.
    case timestamp
    case oneOf(Set<String>)
    case nullable(WireShape)
    case object([String: WireShape])
    case array(WireShape)

    static func enumeration<E: StoredEnum>(_ type: E.Type) -> WireShape { .oneOf(Set(E.allCases.map(\.rawValue))) }

    /// Every way `value` differs from this shape, as `path: problem`; empty when it fits.
    func problems(_ value: JSONValue?, at path: String = "$") -> [String] {
        guard let value else { return ["\(path): missing"] }
        switch (self, value) {
        case (.nullable, .null): return []
        case (.nullable(let inner), _): return inner.problems(value, at: path)
        case (.string, .string), (.int, .int): return []
        case (.money, .string(let text)) where text.wholeMatch(of: #/-?\d+\.\d{2}/#) != nil: return []
        case (.timestamp, .string(let text))
            where text.wholeMatch(of: #/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/#) != nil: return []
        case (.oneOf(let allowed), .string(let text)) where allowed.contains(text): return []
        case (.object(let fields), .object(let members)):
            return Set(fields.keys).union(members.keys).sorted().flatMap { key -> [String] in
                guard let shape = fields[key] else { return ["\(path).\(key): unexpected key"] }
                return shape.problems(members[key], at: "\(path).\(key)")
            }
        case (.array(let element), .array(let items)):
            return items.enumerated().flatMap { element.problems($1, at: "\(path)[\($0)]") }
        default:
            return ["\(path): expected \(self.name), got \(String(value.jsonString.prefix(80)))"]
        }
    }

    private var name: String {
        switch self {
        case .string: "string"
        case .int: "integer"
        case .money: "money string"
        case .timestamp: "timestamp"
        case .oneOf(let allowed): "one of \(allowed.sorted())"
        case .nullable(let inner): "null or \(inner.name)"
        case .object: "object"
        case .array: "array"
        }
    }

    // MARK: Shapes of the order payloads

    /// `{id, first_name, last_name, name}`
    static let userRef: WireShape = .object(["id": .string, "first_name": .string, "last_name": .string, "name": .string])

    static let orderListItem: WireShape = .object([
        "id": .string, "order_number": .int, "status": .enumeration(OrderStatus.self),
        "payment_status": .oneOf(["unpaid", "partially_paid", "paid", "no_charge"]),
        "intake_method": .enumeration(IntakeMethod.self),
        "client": .object(["id": .string, "first_name": .string, "last_name": .string, "name": .string, "email": .string]),
        "location": .nullable(.object(["id": .string, "name": .string])),
        "assigned_user": .nullable(userRef),
        "device_count": .int,
        "devices": .array(.object(["id": .string, "display_name": .string, "status": .enumeration(DeviceStatus.self),
                                   "workflow_type": .enumeration(WorkflowType.self)])),
        "grand_total": .money, "balance_due": .money, "created_at": .timestamp, "updated_at": .timestamp,
    ])

    static let orderDetail: WireShape = .object([
        "id": .string, "order_number": .int, "status": .enumeration(OrderStatus.self),
        "payment_status": .oneOf(["unpaid", "partially_paid", "paid", "no_charge"]),
        "intake_method": .enumeration(IntakeMethod.self),
        "notes": .nullable(.string),
        "client": .object([
            "id": .string, "first_name": .string, "last_name": .string, "name": .string, "email": .string,
            "phone": .nullable(.string), "address_line1": .nullable(.string), "address_line2": .nullable(.string),
            "city": .nullable(.string), "postcode": .nullable(.string), "address": .nullable(.string),
            "email_suppressed": .int,
        ]),
        "location": .nullable(.object([
            "id": .string, "name": .string, "address_line1": .string, "address_line2": .nullable(.string),
            "city": .string, "postcode": .string, "address": .string, "phone": .nullable(.string),
        ])),
        "assigned_user": .nullable(userRef),
        "devices": .array(.object([
            "id": .string, "display_name": .string, "brand": .string, "model": .string,
            "serial_number": .nullable(.string), "imei": .nullable(.string), "status": .enumeration(DeviceStatus.self),
            "status_label": .string, "workflow_type": .enumeration(WorkflowType.self), "priority": .enumeration(DevicePriority.self),
            "authorization_status": .nullable(.enumeration(AuthorizationStatus.self)), "assigned_engineer": .nullable(userRef),
        ])),
        "items": .array(.object([
            "id": .string, "device_id": .nullable(.string), "item_type": .enumeration(ItemType.self), "description": .string,
            "quantity": .int, "unit_price": .money, "vat_rate": .money, "line_total": .money, "vat_amount": .money,
            "line_total_inc_vat": .money,
        ])),
        "payments": .array(.object([
            "id": .string, "amount": .money, "payment_method": .enumeration(PaymentMethod.self), "payment_date": .timestamp,
            "is_deposit": .int, "refunded_amount": .money, "refundable_amount": .money, "notes": .nullable(.string),
        ])),
        "totals": .object(["subtotal": .money, "vat_total": .money, "grand_total": .money, "amount_paid": .money,
                           "balance_due": .money]),
        "signatures": .array(.object([
            "id": .string, "signature_type": .enumeration(SignatureType.self), "typed_name": .string, "terms_agreed": .int,
            "captured_at": .timestamp, "device_id": .nullable(.string),
        ])),
        "ticket": .nullable(.object([
            "id": .string, "ticket_number": .int, "subject": .string, "status": .enumeration(TicketStatus.self),
            "messages": .array(.object([
                "id": .string, "type": .enumeration(MessageType.self), "from_name": .nullable(.string),
                "from_email": .nullable(.string), "subject": .nullable(.string), "body_text": .string,
                "device_id": .nullable(.string), "created_by": .nullable(userRef), "created_at": .timestamp,
            ])),
        ])),
        "dates": .object([
            "created_at": .timestamp, "updated_at": .timestamp, "quote_sent_at": .nullable(.timestamp),
            "authorised_at": .nullable(.timestamp), "collected_at": .nullable(.timestamp),
        ]),
    ])
}
