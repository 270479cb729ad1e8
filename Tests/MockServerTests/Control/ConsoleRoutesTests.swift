import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import MockStore
import RepairMinderMockControl
import MockTestSupport
import MockSeeds

/// The console page (`GET /__mock/`) as HTTP sees it, and the read endpoints it polls:
/// `GET /__mock/accounts`, `/__mock/companies`, `/__mock/sessions`, `/__mock/orders`,
/// `/__mock/clients`. (The page in a real browser:
/// Console/ConsoleBrowserTests.swift.)
@Suite struct ConsoleRoutesTests {
    // MARK: - The page

    @Test func consoleIsOneSelfContainedHTMLPage() async throws {
        try await withMock { mock in
            let reply = try await mock.get("/__mock/")
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type") == "text/html; charset=utf-8")
            #expect(reply.header("Cache-Control") == "no-store")
            #expect(reply.header("X-Content-Type-Options") == "nosniff")
            let policy = try #require(reply.header("Content-Security-Policy"))
            let directives = policy.components(separatedBy: "; ")
            #expect(directives.count == 8)
            #expect(directives.first == "default-src 'none'")
            #expect(directives.dropFirst(2) == ["style-src 'unsafe-inline'", "connect-src 'self'", "img-src data:",
                                                "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"])
            // The one inline script is allowed by its hash (the browser test shows the hash is right).
            #expect(directives[1].range(of: #"^script-src 'sha256-[A-Za-z0-9+/]{43}='$"#, options: .regularExpression) != nil)

