import MockBasics
import MockStore
/// Wire shapes of the device routes (seed 003 "Device Detail").

/// A row of `GET /api/devices`, `my-queue` and `my-active-work`.
/*@JSONObject(component: "DeviceListItem")*/
struct DeviceListItemPayload: Sendable {
    /*@Schema(.id)*/ let id: String
    /*@Schema(.id)*/ let order_id: String
    let order_number: Int64
    /*@Inline*/ let glance: DeviceGlancePayload
    /*@Nullable*/ var assigned_engineer: UserRefPayload?
    let client: IdNamePayload
    /*@Schema(.timestamp)*/ let created_at: String
    /*@Schema(.timestamp)*/ let updated_at: String

    init(_ summary: DeviceSummary) {
        let d = summary.device
        id = d.id
        order_id = d.orderID
        order_number = summary.orderNumber
        glance = DeviceGlancePayload(d)
        assigned_engineer = summary.engineer.map(UserRefPayload.init)
        client = IdNamePayload(id: summary.client.id, name: summary.client.fullName)
        created_at = d.createdAt
        updated_at = d.updatedAt
    }
}

/// `GET|PATCH /api/devices/{id}` and `GET /api/orders/{orderId}/devices/{deviceId}`: seed 003's device detail.
/// Every key is always present, null when empty.
/*@JSONObject(component: "DeviceDetail")*/
struct DeviceDetailPayload: Sendable {
    /*@Schema(.id)*/ let id: String
    /*@Schema(.id)*/ let order_id: String
    let order_number: Int64
    let display_name: String
    let status: DeviceStatus
    let status_label: DisplayName<DeviceStatus>
    let workflow_type: WorkflowType
    let priority: DevicePriority
    /// The catalogue brand, or null when the device's brand is not in the catalogue (then `custom_brand`
    /// holds it).
    /*@Nullable*/ var brand: IdNamePayload?
    /// The catalogue model, or null (then `custom_model` holds it).
    /*@Nullable*/ var model: IdNamePayload?
    /*@Nullable*/ var custom_brand: String?
    /*@Nullable*/ var custom_model: String?
    /*@Nullable*/ var serial_number: String?
    /*@Nullable*/ var imei: String?
    /*@Nullable*/ var colour: String?
    /*@Nullable*/ var storage_capacity: String?
    /*@Nullable*/ var passcode_type: String?
    /*@Nullable*/ var find_my_status: String?
    /*@Nullable*/ var condition_grade: String?
    /*@Nullable*/ var customer_reported_issues: String?
    /*@Nullable*/ var technician_found_issues: String?
    /*@Nullable*/ var assigned_engineer: UserRefPayload?
    /*@Nullable*/ var sub_location: SubLocation?
    /*@Nullable*/ var diagnosis_notes: String?
    /*@Nullable*/ var repair_notes: String?
    /*@Nullable*/ var technician_notes: String?
    /// The customer's reason when they rejected the quote in the portal.
    /*@Nullable*/ var authorization_notes: String?
    let authorization: Authorization
    let images: [Image]
    let accessories: [Accessory]
    let parts: [Part]
    /// The order's line items of this device.
    let line_items: [LineItem]
    let device_notes: [Note]
    let timestamps: Timestamps
    /*@Schema(.timestamp)*/ /*@Nullable*/ var despatched_at: String?
    /*@Schema(.timestamp)*/ /*@Nullable*/ var paid_at: String?
    let checklist: Checklist
    /// The statuses the device may move to next (its workflow's edges); empty when its status is final.
    let available_transitions: [StatusOptionPayload]
    /*@Schema(.timestamp)*/ let created_at: String
    /*@Schema(.timestamp)*/ let updated_at: String

    /*@JSONObject*/
    struct SubLocation: Sendable {
        /*@Schema(.id)*/ let id: String
        let code: String
        /*@Nullable*/ var description: String?
        let type: SubLocationType
    }

