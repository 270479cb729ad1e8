import Foundation
import MockHTTP
import Testing
@testable import MockServer
@testable import MockBasics
import MockStore
import RepairMinderMockControl
import MockTestSupport
import MockConcurrency

/// `/ns/<name>/…`: isolated mocks in one server (issue "Parallel test isolation").
@Suite struct NamespaceTests {
    /// Moves device a003 along its first legal transition; returns the new status.
    private func moveDevice(_ mock: MockHarness, bearer: String) async throws -> String {
        let device = SeedIDs.device(3)
        let detail = try await mock.get("/api/devices/\(device)", bearer: bearer)
        let next = try #require(detail.data["available_transitions"]?[0]?["status"]?.string)
        let moved = try await mock.patch("/api/devices/\(device)", ["status": .string(next)], bearer: bearer)
        #expect(moved.status == 200, "\(moved.error ?? "")")
        return next
    }

    private func deviceStatus(_ mock: MockHarness, bearer: String) async throws -> String? {
        try await mock.get("/api/devices/\(SeedIDs.device(3))", bearer: bearer).data["status"]?.string
    }

    @Test func twoNamespacesDrivenAtOnceNeverSeeEachOther() async throws {
        try await withSignedInMock { root, admin in
            let seededStatus = try await deviceStatus(root, bearer: admin.token)
            let names = ["alpha", "beta-2"]

            // The same script in both namespaces at the same time, each on its own connections.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, name) in names.enumerated() {
                    group.addTask {
                        let mock = try MockHarness(namespace: name, of: root)
                        for _ in 0..<3 {
                            let tokens = try await mock.signInStaff("admin@acme.test")
                            // Refresh reuse revokes this namespace's family only.
                            let rotated = try await mock.post("/api/auth/refresh", ["refreshToken": .string(tokens.refreshToken)])
                            #expect(rotated.status == 200)
                            let reused = try await mock.post("/api/auth/refresh", ["refreshToken": .string(tokens.refreshToken)])
                            #expect(reused.status == 401)
                            #expect(try await mock.post("/__mock/reset").status == 200)
                        }
                        let token = try await mock.signInStaff("admin@acme.test").token
                        if index == 0 { _ = try await self.moveDevice(mock, bearer: token) }
                        try await mock.advanceClock(seconds: Double(index + 1) * 86_400)
                        let fault = try await mock.post("/__mock/faults", ["method": "GET", "path": "/api/companies/*",
                                                                          "status": .int(503), "count": .int(1)])
                        #expect(fault.status == 201)
                    }
                }
                try await group.waitForAll()
            }

