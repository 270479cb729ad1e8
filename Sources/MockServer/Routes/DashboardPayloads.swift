import MockBasics
import MockStore
/// Wire shapes of `GET /api/dashboard/stats` and `GET /api/dashboard/enquiry-stats` (CONTRACT §6,
/// decided shapes). Keys come in a fixed order: statuses in workflow order, money as strings.

/// `GET /api/dashboard/stats`: the company's devices, work and money, now and in the period's window.
/*@JSONObject(component: "DashboardStats", decided: true)*/
struct DashboardStatsPayload: Sendable {
    let period: DashboardPeriod
    /// Start of the window (inclusive), UTC midnight.
    /*@Schema(.timestamp)*/ let from: String
    /// End of the window (inclusive), the mock clock's now.
    /*@Schema(.timestamp)*/ let to: String
    /// The company's devices now (not windowed).
    let devices: Devices
    /// Device-status groups now (decided): awaiting_authorisation = awaiting_authorisation +
    /// awaiting_revised_quote; in_repair = authorised_source_parts + authorised_awaiting_parts + ready_to_repair +
    /// repairing + repaired_qc; ready_for_collection = repaired_ready + rejection_ready.
    let work_in_progress: WorkInProgress
    let orders: Orders
    /// Money strings (decided).
    let revenue: Revenue

    /*@JSONObject*/
    struct Devices: Sendable {
        /*@Schema(.integer(minimum: 0))*/ let total: Int
        /// Every one of the 20 statuses, zero included, in workflow order.
        let by_status: CountsByKey<DeviceStatus>
    }

    /*@JSONObject(decided: true)*/
    struct WorkInProgress: Sendable {
        /*@Schema(.integer(minimum: 0))*/ let awaiting_authorisation: Int
        /*@Schema(.integer(minimum: 0))*/ let in_repair: Int
        /*@Schema(.integer(minimum: 0))*/ let ready_for_collection: Int
    }

    /*@JSONObject*/
    struct Orders: Sendable {
        /// Orders whose `created_at` lies in the window.
        /*@Schema(.integer(minimum: 0))*/ let created: Int
        /// Orders whose `collected_at` lies in the window.
        /*@Schema(.integer(minimum: 0))*/ let collected: Int
    }

    /*@JSONObject(decided: true)*/
    struct Revenue: Sendable {
        /// Sum of the grand totals of the orders collected in the window.
        /*@Schema(.money)*/ let invoiced: String
        /// Sum of (amount − refunded) of the payments whose `payment_date` lies in the window; buyback payouts are
        /// negative payments and reduce it; a refund counts on its payment's date.
        /*@Schema(.money)*/ let paid: String
        /// Sum of the positive `balance_due` of every order not `collected`, now (not windowed).
        /*@Schema(.money)*/ let outstanding: String
    }

    init(_ stats: DashboardStats) {
        period = stats.period
        from = Timestamp.string(stats.from)
        to = Timestamp.string(stats.to)
        devices = Devices(total: stats.deviceTotal,
                          by_status: CountsByKey(stats.devicesByStatus))
        work_in_progress = WorkInProgress(awaiting_authorisation: stats.count(.awaitingAuthorisation),
                                          in_repair: stats.count(.inRepair),
                                          ready_for_collection: stats.count(.readyForCollection))
        orders = Orders(created: stats.ordersCreated, collected: stats.ordersCollected)
        revenue = Revenue(invoiced: Money.string(stats.invoicedPence), paid: Money.string(stats.paidPence),
                          outstanding: Money.string(stats.outstandingPence))
    }
}

/// `GET /api/dashboard/enquiry-stats`: the company's tickets by status and type.
/*@JSONObject(component: "EnquiryStats", decided: true, from: "EnquiryStats")*/
struct EnquiryStatsPayload: Sendable {
    /*@Schema(.integer(minimum: 0))*/ let total: Int
    /*@From(CountsByKey(source.byStatus))*/ let by_status: CountsByKey<TicketStatus>
    /*@From(CountsByKey(source.byType))*/ let by_type: CountsByKey<TicketType>
    /// Tickets `open` or `pending` whose newest message that is not an `internal_note` is `inbound` (decided;
    /// newest = latest `created_at`, then the message stored last).
    /*@Schema(.integer(minimum: 0))*/ let awaiting_reply: Int
}

/// The staff tabs' badges.
/*@JSONObject(component: "HeaderCounts", from: "HeaderCounts")*/
struct HeaderCountsPayload: Sendable {
    /// The caller's devices that still need work (`GET /api/devices/my-queue`'s total).
    /*@Schema(.integer(minimum: 0))*/ let devices: Int
    /// The company's orders not yet collected.
    /*@Schema(.integer(minimum: 0))*/ let orders: Int
    /// The company's tickets awaiting the shop's reply (`GET /api/tickets?awaiting_reply=true`'s total).
    /*@Schema(.integer(minimum: 0))*/ let enquiries: Int
}

/// A count for every value of a closed set, zero included, in the set's declaration order (a
/// `Dictionary` would be written sorted and without the zeros).
struct CountsByKey<Key: CaseIterable & RawRepresentable & Hashable>: JSONWritable, WireSchemaDescribing, Sendable
where Key.RawValue == String {
    let counts: [(key: String, count: Int)]

    init(_ counts: [Key: Int]) { self.counts = Key.allCases.map { (key: $0.rawValue, count: counts[$0] ?? 0) } }

    /// An object with every value as a key, each a count.
    static var wireSchema: WireSchema {
        .object(WireObject(description: nil, properties: Key.allCases.map {
            WireProperty(key: $0.rawValue, schema: .integer(minimum: 0), required: true, nullable: false, description: nil)
        }))
    }

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
