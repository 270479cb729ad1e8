import Foundation
import GRDB
import MockBasics

/// `GET /api/dashboard/stats?period=` (CONTRACT §6, decided): a window from the start of the period
/// in UTC up to and including the mock clock's now.
package enum DashboardPeriod: String, StoredEnum {
    /// Since 00:00 today.
    case today
    /// Since Monday 00:00 of this week (ISO weeks start on Monday).
    case week
    /// Since 00:00 on the 1st of this month.
    case month
    /// Since 00:00 on 1 January of this year.
    case year

    package static let label = "dashboard period"

    /// The first instant of the period that contains `now` (UTC, whole seconds).
    func start(containing now: Date) -> Date {
        var seconds = time_t(now.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        parts.tm_hour = 0
        parts.tm_min = 0
        parts.tm_sec = 0
        switch self {
        case .today: break
        case .week: parts.tm_mday -= (parts.tm_wday + 6) % 7       // tm_wday: 0 = Sunday
        case .month: parts.tm_mday = 1
        case .year: parts.tm_mday = 1; parts.tm_mon = 0
        }
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))     // normalises a negative mday
    }
}

/// The staff home screen's work-in-progress tiles (decided): each is a set of device statuses, so
/// each figure equals `GET /api/devices?status=<its statuses, comma-joined>`'s total.
package enum WorkInProgressGroup: String, CaseIterable, Sendable {
    /// Waiting on the customer's answer to a quote, first or revised (as `OrderStatus` groups them).
    case awaitingAuthorisation = "awaiting_authorisation"
    /// Authorised work not finished yet: parts, the bench and the repair's QC.
    case inRepair = "in_repair"
    /// Waiting for the customer to collect, repaired or not (as `OrderStatus.readyForCollection`).
    case readyForCollection = "ready_for_collection"

    package var statuses: [DeviceStatus] {
        switch self {
        case .awaitingAuthorisation: [.awaitingAuthorisation, .awaitingRevisedQuote]
        case .inRepair: [.authorisedSourceParts, .authorisedAwaitingParts, .readyToRepair, .repairing, .repairedQC]
        case .readyForCollection: [.repairedReady, .rejectionReady]
        }
    }
}

/// Every figure of the dashboard, computed from the data at one instant.
package struct DashboardStats: Sendable {
    package var period: DashboardPeriod
    package var from: Date
    package var to: Date
    /// Every status, zero included: the company's devices now (not windowed).
    package var devicesByStatus: [DeviceStatus: Int]
    /// Orders whose `created_at` / `collected_at` lies in the window.
    package var ordersCreated: Int
    package var ordersCollected: Int
    /// Σ grand totals of the orders collected in the window.
    package var invoicedPence: Int64
    /// Σ (amount − refunded) of payments dated in the window; buyback payouts are negative.
    package var paidPence: Int64
    /// Σ positive balances due of every order not `collected`, now (not windowed).
    package var outstandingPence: Int64

    package var deviceTotal: Int { devicesByStatus.values.reduce(0, +) }

    package func count(_ group: WorkInProgressGroup) -> Int {
        group.statuses.reduce(0) { $0 + (devicesByStatus[$1] ?? 0) }
    }
}

/// `GET /api/dashboard/enquiry-stats`: the company's tickets by status and type, and how many
/// await the shop's reply (`TicketPredicates.awaitingReply`).
package struct EnquiryStats: Sendable {
    package var byStatus: [TicketStatus: Int]
    package var byType: [TicketType: Int]
    package var awaitingReply: Int

    package var total: Int { byStatus.values.reduce(0, +) }
}

