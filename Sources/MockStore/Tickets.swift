import Foundation
import GRDB
import MockBasics

/// `GET /api/tickets` filters (CONTRACT §6). `search` matches the ticket number (prefix, `#`
/// allowed), the subject, and the client's name or email (substring, case-insensitive).
package struct TicketFilter: Sendable {
    var status: TicketStatus?
    var ticketType: TicketType?
    var assignedTo: String?
    var search: String?
    /// Only tickets waiting for the shop's answer (`TicketPredicates.awaitingReply`).
    var awaitingReply: Bool?

    package init(status: TicketStatus? = nil, ticketType: TicketType? = nil, assignedTo: String? = nil,
                 search: String? = nil, awaitingReply: Bool? = nil) {
        self.status = status
        self.ticketType = ticketType
        self.assignedTo = assignedTo
        self.search = search
        self.awaitingReply = awaitingReply
    }
}

/// A ticket with what a list row shows.
package struct TicketSummary: Sendable {
    package var ticket: TicketRecord
    package var client: ClientRecord?
    package var assignedUser: UserRecord?
    package var location: CompanyLocationRecord?
    package var messageCount: Int
    package var lastMessage: TicketMessageRecord?
    package var awaitingReply: Bool
}

/// A ticket with its whole conversation (seed 003 "Ticket/Enquiry Detail").
package struct TicketDetail: Sendable {
    package var summary: TicketSummary
    package var receivedEmail: CompanyEmailRecord?
    package var messages: [TicketMessageRecord]
    /// Delivery events by message id, and the ticket's own events under `""`.
    package var events: [String: [TicketEventRecord]]
    package var attachments: [String: [TicketAttachmentRecord]]
    /// Message authors, by id.
    package var users: [String: StaffName]
    /// Devices messages are linked to, by id.
    package var devices: [String: DeviceRecord]
}

/// What `PATCH /api/tickets/:id` may change; `nil` leaves a field, `.some(nil)` clears it.
package struct TicketChange: Sendable {
    var status: TicketStatus?
    var assignedUserID: String??
    var locationID: String??

    package init(status: TicketStatus? = nil, assignedUserID: String?? = nil, locationID: String?? = nil) {
        self.status = status
        self.assignedUserID = assignedUserID
        self.locationID = locationID
    }
}

/// A message the shop sends on a ticket (a reply, or a macro's stage).
package struct OutgoingMessage: Sendable {
    var html: String
    var text: String?
    var subject: String?
    var fromEmailID: String?

    package init(html: String, text: String? = nil, subject: String? = nil, fromEmailID: String? = nil) {
        self.html = html
        self.text = text
        self.subject = subject
        self.fromEmailID = fromEmailID
    }
}

/// What a macro run did: the message sent now and the stages scheduled after it.
package struct MacroRun: Sendable {
    package var detail: TicketDetail
    package var message: TicketMessageRecord
    package var scheduled: [(stage: MacroStageRecord, at: String)]
    /// The values the stages were filled with.
    package var variables: [String: String]
}

extension Store {
    package func tickets(company: String, filter: TicketFilter, page: PageRequest) throws -> PageOf<TicketSummary> {
        try readDatabase { db in
            let conditions = Self.ticketConditions(company: company, filter: filter)
            let from = "\(Self.ticketListFrom) WHERE \(conditions.sql)"
            let total = try db.count("SELECT COUNT(*) \(from)", conditions.arguments)
            let tickets = try db.records(TicketRecord.self, """
                SELECT tickets.* \(from) ORDER BY tickets.updated_at DESC, tickets.ticket_number DESC LIMIT ? OFFSET ?
                """, conditions.arguments + [page.limit, page.offset])
            return PageOf(items: try ticketSummaries(db, tickets), total: total)
        }
    }

    /// The FROM and WHERE of `GET /api/tickets`, shared with the header counts so that theirs is the
    /// list's total by construction.
    static let ticketListFrom = "FROM tickets LEFT JOIN clients ON clients.id = tickets.client_id"

