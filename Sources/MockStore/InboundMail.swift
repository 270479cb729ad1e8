import Foundation
import GRDB
import MockBasics

/// Mail a customer sends the shop: what `POST /__mock/inbound-email` simulates (the backend's
/// mail webhook) and what a customer's message in the portal becomes.
package struct InboundEmail: Sendable {
    /// The company address it was sent to (`company_emails`), which picks the company.
    var to: String
    var fromEmail: String
    var fromName: String?
    var subject: String
    var body: String
    /// Append to this ticket of the same company instead of opening a new enquiry.
    var ticketID: String?

    package init(to: String, fromEmail: String, fromName: String? = nil, subject: String, body: String,
                 ticketID: String? = nil) {
        self.to = to
        self.fromEmail = fromEmail
        self.fromName = fromName
        self.subject = subject
        self.body = body
        self.ticketID = ticketID
    }
}

/// What an inbound message did.
package struct InboundResult: Sendable {
    package var ticket: TicketRecord
    package var messageID: String
    package var createdTicket: Bool
}

extension Store {
    /// A new enquiry (a `lead` ticket, `new_enquiry` push) or a reply on `ticketID`
    /// (`enquiry_reply` push). The sender is matched to a client of the company by email. An
    /// address no company owns, or a ticket of another company, is `ResourceError.invalidField`.
    package func receiveEmail(_ mail: InboundEmail, now: Date) throws -> InboundResult {
        try writeDatabase { db in
            guard let address = try db.record(CompanyEmailRecord.self,
                                              "SELECT * FROM company_emails WHERE email_address = ? COLLATE NOCASE", [mail.to])
            else { throw ResourceError.invalidField("to") }
            let company = address.companyID
            let client = try db.record(ClientRecord.self, """
                SELECT clients.* FROM clients JOIN client_companies ON client_companies.client_id = clients.id
                WHERE clients.email = ? COLLATE NOCASE AND client_companies.company_id = ?
                """, [mail.fromEmail, company])
            let fromName = mail.fromName ?? client?.fullName
            let stamp = Timestamp.string(now)
            var created = false
            var ticket: TicketRecord
            if let id = mail.ticketID {
                guard let existing = try db.record(TicketRecord.self, "SELECT * FROM tickets WHERE id = ? AND company_id = ?",
                                                   [id, company]) else { throw ResourceError.invalidField("ticket_id") }
                ticket = existing
            } else {
                let number = try db.count("SELECT COALESCE(MAX(ticket_number), 1000) + 1 FROM tickets WHERE company_id = ?", [company])
                let locations = try String.fetchAll(db.cachedStatement(sql: "SELECT id FROM company_locations WHERE company_id = ?"),
                                                    arguments: [company])
                // The address's location, the only location, or none yet (someone must choose).
                let location = address.locationID ?? (locations.count == 1 ? locations[0] : nil)
                ticket = TicketRecord(id: invented.id(TicketRecord.self), companyID: company,
                                      ticketNumber: Int64(number), ticketType: .lead, status: .open,
                                      subject: mail.subject, clientID: client?.id, orderID: nil, locationID: location,
                                      assignedUserID: nil, createdAt: stamp, updatedAt: stamp,
                                      requiresLocation: location == nil ? 1 : 0, receivedEmailID: address.id)
                try ticket.insert(db)
                created = true
            }
            let messageID = try addInboundMessage(db, ticket: &ticket, fromEmail: mail.fromEmail, fromName: fromName,
                                                  toEmail: address.emailAddress, subject: mail.subject, body: mail.body,
                                                  deviceID: nil, now: now)
            let event = created ? PushEvent.newEnquiry(ticket) : PushEvent.customerReplied(ticket, from: fromName ?? mail.fromEmail)
            try PushDelivery.record([event], db: db, company: company, actor: client?.id ?? "", now: now, invented: invented)
            return InboundResult(ticket: ticket, messageID: messageID, createdTicket: created)
        }
    }

    /// Appends an inbound message: the ticket reopens (`open`) if it was pending, resolved or
    /// closed, and moves to the top of the list.
    func addInboundMessage(_ db: Database, ticket: inout TicketRecord, fromEmail: String, fromName: String?, toEmail: String?,
                           subject: String?, body: String, deviceID: String?, now: Date) throws -> String {
        let stamp = Timestamp.string(now)
        let message = TicketMessageRecord(id: invented.id(TicketMessageRecord.self), companyID: ticket.companyID,
                                          ticketID: ticket.id, type: .inbound, fromEmail: fromEmail, fromName: fromName,
                                          toEmail: toEmail, subject: subject, bodyText: body, bodyHTML: nil,
                                          deviceID: deviceID, createdBy: nil, createdAt: stamp)
        try message.insert(db)
        if ticket.status != .open {
            try addEvent(db, ticket: ticket.id, type: "status_changed",
                         data: ["from": .string(ticket.status.rawValue), "to": "open", "by": "customer"], at: stamp)
            ticket.status = .open
        }
        ticket.updatedAt = stamp
        try ticket.update(db)
        return message.id
    }
}
