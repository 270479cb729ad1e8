/// Wire shapes of `GET /api/dashboard/stats` and `GET /api/dashboard/enquiry-stats` (CONTRACT §6,
/// decided shapes). Keys come in a fixed order: statuses in workflow order, money as strings.

/// `{period, from, to, devices: {total, by_status}, work_in_progress, orders: {created, collected},
/// revenue: {invoiced, paid, outstanding}}`
struct DashboardStatsPayload: Encodable, Sendable {
    let period: String
    let from: String
    let to: String
    let devices: Devices
    let work_in_progress: WorkInProgress
    let orders: Orders
    let revenue: Revenue

    struct Devices: Encodable, Sendable {
        let total: Int
        let by_status: CountsByKey
    }

    struct WorkInProgress: Encodable, Sendable {
        let awaiting_authorisation: Int
        let in_repair: Int
        let ready_for_collection: Int
    }

    struct Orders: Encodable, Sendable {
        let created: Int
        let collected: Int
    }

    struct Revenue: Encodable, Sendable {
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
struct EnquiryStatsPayload: Encodable, Sendable {
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

/// An object of counts whose keys are a closed set's values, written in the given order (a
/// `Dictionary` would be written sorted).
struct CountsByKey: Encodable, Sendable {
    let counts: [(key: String, count: Int)]

    init(_ counts: [(String, Int)]) { self.counts = counts.map { (key: $0.0, count: $0.1) } }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (key, count) in counts { try container.encode(count, forKey: Key(stringValue: key)) }
    }
}