    static func ticketConditions(company: String, filter: TicketFilter) -> SQLConditions {
        var conditions = SQLConditions()
        conditions.add("tickets.company_id = ?", company)
        if let status = filter.status { conditions.add("tickets.status = ?", status) }
        if let type = filter.ticketType { conditions.add("tickets.ticket_type = ?", type) }
        if let user = filter.assignedTo { conditions.add("tickets.assigned_user_id = ?", user) }
        if let awaiting = filter.awaitingReply {
            if awaiting { conditions.add(TicketPredicates.awaitingReply) } else {
                conditions.add(TicketPredicates.notAwaitingReply)
            }
        }
        if let search = filter.search {
            let number = search.hasPrefix("#") ? String(search.dropFirst()) : search
            let pattern = SQLConditions.contains(search)
            conditions.add("""
                (CAST(tickets.ticket_number AS TEXT) LIKE ? ESCAPE '\\' OR tickets.subject LIKE ? ESCAPE '\\' \
                OR (clients.first_name || ' ' || clients.last_name) LIKE ? ESCAPE '\\' \
                OR clients.email LIKE ? ESCAPE '\\')
                """, SQLConditions.prefix(number), pattern, pattern, pattern)
        }
        return conditions
    }

    package func ticket(id: String, company: String) throws -> TicketDetail? {
        try readDatabase { db in try ticketDetail(db, id: id, company: company) }
    }

    /// An attachment of a message of the ticket; nil unless the ticket is `company`'s.
    package func attachment(id: String, ticketID: String, company: String) throws -> TicketAttachmentRecord? {
        try readDatabase { db in
            try db.record(TicketAttachmentRecord.self, """
                SELECT ticket_attachments.* FROM ticket_attachments
                JOIN ticket_messages ON ticket_messages.id = ticket_attachments.message_id
                JOIN tickets ON tickets.id = ticket_messages.ticket_id
                WHERE ticket_attachments.id = ? AND tickets.id = ? AND tickets.company_id = ?
                """, [id, ticketID, company])
        }
    }

    package func ticketExists(id: String, company: String) throws -> Bool {
        try readDatabase { db in try db.count("SELECT COUNT(*) FROM tickets WHERE id = ? AND company_id = ?", [id, company]) == 1 }
    }

    /// Applies `change`; a status change or (re)assignment is also recorded as a ticket event. A
    /// change to what the ticket already holds writes nothing.
    package func updateTicket(id: String, company: String, change: TicketChange, actor: String,
                             now: Date) throws -> TicketDetail? {
        try writeDatabase { db in
            guard var ticket = try db.record(TicketRecord.self, "SELECT * FROM tickets WHERE id = ? AND company_id = ?",
                                             [id, company]) else { return nil }
            let stamp = Timestamp.string(now)
            let before = ticket
            if let status = change.status, status != ticket.status {
                try addEvent(db, ticket: id, type: "status_changed",
                             data: ["from": .string(ticket.status.rawValue), "to": .string(status.rawValue),
                                    "by": .string(actor)], at: stamp)
                ticket.status = status
            }
            if let user = change.assignedUserID {
                if let user { try requireStaff(db, user, company: company, field: "assigned_user_id") }
                if user != ticket.assignedUserID {
                    try addEvent(db, ticket: id, type: "assigned",
                                 data: ["assigned_user_id": user.map(JSONValue.string) ?? .null, "by": .string(actor)], at: stamp)
                }
                ticket.assignedUserID = user
            }
            if let location = change.locationID {
                if let location { try requireLocation(db, location, company: company, field: "location_id") }
                ticket.locationID = location
            }
            // Setting what is already there changes nothing, not even the ticket's place in the list.
            if ticket.status != before.status || ticket.assignedUserID != before.assignedUserID
                || ticket.locationID != before.locationID {
                ticket.updatedAt = stamp
                try ticket.update(db)
            }
            return try ticketDetail(db, id: id, company: company)
        }
    }

