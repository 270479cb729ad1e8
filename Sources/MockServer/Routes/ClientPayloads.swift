import MockBasics
import MockStore
/// Wire shapes of `GET /api/clients`, `GET /api/clients/search` and `GET /api/clients/:id`
/// (CONTRACT §6). Flags are integers 0/1, money strings, every key always present.

/// A row of the client list and of the search answer.
@JSONObject
struct ClientListItemPayload: Sendable {
    let id: String
    let first_name: String
    let last_name: String
    let name: String
    let email: String
    @Nullable var phone: String?
    let email_suppressed: Int
    let is_generated_email: Int
    /// The caller's company's orders of this client (a client of several companies has orders at each).
    let order_count: Int
    let created_at: String

    init(_ summary: ClientSummary) {
        let c = summary.client
        id = c.id
        first_name = c.firstName
        last_name = c.lastName
        name = "\(c.firstName) \(c.lastName)"
        email = c.email
        phone = c.phone
        email_suppressed = c.emailSuppressed
        is_generated_email = c.isGeneratedEmail
        order_count = summary.orderCount
        created_at = c.createdAt
    }
}

/// The client detail: contact fields and the client's orders at the caller's company, newest first.
@JSONObject
struct ClientDetailPayload: Sendable {
    let id: String
    let first_name: String
    let last_name: String
    let name: String
    let email: String
    @Nullable var phone: String?
    @Nullable var address_line1: String?
    @Nullable var address_line2: String?
    @Nullable var city: String?
    @Nullable var postcode: String?
    let email_suppressed: Int
    let is_generated_email: Int
    let created_at: String
    let orders: [OrderBrief]

    /// `{id, order_number, status, device_count, grand_total, balance_due, created_at}`
    @JSONObject
    struct OrderBrief: Sendable {
        let id: String
        let order_number: Int64
        let status: String
        let device_count: Int
        let grand_total: String
        let balance_due: String
        let created_at: String
    }

    init(_ detail: ClientDetail) {
        let c = detail.client
        id = c.id
        first_name = c.firstName
        last_name = c.lastName
        name = "\(c.firstName) \(c.lastName)"
        email = c.email
        phone = c.phone
        address_line1 = c.addressLine1
        address_line2 = c.addressLine2
        city = c.city
        postcode = c.postcode
        email_suppressed = c.emailSuppressed
        is_generated_email = c.isGeneratedEmail
        created_at = c.createdAt
        orders = detail.orders.map { summary in
            OrderBrief(id: summary.order.id, order_number: summary.order.orderNumber,
                       status: summary.order.status.rawValue, device_count: summary.devices.count,
                       grand_total: Money.string(summary.totals.grandTotalPence),
                       balance_due: Money.string(summary.totals.balanceDuePence),
                       created_at: summary.order.createdAt)
        }
    }
}
