import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import RepairMinderMockControl
import MockTestSupport

/// Quarantine (CONTRACT §5): pending and suspended companies reach only the allow-list.
@Suite struct QuarantineTests {
    static let pending = JSONValue.object(["success": .bool(false), "error": .string("Your account is pending approval..."),
                                         "code": .string("ACCOUNT_PENDING_APPROVAL")])
    static let suspended = JSONValue.object(["success": .bool(false), "error": .string("Your account has been suspended..."),
                                           "code": .string("ACCOUNT_SUSPENDED")])

    static let allowed = ["/api/auth/me", "/api/companies/\(MockSeed.Company.pending)", "/api/company-locations",
                          "/api/users/me", "/api/users/me/avatar", "/api/subscription/features"]

    @Test func pendingCompanyReachesOnlyTheAllowList() async throws {
        try await withMock { mock in
            let tokens = try await mock.signInStaff("owner@pending.test")
            for path in Self.allowed {
                let reply = try await mock.get(path, bearer: tokens.token)
                #expect(reply.status == 200, "\(path)")
            }
            for path in ["/api/orders", "/api/devices/my-queue", "/api/companies/\(MockSeed.Company.acme)", "/api/no-such-thing",
                         "/api/user/push-preferences"] {
                let reply = try await mock.get(path, bearer: tokens.token)
                #expect(reply.status == 403, "\(path)")
                #expect(reply.json == Self.pending, "\(path)")
            }
            let push = try await mock.post("/api/user/device-token", ["device_token": .string("abcdef0123456789"),
                                                                       "platform": .string("ios"), "app_type": .string("staff")],
                                           bearer: tokens.token)
            #expect(push.json == Self.pending)
            #expect(try await mock.post("/api/auth/refresh", ["refreshToken": .string(tokens.refreshToken)]).status == 200)
            #expect(try await mock.post("/api/auth/logout", bearer: tokens.token).status == 200)
        }
    }

    /// Seed 002 puts both statuses under one rule with one answer: a suspended company's staff get
    /// the pending-approval body too.
    @Test func suspendedCompanyGetsSeed002sOneAnswer() async throws {
        try await withMock { mock in
            let tokens = try await mock.signInStaff("owner@halted.test")
            let reply = try await mock.get("/api/orders", bearer: tokens.token)
            #expect(reply.status == 403)
            #expect(reply.json == Self.pending)
            let me = try await mock.get("/api/auth/me", bearer: tokens.token)
            #expect(me.data["company"]?["status"] == .string("suspended"))
            #expect(me.data["user"]?["company_status"] == .string("suspended"))
        }
    }

    /// Under `quarantine-codes` (per server or per namespace) the suspended company gets its own
    /// code; pending approval is unchanged; turning it off brings the one answer back.
    @Test func theQuarantineCodesVarianceTellsSuspendedApart() async throws {
        try await withMock({ $0.vary = "quarantine-codes" }) { varied in
            let halted = try await varied.signInStaff("owner@halted.test")
            #expect(try await varied.get("/api/orders", bearer: halted.token).json == Self.suspended)
            let pending = try await varied.signInStaff("owner@pending.test")
            #expect(try await varied.get("/api/orders", bearer: pending.token).json == Self.pending)

            try await withMock { plain in
                let space = try MockHarness(namespace: "quarantine", of: plain)
                let tokens = try await space.signInStaff("owner@halted.test")
                #expect(try await space.get("/api/orders", bearer: tokens.token).json == Self.pending)
                #expect(try await space.send("PUT", "/__mock/variance", json: ["vary": ["quarantine-codes"]]).status == 200)
                #expect(try await space.get("/api/orders", bearer: tokens.token).json == Self.suspended)
                #expect(try await space.send("PUT", "/__mock/variance", json: ["vary": []]).status == 200)
                #expect(try await space.get("/api/orders", bearer: tokens.token).json == Self.pending)
            }
        }
    }

