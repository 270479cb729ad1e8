import Foundation

/// A row of `GET /api/devices`, `GET /api/devices/my-queue` and `GET /api/devices/my-active-work`.
public struct DeviceListItem: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var orderID: String
    public var orderNumber: Int
    public var displayName: String
    public var brand: String
    public var model: String
    public var serialNumber: String?
    public var imei: String?
    public var status: DeviceStatus
    /// The server's display name of `status`.
    public var statusLabel: String
    public var workflowType: WorkflowType
    public var priority: DevicePriority
    public var assignedEngineer: UserRef?
    public var client: Client
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    /// `{id, name}`
    public struct Client: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var name: String

        enum CodingKeys: String, CodingKey { case id, name }
    }

    enum CodingKeys: String, CodingKey {
        case id, brand, model, imei, status, priority, client
        case orderID = "order_id"
        case orderNumber = "order_number"
        case displayName = "display_name"
        case serialNumber = "serial_number"
        case statusLabel = "status_label"
        case workflowType = "workflow_type"
        case assignedEngineer = "assigned_engineer"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

/// `GET /api/devices/:id`, `GET /api/orders/:orderId/devices/:deviceId` and the answer of
/// `PATCH /api/devices/:id`: the full device view of seed 003.
public struct DeviceDetail: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var orderID: String
    public var orderNumber: Int
    public var displayName: String
    public var status: DeviceStatus
    public var statusLabel: String
    public var workflowType: WorkflowType
    public var priority: DevicePriority
    /// The catalogue brand, or nil with ``customBrand`` set.
    public var brand: CatalogueEntry?
    public var model: CatalogueEntry?
    public var customBrand: String?
    public var customModel: String?
    public var serialNumber: String?
    public var imei: String?
    public var colour: String?
    public var storageCapacity: String?
    public var passcodeType: String?
    public var findMyStatus: String?
    public var conditionGrade: String?
    public var customerReportedIssues: String?
    public var technicianFoundIssues: String?
    public var assignedEngineer: UserRef?
    public var subLocation: SubLocation?
    public var diagnosisNotes: String?
    public var repairNotes: String?
    public var technicianNotes: String?
    public var authorizationNotes: String?
    public var authorization: Authorization
    public var images: [Image]
    public var accessories: [Accessory]
    public var parts: [Part]
    public var lineItems: [LineItem]
    public var deviceNotes: [Note]
    public var timestamps: Timestamps
    public var despatchedAt: Timestamp?
    public var paidAt: Timestamp?
    public var checklist: Checklist
    /// The legal next statuses of the device's workflow (empty for a final status).
    public var availableTransitions: [WorkflowTransition]
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    /// The brand name to show: the catalogue's, else the custom one.
    public var brandName: String? { brand?.name ?? customBrand }
    /// The model name to show: the catalogue's, else the custom one.
    public var modelName: String? { model?.name ?? customModel }
    /// Whether `status` may move to `next` now.
    public func canMove(to next: DeviceStatus) -> Bool { availableTransitions.contains { $0.status == next } }

    public struct CatalogueEntry: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var name: String

        enum CodingKeys: String, CodingKey { case id, name }
    }

    public struct SubLocation: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var code: String
        public var description: String?
        public var type: SubLocationType

        enum CodingKeys: String, CodingKey { case id, code, description, type }
    }

    public struct Authorization: Codable, Sendable, Hashable {
        public var status: AuthorizationStatus?
        public var method: String?
        public var authorizedAt: Timestamp?
        public var signature: Signature?

        enum CodingKeys: String, CodingKey {
            case status, method, signature
            case authorizedAt = "authorized_at"
        }
    }

    public struct Signature: Codable, Sendable, Hashable {
        public var signatureType: SignatureType
        public var typedName: String
        @IntFlag public var termsAgreed: Bool
        public var capturedAt: Timestamp

        enum CodingKeys: String, CodingKey {
            case signatureType = "signature_type"
            case typedName = "typed_name"
            case termsAgreed = "terms_agreed"
            case capturedAt = "captured_at"
        }
    }

    public struct Image: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var imageType: DeviceImageType
        public var filename: String
        public var caption: String?
        /// The storage key the image URL is built from.
        public var r2Key: String
        public var createdAt: Timestamp

        enum CodingKeys: String, CodingKey {
            case id, filename, caption
            case imageType = "image_type"
            case r2Key = "r2_key"
            case createdAt = "created_at"
        }
    }

    public struct Accessory: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var accessoryType: AccessoryType
        public var description: String?
        public var returnedAt: Timestamp?

        enum CodingKeys: String, CodingKey {
            case id, description
            case accessoryType = "accessory_type"
            case returnedAt = "returned_at"
        }
    }

    public struct Part: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var partName: String
        public var partSKU: String?
        public var partCost: Money
        public var supplier: String?
        @IntFlag public var isOEM: Bool

        enum CodingKeys: String, CodingKey {
            case id, supplier
            case partName = "part_name"
            case partSKU = "part_sku"
            case partCost = "part_cost"
            case isOEM = "is_oem"
        }
    }

    public struct LineItem: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var description: String
        public var quantity: Int
        public var unitPrice: Money
        public var vatRate: Percentage
        public var lineTotalIncVAT: Money

        enum CodingKeys: String, CodingKey {
            case id, description, quantity
            case unitPrice = "unit_price"
            case vatRate = "vat_rate"
            case lineTotalIncVAT = "line_total_inc_vat"
        }
    }

    public struct Note: Codable, Sendable, Hashable, Identifiable {
        public var id: String
        public var body: String
        public var createdAt: Timestamp
        public var createdBy: UserRef?

        enum CodingKeys: String, CodingKey {
            case id, body
            case createdAt = "created_at"
            case createdBy = "created_by"
        }
    }

    /// The 12 workflow timestamps.
    public struct Timestamps: Codable, Sendable, Hashable {
        public var receivedAt: Timestamp?
        public var diagnosisStartedAt: Timestamp?
        public var quoteSentAt: Timestamp?
        public var authorisedAt: Timestamp?
        public var rejectedAt: Timestamp?
        public var partsOrderedAt: Timestamp?
        public var partsReceivedAt: Timestamp?
        public var repairStartedAt: Timestamp?
        public var repairCompletedAt: Timestamp?
        public var qcCompletedAt: Timestamp?
        public var readyAt: Timestamp?
        public var collectedAt: Timestamp?

        enum CodingKeys: String, CodingKey {
            case receivedAt = "received_at"
            case diagnosisStartedAt = "diagnosis_started_at"
            case quoteSentAt = "quote_sent_at"
            case authorisedAt = "authorised_at"
            case rejectedAt = "rejected_at"
            case partsOrderedAt = "parts_ordered_at"
            case partsReceivedAt = "parts_received_at"
            case repairStartedAt = "repair_started_at"
            case repairCompletedAt = "repair_completed_at"
            case qcCompletedAt = "qc_completed_at"
            case readyAt = "ready_at"
            case collectedAt = "collected_at"
        }
    }

    public struct Checklist: Codable, Sendable, Hashable {
        public var items: [Item]
        /// Completed items × 100 / items, rounded down.
        public var completionPercentage: Int

        public struct Item: Codable, Sendable, Hashable, Identifiable {
            public var id: String
            public var label: String
            @IntFlag public var isCompleted: Bool
            public var completedAt: Timestamp?
            public var completedBy: UserRef?

            enum CodingKeys: String, CodingKey {
                case id, label
                case isCompleted = "is_completed"
                case completedAt = "completed_at"
                case completedBy = "completed_by"
            }
        }

        enum CodingKeys: String, CodingKey {
            case items
            case completionPercentage = "completion_percentage"
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, status, priority, brand, model, imei, colour, authorization, images, accessories, parts
        case timestamps, checklist
        case orderID = "order_id"
        case orderNumber = "order_number"
        case displayName = "display_name"
        case statusLabel = "status_label"
        case workflowType = "workflow_type"
        case customBrand = "custom_brand"
        case customModel = "custom_model"
        case serialNumber = "serial_number"
        case storageCapacity = "storage_capacity"
        case passcodeType = "passcode_type"
        case findMyStatus = "find_my_status"
        case conditionGrade = "condition_grade"
        case customerReportedIssues = "customer_reported_issues"
        case technicianFoundIssues = "technician_found_issues"
        case assignedEngineer = "assigned_engineer"
        case subLocation = "sub_location"
        case diagnosisNotes = "diagnosis_notes"
        case repairNotes = "repair_notes"
        case technicianNotes = "technician_notes"
        case authorizationNotes = "authorization_notes"
        case lineItems = "line_items"
        case deviceNotes = "device_notes"
        case despatchedAt = "despatched_at"
        case paidAt = "paid_at"
        case availableTransitions = "available_transitions"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

/// `GET /api/devices/lookup?code=`: where a scanned code's device is.
public struct DeviceLookup: Codable, Sendable, Hashable {
    public var deviceID: String
    public var orderID: String

    enum CodingKeys: String, CodingKey {
        case deviceID = "device_id"
        case orderID = "order_id"
    }
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
