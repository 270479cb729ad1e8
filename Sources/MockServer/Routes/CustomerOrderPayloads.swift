import MockBasics
import MockStore
/// The customer's view of an order (decided, docs/resources.md): what the portal shows, and
/// nothing staff-only — no internal notes, engineer notes or findings, part costs, payment
/// records, assigned staff or client contact details.

/// A row of `GET /api/customer/orders`.
/*@JSONObject(component: "CustomerOrderListItem")*/
struct CustomerOrderListItemPayload: Sendable {
    /*@Schema(.id)*/ let id: String
    let order_number: Int64
    let status: OrderStatus
    let status_label: DisplayName<OrderStatus>
    /*@Schema(.integer(minimum: 0))*/ let device_count: Int
    let devices: [CustomerOrderDetailPayload.DeviceBrief]
    /// 1 when a device awaits the customer's answer to a quote.
    /*@Schema(.flag)*/ let awaiting_authorisation: Int
    /*@Schema(.money)*/ let grand_total: String
    /*@Schema(.money)*/ let balance_due: String
    /*@Schema(.timestamp)*/ let created_at: String
    /*@Schema(.timestamp)*/ let updated_at: String

    init(_ summary: OrderListEntry) {
        let order = summary.order
        id = order.id
        order_number = order.orderNumber
        status = order.status
        status_label = DisplayName(order.status)
        device_count = summary.devices.count
        devices = summary.devices.map(CustomerOrderDetailPayload.DeviceBrief.init)
        awaiting_authorisation = summary.devices.contains { $0.status == .awaitingAuthorisation } ? 1 : 0
        grand_total = Money.string(summary.totals.grandTotalPence)
        balance_due = Money.string(summary.totals.balanceDuePence)
        created_at = order.createdAt
        updated_at = order.updatedAt
    }
}

/// The customer's view of an order (decided, docs/resources.md) — no internal notes, engineer notes or
/// findings, part costs, payment records, assigned staff or client contact details.
/*@JSONObject(component: "CustomerOrderDetail", decided: true)*/
struct CustomerOrderDetailPayload: Sendable {
    /*@Schema(.id)*/ let id: String
    let order_number: Int64
    let status: OrderStatus
    let status_label: DisplayName<OrderStatus>
    /*@Nullable*/ var location: Location?
    let devices: [Device]
    let items: [Item]
    let totals: OrderTotalsPayload
    /// What awaits the customer's authorisation, or null when nothing does.
    /*@Nullable*/ var quote: Quote?
    let signatures: [SignatureBriefPayload]
    /// Oldest first.
    let messages: [Message]
    let dates: Dates

    /*@JSONObject(component: "CustomerDeviceBrief")*/
    struct DeviceBrief: Sendable {
        /*@Schema(.id)*/ let id: String
        let display_name: String
        let status: DeviceStatus
        let status_label: DisplayName<DeviceStatus>

        init(_ device: OrderDevice) {
            self.init(id: device.id, displayName: device.displayName, status: device.status)
        }

        init(_ device: ListedDevice) {
            self.init(id: device.id, displayName: device.displayName, status: device.status)
        }

        private init(id: String, displayName: String, status: DeviceStatus) {
            self.id = id
            display_name = displayName
            self.status = status
            status_label = DisplayName(status)
        }
    }

    /*@JSONObject(from: "CompanyLocationRecord")*/
    struct Location: Sendable {
        let name: String
        /*@From(LocationAddressPayload(source))*/ /*@Inline*/ let postal: LocationAddressPayload
        /*@Nullable*/ var phone: String?
        /*@Nullable*/ var email: String?
    }

    /*@JSONObject*/
    struct Device: Sendable {
        /*@Schema(.id)*/ let id: String
        let display_name: String
        let status: DeviceStatus
        let status_label: DisplayName<DeviceStatus>
        let workflow_type: WorkflowType
        /*@Nullable*/ var authorization_status: AuthorizationStatus?
        /*@Nullable*/ var customer_reported_issues: String?
    }

    /*@JSONObject(component: "CustomerItem", from: "PricedLine")*/
    struct Item: Sendable {
        /*@From(source.item.id)*/ /*@Schema(.id)*/ let id: String
        /// A UUID string (decided).
        /*@From(source.item.deviceID)*/ /*@Schema(.id)*/ /*@Nullable*/ var device_id: String?
        /*@From(LinePricePayload(source.item))*/ /*@Inline*/ let price: LinePricePayload
        /*@From(Money.string(source.amounts.totalIncVATPence))*/ /*@Schema(.money)*/ let line_total_inc_vat: String
    }

    /*@JSONObject*/
    struct Quote: Sendable {
        /// The devices in `awaiting_authorisation`.
        /*@Schema(.array(.component("CustomerDeviceBrief"), minItems: 1))*/ let devices: [DeviceBrief]
        /// Their line items.
        let items: [Item]
        /// Σ line_total_inc_vat of those items.
        /*@Schema(.money)*/ let total: String
        /*@Schema(.timestamp)*/ /*@Nullable*/ var sent_at: String?
    }

    /// A message the customer sent or was sent (`inbound`, `outbound`, `outbound_sms`); internal notes are
    /// never shown.
    /*@JSONObject(component: "CustomerMessage", from: "TicketMessageRecord")*/
    struct Message: Sendable {
        /*@Schema(.id)*/ let id: String
        /// Never `internal_note`: the customer sees no internal note.
        let type: MessageType
        /*@Nullable*/ var from_name: String?
        /*@Nullable*/ var subject: String?
        let body_text: String
        /*@Nullable*/ var body_html: String?
        /*@Schema(.timestamp)*/ let created_at: String
    }

    /*@JSONObject*/
    struct Dates: Sendable {
        /*@Schema(.timestamp)*/ let created_at: String
        /*@Schema(.timestamp)*/ /*@Nullable*/ var quote_sent_at: String?
        /*@Schema(.timestamp)*/ /*@Nullable*/ var authorised_at: String?
        /*@Schema(.timestamp)*/ /*@Nullable*/ var collected_at: String?
    }

    init(_ detail: OrderDetail) {
        let summary = detail.summary
        let order = summary.order
        id = order.id
        order_number = order.orderNumber
        status = order.status
        status_label = DisplayName(order.status)
        location = summary.location.map(Location.init)
        devices = summary.devices.map {
            Device(id: $0.id, display_name: $0.displayName, status: $0.status, status_label: DisplayName($0.status),
                   workflow_type: $0.workflowType, authorization_status: $0.authorizationStatus,
                   customer_reported_issues: $0.customerReportedIssues)
        }
        items = detail.items.map(Item.init)
        totals = OrderTotalsPayload(summary.totals)
        let waiting = summary.devices.filter { $0.status == .awaitingAuthorisation }
        if waiting.isEmpty {
            quote = nil
        } else {
            let ids = Set(waiting.map { $0.id })
            let quoted = detail.items.filter { $0.item.deviceID.map(ids.contains) ?? false }
            quote = Quote(devices: waiting.map(DeviceBrief.init), items: quoted.map(Item.init),
                          total: Money.string(quoted.reduce(0) { $0 + $1.amounts.totalIncVATPence }),
                          sent_at: order.quoteSentAt)
        }
        signatures = detail.signatures.map(SignatureBriefPayload.init)
        messages = detail.messages.filter { $0.type != .internalNote }.map(Message.init)
        dates = Dates(created_at: order.createdAt, quote_sent_at: order.quoteSentAt, authorised_at: order.authorisedAt,
                      collected_at: order.collectedAt)
    }
}