    @Test func statusChangesApplyOnTheNextRequest() async throws {
        try await withSignedInMock { mock, admin in
            let tokens = admin
            let path = "/api/user/push-preferences"
            #expect(try await mock.get(path, bearer: tokens.token).status == 200)
            try await mock.setCompanyStatus(MockSeed.Company.acme, "suspended")
            #expect(try await mock.get(path, bearer: tokens.token).json == Self.pending)
            #expect(try await mock.get("/api/auth/me", bearer: tokens.token).status == 200)
            try await mock.setCompanyStatus(MockSeed.Company.acme, "pending_approval")
            #expect(try await mock.get(path, bearer: tokens.token).json == Self.pending)
            try await mock.setCompanyStatus(MockSeed.Company.acme, "active")
            #expect(try await mock.get(path, bearer: tokens.token).status == 200)
            #expect(try await mock.get("/api/no-such-thing", bearer: tokens.token).status == 404)
        }
    }

    @Test func aQuarantinedTokenDoesNotBlockSigningInAgain() async throws {
        try await withMock { mock in
            let tokens = try await mock.signInStaff("owner@pending.test")
            let login = try await mock.post("/api/auth/login", ["email": .string("owner@pending.test"),
                                                                 "password": .string("password123")], bearer: tokens.token)
            #expect(login.status == 200)
            #expect(login.data["requiresTwoFactor"] == .bool(true))
        }
    }

    @Test func customersAreNotQuarantinedByStaffRules() async throws {
        try await withMock { mock in
            let token = try await mock.signInCustomer("jane@customer.test")
            try await mock.setCompanyStatus(MockSeed.Company.acme, "suspended")
            #expect(try await mock.get("/api/user/push-preferences", bearer: token).status == 200)
        }
    }

    @Test func allowListIsExact() {
        let own = "c1"
        for path in ["/api/auth/me", "/api/auth/logout", "/api/auth/refresh", "/api/companies/c1", "/api/company-locations",
                     "/api/company-locations/l1", "/api/company-locations/l1/hours", "/api/users/me", "/api/users/me/",
                     "/api/users/me/avatar", "/api/subscription/features"] {
            #expect(Quarantine.isAllowed(path, ownCompanyID: own), "\(path)")
        }
        for path in ["/api/companies/c2", "/api/companies", "/api/companies/c1/users", "/api/users", "/api/users/other",
                     "/api/users/me/password", "/api/auth/meh", "/api/company-locationsx", "/api/subscription",
                     "/api/auth/login"] {
            #expect(!Quarantine.isAllowed(path, ownCompanyID: own), "\(path)")
        }
    }
}

/// The allow-listed account endpoints exist for real (CONTRACT §5, §6).
@Suite struct AccountRoutesTests {
    @Test func ownCompanyOnlyOtherIs404() async throws {
        try await withSignedInMock { mock, admin in
            let tokens = admin
            let own = try await mock.get("/api/companies/\(MockSeed.Company.acme)", bearer: tokens.token)
            #expect(own.data["vat_rate_repair"] == .string("20.00"))
            let other = try await mock.get("/api/companies/\(MockSeed.Company.beta)", bearer: tokens.token)
            #expect(other.status == 404)
            #expect(other.json == .object(["success": .bool(false), "error": .string("Company not found")]))
        }
    }

