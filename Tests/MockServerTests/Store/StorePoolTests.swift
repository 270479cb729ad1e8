import Dispatch
import Foundation
import MockHTTP
import Testing
@testable import MockServer
@testable import MockBasics
@testable import MockStore
import RepairMinderMockControl
import MockConcurrency
import MockTestSupport

/// `StorePool`: copies of the pristine database made ahead for new namespaces.
@Suite struct StorePoolTests {
    private static func pristine() throws -> (SeedSnapshot, [String: [String]]) {
        let snapshot = try MockHarness.pristineSeed
        return (snapshot, try snapshot.makeInMemoryStore().dumpAllTables())
    }

    @Test func nothingIsMadeBeforeTheFirstTake() throws {
        let (snapshot, _) = try Self.pristine()
        let pool = StorePool(snapshot: snapshot, capacity: 3)
        defer { pool.close() }
        #expect(pool.readyCount == 0)
        #expect(pool.counts == StorePool.Counts())
    }

    @Test func aStoreMadeAheadHoldsExactlyTheSeedAndIsTheTakersAlone() throws {
        let (snapshot, pristine) = try Self.pristine()
        let pool = StorePool(snapshot: snapshot, capacity: 2)
        defer { pool.close() }
        let first = try pool.take()                      // the pool was empty: made on the spot
        #expect(pool.counts.madeOnTake == 1)
        #expect(pool.waitUntilFull(timeout: .seconds(30)))
        #expect(pool.readyCount == 2)
        let pooled = try pool.take()
        #expect(pool.counts.handedOut == 1)
        #expect(try pooled.dumpAllTables() == pristine)
        #expect(try pooled.databaseCondition().foreignKeysEnforced)
        #expect(try pooled.databaseCondition().pageSize == Store.pageSize)
        // Its macro schedule is known (the seed schedules no stage), so the namespace's first
        // request asks the database nothing; the store made on the spot is the same.
        #expect(pooled.macroSchedule.current == .none)
        #expect(first.macroSchedule.current == .none)
        // Changing it changes no other store, nor the pristine copy.
        #expect(try pooled.setCompanyStatus(MockSeed.Company.acme, to: .suspended) != nil)
        #expect(try pooled.dumpAllTables() != pristine)
        #expect(try first.dumpAllTables() == pristine)
        #expect(try snapshot.makeInMemoryStore().dumpAllTables() == pristine)
        #expect(pool.waitUntilFull(timeout: .seconds(30)))
        #expect(try pool.take().dumpAllTables() == pristine)
    }

    @Test func aStoreIsNeverHandedOutTwice() throws {
        let (snapshot, _) = try Self.pristine()
        let pool = StorePool(snapshot: snapshot, capacity: 4)
        defer { pool.close() }
        _ = try pool.take()
        #expect(pool.waitUntilFull(timeout: .seconds(30)))
        // 24 takes from 4 threads at once, racing the refill: 24 different databases.
        let taken = Locked([Store]())
        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<6 {
                do {
                    let store = try pool.take()
                    taken.withLock { $0.append(store) }
                } catch {
                    failures.withLock { $0 += 1 }
                }
            }
        }
        let stores = taken.withLock { $0 }
        #expect(failures.withLock { $0 } == 0)
        #expect(stores.count == 24)
        for (i, a) in stores.enumerated() {
            for b in stores[(i + 1)...] { #expect(!a.isSameDatabase(as: b)) }
        }
        let counts = pool.counts
        #expect(counts.handedOut + counts.madeOnTake == 25)
        #expect(counts.handedOut >= 4)
        #expect(counts.madeAhead >= counts.handedOut)
    }

    @Test func capacityZeroMakesEveryStoreOnTake() throws {
        let (snapshot, pristine) = try Self.pristine()
        let pool = StorePool(snapshot: snapshot, capacity: 0)
        let a = try pool.take()
        let b = try pool.take()
        #expect(!a.isSameDatabase(as: b))
        #expect(try b.dumpAllTables() == pristine)
        #expect(pool.readyCount == 0)
        #expect(pool.counts == StorePool.Counts(madeAhead: 0, handedOut: 0, madeOnTake: 2))
    }

    @Test func closingDropsTheReadyStoresAndTakeStillWorks() throws {
        let (snapshot, pristine) = try Self.pristine()
        let pool = StorePool(snapshot: snapshot, capacity: 2)
        _ = try pool.take()
        #expect(pool.waitUntilFull(timeout: .seconds(30)))
        let madeAhead = pool.counts.madeAhead
        pool.close()
        #expect(pool.readyCount == 0)
        let store = try pool.take()
        #expect(try store.dumpAllTables() == pristine)
        #expect(!pool.waitUntilFull(timeout: .seconds(1)))
        #expect(pool.readyCount == 0)
        #expect(pool.counts.madeAhead == madeAhead)
        #expect(pool.counts.madeOnTake == 2)
    }
}

/// New namespaces take their database from the server's `StorePool`.
@Suite struct NamespacePoolTests {
    @Test func aNamespaceMadeFromAReadyCopyHoldsTheSeedAndResetsToIt() async throws {
        try await withMock { root in
            let pristine = try MockHarness.pristineSeed.makeInMemoryStore().dumpAllTables()
            let pool = root.server.storePool
            _ = try root.server.namespaceURL("first")              // starts the pool
            #expect(pool.waitUntilFull(timeout: .seconds(30)))
            let handedOut = pool.counts.handedOut
            let mock = try MockHarness(namespace: "pooled", of: root)
            #expect(pool.counts.handedOut == handedOut + 1)
            let store = try root.server.namespaces.environment(named: "pooled").store
            #expect(try store.dumpAllTables() == pristine)

            // Used like any namespace: a sign-in writes sessions, a reset brings the seed back.
            let token = try await mock.signInStaff("admin@acme.test").token
            #expect(try await mock.get("/api/auth/me", bearer: token).status == 200)
            #expect(try store.dumpAllTables() != pristine)
            #expect(try await mock.post("/__mock/reset").status == 200)
            #expect(try store.dumpAllTables() == pristine)
            #expect(try await mock.get("/api/auth/me", bearer: token).status == 401)
            #expect(try await mock.signInStaff("admin@acme.test").token.isEmpty == false)
        }
    }

    @Test func namespacesNeverShareADatabaseAndLeaveTheDefaultAlone() async throws {
        try await withMock { root in
            let pristine = try MockHarness.pristineSeed.makeInMemoryStore().dumpAllTables()
            #expect(try await root.patch("/__mock/companies/\(MockSeed.Company.acme)", ["status": "suspended"]).status == 200)
            let changedDefault = try root.server.environment.store.dumpAllTables()
            #expect(changedDefault != pristine)

            // Twelve namespaces made at once, racing the pool's refill.
            let names = (0..<12).map { "n\($0)" }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for name in names { group.addTask { _ = try root.server.namespaceURL(name) } }
                try await group.waitForAll()
            }
            let stores = try names.map { try root.server.namespaces.environment(named: $0).store }
            for (i, a) in stores.enumerated() {
                #expect(!a.isSameDatabase(as: root.server.environment.store))
                for b in stores[(i + 1)...] { #expect(!a.isSameDatabase(as: b)) }
                #expect(try a.dumpAllTables() == pristine)    // the seed, not the default's state
            }
            #expect(try root.server.environment.store.dumpAllTables() == changedDefault)
            let counts = root.server.storePool.counts
            #expect(counts.handedOut + counts.madeOnTake == 12)
        }
    }
}
