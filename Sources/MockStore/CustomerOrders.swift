import Foundation
import GRDB
import MockBasics

/// The customer portal's reads and actions (CONTRACT §6, customer part): only the signed-in
/// client's orders of the token's company; anything else is "not found".
extension Store {
    package func customerOrders(client: String, company: String, page: PageRequest) throws -> PageOf<OrderListEntry> {
        try readDatabase { db in
            var conditions = SQLConditions()
            conditions.add("orders.client_id = ?", client)
            conditions.add("orders.company_id = ?", company)
            let total = try db.count("SELECT COUNT(*) FROM orders WHERE \(conditions.sql)", conditions.arguments)
            return PageOf(items: try orderListEntries(db, where: conditions, limit: page.limit, offset: page.offset),
                          total: total)
        }
    }

    package func customerOwnsOrder(id: String, client: String, company: String) throws -> Bool {
        try readDatabase { db in
            try db.count("SELECT COUNT(*) FROM orders WHERE id = ? AND client_id = ? AND company_id = ?", [id, client, company]) == 1
        }
    }

    package func customerOrder(id: String, client: String, company: String) throws -> OrderDetail? {
        try readDatabase { db in try customerOrderDetail(db, id: id, client: client, company: company) }
    }

    /// Approves the quote: every device awaiting authorisation moves on along its workflow
    /// (repair → `authorised_source_parts`, buyback → `ready_to_pay`), an `authorisation`
    /// signature is stored for the client, and staff get `quote_approved` pushes. Nothing awaiting
    /// authorisation is `ResourceError.rejected`, with nothing written.
    package func approveQuote(orderID: String, client: String, company: String, typedName: String,
                             now: Date) throws -> OrderDetail? {
        try answerQuote(orderID: orderID, client: client, company: company, now: now, approved: true) { db, order, stamp in
            try SignatureRecord(id: invented.id(SignatureRecord.self), companyID: company, orderID: order.id,
                                deviceID: nil, clientID: client, signatureType: .authorisation, typedName: typedName,
                                termsAgreed: 1, capturedAt: stamp).insert(db)
        }
    }

    /// Rejects the quote: every device awaiting authorisation moves to `rejected`, keeping
    /// `reason` as its authorisation notes for staff; staff get `quote_rejected` pushes.
    package func rejectQuote(orderID: String, client: String, company: String, reason: String?,
                            now: Date) throws -> OrderDetail? {
        try answerQuote(orderID: orderID, client: client, company: company, now: now, approved: false, reason: reason) { _, _, _ in }
    }

    /// The customer's message on the order: an inbound message on its ticket (a new `order`
    /// ticket when it has none), an `enquiry_reply` push to staff. Returns the ticket's messages.
    package func addCustomerMessage(orderID: String, client: String, company: String, body: String,
                                   now: Date) throws -> (detail: OrderDetail, messageID: String)? {
        try writeDatabase { db in
            guard let order = try db.record(OrderRecord.self, "SELECT * FROM orders WHERE id = ? AND client_id = ? AND company_id = ?",
                                            [orderID, client, company]),
                  let person = try db.record(ClientRecord.self, "SELECT * FROM clients WHERE id = ?", [client]) else { return nil }
            let stamp = Timestamp.string(now)
            var ticket: TicketRecord
            var opened = false
            if let existing = try db.record(TicketRecord.self, Self.orderTicketSQL, [order.id, company]) {
                ticket = existing
            } else {
                opened = true
                let number = try db.count("SELECT COALESCE(MAX(ticket_number), 1000) + 1 FROM tickets WHERE company_id = ?", [company])
                ticket = TicketRecord(id: invented.id(TicketRecord.self), companyID: company,
                                      ticketNumber: Int64(number), ticketType: .order, status: .open,
                                      subject: "Order #\(order.orderNumber)", clientID: client, orderID: order.id,
                                      locationID: order.locationID, assignedUserID: order.assignedUserID,
                                      createdAt: stamp, updatedAt: stamp, requiresLocation: 0, receivedEmailID: nil)
                try ticket.insert(db)
            }
            let to = try ticket.receivedEmailID.flatMap {
                try String.fetchOne(db.cachedStatement(sql: "SELECT email_address FROM company_emails WHERE id = ?"), arguments: [$0])
            }
            let name = person.fullName
            // The message that opens the conversation carries its subject; later ones answer it.
            let subject = opened || ticket.subject.hasPrefix("Re: ") ? ticket.subject : "Re: \(ticket.subject)"
            let messageID = try addInboundMessage(db, ticket: &ticket, fromEmail: person.email, fromName: name, toEmail: to,
                                                  subject: subject, body: body, deviceID: nil, now: now)
            try PushDelivery.record([PushEvent.customerReplied(ticket, from: name)], db: db, company: company, actor: client, now: now, invented: invented)
            guard let detail = try customerOrderDetail(db, id: orderID, client: client, company: company) else { return nil }
            return (detail, messageID)
        }
    }

    // MARK: Helpers

    /// The order's conversation: its newest ticket (the one the order detail shows).
    static let orderTicketSQL = """
        SELECT * FROM tickets WHERE order_id = ? AND company_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1
        """

    private func customerOrderDetail(_ db: Database, id: String, client: String, company: String) throws -> OrderDetail? {
        guard try db.count("SELECT COUNT(*) FROM orders WHERE id = ? AND client_id = ? AND company_id = ?",
                           [id, client, company]) == 1 else { return nil }
        return try orderDetail(db, id: id, company: company)
    }

    private func answerQuote(orderID: String, client: String, company: String, now: Date, approved: Bool,
                             reason: String? = nil,
                             record: (Database, OrderRecord, String) throws -> Void) throws -> OrderDetail? {
        try writeDatabase { db in
            guard var order = try db.record(OrderRecord.self, "SELECT * FROM orders WHERE id = ? AND client_id = ? AND company_id = ?",
                                            [orderID, client, company]),
                  let person = try db.record(ClientRecord.self, "SELECT * FROM clients WHERE id = ?", [client]) else { return nil }
            let waiting = try db.records(DeviceRecord.self, """
                SELECT * FROM devices WHERE order_id = ? AND status = 'awaiting_authorisation' ORDER BY created_at, rowid
                """, [order.id])
            guard !waiting.isEmpty else {
                throw ResourceError.rejected("There is no quote awaiting your authorisation on this order")
            }
            let stamp = Timestamp.string(now)
            let orderBefore = order.status
            var events: [PushEvent] = []
            for var device in waiting {
                device.authorizationMethod = "portal"
                if let reason { device.authorizationNotes = reason }
                let next: DeviceStatus = approved
                    ? (device.workflowType == .buyback ? .readyToPay : .authorisedSourceParts) : .rejected
                _ = try move(db, &device, to: next, order: &order, stamp: stamp)
                events.append(PushEvent.quoteAnswered(device, order: order, approved: approved,
                                                      by: person.fullName))
            }
            try record(db, order, stamp)
            events += PushEvent.orderChanged(order, from: orderBefore, tellClient: true)
            try PushDelivery.record(events, db: db, company: company, actor: client, now: now, invented: invented)
            return try customerOrderDetail(db, id: orderID, client: client, company: company)
        }
    }
}
