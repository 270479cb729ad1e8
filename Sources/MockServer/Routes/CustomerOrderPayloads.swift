import MockBasics
import MockStore
/// The customer's view of an order (decided, docs/resources.md): what the portal shows, and
/// nothing staff-only — no internal notes, engineer notes or findings, part costs, payment
/// records, assigned staff or client contact details.

/// A row of `GET /api/customer/orders`.
@JSONObject
struct CustomerOrderListItemPayload: Sendable {
    let id: String
    let order_number: Int64
    let status: String
    let status_label: String
    let device_count: Int
    let devices: [CustomerOrderDetailPayload.DeviceBrief]
    /// 1 when a quote awaits the customer's answer.
    let awaiting_authorisation: Int
    let grand_total: String
    let balance_due: String
    let created_at: String
    let updated_at: String

    init(_ summary: OrderListEntry) {
        let order = summary.order
        id = order.id
        order_number = order.orderNumber
        status = order.status.rawValue
        status_label = order.status.displayName
        device_count = summary.devices.count
        devices = summary.devices.map(CustomerOrderDetailPayload.DeviceBrief.init)
        awaiting_authorisation = summary.devices.contains { $0.status == .awaitingAuthorisation } ? 1 : 0
        grand_total = Money.string(summary.totals.grandTotalPence)
        balance_due = Money.string(summary.totals.balanceDuePence)
        created_at = order.createdAt
        updated_at = order.updatedAt
    }
}

/// `GET /api/customer/orders/:id` and the answers of approve and reject.
@JSONObject
struct CustomerOrderDetailPayload: Sendable {
    let id: String
    let order_number: Int64
    let status: String
    let status_label: String
    @Nullable var location: Location?
    let devices: [Device]
    let items: [Item]
    let totals: OrderTotalsPayload
    @Nullable var quote: Quote?
    let signatures: [Signature]
    let messages: [Message]
    let dates: Dates

    @JSONObject
    struct DeviceBrief: Sendable {
        let id: String
        let display_name: String
        let status: String
        let status_label: String

        init(_ device: OrderDevice) {
            self.init(id: device.id, displayName: device.displayName, status: device.status)
        }

        init(_ device: ListedDevice) {
            self.init(id: device.id, displayName: device.displayName, status: device.status)
        }

        private init(id: String, displayName: String, status: DeviceStatus) {
            self.id = id
            display_name = displayName
            self.status = status.rawValue
            status_label = status.displayName
        }
    }

    @JSONObject
    struct Location: Sendable {
        let name: String
        let address_line1: String
        @Nullable var address_line2: String?
        let city: String
        let postcode: String
        @Nullable var phone: String?
        @Nullable var email: String?
    }

    @JSONObject
    struct Device: Sendable {
        let id: String
        let display_name: String
        let status: String
        let status_label: String
        let workflow_type: String
        @Nullable var authorization_status: String?
        @Nullable var customer_reported_issues: String?
    }

    @JSONObject
    struct Item: Sendable {
        let id: String
        @Nullable var device_id: String?
        let description: String
        let quantity: Int64
        let unit_price: String
        let vat_rate: String
        let line_total_inc_vat: String

        init(_ item: OrderItemRecord) {
            id = item.id
            device_id = item.deviceID
            description = item.description
            quantity = item.quantity
            unit_price = Money.string(item.unitPricePence)
            vat_rate = item.vatRate
            line_total_inc_vat = Money.string(LineAmounts(item).totalIncVATPence)
        }
    }

    /// What awaits the customer's authorisation, and for how much: the devices in
    /// `awaiting_authorisation` and their line items (inc. VAT).
    @JSONObject
    struct Quote: Sendable {
        let devices: [DeviceBrief]
        let items: [Item]
        let total: String
        @Nullable var sent_at: String?
    }

    @JSONObject
    struct Signature: Sendable {
        let signature_type: String
        let typed_name: String
        let terms_agreed: Int
        let captured_at: String
    }

    /// Messages the customer sent or was sent (`inbound`, `outbound`, `outbound_sms`), oldest first.
    @JSONObject
    struct Message: Sendable {
        let id: String
        let type: String
        @Nullable var from_name: String?
        @Nullable var subject: String?
        let body_text: String
        @Nullable var body_html: String?
        let created_at: String

        init(_ message: TicketMessageRecord) {
            id = message.id
            type = message.type.rawValue
            from_name = message.fromName
            subject = message.subject
            body_text = message.bodyText
            body_html = message.bodyHTML
            created_at = message.createdAt
        }
    }

    @JSONObject
    struct Dates: Sendable {
        let created_at: String
        @Nullable var quote_sent_at: String?
        @Nullable var authorised_at: String?
        @Nullable var collected_at: String?
    }

    init(_ detail: OrderDetail) {
        let summary = detail.summary
        let order = summary.order
        id = order.id
        order_number = order.orderNumber
        status = order.status.rawValue
        status_label = order.status.displayName
        location = summary.location.map {
            Location(name: $0.name, address_line1: $0.addressLine1, address_line2: $0.addressLine2, city: $0.city,
                     postcode: $0.postcode, phone: $0.phone, email: $0.email)
        }
        devices = summary.devices.map {
            Device(id: $0.id, display_name: $0.displayName, status: $0.status.rawValue, status_label: $0.status.displayName,
                   workflow_type: $0.workflowType.rawValue, authorization_status: $0.authorizationStatus?.rawValue,
                   customer_reported_issues: $0.customerReportedIssues)
        }
        items = detail.items.map(Item.init)
        totals = OrderTotalsPayload(summary.totals)
        let waiting = summary.devices.filter { $0.status == .awaitingAuthorisation }
        if waiting.isEmpty {
            quote = nil
        } else {
            let ids = Set(waiting.map { $0.id })
            let quoted = detail.items.filter { $0.deviceID.map(ids.contains) ?? false }
            quote = Quote(devices: waiting.map(DeviceBrief.init), items: quoted.map(Item.init),
                          total: Money.string(quoted.reduce(0) { $0 + LineAmounts($1).totalIncVATPence }),
                          sent_at: order.quoteSentAt)
        }
        signatures = detail.signatures.map {
            Signature(signature_type: $0.signatureType.rawValue, typed_name: $0.typedName, terms_agreed: $0.termsAgreed,
                      captured_at: $0.capturedAt)
        }
        messages = detail.messages.filter { $0.type != .internalNote }.map(Message.init)
        dates = Dates(created_at: order.createdAt, quote_sent_at: order.quoteSentAt, authorised_at: order.authorisedAt,
                      collected_at: order.collectedAt)
    }
}
