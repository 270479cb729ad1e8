import MockHTTP
import MockBasics
import MockRouting
import MockStore

/// Devices, their workflow and the scanner (CONTRACT §6): company-scoped; another company's id is
/// a 404 and changes nothing.
enum DeviceRoutes {
    static func register(on router: inout Router) {
        router.get("/api/devices") { (context: StaffContext) in
            let filter = DeviceFilter(statuses: try context.enumListQuery("status", DeviceStatus.self),
                                      workflowType: try context.enumQuery("workflow_type", WorkflowType.self),
                                      assignedTo: context.userQuery("assigned_to", caller: context.staff.userID),
                                      search: context.textQuery("search"))
            return try list(context, company: context.staff.companyID, filter: filter)
        }

        // The caller's devices that still need work, and the subset on the bench (decided sets:
        // `DeviceStatus.queueStatuses`, `DeviceStatus.activeWorkStatuses`).
        router.get("/api/devices/my-queue") { (context: StaffContext) in
            return try list(context, company: context.staff.companyID,
                            filter: DeviceFilter(statuses: DeviceStatus.queueStatuses, assignedTo: context.staff.userID))
        }

        router.get("/api/devices/my-active-work") { (context: StaffContext) in
            return try list(context, company: context.staff.companyID,
                            filter: DeviceFilter(statuses: DeviceStatus.activeWorkStatuses, assignedTo: context.staff.userID))
        }

        router.get("/api/devices/lookup") { (context: StaffContext) in
            // At most 128 characters, counted as openapi.yaml's `maxLength` counts them: Unicode code points.
            guard let code = context.textQuery("code"), code.unicodeScalars.count <= 128 else { throw APIFailure.invalidQuery("code") }
            guard let found = try context.store.lookupDevice(code: code, company: context.staff.companyID) else {
                throw APIFailure.notFound
            }
            return JSONBody.success(DeviceLookupPayload(device_id: found.deviceID, order_id: found.orderID))
        }

        router.get("/api/devices/:id") { (context: StaffContext) in
            guard let device = try context.store.device(id: try context.parameter("id"), company: context.staff.companyID) else {
                throw APIFailure.notFound
            }
            return JSONBody.success(DeviceDetailPayload(device))
        }

        router.patch("/api/devices/:id") { (context: StaffContext) in
            let id = try context.parameter("id")
            guard try context.store.deviceExists(id: id, company: context.staff.companyID) else { throw APIFailure.notFound }
            let body = try context.body(DeviceChangeBody.self)
            let change = DeviceChange(
                status: body.status, assignedEngineerID: body.assigned_engineer_id.change(), priority: body.priority,
                diagnosisNotes: body.diagnosis_notes.change(), repairNotes: body.repair_notes.change(),
                technicianNotes: body.technician_notes.change(), technicianFoundIssues: body.technician_found_issues.change(),
                subLocationID: body.sub_location_id.change())
            guard let device = try context.store.updateDevice(id: id, company: context.staff.companyID, change: change,
                                                              actor: context.staff.userID, now: context.now) else {
                throw APIFailure.notFound
            }
            return JSONBody.success(DeviceDetailPayload(device))
        }
    }

    private static func list(_ context: StaffContext, company: String, filter: DeviceFilter) throws -> HTTPResponse {
        let list = try context.listQuery()
        let page = try context.store.devices(company: company, filter: filter, page: list.pageRequest)
        return JSONBody.success(page.items.map(DeviceListItemPayload.init), pagination: list.pagination(total: page.total))
    }
}

/// `PATCH /api/devices/{id}`: at least one field; an unknown field is a 400. `null` clears, an
/// absent key leaves the field.
/*@RequestBody(component: "DeviceChange", unknownKeys: .refused, atLeastOne: true)*/
struct DeviceChangeBody {
    /// One of the device's `available_transitions`, else 400 naming them.
    var status: DeviceStatus?
    /// An active, unarchived staff user of the caller's company (else 400), or null. At most 64 characters.
    /*@Schema(.requestID)*/ var assigned_engineer_id: FieldUpdate<String>?
    var priority: DevicePriority?
    /*@Schema(.noteText)*/ var diagnosis_notes: FieldUpdate<String>?
    /*@Schema(.noteText)*/ var repair_notes: FieldUpdate<String>?
    /*@Schema(.noteText)*/ var technician_notes: FieldUpdate<String>?
    /*@Schema(.noteText)*/ var technician_found_issues: FieldUpdate<String>?
    /// A sub-location of the caller's company (else 400), or null. At most 64 characters.
    /*@Schema(.requestID)*/ var sub_location_id: FieldUpdate<String>?
}
