import Foundation

/// A row of `GET /api/tickets` (enquiries).
public struct TicketListItem: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var ticketNumber: Int
    public var subject: String
    public var status: TicketStatus
    public var ticketType: TicketType
    public var orderID: String?
    public var client: Client?
    public var assignedUser: UserRef?
    public var location: LocationRef?
    /// A location must be chosen before replying (the company has several).
    @IntFlag public var requiresLocation: Bool
    public var messageCount: Int
    /// The last message is the customer's: a reply is due.
    @IntFlag public var awaitingReply: Bool
    public var lastMessageAt: Timestamp?
    /// The last message on one line, at most 140 characters.
    public var lastMessagePreview: String?
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    /// `{id, name, email}`
    public struct Client: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var name: String
        public var email: String

        enum CodingKeys: String, CodingKey { case id, name, email }
    }

    enum CodingKeys: String, CodingKey {
        case id, subject, status, client, location
        case ticketNumber = "ticket_number"
        case ticketType = "ticket_type"
        case orderID = "order_id"
        case assignedUser = "assigned_user"
        case requiresLocation = "requires_location"
        case messageCount = "message_count"
        case awaitingReply = "awaiting_reply"
        case lastMessageAt = "last_message_at"
        case lastMessagePreview = "last_message_preview"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

/// `GET /api/tickets/:id` and the answers of the ticket actions (PATCH, reply, note): the full
/// conversation.
public struct TicketDetail: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var ticketNumber: Int
    public var subject: String
    public var status: TicketStatus
    public var ticketType: TicketType
    public var orderID: String?
    public var client: Client?
    public var assignedUser: UserRef?
    public var location: LocationRef?
    @IntFlag public var requiresLocation: Bool
    /// The company address the enquiry was sent to, when not the default one.
    public var receivedCustomEmail: ReceivedEmail?
    @IntFlag public var awaitingReply: Bool
    /// Oldest first.
    public var messages: [TicketMessage]
    /// Ticket-level events (status changes, assignments); delivery events sit on their message.
    public var events: [TicketEvent]
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    public struct Client: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var firstName: String
        public var lastName: String
        public var name: String
        public var email: String
        public var phone: String?
        @IntFlag public var emailSuppressed: Bool
        /// The address was made up by the shop: mail to it goes nowhere.
        @IntFlag public var isGeneratedEmail: Bool

        enum CodingKeys: String, CodingKey {
            case id, name, email, phone
            case firstName = "first_name"
            case lastName = "last_name"
            case emailSuppressed = "email_suppressed"
            case isGeneratedEmail = "is_generated_email"
        }
    }

    public struct ReceivedEmail: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var emailAddress: String
        public var displayName: String

        enum CodingKeys: String, CodingKey {
            case id
            case emailAddress = "email_address"
            case displayName = "display_name"
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, subject, status, client, location, messages, events
        case ticketNumber = "ticket_number"
        case ticketType = "ticket_type"
        case orderID = "order_id"
        case assignedUser = "assigned_user"
        case requiresLocation = "requires_location"
        case receivedCustomEmail = "received_custom_email"
        case awaitingReply = "awaiting_reply"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

/// A message of a ticket's conversation (seed 003 "Message Object").
public struct TicketMessage: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var type: MessageType
    public var fromEmail: String?
    public var fromName: String?
    public var toEmail: String?
    public var subject: String?
    public var bodyText: String
    public var bodyHtml: String?
    public var deviceID: String?
    public var deviceName: String?
    public var createdBy: UserRef?
    public var createdAt: Timestamp
    /// Delivery tracking.
    public var events: [TicketEvent]
    public var attachments: [TicketAttachment]

    enum CodingKeys: String, CodingKey {
        case id, type, subject, events, attachments
        case fromEmail = "from_email"
        case fromName = "from_name"
        case toEmail = "to_email"
        case bodyText = "body_text"
        case bodyHtml = "body_html"
        case deviceID = "device_id"
        case deviceName = "device_name"
        case createdBy = "created_by"
        case createdAt = "created_at"
    }
}

/// `{id, event_type, event_data, created_at}`; `event_data` is any JSON object, or null.
public struct TicketEvent: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    /// e.g. `delivered`, `opened`, `status_changed` (an open set).
    public var eventType: String
    public var eventData: JSONValue
    public var createdAt: Timestamp

    enum CodingKeys: String, CodingKey {
        case id
        case eventType = "event_type"
        case eventData = "event_data"
        case createdAt = "created_at"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        eventType = try c.decode(String.self, forKey: .eventType)
        eventData = try c.decodeIfPresent(JSONValue.self, forKey: .eventData) ?? .null
        createdAt = try c.decode(Timestamp.self, forKey: .createdAt)
    }
}

/// `{id, filename, content_type, size_bytes, download_url}`; `download_url` is absolute and needs
/// the staff bearer token.
public struct TicketAttachment: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var filename: String
    public var contentType: String
    public var sizeBytes: Int
    public var downloadURL: String

    enum CodingKeys: String, CodingKey {
        case id, filename
        case contentType = "content_type"
        case sizeBytes = "size_bytes"
        case downloadURL = "download_url"
    }
}

/// `POST /api/tickets/:id/generate-response` → `{response}`: a reply draft to edit and send.
public struct GeneratedResponse: Codable, Sendable, Hashable {
    public var response: String

    enum CodingKeys: String, CodingKey { case response }
}

/// A workflow of `GET /api/macros`: staged emails with template variables.
public struct Macro: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var description: String?
    @IntFlag public var isActive: Bool
    public var stages: [Stage]

    public struct Stage: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var position: Int
        /// After the previous stage (0 for the first: it is sent when the macro runs).
        public var delayMinutes: Int
        public var subject: String
        public var body: String

        enum CodingKeys: String, CodingKey {
            case id, position, subject, body
            case delayMinutes = "delay_minutes"
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, name, description, stages
        case isActive = "is_active"
    }
}

/// `POST /api/tickets/:id/macro`: the stage sent now, the later stages scheduled, and the ticket.
public struct MacroRun: Codable, Sendable, Hashable {
    public var macroID: String
    public var sent: TicketMessage
    public var scheduled: [Scheduled]
    public var ticket: TicketDetail

    public struct Scheduled: Codable, Sendable, Hashable {
        public var stageID: String
        public var position: Int
        public var subject: String
        public var scheduledFor: Timestamp

        enum CodingKeys: String, CodingKey {
            case position, subject
            case stageID = "stage_id"
            case scheduledFor = "scheduled_for"
        }
    }

    enum CodingKeys: String, CodingKey {
        case sent, scheduled, ticket
        case macroID = "macro_id"
    }
}

/// The fields `PATCH /api/tickets/:id` may change; `nil` leaves a field as it is.
public struct TicketChanges: Sendable, Hashable {
    public var status: TicketStatus?
    public var assignedUserID: FieldUpdate<String>?
    public var locationID: FieldUpdate<String>?

    public init(status: TicketStatus? = nil, assignedUserID: FieldUpdate<String>? = nil,
                locationID: FieldUpdate<String>? = nil) {
        self.status = status
        self.assignedUserID = assignedUserID
        self.locationID = locationID
    }

    var body: PatchBody {
        var body = PatchBody()
        body.add("status", status)
        body.add("assigned_user_id", assignedUserID)
        body.add("location_id", locationID)
        return body
    }
}