            let html = String(decoding: reply.body, as: UTF8.self)
            let isHTML = html.hasPrefix("<!doctype html>"), titled = html.contains("<title>RepairMinder Mock console</title>")
            #expect(isHTML && titled)
            // Self-contained: nothing fetched from elsewhere, one inline script, no HTML built from strings.
            let absoluteURLs = html.contains("http://") || html.contains("https://")
            #expect(!absoluteURLs)
            let scripts = html.components(separatedBy: "<script").count - 1
            #expect(scripts == 1)
            let references = html.matches(of: /(?:src|href)\s*=\s*"([^"]*)"/).map { String($0.output.1) }
            #expect(references == ["data:,"], "only the empty data: favicon (which keeps /favicon.ico out of the journal)")
            let sinks = ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("].filter(html.contains)
            #expect(sinks == [], "the page never parses a string as HTML or code")
        }
    }

    @Test func consoleAnswersWithoutTheSlashInANamespaceAndNotForOtherMethods() async throws {
        try await withMock { mock in
            let page = try await mock.get("/__mock/").body
            #expect(try await mock.get("/__mock").body == page)
            let namespaced = try await mock.get("/ns/console-page/__mock/")
            #expect(namespaced.status == 200)
            #expect(namespaced.body == page, "the page finds its namespace from its own URL")
            let head = try await mock.send("HEAD", "/__mock/")
            #expect(head.status == 200)
            #expect(head.header("Content-Type") == "text/html; charset=utf-8")
            let post = try await mock.send("POST", "/__mock/", body: "{}")
            #expect(post.status == 405)
            #expect(post.header("Allow") == "GET, HEAD")
            #expect(post.json == .object(["success": .bool(false), "error": .string("Method not allowed")]))
        }
    }

    @Test func consoleAndItsEndpointsAreOffWithTheControlAPI() async throws {
        try await withMock({ $0.controlAPI = false }) { mock in
            for path in ["/__mock/", "/__mock/accounts", "/__mock/companies", "/__mock/sessions", "/__mock/orders",
                         "/__mock/clients"] {
                let reply = try await mock.get(path)
                #expect(reply.status == 404, "\(path)")
                #expect(reply.json == .object(["success": .bool(false), "error": .string("Not found")]), "\(path)")
            }
        }
    }

    // MARK: - Accounts

    @Test func accountsAreTheStartUpBannersTable() async throws {
        try await withMock { mock in
            let reply = try await mock.get("/__mock/accounts")
            #expect(reply.status == 200)
            let accounts = try #require(reply.data.array)
            func account(_ email: String) -> JSONValue? { accounts.first { $0["email"]?.string == email } }

            #expect(account("admin@acme.test") == .object([
                "email": "admin@acme.test", "kind": "staff", "role": "admin", "company": "Acme Repairs",
                "company_status": "active", "sign_in": "password123 + email code"]))
            #expect(account("totp@acme.test") == .object([
                "email": "totp@acme.test", "kind": "staff", "role": "senior_engineer", "company": "Acme Repairs",
                "company_status": "active", "sign_in": "password123 + TOTP or email code"]))
            #expect(account("engineer@acme.test")?["sign_in"] == "magic link only")
            #expect(account("inactive@acme.test")?["sign_in"] == "deactivated: cannot log in")
            #expect(account("archived@acme.test")?["sign_in"] == "archived: cannot log in")
            #expect(account("owner@halted.test")?["company_status"] == "suspended")
            #expect(account("sam@customer.test") == .object([
                "email": "sam@customer.test", "kind": "customer", "role": .null, "company": "Acme Repairs, Beta Tech",
                "company_status": .null, "sign_in": "magic link code"]))
            for item in accounts {
                #expect(item.keys == ["email", "kind", "role", "company", "company_status", "sign_in"])
            }

            // Row for row what the CLI prints at start.
            let banner = try mock.server.banner()
            let table = banner.components(separatedBy: "\n").drop { !$0.hasPrefix("ACCOUNT") }.dropFirst()
            #expect(table.count == accounts.count)
            for (line, item) in zip(table, accounts) {
                let email = try #require(item["email"]?.string), signIn = try #require(item["sign_in"]?.string)
                #expect(line.hasPrefix(email + " ") && line.hasSuffix("  " + signIn), "\(line)")
            }
        }
    }

    // MARK: - Companies

    @Test func companiesListsEveryCompanyByNameWithItsStatus() async throws {
        try await withMock { mock in
            func company(_ id: String, _ name: String, _ status: String) -> JSONValue {
                .object(["id": .string(id), "name": .string(name), "status": .string(status)])
            }
            let reply = try await mock.get("/__mock/companies")
            #expect(reply.status == 200)
            #expect(reply.json == .object(["success": .bool(true), "data": .array([
                company(MockSeed.Company.acme, "Acme Repairs", "active"), company(MockSeed.Company.beta, "Beta Tech", "active"),
                company(MockSeed.Company.halted, "Halted Ltd", "suspended"), company(MockSeed.Company.pending, "Pending Co", "pending_approval"),
            ])]))
            try await mock.setCompanyStatus(MockSeed.Company.acme, "suspended")
            #expect(try await mock.get("/__mock/companies").data[0] == company(MockSeed.Company.acme, "Acme Repairs", "suspended"))
        }
    }

    // MARK: - Sessions

    static let sessionKeys: Set<String> = [
        "id", "kind", "user_id", "client_id", "email", "company_id", "company_name", "company_status", "platform",
        "created_at", "last_refresh_at", "refresh_count", "expires_at", "status", "revoked_reason", "revoked_at",
    ]
    static let iPhone = "RepairMinder-iOS/1.0 (iPhone; iOS 17.0)"
    static let browser = "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0"

    @Test func sessionsShowEachSignInWithWhoWhereAndWhetherItStillWorks() async throws {
        try await withMock { mock in
            #expect(try await mock.get("/__mock/sessions").json == .object(["success": .bool(true), "data": .array([])]))

            // A staff sign-in on the phone, refreshed an hour later.
            let (admin, signedIn) = try await at(mock, "2026-11-21T09:00:00Z") {
                try await mock.signInStaff("admin@acme.test", userAgent: Self.iPhone)
            }
            let (_, refreshedAt) = try await at(mock, "2026-11-21T10:00:00Z") {
                let refreshed = try await mock.post("/api/auth/refresh", ["refreshToken": .string(admin.refreshToken)],
                                                    userAgent: Self.iPhone)
                #expect(refreshed.status == 200)
            }
            // A web sign-in that logs out.
            let (beta, loggedOutAt) = try await at(mock, "2026-11-21T11:00:00Z") {
                let beta = try await mock.signInStaff("admin@beta.test", userAgent: Self.browser)
                #expect(try await mock.post("/api/auth/logout", bearer: beta.token).status == 200)
                return beta
            }
            // A refresh token presented twice: the family is revoked for reuse.
            let (_, reusedAt) = try await at(mock, "2026-11-21T12:00:00Z") {
                let totp = try await mock.signInStaff("totp@acme.test", userAgent: Self.browser)
                _ = try await mock.post("/api/auth/refresh", ["refreshToken": .string(totp.refreshToken)], userAgent: Self.browser)
                let reused = try await mock.post("/api/auth/refresh", ["refreshToken": .string(totp.refreshToken)],
                                                 userAgent: Self.browser)
                #expect(reused.error == "Token reuse detected. All sessions revoked. Please log in again.")
            }
            // Customers: one signed in, one signed out.
            let (_, janeSignedIn) = try await at(mock, "2026-11-21T13:00:00Z") {
                _ = try await mock.signInCustomer("jane@customer.test")
            }
            let (_, samLoggedOut) = try await at(mock, "2026-11-21T14:00:00Z") {
                let sam = try await mock.signInCustomer("sam@customer.test", companyID: MockSeed.Company.beta)
                #expect(try await mock.post("/api/customer/auth/logout", bearer: sam).status == 200)
            }

            let sessions = try #require(try await mock.get("/__mock/sessions").data.array)
            #expect(sessions.map { $0["email"]?.string ?? "" } == [
                "sam@customer.test", "jane@customer.test", "totp@acme.test", "admin@beta.test", "admin@acme.test",
            ], "newest first")
            for session in sessions { #expect(session.keys == Self.sessionKeys) }

            let phone = try #require(sessions.last)
            #expect(Self.withoutTimes(phone) == .object([
                "id": .string(try Self.familyID(admin.token)), "kind": "staff", "user_id": .string(MockSeed.Staff.admin.id),
                "client_id": .null, "email": "admin@acme.test", "company_id": .string(MockSeed.Company.acme),
                "company_name": "Acme Repairs", "company_status": "active", "platform": "mobile",
                "last_refresh_at": "time", "refresh_count": 1, "status": "live", "revoked_reason": .null, "revoked_at": .null,
            ]))
            #expect(Self.within(phone["created_at"], signedIn))
            #expect(Self.within(phone["last_refresh_at"], refreshedAt))
            #expect(Self.days(from: phone["last_refresh_at"], to: phone["expires_at"]) == 90,
                    "90 days from the last refresh, on a phone")

            let loggedOut = sessions[3]
            #expect(loggedOut["id"] == .string(try Self.familyID(beta.token)))
            #expect(loggedOut["platform"] == "web")
            #expect(loggedOut["status"] == "revoked")
            #expect(loggedOut["revoked_reason"] == "logout")
            #expect(loggedOut["last_refresh_at"] == .null && loggedOut["refresh_count"] == 0)
            #expect(Self.within(loggedOut["revoked_at"], loggedOutAt))
            #expect(Self.days(from: loggedOut["created_at"], to: loggedOut["expires_at"]) == 7, "7 days on the web")

            let reusedFamily = sessions[2]
            #expect(reusedFamily["status"] == "revoked")
            #expect(reusedFamily["revoked_reason"] == "reuse")
            #expect(reusedFamily["refresh_count"] == 1)
            #expect(Self.within(reusedFamily["revoked_at"], reusedAt))

            #expect(Self.withoutTimes(sessions[1]) == .object([
                "id": sessions[1]["id"] ?? .null, "kind": "customer", "user_id": .null,
                "client_id": .string(MockSeed.Customer.jane.id), "email": "jane@customer.test", "company_id": .string(MockSeed.Company.acme),
                "company_name": "Acme Repairs", "company_status": "active", "platform": .null, "last_refresh_at": .null,
                "refresh_count": 0, "status": "live", "revoked_reason": .null, "revoked_at": .null,
            ]))
            #expect(Self.within(sessions[1]["created_at"], janeSignedIn))
            #expect(Self.days(from: sessions[1]["created_at"], to: sessions[1]["expires_at"]) == 7)
            #expect(sessions[1]["id"]?.string?.count == 36)

            let samSession = sessions[0]
            #expect(samSession["company_id"] == .string(MockSeed.Company.beta) && samSession["company_name"] == "Beta Tech")
            #expect(samSession["status"] == "revoked" && samSession["revoked_reason"] == "logout")
            #expect(Self.within(samSession["revoked_at"], samLoggedOut))

            // Eight days on, the web families and the customer sessions have run out; the phone's has not.
            try await setClock(mock, "2026-11-29T14:00:01Z")
            try await mock.setCompanyStatus(MockSeed.Company.acme, "suspended")
            let later = try #require(try await mock.get("/__mock/sessions").data.array)
            #expect(later.map { $0["status"]?.string ?? "" } == ["revoked", "expired", "revoked", "revoked", "live"])
            #expect(later[1]["revoked_reason"] == .null && later[1]["revoked_at"] == .null)
            #expect(later[4]["company_status"] == "suspended", "a quarantined sign-in is still live; its company says why it is stuck")
        }
    }

    @Test func sessionsFilterByKindStatusEmailAndLimit() async throws {
        try await withMock { mock in
            // An hour apart: sign-ins in the same second list staff first, whatever their order.
            try await setClock(mock, "2026-11-21T09:00:00Z")
            let admin = try await mock.signInStaff("admin@acme.test")
            #expect(try await mock.post("/api/auth/logout", bearer: admin.token).status == 200)
            try await setClock(mock, "2026-11-21T10:00:00Z")
            _ = try await mock.signInStaff("admin@beta.test")
            try await setClock(mock, "2026-11-21T11:00:00Z")
            _ = try await mock.signInCustomer("jane@customer.test")

            func emails(_ query: String) async throws -> [String] {
                let reply = try await mock.get("/__mock/sessions" + query)
                #expect(reply.status == 200, "\(query)")
                return reply.data.array?.compactMap { $0["email"]?.string } ?? []
            }
            #expect(try await emails("") == ["jane@customer.test", "admin@beta.test", "admin@acme.test"])
            #expect(try await emails("?kind=staff") == ["admin@beta.test", "admin@acme.test"])
            #expect(try await emails("?kind=customer") == ["jane@customer.test"])
            #expect(try await emails("?status=live") == ["jane@customer.test", "admin@beta.test"])
            #expect(try await emails("?status=revoked") == ["admin@acme.test"])
            #expect(try await emails("?status=expired") == [])
            #expect(try await emails("?email=ADMIN@Acme.test") == ["admin@acme.test"])
            #expect(try await emails("?limit=1") == ["jane@customer.test"])
            #expect(try await emails("?kind=staff&status=live&limit=1") == ["admin@beta.test"])
            #expect(try await emails("?status=live&limit=1") == ["jane@customer.test"])
        }
    }

    @Test(arguments: [
        ("?kind=admin", "kind"), ("?kind=", "kind"), ("?status=dead", "status"), ("?email=", "email"),
        ("?limit=0", "limit"), ("?limit=1001", "limit"), ("?limit=ten", "limit"), ("?limit=", "limit"),
    ])
    func sessionsRejectBadFilters(query: String, name: String) async throws {
        try await withMock { mock in
            let reply = try await mock.get("/__mock/sessions" + query)
            #expect(reply.status == 400)
            #expect(reply.json == .object(["success": .bool(false), "error": .string("Invalid query parameter: \(name)")]))
        }
    }

    @Test func aDeactivatedAccountsFamilyShowsRevokedAsUserInactive() async throws {
        try await withSignedInMock { mock, admin in
            // No API deactivates a user; a state file (or a future one) can.
            try mock.server.environment.store.deactivateUser(id: MockSeed.Staff.admin.id)
            let session = try #require(try await mock.get("/__mock/sessions").data[0])
            #expect(session["status"] == "revoked")
            #expect(session["revoked_reason"] == "user_inactive")
            #expect(session["revoked_at"] == .null, "implied by the account, not recorded on the family")
            #expect(try await mock.get("/api/auth/me", bearer: admin.token).status == 401, "and indeed it no longer works")
        }
    }

    @Test func eachNamespaceShowsItsOwnSessionsAndCompanies() async throws {
        try await withMock { mock in
            let other = try MockHarness(namespace: "console-sessions", of: mock)
            _ = try await other.signInStaff("admin@beta.test")
            try await other.setCompanyStatus(MockSeed.Company.beta, "suspended")
            #expect(try await mock.get("/__mock/sessions").data == .array([]))
            #expect(try await other.get("/__mock/sessions").data[0]?["email"] == "admin@beta.test")
            #expect(try await mock.get("/__mock/companies").data[1]?["status"] == "active")
            #expect(try await other.get("/__mock/companies").data[1]?["status"] == "suspended")
        }
    }

    // MARK: - Orders

    static let orderKeys: Set<String> = [
        "id", "order_number", "status", "status_label", "company_id", "company_name", "company_status", "client",
        "devices", "created_at", "updated_at",
    ]
    static let deviceKeys: Set<String> = ["id", "name", "workflow_type", "status", "status_label", "available_transitions"]

    @Test func ordersListEveryCompanysOrdersNewestFirstWithTheirDevicesAndMoves() async throws {
        try await withMock { mock in
            let reply = try await mock.get("/__mock/orders")
            #expect(reply.status == 200)
            let orders = try #require(reply.data.array)
            #expect(orders.count == 36, "Acme's 32 and Beta's 4")
            // Newest first, as the staff list orders them: the seed's #10022 was made last.
            #expect(orders.prefix(3).map { $0["order_number"] } == [10022, 10024, 10004])
            #expect(Set(orders.compactMap { $0["company_name"]?.string }) == ["Acme Repairs", "Beta Tech"])
            for order in orders {
                #expect(order.keys == Self.orderKeys)
                #expect(order["client"]?.keys == ["id", "name", "email"])
                for device in order["devices"]?.array ?? [] { #expect(device.keys == Self.deviceKeys) }
            }
            let jane = try #require(orders.first { $0["order_number"] == 10001 })
            #expect(jane == .object([
                "id": .string(SeedIDs.order(1)), "order_number": 10001, "status": "awaiting_authorisation",
                "status_label": "Awaiting Authorisation", "company_id": .string(MockSeed.Company.acme), "company_name": "Acme Repairs",
                "company_status": "active",
                "client": ["id": .string(MockSeed.Customer.jane.id), "name": "Jane Doe", "email": "jane@customer.test"],
                "devices": [["id": .string(SeedIDs.device(1)), "name": "Apple iPhone 14 Pro", "workflow_type": "repair",
                             "status": "awaiting_authorisation", "status_label": "Awaiting Authorisation",
                             "available_transitions": [["status": "authorised_source_parts", "label": "Authorised - Source Parts"],
                                                       ["status": "rejected", "label": "Rejected"]]]],
                "created_at": "2026-11-11T12:00:00Z", "updated_at": "2026-11-14T22:00:00Z",
            ]))
            #expect(orders.first { $0["order_number"] == 20001 }?["company_id"] == .string(MockSeed.Company.beta))

            // Each device's moves are the ones its staff detail offers, and the route takes.
            let acme = try await mock.post("/__mock/sessions", ["email": "admin@acme.test"]).data["token"]?.string
            let beta = try await mock.post("/__mock/sessions", ["email": "admin@beta.test"]).data["token"]?.string
            var checked = 0
            for order in orders {
                let token = order["company_id"] == .string(MockSeed.Company.acme) ? acme : beta
                for device in order["devices"]?.array ?? [] {
                    let id = try #require(device["id"]?.string)
                    let detail = try await mock.get("/api/devices/\(id)", bearer: token)
                    #expect(detail.data["available_transitions"] == device["available_transitions"], "\(id)")
                    #expect(detail.data["status"] == device["status"] && detail.data["status_label"] == device["status_label"])
                    #expect(detail.data["display_name"] == device["name"])
                    checked += 1
                }
            }
            #expect(checked == 39)

            // A move shows at once; the listing itself is not journalled.
            #expect(try await mock.patch("/api/devices/\(SeedIDs.device(1))", ["status": "rejected"], bearer: acme).status == 200)
            let moved = try #require(try await mock.get("/__mock/orders").data.array?.first { $0["order_number"] == 10001 })
            #expect(moved["devices"]?[0]?["status"] == "rejected")
            #expect(moved["devices"]?[0]?["available_transitions"] == [["status": "rejection_qc", "label": "Rejection - QC"]])
            #expect(moved["status"] == "in_progress" && moved["status_label"] == "In Progress")
            let journal = try #require(try await mock.get("/__mock/requests").data.array)
            #expect(!journal.contains { $0["path"]?.string?.hasPrefix("/__mock") == true })

            // A fixture order is the newest; `limit` keeps the newest.
            let client = "00000004-0000-4000-8000-00000000f001"
            let made = try await mock.post("/__mock/fixtures", [
                "clients": [["id": .string(client), "email": "hal@customer.test", "first_name": "Hal", "last_name": "Ted",
                             "companies": [.string(MockSeed.Company.halted)]]],
                "orders": [["company_id": .string(MockSeed.Company.halted), "client_id": .string(client),
                            "devices": [["workflow_type": "buyback", "brand": "Google", "model": "Pixel 8", "status": "ready_to_pay"]]]],
            ])
            #expect(made.status == 201, "\(made.json)")
            let newest = try await mock.get("/__mock/orders?limit=1")
            let first = try #require(newest.data.array?.first)
            #expect(newest.data.array?.count == 1)
            #expect(first["id"] == made.data["rows"]?[1]?["id"])
            #expect(first["client"] == ["id": .string(client), "name": "Hal Ted", "email": "hal@customer.test"])
            #expect(first["company_name"] == "Halted Ltd" && first["company_status"] == "suspended")
            #expect(first["status"] == "in_progress")
            #expect(first["devices"]?[0]?["available_transitions"] == [["status": "payment_made", "label": "Payment Made"]])
        }
    }

    @Test(arguments: ["?limit=0", "?limit=1001", "?limit=ten", "?limit="])
    func ordersRejectABadLimit(query: String) async throws {
        try await withMock { mock in
            let reply = try await mock.get("/__mock/orders" + query)
            #expect(reply.status == 400)
            #expect(reply.json == .object(["success": .bool(false), "error": .string("Invalid query parameter: limit")]))
        }
    }

    // MARK: - Clients

    @Test func clientsListEveryClientByNameWithTheirCompanies() async throws {
        try await withMock { mock in
            let reply = try await mock.get("/__mock/clients")
            #expect(reply.status == 200)
            let clients = try #require(reply.data.array)
            #expect(clients.compactMap { $0["name"]?.string } == [
                "Amelia Jones", "Ava Evans", "Emily Hall", "George Taylor", "Harry Davies", "Isla Wilson", "Jack Thomas",
                "Jane Doe", "Mia Roberts", "Noah Walker", "Oliver Brown", "Sam Smith", "Walk-in Customer",
            ])
            #expect(clients.first { $0["email"] == "sam@customer.test" } == .object([
                "id": .string(MockSeed.Customer.sam.id), "name": "Sam Smith", "email": "sam@customer.test",
                "company_ids": [.string(MockSeed.Company.acme), .string(MockSeed.Company.beta)]]))
            #expect(clients.first { $0["email"] == "noah.walker@customer.test" }?["company_ids"] == [.string(MockSeed.Company.beta)])
            for client in clients { #expect(client.keys == ["id", "name", "email", "company_ids"]) }

            // One added by a fixture is there at once.
            let made = try await mock.post("/__mock/fixtures", ["clients": [[
                "email": "zoe@customer.test", "first_name": "Aaron", "last_name": "Zed", "companies": [.string(MockSeed.Company.beta)],
            ]]])
            #expect(made.status == 201, "\(made.json)")
            #expect(try await mock.get("/__mock/clients").data[0] == .object([
                "id": made.data["rows"]?[0]?["id"] ?? .null, "name": "Aaron Zed", "email": "zoe@customer.test",
                "company_ids": [.string(MockSeed.Company.beta)]]))
        }
    }

    @Test func eachNamespaceListsItsOwnOrdersAndClients() async throws {
        try await withMock { mock in
            let other = try MockHarness(namespace: "console-orders", of: mock)
            #expect(try await other.post("/__mock/fixtures", ["orders": [[
                "company_id": .string(MockSeed.Company.acme), "client_id": .string(MockSeed.Customer.jane.id),
                "devices": [["workflow_type": "repair", "brand": "Apple", "model": "iPhone 15", "status": "repairing"]],
            ]]]).status == 201)
            #expect(try await other.get("/__mock/orders").data.array?.count == 37)
            #expect(try await mock.get("/__mock/orders").data.array?.count == 36)
        }
    }

    // MARK: - Helpers

    private func setClock(_ mock: MockHarness, _ now: String) async throws {
        let reply = try await mock.post("/__mock/clock", ["now": .string(now)])
        #expect(reply.status == 200)
    }

    /// `familyId` of a staff access token (the session's id).
    static func familyID(_ token: String) throws -> String {
        let parts = token.split(separator: ".")
        var payload = String(parts[1]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
        let claims = try JSONDecoder().decode(JSONValue.self, from: try #require(Data(base64Encoded: payload)))
        return try #require(claims["familyId"]?.string)
    }

    /// Sets the mock clock to `now`, runs `action`, and gives the instants the clock passed
    /// through meanwhile (it runs on from where it is set): what the action wrote lies within.
    private func at<T>(_ mock: MockHarness, _ now: String, _ action: () async throws -> T) async throws
        -> (T, ClosedRange<Date>) {
        try await setClock(mock, now)
        let result = try await action()
        let start = try #require(Timestamp.date(from: now))
        let end = try #require(Timestamp.date(from: try await mock.clockNow()))
        return (result, start...end)
    }

    static func within(_ value: JSONValue?, _ range: ClosedRange<Date>) -> Bool {
        guard let text = value?.string, let date = Timestamp.date(from: text) else { return false }
        return range.contains(date)
    }

    /// Whole days between two timestamps; nil unless both parse and the gap is whole days.
    static func days(from start: JSONValue?, to end: JSONValue?) -> Int? {
        guard let a = start?.string.flatMap(Timestamp.date(from:)), let b = end?.string.flatMap(Timestamp.date(from:)) else {
            return nil
        }
        let seconds = b.timeIntervalSince(a)
        return seconds.truncatingRemainder(dividingBy: 86_400) == 0 ? Int(seconds / 86_400) : nil
    }

    /// `session` with its timestamps (checked on their own) replaced by `"time"` where set.
    static func withoutTimes(_ session: JSONValue) -> JSONValue {
        guard case .object(var fields) = session else { return session }
        for key in ["created_at", "expires_at"] { fields[key] = nil }
        for key in ["last_refresh_at", "revoked_at"] where fields[key] != .null { fields[key] = "time" }
        return .object(fields)
    }
}

/// The accounts' listing names the seed's password only where the account's hash takes it: a seed of
/// your own with other passwords is not told as `password123` (what an agent's `agentSeededAccounts`
/// passes on, docs/agents.md).
@Suite struct SeededAccountsPasswordTests {
    @Test func anAccountWithAnotherPasswordIsNotListedWithTheBundledOne() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var json = try String(contentsOf: try #require(SeedFiles.defaultSeed), encoding: .utf8)
        let admin = try #require(json.range(of: #""email": "admin@acme.test""#))
        let password = try #require(json.range(of: #""password": "password123""#, range: admin.upperBound..<json.endIndex))
        json.replaceSubrange(password, with: #""password": "another-one""#)
        let seed = folder.appendingPathComponent("seed.json")
        try json.write(to: seed, atomically: true, encoding: .utf8)
        try await withStarted({ try MockServer.startedForTesting { $0.seedURL = seed; $0.seedSnapshot = nil } }) { server in
            let accounts = try await MockControl(baseURL: server.baseURL).accounts()
            #expect(accounts.first { $0.email == "admin@acme.test" }?.signIn == "the seed's password + email code")
            #expect(accounts.first { $0.email == "totp@acme.test" }?.signIn == "password123 + TOTP or email code")
        }
    }
}
