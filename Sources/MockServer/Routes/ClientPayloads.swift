import MockBasics
import MockStore
/// Wire shapes of `GET /api/clients`, `GET /api/clients/search` and `GET /api/clients/:id`
/// (CONTRACT §6). Flags are integers 0/1, money strings, every key always present.

/// A row of `GET /api/clients` and of `GET /api/clients/search`.
/*@JSONObject(component: "ClientListItem")*/
struct ClientListItemPayload: Sendable {
    /*@Inline*/ let name: ClientNamePayload
    /*@Nullable*/ var phone: String?
    /*@Schema(.flag)*/ let email_suppressed: Int
    /// 1 when the shop made the address up for a client without one (mail to it goes nowhere).
    /*@Schema(.flag)*/ let is_generated_email: Int
    /// The caller's company's orders of this client (a client of several companies has orders at each).
    /*@Schema(.integer(minimum: 0))*/ let order_count: Int
    /*@Schema(.timestamp)*/ let created_at: String

    init(_ summary: ClientSummary) {
        let c = summary.client
        name = ClientNamePayload(c)
        phone = c.phone
        email_suppressed = c.emailSuppressed
        is_generated_email = c.isGeneratedEmail
        order_count = summary.orderCount
        created_at = c.createdAt
    }
}

/// `GET /api/clients/{id}`: contact fields and the client's orders at the caller's company.
/*@JSONObject(component: "ClientDetail")*/
struct ClientDetailPayload: Sendable {
    /*@Inline*/ let name: ClientNamePayload
    /*@Nullable*/ var phone: String?
    /*@Inline*/ let postal: ClientAddressPayload
    /*@Schema(.flag)*/ let email_suppressed: Int
    /*@Schema(.flag)*/ let is_generated_email: Int
    /*@Schema(.timestamp)*/ let created_at: String
    /// The caller's company's orders of this client, newest first.
    let orders: [OrderBrief]

    /*@JSONObject(component: "ClientOrderBrief")*/
    struct OrderBrief: Sendable {
        /*@Schema(.id)*/ let id: String
        let order_number: Int64
        /// Computed from the order's devices (decided).
        let status: OrderStatus
        /*@Schema(.integer(minimum: 0))*/ let device_count: Int
        /*@Schema(.money)*/ let grand_total: String
        /*@Schema(.money)*/ let balance_due: String
        /*@Schema(.timestamp)*/ let created_at: String
    }

    init(_ detail: ClientDetail) {
        let c = detail.client
        name = ClientNamePayload(c)
        phone = c.phone
        postal = ClientAddressPayload(c)
        email_suppressed = c.emailSuppressed
        is_generated_email = c.isGeneratedEmail
        created_at = c.createdAt
        orders = detail.orders.map { summary in
            OrderBrief(id: summary.order.id, order_number: summary.order.orderNumber,
                       status: summary.order.status, device_count: summary.devices.count,
                       grand_total: Money.string(summary.totals.grandTotalPence),
                       balance_due: Money.string(summary.totals.balanceDuePence),
                       created_at: summary.order.createdAt)
        }
    }
}