extension Store {
    /// The dashboard of `company` for `period`, its window ending at `now`. One read, so every
    /// figure describes the same state. Each count uses the FROM and WHERE of the list it mirrors.
    package func dashboard(company: String, period: DashboardPeriod, now: Date) throws -> DashboardStats {
        let from = period.start(containing: now)
        return try readDatabase { db in
            // `GET /api/devices?status=…`: devices joined to their order, scoped by the device's company.
            var byStatus = Dictionary(uniqueKeysWithValues: DeviceStatus.allCases.map { ($0, 0) })
            let devices = try db.rows("""
                SELECT devices.status AS status, COUNT(*) AS n FROM devices JOIN orders ON orders.id = devices.order_id
                WHERE devices.company_id = ? GROUP BY devices.status
                """, [company]) { columns -> (DeviceStatus, Int) in (try columns.next("status"), try columns.next("n")) }
            for (status, n) in devices { byStatus[status] = n }

            // `GET /api/orders?created_from=&created_to=` and `?collected_from=&collected_to=`.
            let created = Self.orderConditions(company: company, filter: OrderFilter(createdFrom: from, createdTo: now))
            let ordersCreated = try db.count("SELECT COUNT(*) \(Self.orderListFrom) WHERE \(created.sql)", created.arguments)
            let collected = Self.orderConditions(company: company,
                                                 filter: OrderFilter(collectedFrom: from, collectedTo: now))
            let ordersCollected = try db.count("SELECT COUNT(*) \(Self.orderListFrom) WHERE \(collected.sql)",
                                               collected.arguments)
            let invoiced = try orderTotals(db, in: "(SELECT orders.id \(Self.orderListFrom) WHERE \(collected.sql))",
                                           collected.arguments)
                .values.reduce(0) { $0 + $1.grandTotalPence }

            var open = SQLConditions()
            open.add("orders.company_id = ?", company)
            open.add("orders.status <> 'collected'")
            let outstanding = try orderTotals(db, in: "(SELECT orders.id FROM orders WHERE \(open.sql))", open.arguments)
                .values.reduce(0) { $0 + max($1.balanceDuePence, 0) }

            let paid = try Int64.fetchOne(db.cachedStatement(sql: """
                SELECT COALESCE(SUM(amount_pence - refunded_pence), 0) FROM payments
                WHERE company_id = ? AND payment_date >= ? AND payment_date <= ?
                """), arguments: [company, Timestamp.string(from), Timestamp.string(now)]) ?? 0

            return DashboardStats(period: period, from: from, to: now, devicesByStatus: byStatus,
                                  ordersCreated: ordersCreated, ordersCollected: ordersCollected,
                                  invoicedPence: invoiced, paidPence: paid, outstandingPence: outstanding)
        }
    }

    package func enquiryStats(company: String) throws -> EnquiryStats {
        try readDatabase { db in
            var byStatus = Dictionary(uniqueKeysWithValues: TicketStatus.allCases.map { ($0, 0) })
            var byType = Dictionary(uniqueKeysWithValues: TicketType.allCases.map { ($0, 0) })
            let counts = try db.rows("""
                SELECT status, ticket_type, COUNT(*) AS n FROM tickets WHERE company_id = ? GROUP BY status, ticket_type
                """, [company]) { columns -> (TicketStatus, TicketType, Int) in
                (try columns.next("status"), try columns.next("ticket_type"), try columns.next("n"))
            }
            for (status, type, n) in counts {
                byStatus[status, default: 0] += n
                byType[type, default: 0] += n
            }
            var awaiting = SQLConditions()
            awaiting.add("tickets.company_id = ?", company)
            awaiting.add(TicketPredicates.awaitingReply)
            let awaitingReply = try db.count("SELECT COUNT(*) FROM tickets WHERE \(awaiting.sql)", awaiting.arguments)
            return EnquiryStats(byStatus: byStatus, byType: byType, awaitingReply: awaitingReply)
        }
    }
}

/// The staff tabs' badges (seed 000 `AppState.refreshHeaderCounts()`; path and shape decided,
/// docs/dashboard-and-clients.md "Header counts"): each the total of the list it summarises.
package struct HeaderCounts: Sendable, Equatable {
    /// `GET /api/devices/my-queue`: the caller's devices that still need work.
    package var devices: Int
    /// `GET /api/orders?status=<every status but collected>`: open orders.
    package var orders: Int
    /// `GET /api/tickets?awaiting_reply=true`: enquiries waiting for the shop's answer.
    package var enquiries: Int

    /// Every order status an order can be in before it is collected.
    static let openOrderStatuses = OrderStatus.allCases.filter { $0 != .collected }
}

extension Store {
    /// The badges of `user` of `company`, in one read: each count uses the FROM and WHERE of the
    /// list it mirrors, so it is that list's `pagination.total` by construction.
    package func headerCounts(company: String, user: String) throws -> HeaderCounts {
        try readDatabase { db in
            let devices = Self.deviceConditions(company: company,
                                                filter: DeviceFilter(statuses: DeviceStatus.queueStatuses, assignedTo: user))
            let orders = Self.orderConditions(company: company, filter: OrderFilter(statuses: HeaderCounts.openOrderStatuses))
            let tickets = Self.ticketConditions(company: company, filter: TicketFilter(awaitingReply: true))
            return HeaderCounts(
                devices: try db.count("SELECT COUNT(*) \(Self.deviceListFrom) WHERE \(devices.sql)", devices.arguments),
                orders: try db.count("SELECT COUNT(*) \(Self.orderListFrom) WHERE \(orders.sql)", orders.arguments),
                enquiries: try db.count("SELECT COUNT(*) \(Self.ticketListFrom) WHERE \(tickets.sql)", tickets.arguments))
        }
    }
}
