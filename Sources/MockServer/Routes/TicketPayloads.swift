import MockBasics
import MockStore
/// Wire shapes of the enquiry routes (seed 003 "Ticket/Enquiry Detail" and "Ticket Actions").

/// What a ticket's list row and its detail both begin with.
/*@JSONObject(from: "TicketRecord")*/
struct TicketHeadPayload: Sendable {
    /*@Schema(.id)*/ let id: String
    let ticket_number: Int64
    let subject: String
    let status: TicketStatus
    let ticket_type: TicketType
    /// A UUID string (decided).
    /*@Schema(.id)*/ /*@Nullable*/ var order_id: String?
}

/// A row of `GET /api/tickets`.
/*@JSONObject(component: "TicketListItem")*/
struct TicketListItemPayload: Sendable {
    /*@Inline*/ let head: TicketHeadPayload
    /// Null for an enquiry from someone who is not a client.
    /*@Nullable*/ var client: ClientRef?
    /*@Nullable*/ var assigned_user: UserRefPayload?
    /*@Nullable*/ var location: IdNamePayload?
    /// 1 when the enquiry came in on an address of no particular shop; a reply needs a location first.
    /*@Schema(.flag)*/ let requires_location: Int
    /*@Schema(.integer(minimum: 0))*/ let message_count: Int
    /// The decided awaiting-reply rule (docs/resources.md).
    /*@Schema(.flag)*/ let awaiting_reply: Int
    /*@Schema(.timestamp)*/ /*@Nullable*/ var last_message_at: String?
    /// The newest message's text on one line, at most 140 characters (137 and `...` when cut).
    /*@Schema(.string(maxLength: 140))*/ /*@Nullable*/ var last_message_preview: String?
    /*@Schema(.timestamp)*/ let created_at: String
    /*@Schema(.timestamp)*/ let updated_at: String

    /*@JSONObject*/
    struct ClientRef: Sendable {
        /*@Schema(.id)*/ let id: String
        let name: String
        let email: String
    }

