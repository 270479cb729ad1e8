import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
@testable import MockRouting
import RepairMinderMockControl
import MockStore
import MockTestSupport

/// Staff clients (CONTRACT §6): `GET /api/clients` (search, pagination), `GET /api/clients/search?q=`
/// (at most 20, unpaginated) and `GET /api/clients/:id` (the caller's company's orders only),
/// against a real mock with the default seed.
@Suite struct ClientRouteTests {
    // MARK: - List

    @Test func listItemsHaveExactKeysAndTypesAndComeByLastNameThenFirstName() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token

            let reply = try await mock.get("/api/clients?limit=100", bearer: token)
            #expect(reply.status == 200)
            #expect(reply.json.keys == ["success", "data", "pagination"])
            #expect(reply.json["pagination"] == ["page": 1, "limit": 100, "total": 11, "total_pages": 1])
            #expect(WireShape.array(WireShape.clientListItem).problems(reply.data) == [])
            let items = reply.data.array ?? []
            #expect(items.compactMap { $0["last_name"]?.string } == [
                "Brown", "Customer", "Davies", "Doe", "Evans", "Jones", "Roberts", "Smith", "Taylor", "Thomas", "Wilson",
            ])
            for item in items {
                #expect(item["name"]?.string == "\(item["first_name"]?.string ?? "") \(item["last_name"]?.string ?? "")")
            }
            // Every Acme order belongs to exactly one listed client.
            #expect(items.reduce(0) { $0 + ($1["order_count"]?.intValue ?? 0) } == 32)
            func row(_ id: String) -> JSONValue? { items.first { $0["id"]?.string == id } }
            #expect(row(MockSeed.Customer.jane.id)?["order_count"] == 2)
            #expect(row(MockSeed.Customer.sam.id)?["order_count"] == 3, "Sam's Acme orders only, not his Beta one")
            #expect(row(MockSeed.Customer.walkIn.id)?["order_count"] == 0)
            #expect(row(MockSeed.Customer.jane.id)?["phone"] == "07700 900101")
            #expect(!items.contains { $0["id"]?.string == MockSeed.Customer.noah.id }, "Beta's client")
        }
    }

    @Test func suppressedAndGeneratedEmailFlagsAreIntegersAndEachIsOneForItsClient() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let items = try await mock.get("/api/clients?limit=100", bearer: token).data.array ?? []
            let suppressed = items.filter { $0["email_suppressed"] == 1 }.compactMap { $0["id"]?.string }
            let generated = items.filter { $0["is_generated_email"] == 1 }.compactMap { $0["id"]?.string }
            #expect(suppressed == [MockSeed.Customer.jack.id])
            #expect(generated == [MockSeed.Customer.walkIn.id])
            #expect(items.allSatisfy { $0["email_suppressed"] == 0 || $0["email_suppressed"] == 1 })
            #expect(items.allSatisfy { $0["is_generated_email"] == 0 || $0["is_generated_email"] == 1 })

            let jack = try await mock.get("/api/clients/\(MockSeed.Customer.jack.id)", bearer: token).data
            #expect(jack["email_suppressed"] == 1)
            #expect(jack["is_generated_email"] == 0)
            let walkIn = try await mock.get("/api/clients/\(MockSeed.Customer.walkIn.id)", bearer: token).data
            #expect(walkIn["email_suppressed"] == 0)
            #expect(walkIn["is_generated_email"] == 1)
            #expect(walkIn["orders"] == .array([]))
            #expect(WireShape.clientDetail.problems(walkIn) == [])
        }
    }

    @Test func searchMatchesNameEmailAndPhoneCaseInsensitively() async throws {
        try await withSignedInMock { mock, admin async throws in
            let token = admin.token
            func ids(_ search: String) async throws -> [String] {
                let reply = try await mock.get("/api/clients?limit=100&search=\(search)", bearer: token)
                #expect(reply.status == 200, "\(search)")
                #expect(reply.json["pagination"]?["total"]?.intValue == Int64(reply.itemIDs.count), "\(search)")
                return reply.itemIDs
            }
            #expect(try await ids("jane") == [MockSeed.Customer.jane.id])
            #expect(try await ids("DOE") == [MockSeed.Customer.jane.id])
            #expect(try await ids("sam%20smith") == [MockSeed.Customer.sam.id], "first and last name together")
            #expect(try await ids("m%20sm") == [MockSeed.Customer.sam.id], "across the space")
            #expect(try await ids("brown%40cust") == [MockSeed.Customer.oliver.id], "email")
            #expect(try await ids("noemail.acme") == [MockSeed.Customer.walkIn.id], "email domain")
            #expect(try await ids("900103") == [MockSeed.Customer.oliver.id], "phone")
            #expect(try await ids("07700900103") == [MockSeed.Customer.oliver.id], "phone without its space")
            #expect(try await ids("07700%20900103") == [MockSeed.Customer.oliver.id], "phone as stored")
            #expect(try await ids("customer.test").count == 10)
            #expect(try await ids("zzz") == [])
            // LIKE wildcards are literal.
            for search in ["%25", "_", "j_ne", "%25doe"] {
                #expect(try await ids(search) == [], "\(search)")
            }
            // Another company's client is never found.
            #expect(try await ids("noah") == [])
            // An empty search filters nothing.
            #expect(try await ids("%20").count == 11)
        }
    }

    @Test func pagesSliceTheListAndBadPageOrLimitIs400() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let all = try await mock.get("/api/clients?limit=100", bearer: token).itemIDs
            #expect(all.count == 11)

            var walked: [String] = []
            for page in 1...3 {
                let reply = try await mock.get("/api/clients?limit=4&page=\(page)", bearer: token)
                #expect(reply.status == 200)
                #expect(reply.json["pagination"] == ["page": .int(Int64(page)), "limit": 4, "total": 11, "total_pages": 3])
                #expect(reply.itemIDs.count == (page < 3 ? 4 : 3))
                walked += reply.itemIDs
            }
            #expect(walked == all)
            let past = try await mock.get("/api/clients?limit=4&page=4", bearer: token)
            #expect(past.status == 200)
            #expect(past.data == .array([]))
            let searched = try await mock.get("/api/clients?search=customer.test&limit=3&page=2", bearer: token)
            #expect(searched.json["pagination"] == ["page": 2, "limit": 3, "total": 10, "total_pages": 4])
            #expect(searched.itemIDs.count == 3)

            let defaults = try await mock.get("/api/clients", bearer: token)
            #expect(defaults.json["pagination"] == ["page": 1, "limit": 20, "total": 11, "total_pages": 1])

            for (query, name) in [("limit=0", "limit"), ("limit=101", "limit"), ("limit=abc", "limit"),
                                  ("page=0", "page"), ("page=abc", "page")] {
                let reply = try await mock.get("/api/clients?\(query)", bearer: token)
                #expect(reply.status == 400, "\(query)")
                #expect(reply.json == ["success": false, "error": .string("Invalid query parameter: \(name)")], "\(query)")
            }
        }
    }

    // MARK: - Search endpoint

    @Test func searchEndpointAnswersMatchesWithoutPaginationInListOrder() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token

            let reply = try await mock.get("/api/clients/search?q=customer.test", bearer: token)
            #expect(reply.status == 200)
            #expect(reply.json.keys == ["success", "data"], "no pagination")
            #expect(WireShape.array(WireShape.clientListItem).problems(reply.data) == [])
            let ids = reply.itemIDs
            #expect(ids.count == 10)
            #expect(ids.count <= Store.clientSearchLimit)
            let listed = try await mock.get("/api/clients?search=customer.test&limit=100", bearer: token)
            #expect(reply.data == listed.data, "same items, same order as the list")

            for (q, expected) in [("JANE", [MockSeed.Customer.jane.id]), ("sam%40", [MockSeed.Customer.sam.id]), ("07700900109", [MockSeed.Customer.jack.id]),
                                  ("%25", []), ("noah", [])] {
                let found = try await mock.get("/api/clients/search?q=\(q)", bearer: token)
                #expect(found.status == 200, "\(q)")
                #expect(found.itemIDs == expected, "\(q)")
            }
        }
    }

    @Test func searchEndpointWithoutQIs400AndIsNotTakenForAClientID() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            for path in ["/api/clients/search", "/api/clients/search?q=", "/api/clients/search?q=%20%20",
                         "/api/clients/search?search=jane", "/api/clients/search/"] {
                let reply = try await mock.get(path, bearer: token)
                #expect(reply.status == 400, "\(path)")
                #expect(reply.json == ["success": false, "error": "Invalid query parameter: q"], "\(path)")
            }
            // The router prefers the literal segment over `:id`.
            var router = Router()
            APIRoutes.register(on: &router)
            guard case .found(let route, let parameters) = router.match(method: "GET", path: "/api/clients/search") else {
                Issue.record("no route")
                return
            }
            #expect(parameters.isEmpty)
            #expect(route.segments == [.literal("api"), .literal("clients"), .literal("search")])
        }
    }

    @Test func searchEndpointAnswersAtMostTwentyOfMoreMatches() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            // 25 more Acme clients whose names all match "capped", added as a fixture.
            let capped: [JSONValue] = (1...25).map { n in
                ["id": .string(String(format: "00000004-0000-4000-8000-0000000f%04d", n)), "email": .string("capped\(n)@customer.test"),
                 "first_name": "Capped", "last_name": .string(String(format: "Person%02d", n)),
                 "companies": [.string(MockSeed.Company.acme)], "created_at": "2026-11-20T10:00:00Z"]
            }
            let added = try await mock.post("/__mock/fixtures", ["clients": .array(capped)])
            #expect(added.status == 201, "\(added.error ?? "")")
            let list = try await mock.get("/api/clients?search=capped&limit=100", bearer: token)
            #expect(list.json["pagination"]?["total"] == 25)

            let reply = try await mock.get("/api/clients/search?q=capped", bearer: token)
            #expect(reply.status == 200)
            #expect(reply.itemIDs.count == 20)
            #expect(reply.itemIDs == Array(list.itemIDs.prefix(20)), "the first 20 in list order")
            #expect(reply.data[0]?["last_name"] == "Person01")
            #expect(reply.data[19]?["last_name"] == "Person20")
            #expect(reply.data[0]?["phone"] == .null)
            #expect(WireShape.array(WireShape.clientListItem).problems(reply.data) == [])

            let everyone = try await mock.get("/api/clients/search?q=a", bearer: token)
            #expect(everyone.itemIDs.count == 20)

            // Not Beta's.
            let beta = try await mock.signInStaff("admin@beta.test").token
            #expect(try await mock.get("/api/clients/search?q=capped", bearer: beta).itemIDs == [])
        }
    }

    // MARK: - Detail

    @Test func janesDetailHasContactFieldsAndHerOrdersNewestFirst() async throws {
        try await withSignedInMock { mock, admin in
            let token = admin.token
            let reply = try await mock.get("/api/clients/\(MockSeed.Customer.jane.id)", bearer: token)
            #expect(reply.status == 200)
            let jane = reply.data
            #expect(WireShape.clientDetail.problems(jane) == [])
            #expect(jane["name"] == "Jane Doe")
            #expect(jane["email"] == "jane@customer.test")
            #expect(jane["address_line1"] == "3 Mill Lane")
            #expect(jane["address_line2"] == .null)
            #expect(jane["city"] == "Manchester")
            #expect(jane["postcode"] == "M1 1AA")
            #expect(jane["orders"] == [
                ["id": .string(SeedIDs.order(1)), "order_number": 10001, "status": "awaiting_authorisation", "device_count": 1,
                 "grand_total": "179.97", "balance_due": "159.97", "created_at": "2026-11-11T12:00:00Z"],
                ["id": .string(SeedIDs.order(2)), "order_number": 10002, "status": "collected", "device_count": 1,
                 "grand_total": "107.99", "balance_due": "0.00", "created_at": "2026-10-29T05:00:00Z"],
            ])
            // The briefs agree with the order list's rows.
            let rows = try await mock.get("/api/orders?search=jane", bearer: token).data.array ?? []
            for brief in jane["orders"]?.array ?? [] {
                let row = rows.first { $0["id"] == brief["id"] }
                for key in ["order_number", "status", "device_count", "grand_total", "balance_due", "created_at"] {
                    #expect(row?[key] == brief[key], "\(key)")
                }
            }
        }
    }

    @Test func samSeenFromEachCompanyShowsOnlyThatCompanysOrders() async throws {
        try await withSignedInMock { mock, admin in
            let acme = admin.token
            let beta = try await mock.signInStaff("admin@beta.test").token

            let fromAcme = try await mock.get("/api/clients/\(MockSeed.Customer.sam.id)", bearer: acme).data
            #expect(Set(fromAcme["orders"]?.array?.compactMap { $0["order_number"]?.intValue } ?? []) == [10003, 10020, 10029])
            let acmeCreated = fromAcme["orders"]?.array?.compactMap { $0["created_at"]?.string } ?? []
            #expect(acmeCreated == acmeCreated.sorted(by: >))

            let fromBeta = try await mock.get("/api/clients/\(MockSeed.Customer.sam.id)", bearer: beta)
            #expect(fromBeta.status == 200)
            #expect(WireShape.clientDetail.problems(fromBeta.data) == [])
            #expect(fromBeta.data["orders"]?.array?.map { $0["id"] } == [.string(SeedIDs.order(1, "b"))])
            #expect(fromBeta.data["orders"]?[0]?["order_number"] == 20001)
            // The same person, the same contact fields.
            #expect(fromBeta.data.droppingKeys(["orders"]) == fromAcme.droppingKeys(["orders"]))

            let betaRow = try await mock.get("/api/clients?search=sam", bearer: beta).data[0]
            #expect(betaRow?["order_count"] == 1)
        }
    }

    @Test func aClientOfAnotherCompanyOrAnUnknownIDIsNotFound() async throws {
        try await withSignedInMock { mock, admin in
            let acme = admin.token
            let beta = try await mock.signInStaff("admin@beta.test").token
            let cases: [(String, String, String)] = [
                ("beta sees jane", MockSeed.Customer.jane.id, beta),
                ("beta sees the walk-in", MockSeed.Customer.walkIn.id, beta),
                ("acme sees noah", MockSeed.Customer.noah.id, acme),
                ("unknown", "00000004-0000-4000-8000-00000000e999", acme),
                ("not a uuid", "nope", acme),
            ]
            for (label, id, token) in cases {
                let reply = try await mock.get("/api/clients/\(id)", bearer: token)
                #expect(reply.status == 404, "\(label)")
                #expect(reply.json == ["success": false, "error": "Not found"], "\(label)")
            }
        }
    }

    // MARK: - Tenancy and auth

    @Test func betaListsAndSearchesOnlyItsOwnThreeClients() async throws {
        try await withMock { mock in
            let beta = try await mock.signInStaff("admin@beta.test").token
            let list = try await mock.get("/api/clients?limit=100", bearer: beta)
            #expect(list.itemIDs == [MockSeed.Customer.emily.id, MockSeed.Customer.sam.id, MockSeed.Customer.noah.id], "Hall, Smith, Walker")
            #expect(list.json["pagination"]?["total"] == 3)
            #expect((list.data.array ?? []).map { $0["order_count"] } == [1, 1, 2])
            let search = try await mock.get("/api/clients/search?q=customer.test", bearer: beta)
            #expect(search.itemIDs == [MockSeed.Customer.emily.id, MockSeed.Customer.sam.id, MockSeed.Customer.noah.id])
            #expect(try await mock.get("/api/clients/search?q=jane", bearer: beta).itemIDs == [])
            #expect(try await mock.get("/api/clients?search=jane", bearer: beta).json["pagination"]?["total"] == 0)
        }
    }

    @Test func clientRoutesNeedAStaffToken() async throws {
        try await withMock { mock in
            let customer = try await mock.signInCustomer("jane@customer.test")
            for bearer in [nil, customer, "not-a-token"] as [String?] {
                for path in ["/api/clients", "/api/clients/search?q=jane", "/api/clients/\(MockSeed.Customer.jane.id)"] {
                    let reply = try await mock.get(path, bearer: bearer)
                    #expect(reply.status == 401, "\(path)")
                    #expect(reply.json == ["success": false, "error": "Unauthorized"], "\(path)")
                }
            }
        }
    }
}

extension WireShape {
    static let clientListItem: WireShape = .object([
        "id": .string, "first_name": .string, "last_name": .string, "name": .string, "email": .string,
        "phone": .nullable(.string), "email_suppressed": .int, "is_generated_email": .int, "order_count": .int,
        "created_at": .timestamp,
    ])

    static let clientDetail: WireShape = .object([
        "id": .string, "first_name": .string, "last_name": .string, "name": .string, "email": .string,
        "phone": .nullable(.string), "address_line1": .nullable(.string), "address_line2": .nullable(.string),
        "city": .nullable(.string), "postcode": .nullable(.string), "email_suppressed": .int,
        "is_generated_email": .int, "created_at": .timestamp,
        "orders": .array(.object([
            "id": .string, "order_number": .int, "status": .enumeration(OrderStatus.self), "device_count": .int,
            "grand_total": .money, "balance_due": .money, "created_at": .timestamp,
        ])),
    ])
}
