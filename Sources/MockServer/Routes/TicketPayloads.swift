import MockBasics
import MockStore
/// Wire shapes of the enquiry routes (seed 003 "Ticket/Enquiry Detail" and "Ticket Actions").

/// A row of `GET /api/tickets`.
@JSONObject
struct TicketListItemPayload: Sendable {
    let id: String
    let ticket_number: Int64
    let subject: String
    let status: String
    let ticket_type: String
    @Nullable var order_id: String?
    @Nullable var client: ClientRef?
    @Nullable var assigned_user: UserRefPayload?
    @Nullable var location: IdNamePayload?
    let requires_location: Int
    let message_count: Int
    let awaiting_reply: Int
    @Nullable var last_message_at: String?
    @Nullable var last_message_preview: String?
    let created_at: String
    let updated_at: String

    @JSONObject
    struct ClientRef: Sendable {
        let id: String
        let name: String
        let email: String
    }

    init(_ summary: TicketSummary) {
        let t = summary.ticket
        id = t.id
        ticket_number = t.ticketNumber
        subject = t.subject
        status = t.status.rawValue
        ticket_type = t.ticketType.rawValue
        order_id = t.orderID
        client = summary.client.map { ClientRef(id: $0.id, name: "\($0.firstName) \($0.lastName)", email: $0.email) }
        assigned_user = summary.assignedUser.map(UserRefPayload.init)
        location = summary.location.map(IdNamePayload.init)
        requires_location = t.requiresLocation
        message_count = summary.messageCount
        awaiting_reply = summary.awaitingReply ? 1 : 0
        last_message_at = summary.lastMessage?.createdAt
        last_message_preview = summary.lastMessage.map { Self.preview($0.bodyText) }
        created_at = t.createdAt
        updated_at = t.updatedAt
    }

    /// The start of a message on one line, at most 140 characters.
    static func preview(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count > 140 ? String(flat.prefix(137)) + "..." : flat
    }
}

/// `GET /api/tickets/:id` and the answers of the ticket actions.
@JSONObject
struct TicketDetailPayload: Sendable {
    let id: String
    let ticket_number: Int64
    let subject: String
    let status: String
    let ticket_type: String
    @Nullable var order_id: String?
    @Nullable var client: Client?
    @Nullable var assigned_user: UserRefPayload?
    @Nullable var location: IdNamePayload?
    let requires_location: Int
    @Nullable var received_custom_email: ReceivedEmail?
    let awaiting_reply: Int
    let messages: [Message]
    /// Ticket-level events (status changes, assignments); delivery events sit on their message.
    let events: [Event]
    let created_at: String
    let updated_at: String

    @JSONObject
    struct Client: Sendable {
        let id: String
        let first_name: String
        let last_name: String
        let name: String
        let email: String
        @Nullable var phone: String?
        let email_suppressed: Int
        let is_generated_email: Int
    }

    @JSONObject
    struct ReceivedEmail: Sendable {
        let id: String
        let email_address: String
        let display_name: String
    }

    @JSONObject
    struct Message: Sendable {
        let id: String
        let type: String
        @Nullable var from_email: String?
        @Nullable var from_name: String?
        @Nullable var to_email: String?
        @Nullable var subject: String?
        let body_text: String
        @Nullable var body_html: String?
        @Nullable var device_id: String?
        @Nullable var device_name: String?
        @Nullable var created_by: UserRefPayload?
        let created_at: String
        let events: [Event]
        let attachments: [Attachment]
    }

    @JSONObject
    struct Event: Sendable {
        let id: String
        let event_type: String
        /// The stored JSON object, or null.
        let event_data: JSONValue
        let created_at: String

        init(_ event: TicketEventRecord) {
            id = event.id
            event_type = event.eventType
            event_data = event.eventData.flatMap { JSONValue(json: $0) } ?? .null
            created_at = event.createdAt
        }
    }

    @JSONObject
    struct Attachment: Sendable {
        let id: String
        let filename: String
        let content_type: String
        let size_bytes: Int64
        let download_url: String
    }

