import Foundation

extension DeviceListItem {
    /// The device's client, `{id, name}`.
    public typealias Client = LocationRef
}

extension DeviceDetail {
    /// The brand name to show: the catalogue's, else the custom one.
    public var brandName: String? { brand?.name ?? customBrand }
    /// The model name to show: the catalogue's, else the custom one.
    public var modelName: String? { model?.name ?? customModel }
    /// Whether `status` may move to `next` now.
    public func canMove(to next: DeviceStatus) -> Bool { availableTransitions.contains { $0.status == next } }

    /// A catalogue brand or model, `{id, name}`.
    public typealias CatalogueEntry = LocationRef
    /// The authorisation's signature.
    public typealias Signature = Authorization.Signature



}

/// The fields `PATCH /api/devices/:id` may change; `nil` leaves a field as it is. A status change
/// must be a legal edge of the device's workflow (``DeviceDetail/availableTransitions``).
public struct DeviceChanges: Sendable, Hashable {
    public var status: DeviceStatus?
    public var assignedEngineerID: FieldUpdate<String>?
    public var priority: DevicePriority?
    public var diagnosisNotes: FieldUpdate<String>?
    public var repairNotes: FieldUpdate<String>?
    public var technicianNotes: FieldUpdate<String>?
    public var technicianFoundIssues: FieldUpdate<String>?
    public var subLocationID: FieldUpdate<String>?

    public init(status: DeviceStatus? = nil, assignedEngineerID: FieldUpdate<String>? = nil,
                priority: DevicePriority? = nil, diagnosisNotes: FieldUpdate<String>? = nil,
                repairNotes: FieldUpdate<String>? = nil, technicianNotes: FieldUpdate<String>? = nil,
                technicianFoundIssues: FieldUpdate<String>? = nil, subLocationID: FieldUpdate<String>? = nil) {
        self.status = status
        self.assignedEngineerID = assignedEngineerID
        self.priority = priority
        self.diagnosisNotes = diagnosisNotes
        self.repairNotes = repairNotes
        self.technicianNotes = technicianNotes
        self.technicianFoundIssues = technicianFoundIssues
        self.subLocationID = subLocationID
    }

    var body: PatchBody {
        var body = PatchBody()
        body.add("status", status)
        body.add("assigned_engineer_id", assignedEngineerID)
        body.add("priority", priority)
        body.add("diagnosis_notes", diagnosisNotes)
        body.add("repair_notes", repairNotes)
        body.add("technician_notes", technicianNotes)
        body.add("technician_found_issues", technicianFoundIssues)
        body.add("sub_location_id", subLocationID)
        return body
    }
}
