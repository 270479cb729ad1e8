import MockBasics
import MockStore
/// Wire shapes of `GET /api/dashboard/stats` and `GET /api/dashboard/enquiry-stats` (CONTRACT §6,
/// decided shapes). Keys come in a fixed order: statuses in workflow order, money as strings.

/// `{period, from, to, devices: {total, by_status}, work_in_progress, orders: {created, collected},
/// revenue: {invoiced, paid, outstanding}}`
@JSONObject
struct DashboardStatsPayload: Sendable {
    let period: String
    let from: String
    let to: String
    let devices: Devices
    let work_in_progress: WorkInProgress
    let orders: Orders
    let revenue: Revenue

    @JSONObject
    struct Devices: Sendable {
        let total: Int
        let by_status: CountsByKey
    }

    @JSONObject
    struct WorkInProgress: Sendable {
        let awaiting_authorisation: Int
        let in_repair: Int
        let ready_for_collection: Int
    }

    @JSONObject
    struct Orders: Sendable {
        let created: Int
        let collected: Int
    }

    @JSONObject
    struct Revenue: Sendable {
        let invoiced: String
        let paid: String
        let outstanding: String
    }

    init(_ stats: DashboardStats) {
        period = stats.period.rawValue
        from = Timestamp.string(stats.from)
        to = Timestamp.string(stats.to)
        devices = Devices(total: stats.deviceTotal,
                          by_status: CountsByKey(DeviceStatus.allCases.map { ($0.rawValue, stats.devicesByStatus[$0] ?? 0) }))
        work_in_progress = WorkInProgress(awaiting_authorisation: stats.count(.awaitingAuthorisation),
                                          in_repair: stats.count(.inRepair),
                                          ready_for_collection: stats.count(.readyForCollection))
        orders = Orders(created: stats.ordersCreated, collected: stats.ordersCollected)
        revenue = Revenue(invoiced: Money.string(stats.invoicedPence), paid: Money.string(stats.paidPence),
                          outstanding: Money.string(stats.outstandingPence))
    }
}

/// `{total, by_status: {open, pending, resolved, closed}, by_type: {lead, order}, awaiting_reply}`
@JSONObject
struct EnquiryStatsPayload: Sendable {
    let total: Int
    let by_status: CountsByKey
    let by_type: CountsByKey
    let awaiting_reply: Int

    init(_ stats: EnquiryStats) {
        total = stats.total
        by_status = CountsByKey(TicketStatus.allCases.map { ($0.rawValue, stats.byStatus[$0] ?? 0) })
        by_type = CountsByKey(TicketType.allCases.map { ($0.rawValue, stats.byType[$0] ?? 0) })
        awaiting_reply = stats.awaitingReply
    }
}

/// `{devices, orders, enquiries}`: the staff tabs' badges.
@JSONObject
struct HeaderCountsPayload: Sendable {
    let devices: Int
    let orders: Int
    let enquiries: Int

    init(_ counts: HeaderCounts) {
        devices = counts.devices
        orders = counts.orders
        enquiries = counts.enquiries
    }
}

/// An object of counts whose keys are a closed set's values, written in the given order (a
/// `Dictionary` would be written sorted).
struct CountsByKey: JSONWritable, Sendable {
    let counts: [(key: String, count: Int)]

    init(_ counts: [(String, Int)]) { self.counts = counts.map { (key: $0.0, count: $0.1) } }

    func writeJSON(to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        for (i, member) in counts.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            member.key.writeJSON(to: &out)
            out.append(UInt8(ascii: ":"))
            member.count.writeJSON(to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}