    init(_ summary: TicketSummary) {
        let t = summary.ticket
        head = TicketHeadPayload(t)
        client = summary.client.map { ClientRef(id: $0.id, name: $0.fullName, email: $0.email) }
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

/// `GET|PATCH /api/tickets/{id}` and the answers of reply and note.
/*@JSONObject(component: "TicketDetail")*/
struct TicketDetailPayload: Sendable {
    /*@Inline*/ let head: TicketHeadPayload
    /*@Nullable*/ var client: Client?
    /*@Nullable*/ var assigned_user: UserRefPayload?
    /*@Nullable*/ var location: IdNamePayload?
    /*@Schema(.flag)*/ let requires_location: Int
    /// The company address the enquiry came in on, or null.
    /*@Nullable*/ var received_custom_email: ReceivedEmail?
    /*@Schema(.flag)*/ let awaiting_reply: Int
    /// Oldest first.
    let messages: [Message]
    /// The ticket's own events (status changes, assignments), oldest first.
    let events: [Event]
    /*@Schema(.timestamp)*/ let created_at: String
    /*@Schema(.timestamp)*/ let updated_at: String

    /*@JSONObject(from: "ClientRecord")*/
    struct Client: Sendable {
        /*@From(ClientNamePayload(source))*/ /*@Inline*/ let name: ClientNamePayload
        /*@Nullable*/ var phone: String?
        /*@Schema(.flag)*/ let email_suppressed: Int
        /*@Schema(.flag)*/ let is_generated_email: Int
    }

    /*@JSONObject*/
    struct ReceivedEmail: Sendable {
        /*@Schema(.id)*/ let id: String
        let email_address: String
        let display_name: String
    }

    /*@JSONObject(component: "TicketMessage")*/
    struct Message: Sendable {
        /*@Schema(.id)*/ let id: String
        let type: MessageType
        /*@Nullable*/ var from_email: String?
        /*@Nullable*/ var from_name: String?
        /// An email address, or a phone number for `outbound_sms`.
        /*@Nullable*/ var to_email: String?
        /*@Nullable*/ var subject: String?
        let body_text: String
        /*@Nullable*/ var body_html: String?
        /// A UUID string (decided).
        /*@Schema(.id)*/ /*@Nullable*/ var device_id: String?
        /// The linked device's display name.
        /*@Nullable*/ var device_name: String?
        /// The staff author; null for inbound mail.
        /*@Nullable*/ var created_by: UserRefPayload?
        /*@Schema(.timestamp)*/ let created_at: String
        /// The message's delivery events, oldest first.
        let events: [Event]
        let attachments: [Attachment]
    }

    /*@JSONObject(component: "TicketEvent", from: "TicketEventRecord")*/
    struct Event: Sendable {
        /*@Schema(.id)*/ let id: String
        /// The mock writes `sent` (`{"provider": "mock"}`) and `suppressed` (`{"reason": "email_suppressed"
        /// | "generated_email"}`) on a reply, `status_changed` (`{"from", "to", "by"}`) and `assigned`
        /// (`{"assigned_user_id", "by"}`) on the ticket; the seed adds `delivered`, `opened`, `bounced`.
        /*@Schema(.string(examples: ["sent", "delivered", "opened", "bounced", "suppressed", "status_changed", "assigned"]))*/
        let event_type: String
        /// The event's JSON object, or null.
        /*@From(source.eventData.flatMap { JSONValue(json: $0) })*/ /*@Schema(.anyObject)*/ /*@Nullable*/ var event_data: JSONValue?
        /*@Schema(.timestamp)*/ let created_at: String
    }

    /*@JSONObject*/
    struct Attachment: Sendable {
        /*@Schema(.id)*/ let id: String
        let filename: String
        let content_type: String
        /*@Schema(.integer(minimum: 0))*/ let size_bytes: Int64
        /// `http://<Host>[/ns/<name>]/api/tickets/{id}/attachments/{attachmentId}`, absolute when the request
        /// named a plausible `Host` (the staff token is needed to fetch it).
        let download_url: String
    }

    /// `baseURL` (from the request's `Host`) makes `download_url` absolute.
    init(_ detail: TicketDetail, baseURL: String) {
        let summary = detail.summary
        let t = summary.ticket
        head = TicketHeadPayload(t)
        client = summary.client.map(Client.init)
        assigned_user = summary.assignedUser.map(UserRefPayload.init)
        location = summary.location.map(IdNamePayload.init)
        requires_location = t.requiresLocation
        received_custom_email = detail.receivedEmail.map {
            ReceivedEmail(id: $0.id, email_address: $0.emailAddress, display_name: $0.displayName)
        }
        awaiting_reply = summary.awaitingReply ? 1 : 0
        messages = detail.messages.map { m in
            Message(id: m.id, type: m.type, from_email: m.fromEmail, from_name: m.fromName, to_email: m.toEmail,
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
/*@JSONObject(component: "GeneratedResponse")*/
struct GeneratedResponsePayload: Sendable {
    /// Plain text, lines separated by `\n`.
    let response: String
}

/// `POST /api/tickets/:id/macro`: the stage sent now, the stages scheduled, and the ticket after it.
/*@JSONObject(component: "MacroRun")*/
struct MacroRunPayload: Sendable {
    /*@Schema(.id)*/ let macro_id: String
    /// The first stage's message, as sent now.
    let sent: TicketDetailPayload.Message
    /// The later stages, in order, each `delay_minutes` after the one before.
    let scheduled: [Scheduled]
    let ticket: TicketDetailPayload

    /*@JSONObject*/
    struct Scheduled: Sendable {
        /*@Schema(.id)*/ let stage_id: String
        /*@Schema(.integer(minimum: 1))*/ let position: Int64
        /// The stage's subject with the variables filled in.
        let subject: String
        /*@Schema(.timestamp)*/ let scheduled_for: String
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

/// A macro of `GET /api/macros`.
/*@JSONObject(component: "Macro")*/
struct MacroPayload: Sendable {
    /*@Schema(.id)*/ let id: String
    let name: String
    /*@Nullable*/ var description: String?
    /*@Schema(.flag)*/ let is_active: Int
    /// By position; the first is sent when the macro runs.
    let stages: [Stage]

    /*@JSONObject*/
    struct Stage: Sendable {
        /*@Schema(.id)*/ let id: String
        /*@Schema(.integer(minimum: 1))*/ let position: Int64
        /// Minutes after the previous stage (0 for the first).
        /*@Schema(.integer(minimum: 0))*/ let delay_minutes: Int64
        let subject: String
        /// Plain text with `{{variable}}` placeholders (see `MacroVariables`).
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
