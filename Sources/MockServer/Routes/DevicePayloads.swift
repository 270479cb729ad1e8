import MockBasics
import MockStore
/// Wire shapes of the device routes (seed 003 "Device Detail").

/// A row of `GET /api/devices`, `my-queue` and `my-active-work`.
@JSONObject
struct DeviceListItemPayload: Sendable {
    let id: String
    let order_id: String
    let order_number: Int64
    let display_name: String
    let brand: String
    let model: String
    @Nullable var serial_number: String?
    @Nullable var imei: String?
    let status: String
    let status_label: String
    let workflow_type: String
    let priority: String
    @Nullable var assigned_engineer: UserRefPayload?
    let client: ClientRef
    let created_at: String
    let updated_at: String

    @JSONObject
    struct ClientRef: Sendable {
        let id: String
        let name: String
    }

    init(_ summary: DeviceSummary) {
        let d = summary.device
        id = d.id
        order_id = d.orderID
        order_number = summary.orderNumber
        display_name = d.displayName
        brand = d.brand
        model = d.model
        serial_number = d.serialNumber
        imei = d.imei
        status = d.status.rawValue
        status_label = d.status.displayName
        workflow_type = d.workflowType.rawValue
        priority = d.priority.rawValue
        assigned_engineer = summary.engineer.map(UserRefPayload.init)
        client = ClientRef(id: summary.client.id, name: "\(summary.client.firstName) \(summary.client.lastName)")
        created_at = d.createdAt
        updated_at = d.updatedAt
    }
}

/// `GET /api/devices/:id` and `GET /api/orders/:orderId/devices/:deviceId`: the full detail.
@JSONObject
struct DeviceDetailPayload: Sendable {
    let id: String
    let order_id: String
    let order_number: Int64
    let display_name: String
    let status: String
    let status_label: String
    let workflow_type: String
    let priority: String
    @Nullable var brand: CatalogueEntry?
    @Nullable var model: CatalogueEntry?
    @Nullable var custom_brand: String?
    @Nullable var custom_model: String?
    @Nullable var serial_number: String?
    @Nullable var imei: String?
    @Nullable var colour: String?
    @Nullable var storage_capacity: String?
    @Nullable var passcode_type: String?
    @Nullable var find_my_status: String?
    @Nullable var condition_grade: String?
    @Nullable var customer_reported_issues: String?
    @Nullable var technician_found_issues: String?
    @Nullable var assigned_engineer: UserRefPayload?
    @Nullable var sub_location: SubLocation?
    @Nullable var diagnosis_notes: String?
    @Nullable var repair_notes: String?
    @Nullable var technician_notes: String?
    @Nullable var authorization_notes: String?
    let authorization: Authorization
    let images: [Image]
    let accessories: [Accessory]
    let parts: [Part]
    let line_items: [LineItem]
    let device_notes: [Note]
    let timestamps: Timestamps
    @Nullable var despatched_at: String?
    @Nullable var paid_at: String?
    let checklist: Checklist
    let available_transitions: [StatusOptionPayload]
    let created_at: String
    let updated_at: String

    @JSONObject
    struct CatalogueEntry: Sendable {
        let id: String
        let name: String
    }

    @JSONObject
    struct SubLocation: Sendable {
        let id: String
        let code: String
        @Nullable var description: String?
        let type: String
    }

    @JSONObject
    struct Authorization: Sendable {
        @Nullable var status: String?
        @Nullable var method: String?
        @Nullable var authorized_at: String?
        @Nullable var signature: Signature?
    }

    @JSONObject
    struct Signature: Sendable {
        let signature_type: String
        let typed_name: String
        let terms_agreed: Int
        let captured_at: String
    }

    @JSONObject
    struct Image: Sendable {
        let id: String
        let image_type: String
        let filename: String
        @Nullable var caption: String?
        let r2_key: String
        let created_at: String
    }

    @JSONObject
    struct Accessory: Sendable {
        let id: String
        let accessory_type: String
        @Nullable var description: String?
        @Nullable var returned_at: String?
    }

