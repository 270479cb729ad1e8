import MockBasics
import MockStore
/// Wire shapes of `GET /api/orders` and `GET|PATCH /api/orders/:id` (seed 003 "Order Detail").

/// A row of `GET /api/orders`.
@JSONObject(component: "OrderListItem")
struct OrderListItemPayload: Sendable {
    @Schema(.id) let id: String
    let order_number: Int64
    @Schema(.component("OrderStatus")) let status: String
    @Schema(.component("PaymentStatus")) let payment_status: String
    @Schema(.component("IntakeMethod")) let intake_method: String
    let client: ClientRef
    @Nullable var location: IdNamePayload?
    @Nullable var assigned_user: UserRefPayload?
    @Schema(.integer(minimum: 0)) let device_count: Int
    let devices: [DeviceBrief]
    @Schema(.money) let grand_total: String
    @Schema(.money) let balance_due: String
    @Schema(.timestamp) let created_at: String
    @Schema(.timestamp) let updated_at: String

    @JSONObject
    struct ClientRef: Sendable {
        @Schema(.id) let id: String
        let first_name: String
        let last_name: String
        let name: String
        let email: String

        init(_ client: ClientName) {
            id = client.id
            first_name = client.firstName
            last_name = client.lastName
            name = "\(client.firstName) \(client.lastName)"
            email = client.email
        }
    }

    @JSONObject
    struct DeviceBrief: Sendable {
        @Schema(.id) let id: String
        let display_name: String
        @Schema(.component("DeviceStatus")) let status: String
        @Schema(.component("WorkflowType")) let workflow_type: String
    }

    init(_ summary: OrderListEntry) {
        let order = summary.order
        id = order.id
        order_number = order.orderNumber
        status = order.status.rawValue
        payment_status = summary.totals.paymentStatus.rawValue
        intake_method = order.intakeMethod.rawValue
        client = ClientRef(summary.client)
        location = summary.location.map(IdNamePayload.init)
        assigned_user = summary.assignedUser.map(UserRefPayload.init)
        device_count = summary.devices.count
        devices = summary.devices.map {
            DeviceBrief(id: $0.id, display_name: $0.displayName, status: $0.status.rawValue,
                        workflow_type: $0.workflowType.rawValue)
        }
        grand_total = Money.string(summary.totals.grandTotalPence)
        balance_due = Money.string(summary.totals.balanceDuePence)
        created_at = order.createdAt
        updated_at = order.updatedAt
    }
}

/// `GET|PATCH /api/orders/{id}`: every section of seed 003's order detail.
@JSONObject(component: "OrderDetail")
struct OrderDetailPayload: Sendable {
    @Schema(.id) let id: String
    let order_number: Int64
    @Schema(.component("OrderStatus")) let status: String
    @Schema(.component("PaymentStatus")) let payment_status: String
    @Schema(.component("IntakeMethod")) let intake_method: String
    @Nullable var notes: String?
    let client: Client
    @Nullable var location: Location?
    @Nullable var assigned_user: UserRefPayload?
    let devices: [Device]
    /// Line items, oldest first. A `device_purchase` line (a buyback) is money the shop owes, so its
    /// `line_total` is negative (decided).
    let items: [Item]
    /// By payment date. A buyback payout is a negative payment.
    let payments: [Payment]
    let totals: OrderTotalsPayload
    let signatures: [Signature]
    /// The order's conversation (its newest ticket), or null when it has none.
    @Nullable var ticket: Ticket?
    let dates: Dates

    @JSONObject
    struct Client: Sendable {
        @Schema(.id) let id: String
        let first_name: String
        let last_name: String
        let name: String
        let email: String
        @Nullable var phone: String?
        @Nullable var address_line1: String?
        @Nullable var address_line2: String?
        @Nullable var city: String?
        @Nullable var postcode: String?
        /// The address lines in one, joined with ", " (seed 003's `address`); null when the client has
        /// none.
        @Nullable var address: String?
        @Schema(.flag) let email_suppressed: Int
    }

    @JSONObject
    struct Location: Sendable {
        @Schema(.id) let id: String
        let name: String
        let address_line1: String
        @Nullable var address_line2: String?
        let city: String
        let postcode: String
        /// The address lines in one, joined with ", " (seed 003's `address`).
        let address: String
        @Nullable var phone: String?
    }

