import Testing
import MockBasics
@testable import MockStore

/// Where the store starts a dashboard period (`DashboardPeriod`); what the dashboard
/// counts in one: `DashboardTests`.
@Suite struct DashboardPeriodTests {
    @Test func periodStartsAreUTCMidnightsOfTodayMondayTheFirstAndFirstOfJanuary() {
        func start(_ period: DashboardPeriod, _ now: String) -> String {
            Timestamp.string(period.start(containing: Timestamp.date(from: now)!))
        }
        #expect(start(.today, "2026-11-21T23:59:59Z") == "2026-11-21T00:00:00Z")
        #expect(start(.today, "2026-11-21T00:00:00Z") == "2026-11-21T00:00:00Z")
        #expect(start(.week, "2026-11-22T23:59:59Z") == "2026-11-16T00:00:00Z", "Sunday belongs to the week of Monday 16th")
        #expect(start(.week, "2026-11-16T00:00:00Z") == "2026-11-16T00:00:00Z", "Monday starts its own week")
        #expect(start(.week, "2026-11-15T23:59:59Z") == "2026-11-09T00:00:00Z")
        #expect(start(.week, "2026-01-01T09:00:00Z") == "2025-12-29T00:00:00Z", "across a year end")
        #expect(start(.month, "2024-02-29T10:00:00Z") == "2024-02-01T00:00:00Z")
        #expect(start(.month, "2026-12-31T23:59:59Z") == "2026-12-01T00:00:00Z")
        #expect(start(.year, "2024-02-29T10:00:00Z") == "2024-01-01T00:00:00Z")
        #expect(start(.year, "2026-01-01T00:00:00Z") == "2026-01-01T00:00:00Z")
    }
}