    /*@JSONObject*/
    struct Authorization: Sendable {
        /*@Nullable*/ var status: AuthorizationStatus?
        /// How the customer answered (`portal` for an answer in the customer app).
        /*@Schema(.string(examples: ["in_store", "portal"]))*/ /*@Nullable*/ var method: String?
        /// `timestamps.authorised_at` when `status` is `approved`, else null.
        /*@Schema(.timestamp)*/ /*@Nullable*/ var authorized_at: String?
        /// The `authorisation` signature of this device, else of its order, else null.
        /*@Nullable*/ var signature: SignatureBriefPayload?
    }

    /*@JSONObject*/
    struct Image: Sendable {
        /*@Schema(.id)*/ let id: String
        let image_type: DeviceImageType
        let filename: String
        /*@Nullable*/ var caption: String?
        let r2_key: String
        /*@Schema(.timestamp)*/ let created_at: String
    }

    /*@JSONObject*/
    struct Accessory: Sendable {
        /*@Schema(.id)*/ let id: String
        let accessory_type: AccessoryType
        /*@Nullable*/ var description: String?
        /*@Schema(.timestamp)*/ /*@Nullable*/ var returned_at: String?
    }

    /*@JSONObject*/
    struct Part: Sendable {
        /*@Schema(.id)*/ let id: String
        let part_name: String
        /*@Nullable*/ var part_sku: String?
        /*@Schema(.money)*/ let part_cost: String
        /*@Nullable*/ var supplier: String?
        /*@Schema(.flag)*/ let is_oem: Int
    }

    /*@JSONObject(from: "PricedLine")*/
    struct LineItem: Sendable {
        /*@From(source.item.id)*/ /*@Schema(.id)*/ let id: String
        /*@From(LinePricePayload(source.item))*/ /*@Inline*/ let price: LinePricePayload
        /*@From(Money.string(source.amounts.totalIncVATPence))*/ /*@Schema(.money)*/ let line_total_inc_vat: String
    }

    /*@JSONObject*/
    struct Note: Sendable {
        /*@Schema(.id)*/ let id: String
        let body: String
        /*@Schema(.timestamp)*/ let created_at: String
        /*@Nullable*/ var created_by: UserRefPayload?
    }

    /// The 12 workflow timestamps (decided set); a move into a status stamps its own (docs/resources.md).
    /*@JSONObject(decided: true)*/
    struct Timestamps: Sendable {
        /*@Schema(.timestamp)*/ /*@Nullable*/ var received_at: String?
        /*@Schema(.timestamp)*/ /*@Nullable*/ var diagnosis_started_at: String?
        /*@Schema(.timestamp)*/ /*@Nullable*/ var quote_sent_at: String?
        /*@Schema(.timestamp)*/ /*@Nullable*/ var authorised_at: String?
        /*@Schema(.timestamp)*/ /*@Nullable*/ var rejected_at: String?
        /*@Schema(.timestamp)*/ /*@Nullable*/ var parts_ordered_at: String?
        /*@Schema(.timestamp)*/ /*@Nullable*/ var parts_received_at: String?
        /*@Schema(.timestamp)*/ /*@Nullable*/ var repair_started_at: String?
        /*@Schema(.timestamp)*/ /*@Nullable*/ var repair_completed_at: String?
        /*@Schema(.timestamp)*/ /*@Nullable*/ var qc_completed_at: String?
        /*@Schema(.timestamp)*/ /*@Nullable*/ var ready_at: String?
        /*@Schema(.timestamp)*/ /*@Nullable*/ var collected_at: String?
    }

    /*@JSONObject*/
    struct Checklist: Sendable {
        let items: [Item]
        /// Completed items × 100 / items, rounded down; 0 for an empty checklist.
        /*@Schema(.integer(minimum: 0, maximum: 100))*/ let completion_percentage: Int

        /*@JSONObject*/
        struct Item: Sendable {
            /*@Schema(.id)*/ let id: String
            let label: String
            /*@Schema(.flag)*/ let is_completed: Int
            /*@Schema(.timestamp)*/ /*@Nullable*/ var completed_at: String?
            /*@Nullable*/ var completed_by: UserRefPayload?
        }
    }