    @JSONObject
    struct Part: Sendable {
        let id: String
        let part_name: String
        @Nullable var part_sku: String?
        let part_cost: String
        @Nullable var supplier: String?
        let is_oem: Int
    }

    @JSONObject
    struct LineItem: Sendable {
        let id: String
        let description: String
        let quantity: Int64
        let unit_price: String
        let vat_rate: String
        let line_total_inc_vat: String
    }

    @JSONObject
    struct Note: Sendable {
        let id: String
        let body: String
        let created_at: String
        @Nullable var created_by: UserRefPayload?
    }

    /// The 12 workflow timestamps (decided set; see docs/resources.md).
    @JSONObject
    struct Timestamps: Sendable {
        @Nullable var received_at: String?
        @Nullable var diagnosis_started_at: String?
        @Nullable var quote_sent_at: String?
        @Nullable var authorised_at: String?
        @Nullable var rejected_at: String?
        @Nullable var parts_ordered_at: String?
        @Nullable var parts_received_at: String?
        @Nullable var repair_started_at: String?
        @Nullable var repair_completed_at: String?
        @Nullable var qc_completed_at: String?
        @Nullable var ready_at: String?
        @Nullable var collected_at: String?
    }

    @JSONObject
    struct Checklist: Sendable {
        let items: [Item]
        /// Completed items × 100 / items, rounded down; 0 for an empty checklist.
        let completion_percentage: Int

        @JSONObject
        struct Item: Sendable {
            let id: String
            let label: String
            let is_completed: Int
            @Nullable var completed_at: String?
            @Nullable var completed_by: UserRefPayload?
        }
    }

    init(_ detail: DeviceDetail) {
        let d = detail.summary.device
        id = d.id
        order_id = d.orderID
        order_number = detail.summary.orderNumber
        display_name = d.displayName
        status = d.status.rawValue
        status_label = d.status.displayName
        workflow_type = d.workflowType.rawValue
        priority = d.priority.rawValue
        brand = detail.brand.map { CatalogueEntry(id: $0.id, name: $0.name) }
        model = detail.model.map { CatalogueEntry(id: $0.id, name: $0.name) }
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
            SubLocation(id: $0.id, code: $0.code, description: $0.description, type: $0.type.rawValue)
        }
        diagnosis_notes = d.diagnosisNotes
        repair_notes = d.repairNotes
        technician_notes = d.technicianNotes
        authorization_notes = d.authorizationNotes
        authorization = Authorization(
            status: d.authorizationStatus?.rawValue, method: d.authorizationMethod,
            authorized_at: d.authorizationStatus == .approved ? d.authorisedAt : nil,
            signature: detail.authorizationSignature.map {
                Signature(signature_type: $0.signatureType.rawValue, typed_name: $0.typedName,
                          terms_agreed: $0.termsAgreed, captured_at: $0.capturedAt)
            })
        images = detail.images.map {
            Image(id: $0.id, image_type: $0.imageType.rawValue, filename: $0.filename, caption: $0.caption,
                  r2_key: $0.r2Key, created_at: $0.createdAt)
        }
        accessories = detail.accessories.map {
            Accessory(id: $0.id, accessory_type: $0.accessoryType.rawValue, description: $0.description,
                      returned_at: $0.returnedAt)
        }
        parts = detail.parts.map {
            Part(id: $0.id, part_name: $0.partName, part_sku: $0.partSKU, part_cost: Money.string($0.partCostPence),
                 supplier: $0.supplier, is_oem: $0.isOEM)
        }
        line_items = detail.lineItems.map {
            LineItem(id: $0.id, description: $0.description, quantity: $0.quantity,
                     unit_price: Money.string($0.unitPricePence), vat_rate: $0.vatRate,
                     line_total_inc_vat: Money.string(LineAmounts($0).totalIncVATPence))
        }
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
@JSONObject
struct DeviceLookupPayload: Sendable {
    let device_id: String
    let order_id: String
}
