import Foundation

extension OrderDetail {
    /// The order view's short form of a ticket message.
    public typealias Message = Ticket.Message
}

/// The fields `PATCH /api/orders/:id` may change; `nil` leaves a field as it is. The status is
/// not among them: the server computes it from the devices.
public struct OrderChanges: Sendable, Hashable {
    public var notes: FieldUpdate<String>?
    public var assignedUserID: FieldUpdate<String>?
    public var locationID: FieldUpdate<String>?
    public var intakeMethod: IntakeMethod?

    public init(notes: FieldUpdate<String>? = nil, assignedUserID: FieldUpdate<String>? = nil,
                locationID: FieldUpdate<String>? = nil, intakeMethod: IntakeMethod? = nil) {
        self.notes = notes
        self.assignedUserID = assignedUserID
        self.locationID = locationID
        self.intakeMethod = intakeMethod
    }

    var body: PatchBody {
        var body = PatchBody()
        body.add("notes", notes)
        body.add("assigned_user_id", assignedUserID)
        body.add("location_id", locationID)
        body.add("intake_method", intakeMethod)
        return body
    }
}