    /// `"3 Mill Lane, Manchester, M1 1AA"`: the parts that are there, joined; nil for none.
    static func address(_ parts: String?...) -> String? {
        let present = parts.compactMap { $0?.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return present.isEmpty ? nil : present.joined(separator: ", ")
    }

    @JSONObject
    struct Device: Sendable {
        @Schema(.id) let id: String
        /// "brand model".
        let display_name: String
        let brand: String
        let model: String
        @Nullable var serial_number: String?
        @Nullable var imei: String?
        @Schema(.component("DeviceStatus")) let status: String
        @Schema(.component("DeviceStatusLabel")) let status_label: String
        @Schema(.component("WorkflowType")) let workflow_type: String
        @Schema(.component("DevicePriority")) let priority: String
        @Schema(.values(AuthorizationStatus.self)) @Nullable var authorization_status: String?
        @Nullable var assigned_engineer: UserRefPayload?
    }

    @JSONObject
    struct Item: Sendable {
        @Schema(.id) let id: String
        /// A UUID string (decided).
        @Schema(.id) @Nullable var device_id: String?
        /// Which of the company's four VAT rates the line uses.
        @Schema(.values(ItemType.self)) let item_type: String
        let description: String
        @Schema(.integer(minimum: 1)) let quantity: Int64
        @Schema(.money) let unit_price: String
        @Schema(.vatRate) let vat_rate: String
        /// quantity × unit_price, ex VAT; negative for `device_purchase`.
        @Schema(.money) let line_total: String
        /// line_total × vat_rate / 100, rounded half away from zero to the penny.
        @Schema(.money) let vat_amount: String
        @Schema(.money) let line_total_inc_vat: String
    }

    @JSONObject
    struct Payment: Sendable {
        @Schema(.id) let id: String
        @Schema(.money) let amount: String
        @Schema(.values(PaymentMethod.self)) let payment_method: String
        @Schema(.timestamp) let payment_date: String
        @Schema(.flag) let is_deposit: Int
        @Schema(.money) let refunded_amount: String
        /// amount − refunded_amount.
        @Schema(.money) let refundable_amount: String
        @Nullable var notes: String?
    }

    @JSONObject
    struct Signature: Sendable {
        @Schema(.id) let id: String
        @Schema(.values(SignatureType.self)) let signature_type: String
        let typed_name: String
        @Schema(.flag) let terms_agreed: Int
        @Schema(.timestamp) let captured_at: String
        /// A UUID string (decided).
        @Schema(.id) @Nullable var device_id: String?
    }

    @JSONObject
    struct Ticket: Sendable {
        @Schema(.id) let id: String
        let ticket_number: Int64
        let subject: String
        @Schema(.component("TicketStatus")) let status: String
        /// Every message, oldest first, internal notes included (the ticket detail has more per message).
        let messages: [Message]
    }

    /// The order view's short form of a ticket message (the ticket detail has the full one).
    @JSONObject
    struct Message: Sendable {
        @Schema(.id) let id: String
        @Schema(.component("MessageType")) let type: String
        @Nullable var from_name: String?
        @Nullable var from_email: String?
        @Nullable var subject: String?
        let body_text: String
        /// A UUID string (decided).
        @Schema(.id) @Nullable var device_id: String?
        @Nullable var created_by: UserRefPayload?
        @Schema(.timestamp) let created_at: String
    }

    @JSONObject
    struct Dates: Sendable {
        @Schema(.timestamp) let created_at: String
        @Schema(.timestamp) let updated_at: String
        /// Stamped when a device moves to `awaiting_authorisation`.
        @Schema(.timestamp) @Nullable var quote_sent_at: String?
        /// Stamped when a device's quote is approved (`authorised_source_parts`, `ready_to_pay`).
        @Schema(.timestamp) @Nullable var authorised_at: String?
        /// Stamped when the order becomes `collected`.
        @Schema(.timestamp) @Nullable var collected_at: String?
    }

    init(_ detail: OrderDetail) {
        let summary = detail.summary
        let order = summary.order
        id = order.id
        order_number = order.orderNumber
        status = order.status.rawValue
        payment_status = summary.totals.paymentStatus.rawValue
        intake_method = order.intakeMethod.rawValue
        notes = order.notes
        let c = summary.client
        client = Client(id: c.id, first_name: c.firstName, last_name: c.lastName, name: "\(c.firstName) \(c.lastName)",
                        email: c.email, phone: c.phone, address_line1: c.addressLine1, address_line2: c.addressLine2,
                        city: c.city, postcode: c.postcode,
                        address: Self.address(c.addressLine1, c.addressLine2, c.city, c.postcode),
                        email_suppressed: c.emailSuppressed)
        location = summary.location.map {
            Location(id: $0.id, name: $0.name, address_line1: $0.addressLine1, address_line2: $0.addressLine2,
                     city: $0.city, postcode: $0.postcode,
                     address: Self.address($0.addressLine1, $0.addressLine2, $0.city, $0.postcode) ?? "",
                     phone: $0.phone)
        }
        assigned_user = summary.assignedUser.map(UserRefPayload.init)
        devices = summary.devices.map { d in
            Device(id: d.id, display_name: d.displayName, brand: d.brand, model: d.model, serial_number: d.serialNumber,
                   imei: d.imei, status: d.status.rawValue, status_label: d.status.displayName,
                   workflow_type: d.workflowType.rawValue, priority: d.priority.rawValue,
                   authorization_status: d.authorizationStatus?.rawValue,
                   assigned_engineer: d.assignedEngineerID.flatMap { detail.users[$0] }.map(UserRefPayload.init))
        }
        items = detail.items.map { item in
            let amounts = LineAmounts(item)
            return Item(id: item.id, device_id: item.deviceID, item_type: item.itemType.rawValue,
                        description: item.description, quantity: item.quantity,
                        unit_price: Money.string(item.unitPricePence), vat_rate: item.vatRate,
                        line_total: Money.string(amounts.totalPence), vat_amount: Money.string(amounts.vatPence),
                        line_total_inc_vat: Money.string(amounts.totalIncVATPence))
        }
        payments = detail.payments.map { p in
            Payment(id: p.id, amount: Money.string(p.amountPence), payment_method: p.paymentMethod.rawValue,
                    payment_date: p.paymentDate, is_deposit: p.isDeposit, refunded_amount: Money.string(p.refundedPence),
                    refundable_amount: Money.string(p.amountPence - p.refundedPence), notes: p.notes)
        }
        totals = OrderTotalsPayload(summary.totals)
        signatures = detail.signatures.map { s in
            Signature(id: s.id, signature_type: s.signatureType.rawValue, typed_name: s.typedName,
                      terms_agreed: s.termsAgreed, captured_at: s.capturedAt, device_id: s.deviceID)
        }
        ticket = detail.ticket.map { ticket in
            Ticket(id: ticket.id, ticket_number: ticket.ticketNumber, subject: ticket.subject, status: ticket.status.rawValue,
                   messages: detail.messages.map { m in
                       Message(id: m.id, type: m.type.rawValue, from_name: m.fromName, from_email: m.fromEmail,
                               subject: m.subject, body_text: m.bodyText, device_id: m.deviceID,
                               created_by: m.createdBy.flatMap { detail.users[$0] }.map(UserRefPayload.init),
                               created_at: m.createdAt)
                   })
        }
        dates = Dates(created_at: order.createdAt, updated_at: order.updatedAt, quote_sent_at: order.quoteSentAt,
                      authorised_at: order.authorisedAt, collected_at: order.collectedAt)
    }
}

/// Computed from the items and payments, never stored (decided rules, docs/resources.md).
@JSONObject(component: "OrderTotals", decided: true)
struct OrderTotalsPayload: Sendable {
    @Schema(.money) let subtotal: String
    @Schema(.money) let vat_total: String
    /// subtotal + vat_total.
    @Schema(.money) let grand_total: String
    /// Σ (payment amount − refunded amount).
    @Schema(.money) let amount_paid: String
    /// grand_total − amount_paid.
    @Schema(.money) let balance_due: String

    init(_ totals: OrderTotals) {
        subtotal = Money.string(totals.subtotalPence)
        vat_total = Money.string(totals.vatTotalPence)
        grand_total = Money.string(totals.grandTotalPence)
        amount_paid = Money.string(totals.amountPaidPence)
        balance_due = Money.string(totals.balanceDuePence)
    }
}
