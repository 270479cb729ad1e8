import Foundation
import Testing
import MockServer
import RepairMinderMockControl
import MockTestSupport

/// Health, reset, the clock, companies, accounts, snapshots and the console, against a live mock.
///
/// Times are checked against the test's own readings of the wall clock before and after a call,
/// never against a fixed tolerance: with the whole package's tests at once on two cores, a task can
/// wait many seconds for a thread.
@Suite struct StateCallTests {
    static let start = Date(timeIntervalSince1970: 1_795_256_100)   // 2026-11-21T10:15:00Z
    /// The clock pinned at `start` has run on since, by at most this (the test's whole length).
    static let aWhile: TimeInterval = 3600

    @Test func healthAnswersStatusVersionAndTheMockClock() async throws {
        try await withMock(.live, { $0.freezeClock(at: Self.start) }) { mock in
            let health = try await mock.control.health()
            #expect(health.status == "ok")
            #expect(health.version == "0.1.0")
            #expect(health.now >= Self.start && health.now < Self.start + Self.aWhile)
        }
    }

    @Test func resetEmptiesOutboxJournalAndFaultsAndBringsTheClockBack() async throws {
        try await withMock(.live, { $0.freezeClock(at: Self.start) }) { mock in
            let control = mock.control
            _ = try await mock.requestStaffCode()
            try await control.addFault(.on("/api/nothing").failing(status: 503))
            try await control.advanceClock(by: 86_400)
            #expect(try await control.outbox().count == 1)
            #expect(try await control.journal().count == 2)

            let reset = try await control.reset()
            #expect(reset.durationMs >= 0)
            #expect(reset.now >= Self.start && reset.now < Self.start + Self.aWhile)   // the day's advance undone
            #expect(try await control.outbox().isEmpty)
            #expect(try await control.journal().isEmpty)
            #expect(try await control.faults().isEmpty)
        }
    }

    @Test func clockReadsAdvancesJumpsAndGoesBackToTheWallClock() async throws {
        try await withMock(.live) { mock in
            let control = mock.control
            let before = Date()
            let first = try await control.clock()
            #expect(abs(first.offsetSeconds) < 1)
            #expect(first.now >= before - 1 && first.now <= Date() + 1)   // to the second

            let advanced = try await control.advanceClock(by: 901)
            #expect(abs(advanced.offsetSeconds - 901) < 1)
            let beforeMove = Date()
            let byDuration = try await control.advanceClock(by: .seconds(99))
            #expect(abs(byDuration.offsetSeconds - 1000) < 1)
            #expect(byDuration.now >= beforeMove + 999 && byDuration.now <= Date() + 1001)

            let instant = try #require(try? Date("2027-01-01T09:00:00Z", strategy: .iso8601))
            let jumped = try await control.setClock(to: instant)
            #expect(abs(jumped.now.timeIntervalSince(instant)) < 2)
            let fractional = try await control.setClock(to: instant.addingTimeInterval(0.5))
            #expect(abs(fractional.now.timeIntervalSince(instant)) < 2)

            let wall = try await control.useWallClock()
            #expect(abs(wall.offsetSeconds) < 0.01)
            #expect(abs(try await control.clock().offsetSeconds) < 0.01)
            #expect(try await control.useWallClock().offsetSeconds == 0)   // already there: no move
        }
    }

    @Test func aFrozenClockStandsStillUntilUnfrozenAndUseWallClockLetsItRun() async throws {
        try await withMock(.live) { mock in
            let control = mock.control
            let frozen = try await control.freezeClock(at: Self.start)
            #expect(frozen.frozen && frozen.now == Self.start)
            #expect(try await control.advanceClock(by: 30).now == Self.start + 30)
            #expect(try await control.clock().now == Self.start + 30)
            let running = try await control.unfreezeClock()
            #expect(!running.frozen)
            #expect(try await control.freezeClock().frozen)
            let wall = try await control.useWallClock()
            #expect(!wall.frozen && abs(wall.offsetSeconds) < 0.01)
        }
    }