            let (alpha, alphaAdmin) = try await root.signedInNamespace("alpha")
            let (beta, betaAdmin) = try await root.signedInNamespace("beta-2")
            // Clocks: a day ahead and two days ahead, the default untouched.
            let rootNow = try #require(Timestamp.parse(try await root.get("/__mock/clock").data["now"]?.string ?? ""))
            let alphaNow = try #require(Timestamp.parse(try await alpha.get("/__mock/clock").data["now"]?.string ?? ""))
            let betaNow = try #require(Timestamp.parse(try await beta.get("/__mock/clock").data["now"]?.string ?? ""))
            #expect(abs(alphaNow.timeIntervalSince(rootNow) - 86_400) < 60)
            #expect(abs(betaNow.timeIntervalSince(rootNow) - 2 * 86_400) < 60)
            // Data: only alpha moved the device.
            let alphaToken = alphaAdmin.token, betaToken = betaAdmin.token, rootToken = admin.token
            #expect(try await deviceStatus(alpha, bearer: alphaToken) != seededStatus)
            #expect(try await deviceStatus(beta, bearer: betaToken) == seededStatus)
            #expect(try await deviceStatus(root, bearer: rootToken) == seededStatus)
            // Outbox: each holds its own codes (a reset empties it): the sign-ins since the last reset,
            // two in each namespace, the one of `withSignedInMock` in the default.
            #expect(try await alpha.outboxCount(to: "admin@acme.test") == 2)
            #expect(try await beta.outboxCount(to: "admin@acme.test") == 2)
            #expect(try await root.outboxCount(to: "admin@acme.test") == 1)
            // Pushes: the device move pushed in alpha only (or nowhere, if no token was registered).
            #expect(try await beta.pushes().isEmpty)
            #expect(try await root.pushes().isEmpty)
            // Journal: each sees its own requests, with the prefix taken off.
            let alphaJournal = try await alpha.get("/__mock/requests").data.array ?? []
            let rootJournal = try await root.get("/__mock/requests").data.array ?? []
            #expect(alphaJournal.contains { $0["method"] == "PATCH" && $0["path"] == .string("/api/devices/\(SeedIDs.device(3))") })
            #expect(!rootJournal.contains { $0["method"] == "PATCH" })
            #expect(!rootJournal.contains { ($0["path"]?.string ?? "").hasPrefix("/ns/") })
            // Faults: each namespace's is its own and still armed; the default has none.
            #expect(try await alpha.get("/__mock/faults").data.array?.count == 1)
            #expect(try await root.get("/__mock/faults").data.array?.isEmpty == true)
            #expect(try await root.get("/api/companies/\(MockSeed.Company.acme)", bearer: rootToken).status == 200)
            #expect(try await beta.get("/api/companies/\(MockSeed.Company.acme)", bearer: betaToken).status == 503)
        }
    }

    @Test func aTokenFromAnotherNamespaceIsRefused() async throws {
        try await withSignedInMock { root, admin in
            let (alpha, alphaAdmin) = try await root.signedInNamespace("alpha")
            let beta = try MockHarness(namespace: "beta", of: root)
            let staff = alphaAdmin.token
            let customer = try await alpha.signInCustomer("jane@customer.test")
            #expect(try await alpha.get("/api/auth/me", bearer: staff).status == 200)
            for other in [beta, root] {
                let me = try await other.get("/api/auth/me", bearer: staff)
                #expect(me.status == 401)
                #expect(me.json["code"] == "invalid_token" || me.error != nil)
                #expect(try await other.get("/api/customer/orders", bearer: customer).status == 401)
            }
            // And the default's tokens are refused inside a namespace.
            #expect(try await alpha.get("/api/auth/me", bearer: admin.token).status == 401)
        }
    }

    @Test func aResetInOneNamespaceLeavesAnotherSignedIn() async throws {
        try await withSignedInMock { root, admin in
            let alpha = try MockHarness(namespace: "alpha", of: root)
            let (beta, betaAdmin) = try await root.signedInNamespace("beta")
            let betaToken = betaAdmin.token, rootToken = admin.token
            #expect(try await alpha.post("/__mock/reset").status == 200)
            #expect(try await beta.get("/api/auth/me", bearer: betaToken).status == 200)
            #expect(try await root.get("/api/auth/me", bearer: rootToken).status == 200)
            // The default's reset leaves the namespaces alone too.
            #expect(try await root.post("/__mock/reset").status == 200)
            #expect(try await beta.get("/api/auth/me", bearer: betaToken).status == 200)
            #expect(try await root.get("/api/auth/me", bearer: rootToken).status == 401)
        }
    }

    @Test func namespacesAreListedDroppedAndEvictedPastTheCap() async throws {
        try await withMock({ $0.maxNamespaces = 2 }) { root in
            let (a, aAdmin) = try await root.signedInNamespace("a")
            let aToken = aAdmin.token
            _ = try await root.get("/ns/b/__mock/health")
            var listing = try await root.get("/__mock/namespaces")
            #expect(listing.data["max"] == 2)
            #expect(listing.data["idle_timeout_seconds"] == 3600)
            #expect(listing.data["namespaces"]?.array?.compactMap { $0["name"]?.string } == ["b", "a"])
            #expect(listing.data["namespaces"]?[0]?.keys == ["name", "created_at", "last_used_at", "idle_seconds"])

            // A third pushes out the least recently used: a.
            _ = try await root.get("/ns/b/__mock/health")
            _ = try await root.get("/ns/c/__mock/health")
            listing = try await root.get("/__mock/namespaces")
            #expect(listing.data["namespaces"]?.array?.compactMap { $0["name"]?.string } == ["c", "b"])
            // Using a again starts it afresh (its old session is gone) and pushes out b.
            #expect(try await a.get("/api/auth/me", bearer: aToken).status == 401)
            listing = try await root.get("/__mock/namespaces")
            #expect(listing.data["namespaces"]?.array?.compactMap { $0["name"]?.string } == ["a", "c"])

            let dropped = try await root.send("DELETE", "/__mock/namespaces/c")
            #expect(dropped.status == 200)
            #expect(dropped.data == ["name": "c", "dropped": true])
            #expect(try await root.send("DELETE", "/__mock/namespaces/c").status == 404)
            listing = try await root.get("/__mock/namespaces")
            #expect(listing.data["namespaces"]?.array?.compactMap { $0["name"]?.string } == ["a"])
        }
    }

    @Test(arguments: ["/ns/bad!name/__mock/health", "/ns/\(String(repeating: "x", count: 65))/__mock/health", "/ns//api/auth/me"])
    func anInvalidNamespaceNameIsA400(path: String) async throws {
        try await withMock { root in
            let reply = try await root.get(path)
            #expect(reply.status == 400)
            #expect(reply.error == "Invalid namespace name: use 1 to 64 of A-Z, a-z, 0-9, _ and -")
            #expect(try await root.get("/__mock/namespaces").data["namespaces"] == [])
        }
    }

    @Test func aNamespacePrefixReachesTheWholeAPIAndItsAbsoluteURLs() async throws {
        try await withMock { root in
            let (name, url) = try root.server.makeNamespace()
            #expect(url.absoluteString == root.baseURL.absoluteString + "/ns/" + name)
            let (mock, admin) = try await root.signedInNamespace(name)
            let token = admin.token
            #expect(try await mock.get("/api/orders", bearer: token).status == 200)
            // `/ns/<name>` alone is the namespace's `/`: an unknown path there.
            #expect(try await root.get("/ns/\(name)").status == 404)
            // A download link in a payload keeps the prefix, so the app follows it into the namespace.
            let tickets = try await mock.get("/api/tickets?limit=100", bearer: token).data.array ?? []
            var links: [String] = []
            for ticket in tickets {
                let detail = try await mock.get("/api/tickets/\(ticket["id"]?.string ?? "")", bearer: token)
                for message in detail.data["messages"]?.array ?? [] {
                    for attachment in message["attachments"]?.array ?? [] { links.append(attachment["download_url"]?.string ?? "") }
                }
            }
            #expect(!links.isEmpty)
            for link in links { #expect(link.hasPrefix(mock.baseURL.absoluteString + "/api/tickets/"), "\(link)") }
        }
    }

    @Test func concurrentFirstRequestsMakeOneNamespace() async throws {
        try await withMock { root in
            let mock = try MockHarness(namespace: "racing", of: root)
            _ = root.server.namespaces.drop("racing")
            let before = try #require(try await root.get("/__mock/clock").data["offset_seconds"]?.number)
            // Eight first requests at once, each moving the clock a minute: had more than one
            // namespace been made, some moves would be lost with the clock they moved.
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 { group.addTask { try await mock.post("/__mock/clock", ["advance_seconds": 60]).status } }
                for try await status in group { #expect(status == 200) }
            }
            let offset = try #require(try await mock.get("/__mock/clock").data["offset_seconds"]?.number)
            #expect(abs(offset - before - 480) < 1)
            #expect(try await root.get("/__mock/namespaces").data["namespaces"]?.array?.count == 1)
        }
    }

    /// Idle eviction on the registry itself, with a clock the test moves.
    @Test func aNamespaceIdleForTooLongStartsAfresh() throws {
        let instant = InstantSource()
        let pristine = try MockHarness.pristineSeed
        let environment = ServerEnvironment.namespace("root", configuration: MockServerConfiguration(),
                                                      pristine: pristine, store: try pristine.makeInMemoryStore())
        let namespaces = Namespaces(default: environment, capacity: 8, idleTimeout: .seconds(60),
                                    instant: { instant.now }) { name in
            ServerEnvironment.namespace(name, configuration: MockServerConfiguration(), pristine: pristine,
                                        store: try pristine.makeInMemoryStore())
        }
        let first = try namespaces.environment(named: "x")
        instant.advance(.seconds(59))
        #expect(try namespaces.environment(named: "x").store.isSameDatabase(as: first.store))
        instant.advance(.seconds(59))
        #expect(try namespaces.environment(named: "x").store.isSameDatabase(as: first.store))   // used: still fresh
        _ = try namespaces.environment(named: "y")
        instant.advance(.seconds(61))
        #expect(namespaces.list().isEmpty)
        #expect(try !namespaces.environment(named: "x").store.isSameDatabase(as: first.store))
    }
}

/// A `ContinuousClock.Instant` source the test moves.
final class InstantSource: Sendable {
    private let start = ContinuousClock.now
    private let offset = Locked(Duration.zero)
    var now: ContinuousClock.Instant { start + offset.withLock { $0 } }
    func advance(_ by: Duration) { offset.withLock { $0 += by } }
}