    /// `baseURL` (from the request's `Host`) makes `download_url` absolute.
    init(_ detail: TicketDetail, baseURL: String) {
        let summary = detail.summary
        let t = summary.ticket
        id = t.id
        ticket_number = t.ticketNumber
        subject = t.subject
        status = t.status.rawValue
        ticket_type = t.ticketType.rawValue
        order_id = t.orderID
        client = summary.client.map {
            Client(id: $0.id, first_name: $0.firstName, last_name: $0.lastName, name: "\($0.firstName) \($0.lastName)",
                   email: $0.email, phone: $0.phone, email_suppressed: $0.emailSuppressed,
                   is_generated_email: $0.isGeneratedEmail)
        }
        assigned_user = summary.assignedUser.map(UserRefPayload.init)
        location = summary.location.map(IdNamePayload.init)
        requires_location = t.requiresLocation
        received_custom_email = detail.receivedEmail.map {
            ReceivedEmail(id: $0.id, email_address: $0.emailAddress, display_name: $0.displayName)
        }
        awaiting_reply = summary.awaitingReply ? 1 : 0
        messages = detail.messages.map { m in
            Message(id: m.id, type: m.type.rawValue, from_email: m.fromEmail, from_name: m.fromName, to_email: m.toEmail,
                    subject: m.subject, body_text: m.bodyText, body_html: m.bodyHTML, device_id: m.deviceID,
                    device_name: m.deviceID.flatMap { detail.devices[$0]?.displayName },
                    created_by: m.createdBy.flatMap { detail.users[$0] }.map(UserRefPayload.init),
                    created_at: m.createdAt,
                    events: (detail.events[m.id] ?? []).map(Event.init),
                    attachments: (detail.attachments[m.id] ?? []).map {
                        Attachment(id: $0.id, filename: $0.filename, content_type: $0.contentType, size_bytes: $0.sizeBytes,
                                   download_url: "\(baseURL)/api/tickets/\(t.id)/attachments/\($0.id)")
                    })
        }
        events = (detail.events[""] ?? []).map(Event.init)
        created_at = t.createdAt
        updated_at = t.updatedAt
    }
}

/// `POST /api/tickets/:id/generate-response`
@JSONObject
struct GeneratedResponsePayload: Sendable {
    let response: String
}

/// `POST /api/tickets/:id/macro`: the stage sent now, the stages scheduled, and the ticket after it.
@JSONObject
struct MacroRunPayload: Sendable {
    let macro_id: String
    let sent: TicketDetailPayload.Message
    let scheduled: [Scheduled]
    let ticket: TicketDetailPayload

    @JSONObject
    struct Scheduled: Sendable {
        let stage_id: String
        let position: Int64
        let subject: String
        let scheduled_for: String
    }

    init(_ run: MacroRun, macroID: String, baseURL: String) {
        macro_id = macroID
        ticket = TicketDetailPayload(run.detail, baseURL: baseURL)
        sent = ticket.messages.last { $0.id == run.message.id } ?? ticket.messages[ticket.messages.count - 1]
        scheduled = run.scheduled.map {
            Scheduled(stage_id: $0.stage.id, position: $0.stage.position,
                      subject: MacroTemplate.fill($0.stage.subject, run.variables), scheduled_for: $0.at)
        }
    }
}

/// `GET /api/macros`: `{id, name, description, is_active, stages}`.
@JSONObject
struct MacroPayload: Sendable {
    let id: String
    let name: String
    @Nullable var description: String?
    let is_active: Int
    let stages: [Stage]

    @JSONObject
    struct Stage: Sendable {
        let id: String
        let position: Int64
        let delay_minutes: Int64
        let subject: String
        let body: String
    }

    init(_ macro: MacroRecord, stages: [MacroStageRecord]) {
        id = macro.id
        name = macro.name
        description = macro.description
        is_active = macro.isActive
        self.stages = stages.map {
            Stage(id: $0.id, position: $0.position, delay_minutes: $0.delayMinutes, subject: $0.subject, body: $0.body)
        }
    }
}
