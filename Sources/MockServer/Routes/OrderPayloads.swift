import MockBasics
import MockStore
/// Wire shapes of `GET /api/orders` and `GET|PATCH /api/orders/:id` (seed 003 "Order Detail").

/// A row of the order list.
@JSONObject
struct OrderListItemPayload: Sendable {
    let id: String
    let order_number: Int64
    let status: String
    let payment_status: String
    let intake_method: String
    let client: ClientRef
    @Nullable var location: LocationRef?
    @Nullable var assigned_user: UserRefPayload?
    let device_count: Int
    let devices: [DeviceBrief]
    let grand_total: String
    let balance_due: String
    let created_at: String
    let updated_at: String

    @JSONObject
    struct ClientRef: Sendable {
        let id: String
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
    struct LocationRef: Sendable {
        let id: String
        let name: String
    }

    /// `{id, display_name, status, workflow_type}`
    @JSONObject
    struct DeviceBrief: Sendable {
        let id: String
        let display_name: String
        let status: String
        let workflow_type: String
    }

    init(_ summary: OrderListEntry) {
        let order = summary.order
        id = order.id
        order_number = order.orderNumber
        status = order.status.rawValue
        payment_status = summary.totals.paymentStatus.rawValue
        intake_method = order.intakeMethod.rawValue
        client = ClientRef(summary.client)
        location = summary.location.map { LocationRef(id: $0.id, name: $0.name) }
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

/// The order detail: every section of seed 003's table.
@JSONObject
struct OrderDetailPayload: Sendable {
    let id: String
    let order_number: Int64
    let status: String
    let payment_status: String
    let intake_method: String
    @Nullable var notes: String?
    let client: Client
    @Nullable var location: Location?
    @Nullable var assigned_user: UserRefPayload?
    let devices: [Device]
    let items: [Item]
    let payments: [Payment]
    let totals: Totals
    let signatures: [Signature]
    @Nullable var ticket: Ticket?
    let dates: Dates

    @JSONObject
    struct Client: Sendable {
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
        /// The lines above in one, as seed 003's order detail names it (`address`, decided: joined
        /// with ", "); null when the client has none.
        @Nullable var address: String?
        let email_suppressed: Int
    }

    @JSONObject
    struct Location: Sendable {
        let id: String
        let name: String
        let address_line1: String
        @Nullable var address_line2: String?
        let city: String
        let postcode: String
        /// The lines above in one (seed 003's `address`, decided: joined with ", ").
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
        let id: String
        let display_name: String
        let brand: String
        let model: String
        @Nullable var serial_number: String?
        @Nullable var imei: String?
        let status: String
        let status_label: String
        let workflow_type: String
        let priority: String
        @Nullable var authorization_status: String?
        @Nullable var assigned_engineer: UserRefPayload?
    }

    @JSONObject
    struct Item: Sendable {
        let id: String
        @Nullable var device_id: String?
        let item_type: String
        let description: String
        let quantity: Int64
        let unit_price: String
        let vat_rate: String
        let line_total: String
        let vat_amount: String
        let line_total_inc_vat: String
    }

    @JSONObject
    struct Payment: Sendable {
        let id: String
        let amount: String
        let payment_method: String
        let payment_date: String
        let is_deposit: Int
        let refunded_amount: String
        let refundable_amount: String
        @Nullable var notes: String?
    }

    @JSONObject
    struct Totals: Sendable {
        let subtotal: String
        let vat_total: String
        let grand_total: String
        let amount_paid: String
        let balance_due: String
    }

    @JSONObject
    struct Signature: Sendable {
        let id: String
        let signature_type: String
        let typed_name: String
        let terms_agreed: Int
        let captured_at: String
        @Nullable var device_id: String?
    }

    @JSONObject
    struct Ticket: Sendable {
        let id: String
        let ticket_number: Int64
        let subject: String
        let status: String
        let messages: [Message]
    }

    /// The order view's short form of a ticket message (the ticket detail has the full one).
    @JSONObject
    struct Message: Sendable {
        let id: String
        let type: String
        @Nullable var from_name: String?
        @Nullable var from_email: String?
        @Nullable var subject: String?
        let body_text: String
        @Nullable var device_id: String?
        @Nullable var created_by: UserRefPayload?
        let created_at: String
    }

    @JSONObject
    struct Dates: Sendable {
        let created_at: String
        let updated_at: String
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
        let t = summary.totals
        totals = Totals(subtotal: Money.string(t.subtotalPence), vat_total: Money.string(t.vatTotalPence),
                        grand_total: Money.string(t.grandTotalPence), amount_paid: Money.string(t.amountPaidPence),
                        balance_due: Money.string(t.balanceDuePence))
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
