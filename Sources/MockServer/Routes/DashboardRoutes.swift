import MockRouting
import MockStore
/// The staff dashboard (CONTRACT §6, decided shapes): every figure computed from the data at
/// request time, the window ending at the mock clock's now; company-scoped.
enum DashboardRoutes {
    static func register(on router: inout Router) {
        router.get("/api/dashboard/stats") { (context: StaffContext) in
            let period = try context.enumQuery("period", DashboardPeriod.self) ?? .today
            let stats = try context.store.dashboard(company: context.staff.companyID, period: period, now: context.now)
            return JSONBody.success(DashboardStatsPayload(stats))
        }

        router.get("/api/dashboard/enquiry-stats") { (context: StaffContext) in
            return JSONBody.success(EnquiryStatsPayload(try context.store.enquiryStats(company: context.staff.companyID)))
        }

        // The staff tabs' badges (seed 000 `refreshHeaderCounts()`; path and shape decided).
        router.get("/api/header-counts") { (context: StaffContext) in
            return JSONBody.success(HeaderCountsPayload(try context.store.headerCounts(company: context.staff.companyID, user: context.staff.userID)))
        }
    }
}