    init(_ detail: DeviceDetail) {
        let d = detail.summary.device
        id = d.id
        order_id = d.orderID
        order_number = detail.summary.orderNumber
        display_name = d.displayName
        status = d.status
        status_label = DisplayName(d.status)
        workflow_type = d.workflowType
        priority = d.priority
        brand = detail.brand.map { IdNamePayload(id: $0.id, name: $0.name) }
        model = detail.model.map { IdNamePayload(id: $0.id, name: $0.name) }
        custom_brand = detail.brand == nil ? d.brand : nil
        custom_model = detail.model == nil ? d.model : nil
        serial_number = d.serialNumber
        imei = d.imei
        colour = d.colour
        storage_capacity = d.storageCapacity
        passcode_type = d.passcodeType
        find_my_status = d.findMyStatus
        condition_grade = d.conditionGrade
        customer_reported_issues = d.customerReportedIssues
        technician_found_issues = d.technicianFoundIssues
        assigned_engineer = detail.summary.engineer.map(UserRefPayload.init)
        sub_location = detail.subLocation.map {
            SubLocation(id: $0.id, code: $0.code, description: $0.description, type: $0.type)
        }
        diagnosis_notes = d.diagnosisNotes
        repair_notes = d.repairNotes
        technician_notes = d.technicianNotes
        authorization_notes = d.authorizationNotes
        authorization = Authorization(
            status: d.authorizationStatus, method: d.authorizationMethod,
            authorized_at: d.authorizationStatus == .approved ? d.authorisedAt : nil,
            signature: detail.authorizationSignature.map(SignatureBriefPayload.init))
        images = detail.images.map {
            Image(id: $0.id, image_type: $0.imageType, filename: $0.filename, caption: $0.caption,
                  r2_key: $0.r2Key, created_at: $0.createdAt)
        }
        accessories = detail.accessories.map {
            Accessory(id: $0.id, accessory_type: $0.accessoryType, description: $0.description,
                      returned_at: $0.returnedAt)
        }
        parts = detail.parts.map {
            Part(id: $0.id, part_name: $0.partName, part_sku: $0.partSKU, part_cost: Money.string($0.partCostPence),
                 supplier: $0.supplier, is_oem: $0.isOEM)
        }
        line_items = detail.lineItems.map(LineItem.init)
        device_notes = detail.notes.map {
            Note(id: $0.id, body: $0.body, created_at: $0.createdAt,
                 created_by: $0.createdBy.flatMap { detail.users[$0] }.map(UserRefPayload.init))
        }
        timestamps = Timestamps(
            received_at: d.receivedAt, diagnosis_started_at: d.diagnosisStartedAt, quote_sent_at: d.quoteSentAt,
            authorised_at: d.authorisedAt, rejected_at: d.rejectedAt, parts_ordered_at: d.partsOrderedAt,
            parts_received_at: d.partsReceivedAt, repair_started_at: d.repairStartedAt,
            repair_completed_at: d.repairCompletedAt, qc_completed_at: d.qcCompletedAt, ready_at: d.readyAt,
            collected_at: d.collectedAt)
        despatched_at = d.despatchedAt
        paid_at = d.paidAt
        let items = detail.checklist.map {
            Checklist.Item(id: $0.id, label: $0.label, is_completed: $0.completedAt == nil ? 0 : 1,
                           completed_at: $0.completedAt,
                           completed_by: $0.completedBy.flatMap { detail.users[$0] }.map(UserRefPayload.init))
        }
        let done = items.filter { $0.is_completed == 1 }.count
        checklist = Checklist(items: items, completion_percentage: items.isEmpty ? 0 : done * 100 / items.count)
        available_transitions = d.status.nextStatuses(in: d.workflowType).map(StatusOptionPayload.init)
        created_at = d.createdAt
        updated_at = d.updatedAt
    }
}

/// `GET /api/devices/lookup`: where the scanned device is.
/*@JSONObject(component: "DeviceLookup")*/
struct DeviceLookupPayload: Sendable {
    /*@Schema(.id)*/ let device_id: String
    /*@Schema(.id)*/ let order_id: String
}
