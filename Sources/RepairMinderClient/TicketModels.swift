import Foundation

extension TicketDetail {
    public typealias ReceivedEmail = ReceivedCustomEmail
}


/// A message's attachment; `download_url` is absolute and needs the staff bearer token.
public typealias TicketAttachment = TicketMessage.Attachment

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