    @Test func clockRefusesAMoveBeyondAHundredYears() async throws {
        try await withMock(.live) { mock in
            let error = await controlError { try await mock.control.advanceClock(by: 200 * 365 * 86_400) }
            #expect(error?.status == 400)
            #expect(error?.message == "Invalid or missing field: advance_seconds")
        }
    }

    @Test func companiesAreListedAndTheirStatusSet() async throws {
        try await withSignedInMock(.live) { mock, admin in
            let control = mock.control
            let companies = try await control.companies()
            #expect(companies.map(\.name) == ["Acme Repairs", "Beta Tech", "Halted Ltd", "Pending Co"])
            #expect(companies.first { $0.id == MockSeed.Company.acme }?.status == .active)
            #expect(companies.first { $0.name == "Pending Co" }?.status == .pendingApproval)

            let suspended = try await control.setCompanyStatus(MockSeed.Company.acme, to: .suspended)
            #expect(suspended.id == MockSeed.Company.acme && suspended.name == "Acme Repairs" && suspended.status == .suspended)
            #expect(try await control.companies().first { $0.id == MockSeed.Company.acme }?.status == .suspended)

            // Effective on the next request: signed-in staff of a suspended company are quarantined.
            try await control.setCompanyStatus(MockSeed.Company.acme, to: .active)
            let token = admin.token   // signed in before any of it: a status change ends no session
            try await control.setCompanyStatus(MockSeed.Company.acme, to: .suspended)
            #expect(try await mock.app("GET", "/api/orders", bearer: token).status == 403)

            let unknown = await controlError { try await control.setCompanyStatus("nope", to: .active) }
            #expect(unknown?.status == 404)
            #expect(unknown?.message == "Company not found")
            let bad = await controlError { try await control.setCompanyStatus(MockSeed.Company.acme, to: "closed") }
            #expect(bad?.message == "Invalid or missing field: status")
        }
    }

    @Test func accountsSayHowEachSignsIn() async throws {
        try await withMock(.live) { mock in
            let accounts = try await mock.control.accounts()
            let admin = try #require(accounts.first { $0.email == MockSeed.Staff.admin.email })
            #expect(admin.kind == .staff)
            #expect(admin.role == "admin")
            #expect(admin.company == "Acme Repairs")
            #expect(admin.companyStatus == .active)
            #expect(admin.signIn == "password123 + email code")
            let sam = try #require(accounts.first { $0.email == MockSeed.Customer.sam.email })
            #expect(sam.kind == .customer)
            #expect(sam.role == nil && sam.companyStatus == nil)
            #expect(sam.company == "Acme Repairs, Beta Tech")
            #expect(sam.signIn == "magic link code")
        }
    }

    @Test func snapshotsExportImportAndPin() async throws {
        try await withMock(.live) { mock in
            let control = mock.control
            let seeded = try await control.exportSnapshot()
            #expect(seeded.prefix(16) == Data("SQLite format 3\0".utf8))

            // A changed state, exported, then the seed back, then the changed state imported.
            try await control.setCompanyStatus(MockSeed.Company.beta, to: .suspended)
            let changed = try await control.exportSnapshot()
            try await control.reset()
            #expect(try await control.companies().first { $0.id == MockSeed.Company.beta }?.status == .active)
            let imported = try await control.importSnapshot(changed)
            #expect(imported.bytes == changed.count)
            #expect(try await control.companies().first { $0.id == MockSeed.Company.beta }?.status == .suspended)

            // Pinned: reset returns to it.
            let pinned = try await control.pinSnapshot()
            #expect(pinned.bytes > 0)
            try await control.setCompanyStatus(MockSeed.Company.beta, to: .active)
            try await control.reset()
            #expect(try await control.companies().first { $0.id == MockSeed.Company.beta }?.status == .suspended)

            let refused = await controlError { try await control.importSnapshot(Data("not a database".utf8)) }
            #expect(refused?.status == 400)
            #expect(refused?.message?.hasPrefix("Not a RepairMinder Mock state file: ") == true)
        }
    }

    @Test func consolePageIsServedAtItsURL() async throws {
        try await withMock(.live) { mock in
            #expect(mock.control.consoleURL.absoluteString == mock.baseURL.absoluteString + "/__mock/")
            let page = try await mock.control.consolePage()
            #expect(page.contains("<html"))
        }
    }
}