    /// An outbound message to the ticket's client — or, for an enquiry from someone who is not a
    /// client yet, to the address the latest inbound message came from — a `ticket_reply` mail in
    /// the outbox (unless the client's address is suppressed or made up), and a customer `message`
    /// push (clients only).
    package func reply(ticketID: String, company: String, message: OutgoingMessage, actor: String,
                      now: Date) throws -> TicketDetail? {
        try writeDatabase { db in
            guard try db.count("SELECT COUNT(*) FROM tickets WHERE id = ? AND company_id = ?",
                               [ticketID, company]) == 1 else { return nil }
            _ = try sendReply(db, ticketID: ticketID, company: company, message: message, actor: actor, now: now)
            return try ticketDetail(db, id: ticketID, company: company)
        }
    }

    /// An internal note: staff only, no mail, no push.
    package func addNote(ticketID: String, company: String, body: String, actor: String, now: Date) throws -> TicketDetail? {
        try writeDatabase { db in
            guard var ticket = try db.record(TicketRecord.self, "SELECT * FROM tickets WHERE id = ? AND company_id = ?",
                                             [ticketID, company]) else { return nil }
            let author = try db.record(UserRecord.self, "SELECT * FROM users WHERE id = ?", [actor])
            let stamp = Timestamp.string(now)
            try TicketMessageRecord(id: invented.id(TicketMessageRecord.self), companyID: company, ticketID: ticketID,
                                    type: .internalNote, fromEmail: author?.email, fromName: author?.fullName,
                                    toEmail: nil, subject: nil, bodyText: body, bodyHTML: nil, deviceID: nil,
                                    createdBy: actor, createdAt: stamp).insert(db)
            ticket.updatedAt = stamp
            try ticket.update(db)
            return try ticketDetail(db, id: ticketID, company: company)
        }
    }

    /// The ticket's data for a generated answer and for macro variables.
    package func ticketContext(ticketID: String, company: String, locationID: String?) throws -> TicketContext? {
        try readDatabase { db in
            guard let ticket = try db.record(TicketRecord.self, "SELECT * FROM tickets WHERE id = ? AND company_id = ?",
                                             [ticketID, company]) else { return nil }
            if let locationID { try requireLocation(db, locationID, company: company, field: "location_id") }
            return try TicketContext.load(db, ticket: ticket, locationID: locationID)
        }
    }

    package func macros(company: String) throws -> [(macro: MacroRecord, stages: [MacroStageRecord])] {
        try readDatabase { db in
            let macros = try db.records(MacroRecord.self, "SELECT * FROM macros WHERE company_id = ? ORDER BY name, id", [company])
            let stages = try db.records(MacroStageRecord.self, where: "macro_id", in: macros.map { $0.id }, orderBy: "position")
                .grouped { $0.macroID }
            return macros.map { macro in (macro, stages[macro.id] ?? []) }
        }
    }

