import MockBasics
import MockStore
/// Wire shapes of `GET /api/orders` and `GET|PATCH /api/orders/:id` (seed 003 "Order Detail").

/// What an order's list row and its detail both begin with.
/*@JSONObject*/
struct OrderHeadPayload: Sendable {
    /*@Schema(.id)*/ let id: String
    let order_number: Int64
    let status: OrderStatus
    let payment_status: OrderTotals.PaymentStatus
    let intake_method: IntakeMethod
}

/// A row of `GET /api/orders`.
/*@JSONObject(component: "OrderListItem")*/
struct OrderListItemPayload: Sendable {
    /*@Inline*/ let head: OrderHeadPayload
    let client: ClientNamePayload
    /*@Nullable*/ var location: IdNamePayload?
    /*@Nullable*/ var assigned_user: UserRefPayload?
    /*@Schema(.integer(minimum: 0))*/ let device_count: Int
    let devices: [DeviceBrief]
    /*@Schema(.money)*/ let grand_total: String
    /*@Schema(.money)*/ let balance_due: String
    /*@Schema(.timestamp)*/ let created_at: String
    /*@Schema(.timestamp)*/ let updated_at: String

    /*@JSONObject(from: "ListedDevice")*/
    struct DeviceBrief: Sendable {
        /*@Schema(.id)*/ let id: String
        let display_name: String
        let status: DeviceStatus
        let workflow_type: WorkflowType
    }

    init(_ summary: OrderListEntry) {
        let order = summary.order
        head = OrderHeadPayload(id: order.id, order_number: order.orderNumber, status: order.status,
                                payment_status: summary.totals.paymentStatus, intake_method: order.intakeMethod)
        client = ClientNamePayload(summary.client)
        location = summary.location.map(IdNamePayload.init)
        assigned_user = summary.assignedUser.map(UserRefPayload.init)
        device_count = summary.devices.count
        devices = summary.devices.map(DeviceBrief.init)
        grand_total = Money.string(summary.totals.grandTotalPence)
        balance_due = Money.string(summary.totals.balanceDuePence)
        created_at = order.createdAt
        updated_at = order.updatedAt
    }
}

/// `GET|PATCH /api/orders/{id}`: every section of seed 003's order detail.
/*@JSONObject(component: "OrderDetail")*/
struct OrderDetailPayload: Sendable {
    /*@Inline*/ let head: OrderHeadPayload
    /*@Nullable*/ var notes: String?
    let client: Client
    /*@Nullable*/ var location: Location?
    /*@Nullable*/ var assigned_user: UserRefPayload?
    let devices: [Device]
    /// Line items, oldest first. A `device_purchase` line (a buyback) is money the shop owes, so its
    /// `line_total` is negative (decided).
    let items: [Item]
    /// By payment date. A buyback payout is a negative payment.
    let payments: [Payment]
    let totals: OrderTotalsPayload
    let signatures: [Signature]
    /// The order's conversation (its newest ticket), or null when it has none.
    /*@Nullable*/ var ticket: Ticket?
    let dates: Dates

    /*@JSONObject(from: "ClientRecord")*/
    struct Client: Sendable {
        /*@From(ClientNamePayload(source))*/ /*@Inline*/ let name: ClientNamePayload
        /*@Nullable*/ var phone: String?
        /*@From(ClientAddressPayload(source))*/ /*@Inline*/ let postal: ClientAddressPayload
        /// The address lines in one, joined with ", " (seed 003's `address`); null when the client has
        /// none.
        /*@From(postal.joined)*/ /*@Nullable*/ var address: String?
        /*@Schema(.flag)*/ let email_suppressed: Int
    }

    /*@JSONObject(from: "CompanyLocationRecord")*/
    struct Location: Sendable {
        /*@Schema(.id)*/ let id: String
        let name: String
        /*@From(LocationAddressPayload(source))*/ /*@Inline*/ let postal: LocationAddressPayload
        /// The address lines in one, joined with ", " (seed 003's `address`).
        /*@From(postal.joined)*/ let address: String
        /*@Nullable*/ var phone: String?
    }

    /*@JSONObject*/
    struct Device: Sendable {
        /*@Schema(.id)*/ let id: String
        /*@Inline*/ let glance: DeviceGlancePayload
        /*@Nullable*/ var authorization_status: AuthorizationStatus?
        /*@Nullable*/ var assigned_engineer: UserRefPayload?

        init(_ device: OrderDevice, engineer: StaffName?) {
            id = device.id
            glance = DeviceGlancePayload(device)
            authorization_status = device.authorizationStatus
            assigned_engineer = engineer.map(UserRefPayload.init)
        }
    }

    /*@JSONObject(from: "PricedLine")*/
    struct Item: Sendable {
        /*@From(source.item.id)*/ /*@Schema(.id)*/ let id: String
        /// A UUID string (decided).
        /*@From(source.item.deviceID)*/ /*@Schema(.id)*/ /*@Nullable*/ var device_id: String?
        /// Which of the company's four VAT rates the line uses.
        /*@From(source.item.itemType)*/ let item_type: ItemType
        /*@From(LinePricePayload(source.item))*/ /*@Inline*/ let price: LinePricePayload
        /// quantity × unit_price, ex VAT; negative for `device_purchase`.
        /*@From(Money.string(source.amounts.totalPence))*/ /*@Schema(.money)*/ let line_total: String
        /// line_total × vat_rate / 100, rounded half away from zero to the penny.
        /*@From(Money.string(source.amounts.vatPence))*/ /*@Schema(.money)*/ let vat_amount: String
        /*@From(Money.string(source.amounts.totalIncVATPence))*/ /*@Schema(.money)*/ let line_total_inc_vat: String
    }

