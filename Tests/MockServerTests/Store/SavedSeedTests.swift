import Foundation
import GRDB
import Testing
@testable import MockBasics
@testable import MockServer
@testable import MockStore
import MockSeeds

/// A start reads the bundled seed from `Seeds/default.saved.sqlite` rather than seeding it: the file
/// must hold exactly what seeding `Seeds/default.json` makes with this build. When the seed, the
/// schema or the seeding code changes, write it again (after MigratedSchemaTests' file, if the
/// migrations changed too):
/// `REPAIRMINDER_MOCK_WRITE_GENERATED=1 swift test --filter SavedSeedTests`, and commit both files.
@Suite(.serialized) struct SavedSeedTests {
    static let iterations = MockServerConfiguration().passwordHashIterations

    /// The bundled JSON seeded now, with the server's password hasher.
    static func seededNow() throws -> (snapshot: SeedSnapshot, key: String) {
        let json = try Data(contentsOf: try #require(SeedFiles.defaultSeed))
        let seed = try Seed.decode(json, sourceName: "default.json")
        let snapshot = try SeedSnapshot(seed: seed) { PasswordHasher.hash($0, iterations: iterations, invented: InventedValues()) }
        return (snapshot, SavedSeed.key(seedJSON: json, passwordHashIterations: iterations))
    }

    @Test func theSavedSeedIsWhatSeedingTheJSONMakesNow() throws {
        let (fresh, key) = try Self.seededNow()
        if ProcessInfo.processInfo.environment["REPAIRMINDER_MOCK_WRITE_GENERATED"] == "1" {
            try SavedSeed.save(fresh, key: key, to: Shipping.root.appendingPathComponent("Seeds/default.saved.sqlite"))
        }
        let savedKey = try String(contentsOf: try #require(SeedFiles.defaultSavedKey), encoding: .utf8)
        #expect(savedKey == key + "\n", """
            Seeds/default.saved.sqlite was made from another seed, schema or hash setting: write it again with \
            REPAIRMINDER_MOCK_WRITE_GENERATED=1 swift test --filter SavedSeedTests
            """)
        let saved = try #require(SavedSeed.bundled(passwordHashIterations: Self.iterations), "the saved seed loads")
        // Row for row the same, but for the password hashes' salts; the saved hash takes the password.
        #expect(try Self.rowsWithoutHashes(saved) == Self.rowsWithoutHashes(fresh), """
            Seeds/default.saved.sqlite is not what seeding default.json makes now: write it again with \
            REPAIRMINDER_MOCK_WRITE_GENERATED=1 swift test --filter SavedSeedTests
            """)
        let hashes = try saved.pristine.read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT password_hash FROM users WHERE password_hash IS NOT NULL")
        }
        #expect(hashes.count == 1)
        #expect(hashes.allSatisfy { PasswordHasher.verify("password123", against: $0) })
        #expect(try saved.pristine.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") } == Store.pageSize)
    }

    /// What a start gets: the saved seed when nothing asks otherwise, the JSON seeded again when the
    /// hash rounds differ (the key says so), and a store restored from the saved seed serves.
    @Test func aStartUsesTheSavedSeedOnlyWhenItsKeyIsThisBuilds() throws {
        #expect(SavedSeed.bundled(passwordHashIterations: Self.iterations) != nil)
        #expect(SavedSeed.bundled(passwordHashIterations: Self.iterations + 1) == nil)
        var configuration = MockServerConfiguration()
        configuration.passwordHashIterations = Self.iterations + 1
        let seeded = try MockServer.makeSnapshot(configuration)
        #expect(try Self.rowsWithoutHashes(seeded) == Self.rowsWithoutHashes(try #require(SavedSeed.bundled(passwordHashIterations: Self.iterations))))
        let store = try MockServer.makeSnapshot().makeInMemoryStore()
        #expect(try store.databaseCondition().temporaryStore == 2)
        #expect(try store.databaseCondition().foreignKeysHold)
    }

    /// The saved seed knows the JSON's `now` (where a replayed namespace's clock starts) without
    /// reading the JSON whole: what its quick read finds is what the seed reader finds.
    @Test func theSavedSeedKnowsTheSeedsNow() throws {
        let json = try Data(contentsOf: try #require(SeedFiles.defaultSeed))
        let seed = try Seed.decode(json, sourceName: "default.json")
        let now = try #require(SavedSeed.declaredNow(in: json))
        #expect(now == Timestamp.parse(seed.now))
        #expect(SavedSeed.bundled(passwordHashIterations: Self.iterations)?.fixtureNow == now)
        #expect(SavedSeed.declaredNow(in: Data(#"{"companies": [], "now" : "2026-01-02T03:04:05Z"}"#.utf8))
                == Timestamp.parse("2026-01-02T03:04:05Z"))
        #expect(SavedSeed.declaredNow(in: Data(#"{"now": 7}"#.utf8)) == nil)
    }

    @Test func bytesThatAreNotADatabaseAreRefused() {
        #expect(throws: DatabaseError.self) { try SavedSeed.load(Data(repeating: 7, count: 4096)) }
    }

    static func rowsWithoutHashes(_ snapshot: SeedSnapshot) throws -> [String: [String]] {
        let copy = try DatabaseQueue()
        try snapshot.pristine.backup(to: copy)
        try copy.write { db in
            try db.execute(sql: "UPDATE users SET password_hash = 'hashed' WHERE password_hash IS NOT NULL")
        }
        return try Store(writer: copy).dumpAllTables()
    }
}