    /// Runs `macroID` on the ticket: its first stage goes out now as a reply with the variables
    /// filled in (`overrides` win); later stages are recorded as scheduled, each `delay_minutes`
    /// after the one before. An unknown macro is a 400 naming `macro_id`; an inactive one a 400 saying so.
    package func runMacro(ticketID: String, company: String, macroID: String, overrides: [String: String],
                         actor: String, now: Date) throws -> MacroRun? {
        try writeDatabase { db in
            guard let ticket = try db.record(TicketRecord.self, "SELECT * FROM tickets WHERE id = ? AND company_id = ?",
                                             [ticketID, company]) else { return nil }
            guard let macro = try db.record(MacroRecord.self, "SELECT * FROM macros WHERE id = ? AND company_id = ?",
                                            [macroID, company]) else {
                throw ResourceError.invalidField("macro_id")
            }
            guard macro.isActive == 1 else { throw ResourceError.rejected("Macro is inactive: \(macro.name)") }
            let stages = try db.records(MacroStageRecord.self, where: "macro_id", in: [macroID], orderBy: "position")
            guard let first = stages.first else { throw ResourceError.inconsistent("macro \(macroID) has no stage") }
            var variables = try TicketContext.load(db, ticket: ticket, locationID: nil).variables
            for (name, value) in overrides { variables[name] = value }
            let body = MacroTemplate.fill(first.body, variables)
            let message = try sendReply(db, ticketID: ticketID, company: company,
                                        message: OutgoingMessage(html: MacroTemplate.html(body), text: body,
                                                                 subject: MacroTemplate.fill(first.subject, variables)),
                                        actor: actor, now: now)
            let variablesJSON = JSONValue.object(variables.mapValues(JSONValue.string)).jsonString
            let stamp = Timestamp.string(now)
            try MacroRunRecord(id: invented.id(MacroRunRecord.self), companyID: company, ticketID: ticketID, macroID: macroID, stageID: first.id,
                               status: "sent", scheduledFor: stamp, messageID: message.id, variables: variablesJSON,
                               createdBy: actor, createdAt: stamp).insert(db)
            var scheduled: [(stage: MacroStageRecord, at: String)] = []
            var at = now
            for stage in stages.dropFirst() {
                at = at.addingTimeInterval(TimeInterval(stage.delayMinutes * 60))
                let when = Timestamp.string(at)
                try MacroRunRecord(id: invented.id(MacroRunRecord.self), companyID: company, ticketID: ticketID, macroID: macroID,
                                   stageID: stage.id, status: "scheduled", scheduledFor: when, messageID: nil,
                                   variables: variablesJSON, createdBy: actor, createdAt: stamp).insert(db)
                noteScheduledStage(at: when)
                scheduled.append((stage, when))
            }
            guard let detail = try ticketDetail(db, id: ticketID, company: company) else { return nil }
            return MacroRun(detail: detail, message: message, scheduled: scheduled, variables: variables)
        }
    }

    /// Each stage of the ticket's macro runs as it stands, the soonest scheduled first: what the
    /// tests check a run, its schedule and its cancellation by (no route lists them).
    package func macroStageRuns(ticketID: String) throws -> [MacroStageRun] {
        try macroRuns(ticketID: ticketID).map {
            MacroStageRun(stageID: $0.stageID, status: $0.status, scheduledFor: $0.scheduledFor, messageID: $0.messageID)
        }
    }

    /// The ticket's macro runs, the soonest scheduled first.
    func macroRuns(ticketID: String) throws -> [MacroRunRecord] {
        try readDatabase { db in
            try db.records(MacroRunRecord.self, "SELECT * FROM macro_runs WHERE ticket_id = ? ORDER BY scheduled_for, rowid",
                           [ticketID])
        }
    }

    /// Sends a scheduled stage of a macro run as its first stage went out (`runMacro`), at the time
    /// it was due; the reply's id.
    func sendStage(_ db: Database, _ run: MacroRunRecord) throws -> String {
        guard let stage = try db.record(MacroStageRecord.self, "SELECT * FROM macro_stages WHERE id = ?", [run.stageID]),
              let due = Timestamp.parse(run.scheduledFor) else {
            throw ResourceError.rejected("The stage is gone")
        }
        var variables: [String: String] = [:]
        for (name, value) in JSONValue.parse(Array(run.variables.utf8))?.objectValue ?? [:] {
            if let text = value.stringValue { variables[name] = text }
        }
        let body = MacroTemplate.fill(stage.body, variables)
        return try sendReply(db, ticketID: run.ticketID, company: run.companyID,
                             message: OutgoingMessage(html: MacroTemplate.html(body), text: body,
                                                      subject: MacroTemplate.fill(stage.subject, variables)),
                             actor: run.createdBy ?? "", now: due).id
    }