    @Test func locationsAreTheCompanysOwn() async throws {
        try await withSignedInMock { mock, admin in
            let tokens = admin
            let list = try await mock.get("/api/company-locations", bearer: tokens.token)
            let locations = try #require(list.data.array)
            #expect(!locations.isEmpty)
            #expect(locations.allSatisfy { $0["company_id"] == .string(MockSeed.Company.acme) })
            #expect(locations[0].keys == ["id", "company_id", "name", "address_line1", "address_line2", "city", "postcode",
                                          "country", "phone", "email", "is_primary"])
            // Required columns: always text, never null (docs/openapi.yaml `Location`).
            for key in ["address_line1", "city", "postcode", "country"] {
                #expect(locations.allSatisfy { $0[key]?.string != nil }, "\(key)")
            }
            let id = try #require(locations[0]["id"]?.string)
            #expect(try await mock.get("/api/company-locations/\(id)", bearer: tokens.token).status == 200)
            let beta = try await mock.signInStaff("admin@beta.test")
            let foreign = try await mock.get("/api/company-locations/\(id)", bearer: beta.token)
            #expect(foreign.status == 404)
            #expect(foreign.error == "Location not found")
        }
    }

    @Test func profileReadsAndUpdates() async throws {
        try await withSignedInMock { mock, admin in
            let tokens = admin
            let me = try await mock.get("/api/users/me", bearer: tokens.token)
            #expect(me.data["email"] == .string("admin@acme.test"))
            #expect(me.data["is_active"] == .int(1))
            let updated = try await mock.send("PATCH", "/api/users/me", body: #"{"first_name":"Alex","phone":null}"#,
                                              bearer: tokens.token)
            #expect(updated.status == 200)
            #expect(updated.data["first_name"] == .string("Alex"))
            #expect(updated.data["phone"] == .null)
            #expect(try await mock.get("/api/auth/me", bearer: tokens.token).data["user"]?["first_name"] == .string("Alex"))
        }
    }

    @Test(arguments: [
        (#"{}"#, "No fields to update"),
        (#"{"first_name":""}"#, "Invalid or missing field: first_name"),
        (#"{"first_name":"Alex","last_name":"   "}"#, "Invalid or missing field: last_name"),
        (#"{"phone":12}"#, "Invalid or missing field: phone"),
        // A name cannot be cleared: null is not "leave it".
        (#"{"last_name":null,"job_title":"x"}"#, "Invalid or missing field: last_name"),
        (#"nope"#, "Invalid JSON body"),
    ])
    func badProfileUpdatesWriteNothing(body: String, message: String) async throws {
        try await withSignedInMock { mock, admin in
            let tokens = admin
            let before = try await mock.get("/api/users/me", bearer: tokens.token).data
            let reply = try await mock.send("PATCH", "/api/users/me", body: body, bearer: tokens.token)
            #expect(reply.status == 400)
            #expect(reply.error == message)
            #expect(try await mock.get("/api/users/me", bearer: tokens.token).data == before)
        }
    }

    @Test func avatarAndSubscriptionFeatures() async throws {
        try await withSignedInMock { mock, admin in
            let tokens = admin
            let avatar = try await mock.get("/api/users/me/avatar", bearer: tokens.token)
            #expect(avatar.data == .object(["avatar_url": .string("https://cdn.acme.test/avatars/alice-admin.png")]))
            let withoutAvatar = try await mock.signInStaff("totp@acme.test")
            let none = try await mock.get("/api/users/me/avatar", bearer: withoutAvatar.token)
            #expect(none.data == .object(["avatar_url": .null]))
            let features = try await mock.get("/api/subscription/features", bearer: tokens.token)
            #expect(features.data.keys == ["plan", "status", "features"])
            #expect(features.data["status"] == .string("active"))
        }
    }
}

/// `GET /api/subscription/features` reads the company's plan.
@Suite struct SubscriptionFeaturesTests {
    @Test func featuresFollowThePlanAndTheCompanyStatus() async throws {
        try await withSignedInMock { mock, admin in
            let acme = admin
            let professional = try await mock.get("/api/subscription/features", bearer: acme.token)
            #expect(professional.data["plan"] == .string("professional"))
            #expect(professional.data["features"]?.array?.contains(.string("push_notifications")) == true)

            let beta = try await mock.signInStaff("admin@beta.test")
            let starter = try await mock.get("/api/subscription/features", bearer: beta.token)
            #expect(starter.data == .object(["plan": .string("starter"), "status": .string("active"),
                                             "features": .array(["orders", "devices", "tickets", "customer_portal"])]))

            try await mock.setCompanyStatus(MockSeed.Company.beta, "suspended")
            let suspended = try await mock.get("/api/subscription/features", bearer: beta.token)
            #expect(suspended.data == .object(["plan": .string("starter"), "status": .string("inactive"),
                                               "features": .array([])]))
        }
    }
}