    /*@JSONObject(from: "PaymentRecord")*/
    struct Payment: Sendable {
        /*@Schema(.id)*/ let id: String
        /*@From(Money.string(source.amountPence))*/ /*@Schema(.money)*/ let amount: String
        let payment_method: PaymentMethod
        /*@Schema(.timestamp)*/ let payment_date: String
        /*@Schema(.flag)*/ let is_deposit: Int
        /*@From(Money.string(source.refundedPence))*/ /*@Schema(.money)*/ let refunded_amount: String
        /// amount − refunded_amount.
        /*@From(Money.string(source.amountPence - source.refundedPence))*/ /*@Schema(.money)*/ let refundable_amount: String
        /*@Nullable*/ var notes: String?
    }

    /// A signature with its id and, for a device's, the device.
    /*@JSONObject*/
    struct Signature: Sendable {
        /*@Schema(.id)*/ let id: String
        /*@Inline*/ let signature: SignatureBriefPayload
        /// A UUID string (decided).
        /*@Schema(.id)*/ /*@Nullable*/ var device_id: String?

        init(_ signature: SignatureRecord) {
            id = signature.id
            self.signature = SignatureBriefPayload(signature)
            device_id = signature.deviceID
        }
    }

    /*@JSONObject*/
    struct Ticket: Sendable {
        /*@Schema(.id)*/ let id: String
        let ticket_number: Int64
        let subject: String
        let status: TicketStatus
        /// Every message, oldest first, internal notes included (the ticket detail has more per message).
        let messages: [Message]

        init(_ ticket: TicketRecord, messages: [TicketMessageRecord], staff: [String: StaffName]) {
            id = ticket.id
            ticket_number = ticket.ticketNumber
            subject = ticket.subject
            status = ticket.status
            self.messages = messages.map { Message($0, author: $0.createdBy.flatMap { staff[$0] }) }
        }
    }

    /// The order view's short form of a ticket message (the ticket detail has the full one).
    /*@JSONObject*/
    struct Message: Sendable {
        /*@Schema(.id)*/ let id: String
        let type: MessageType
        /*@Nullable*/ var from_name: String?
        /*@Nullable*/ var from_email: String?
        /*@Nullable*/ var subject: String?
        let body_text: String
        /// A UUID string (decided).
        /*@Schema(.id)*/ /*@Nullable*/ var device_id: String?
        /*@Nullable*/ var created_by: UserRefPayload?
        /*@Schema(.timestamp)*/ let created_at: String

        init(_ message: TicketMessageRecord, author: StaffName?) {
            id = message.id
            type = message.type
            from_name = message.fromName
            from_email = message.fromEmail
            subject = message.subject
            body_text = message.bodyText
            device_id = message.deviceID
            created_by = author.map(UserRefPayload.init)
            created_at = message.createdAt
        }
    }

    /*@JSONObject(from: "OrderRecord")*/
    struct Dates: Sendable {
        /*@Schema(.timestamp)*/ let created_at: String
        /*@Schema(.timestamp)*/ let updated_at: String
        /// Stamped when a device moves to `awaiting_authorisation`.
        /*@Schema(.timestamp)*/ /*@Nullable*/ var quote_sent_at: String?
        /// Stamped when a device's quote is approved (`authorised_source_parts`, `ready_to_pay`).
        /*@Schema(.timestamp)*/ /*@Nullable*/ var authorised_at: String?
        /// Stamped when the order becomes `collected`.
        /*@Schema(.timestamp)*/ /*@Nullable*/ var collected_at: String?
    }

    init(_ detail: OrderDetail) {
        let summary = detail.summary
        let order = summary.order
        head = OrderHeadPayload(id: order.id, order_number: order.orderNumber, status: order.status,
                                payment_status: summary.totals.paymentStatus, intake_method: order.intakeMethod)
        notes = order.notes
        client = Client(summary.client)
        location = summary.location.map(Location.init)
        assigned_user = summary.assignedUser.map(UserRefPayload.init)
        devices = summary.devices.map { Device($0, engineer: $0.assignedEngineerID.flatMap { detail.users[$0] }) }
        items = detail.items.map(Item.init)
        payments = detail.payments.map(Payment.init)
        totals = OrderTotalsPayload(summary.totals)
        signatures = detail.signatures.map(Signature.init)
        ticket = detail.ticket.map { Ticket($0, messages: detail.messages, staff: detail.users) }
        dates = Dates(order)
    }
}

/// Computed from the items and payments, never stored (decided rules, docs/resources.md).
/*@JSONObject(component: "OrderTotals", decided: true, from: "OrderTotals")*/
struct OrderTotalsPayload: Sendable {
    /*@From(Money.string(source.subtotalPence))*/ /*@Schema(.money)*/ let subtotal: String
    /*@From(Money.string(source.vatTotalPence))*/ /*@Schema(.money)*/ let vat_total: String
    /// subtotal + vat_total.
    /*@From(Money.string(source.grandTotalPence))*/ /*@Schema(.money)*/ let grand_total: String
    /// Σ (payment amount − refunded amount).
    /*@From(Money.string(source.amountPaidPence))*/ /*@Schema(.money)*/ let amount_paid: String
    /// grand_total − amount_paid.
    /*@From(Money.string(source.balanceDuePence))*/ /*@Schema(.money)*/ let balance_due: String
}