    // MARK: Writing helpers

    private func sendReply(_ db: Database, ticketID: String, company: String, message: OutgoingMessage, actor: String,
                           now: Date) throws -> TicketMessageRecord {
        guard var ticket = try db.record(TicketRecord.self, "SELECT * FROM tickets WHERE id = ? AND company_id = ?",
                                         [ticketID, company]) else { throw ResourceError.inconsistent("ticket \(ticketID)") }
        let client = try ticket.clientID.flatMap {
            try db.record(ClientRecord.self, "SELECT * FROM clients WHERE id = ?", [$0])
        }
        // A lead from an unknown sender is answered at the address it came from.
        let sender = try String.fetchOne(db.cachedStatement(sql: """
            SELECT from_email FROM ticket_messages WHERE ticket_id = ? AND type = 'inbound' AND from_email IS NOT NULL
            ORDER BY created_at DESC, rowid DESC LIMIT 1
            """), arguments: [ticketID])
        guard let recipient = client?.email ?? sender else {
            throw ResourceError.rejected("This enquiry has no client to reply to")
        }
        if ticket.requiresLocation == 1 && ticket.locationID == nil {
            throw ResourceError.rejected("Choose a location for this enquiry before replying")
        }
        let from = try senderAddress(db, ticket: ticket, chosen: message.fromEmailID, company: company)
        let stamp = Timestamp.string(now)
        let text = message.text ?? MacroTemplate.plainText(message.html)
        let topic = ticket.subject
        let subject = message.subject ?? (topic.hasPrefix("Re: ") ? topic : "Re: \(topic)")
        let sent = TicketMessageRecord(id: invented.id(TicketMessageRecord.self), companyID: company, ticketID: ticketID,
                                       type: .outbound, fromEmail: from.emailAddress, fromName: from.displayName,
                                       toEmail: recipient, subject: subject, bodyText: text, bodyHTML: message.html,
                                       deviceID: nil, createdBy: actor, createdAt: stamp)
        try sent.insert(db)
        if let client, client.emailSuppressed == 1 || client.isGeneratedEmail == 1 {
            let reason = client.emailSuppressed == 1 ? "email_suppressed" : "generated_email"
            try addEvent(db, ticket: ticketID, message: sent.id, type: "suppressed", data: ["reason": .string(reason)], at: stamp)
        } else {
            try OutboxRecord.send(Mail(to: recipient, kind: .ticketReply, subject: subject, body: text), db: db, now: now, invented: invented)
            try addEvent(db, ticket: ticketID, message: sent.id, type: "sent", data: ["provider": "mock"], at: stamp)
        }
        ticket.updatedAt = stamp
        try ticket.update(db)
        if let client {
            try PushDelivery.record(PushEvent.staffReplied(ticket: ticket, client: client.id), db: db, company: company,
                                    actor: actor, now: now, invented: invented)
        }
        return sent
    }

    /// The address a reply goes out from: the chosen company address, else the one the enquiry came
    /// in on, else the ticket's location's, else the company's first.
    private func senderAddress(_ db: Database, ticket: TicketRecord, chosen: String?,
                               company: String) throws -> (emailAddress: String, displayName: String) {
        if let chosen {
            guard let email = try db.record(CompanyEmailRecord.self, "SELECT * FROM company_emails WHERE id = ? AND company_id = ?",
                                            [chosen, company]) else { throw ResourceError.invalidField("from_email_id") }
            return (email.emailAddress, email.displayName)
        }
        let candidates = try db.records(CompanyEmailRecord.self, """
            SELECT * FROM company_emails WHERE company_id = ?
            ORDER BY id = ? DESC, (location_id IS ? AND location_id IS NOT NULL) DESC, rowid
            """, [company, ticket.receivedEmailID, ticket.locationID])
        if let first = candidates.first { return (first.emailAddress, first.displayName) }
        // A company without addresses answers from its name and primary location's mail.
        let companyRow = try db.record(CompanyRecord.self, "SELECT * FROM companies WHERE id = ?", [company])
        let location = try db.record(CompanyLocationRecord.self, """
            SELECT * FROM company_locations WHERE company_id = ? ORDER BY is_primary DESC, rowid LIMIT 1
            """, [company])
        return (location?.email ?? "noreply@repairminder.test", companyRow?.name ?? "Repair Minder")
    }

    func addEvent(_ db: Database, ticket: String, message: String? = nil, type: String, data: [String: JSONValue],
                  at stamp: String) throws {
        try TicketEventRecord(id: invented.id(TicketEventRecord.self), ticketID: ticket, messageID: message,
                              eventType: type, eventData: JSONValue.object(data).jsonString, createdAt: stamp).insert(db)
    }

    func requireLocation(_ db: Database, _ id: String, company: String, field: String) throws {
        guard try db.count("SELECT COUNT(*) FROM company_locations WHERE id = ? AND company_id = ?", [id, company]) == 1
        else { throw ResourceError.invalidField(field) }
    }

    // MARK: Reading

    func ticketDetail(_ db: Database, id: String, company: String) throws -> TicketDetail? {
        guard let ticket = try db.record(TicketRecord.self, "SELECT * FROM tickets WHERE id = ? AND company_id = ?",
                                         [id, company]),
              let summary = try ticketSummaries(db, [ticket]).first else { return nil }
        let messages = try db.records(TicketMessageRecord.self, where: "ticket_id", in: [id], orderBy: "created_at, rowid")
        let events = try db.records(TicketEventRecord.self, where: "ticket_id", in: [id], orderBy: "created_at, rowid")
            .grouped { $0.messageID ?? "" }
        let attachments = try db.records(TicketAttachmentRecord.self, where: "message_id", in: messages.map { $0.id })
            .grouped { $0.messageID }
        let users = try staffNames(db, ids: messages.compactMap { $0.createdBy })
        let devices = try db.records(DeviceRecord.self, where: "id", in: messages.compactMap { $0.deviceID }).keyed { $0.id }
        let received = try ticket.receivedEmailID.flatMap {
            try db.record(CompanyEmailRecord.self, "SELECT * FROM company_emails WHERE id = ?", [$0])
        }
        return TicketDetail(summary: summary, receivedEmail: received, messages: messages, events: events,
                            attachments: attachments, users: users, devices: devices)
    }

    private func ticketSummaries(_ db: Database, _ tickets: [TicketRecord]) throws -> [TicketSummary] {
        let ids = tickets.map { $0.id }
        let clients = try db.records(ClientRecord.self, where: "id", in: tickets.compactMap { $0.clientID }).keyed { $0.id }
        let users = try db.records(UserRecord.self, where: "id", in: tickets.compactMap { $0.assignedUserID }).keyed { $0.id }
        let locations = try db.records(CompanyLocationRecord.self, where: "id", in: tickets.compactMap { $0.locationID })
            .keyed { $0.id }
        let messages = try db.records(TicketMessageRecord.self, where: "ticket_id", in: ids, orderBy: "created_at, rowid")
            .grouped { $0.ticketID }
        return tickets.map { ticket in
            let thread = messages[ticket.id] ?? []
            return TicketSummary(ticket: ticket, client: ticket.clientID.flatMap { clients[$0] },
                                 assignedUser: ticket.assignedUserID.flatMap { users[$0] },
                                 location: ticket.locationID.flatMap { locations[$0] },
                                 messageCount: thread.count, lastMessage: thread.last,
                                 awaitingReply: TicketPredicates.isAwaitingReply(ticket, thread))
        }
    }
}

/// One stage of a macro run: `scheduled`, `sent` (with the message it sent) or `cancelled`.
package struct MacroStageRun: Sendable, Equatable {
    package var stageID: String
    package var status: String
    package var scheduledFor: String
    package var messageID: String?
}
