import Foundation
import GRDB
import MockBasics

/// `GET /api/devices` filters (CONTRACT §6). `search` matches serial number, IMEI, "brand model"
/// (substring, case-insensitive) and the order number (prefix, `#` allowed).
package struct DeviceFilter: Sendable {
    /// Any of these statuses (the query accepts a comma-separated list).
    var statuses: [DeviceStatus]?
    var workflowType: WorkflowType?
    var assignedTo: String?
    var search: String?

    package init(statuses: [DeviceStatus]? = nil, workflowType: WorkflowType? = nil, assignedTo: String? = nil,
                 search: String? = nil) {
        self.statuses = statuses
        self.workflowType = workflowType
        self.assignedTo = assignedTo
        self.search = search
    }
}

/// What every view of a device names it by and where it stands: the lists' rows and the order
/// detail's devices.
package protocol DeviceAtAGlance {
    var displayName: String { get }
    var brand: String { get }
    var model: String { get }
    var serialNumber: String? { get }
    var imei: String? { get }
    var status: DeviceStatus { get }
    var workflowType: WorkflowType { get }
    var priority: DevicePriority { get }
}

extension DeviceRecord: DeviceAtAGlance {}
extension OrderDevice: DeviceAtAGlance {}

/// A device with what a list row shows.
package struct DeviceSummary: Sendable {
    package var device: DeviceRecord
    package var orderNumber: Int64
    package var client: ClientRecord
    package var engineer: UserRecord?
}

/// A device with every section of seed 003's device detail.
package struct DeviceDetail: Sendable {
    package var summary: DeviceSummary
    package var brand: BrandRecord?
    package var model: ModelRecord?
    package var subLocation: SubLocationRecord?
    /// The signature that authorised (or refused) the quote: the device's own, else the order's.
    package var authorizationSignature: SignatureRecord?
    package var images: [DeviceImageRecord]
    package var accessories: [DeviceAccessoryRecord]
    package var parts: [DevicePartRecord]
    package var lineItems: [PricedLine]
    package var notes: [DeviceNoteRecord]
    package var checklist: [DeviceChecklistItemRecord]
    /// Authors of notes and checklist ticks, by id.
    package var users: [String: StaffName]
}

/// What `PATCH /api/devices/:id` may change; `nil` leaves a field, `.some(nil)` clears it.
package struct DeviceChange: Sendable {
    var status: DeviceStatus?
    var assignedEngineerID: String??
    var priority: DevicePriority?
    var diagnosisNotes: String??
    var repairNotes: String??
    var technicianNotes: String??
    var technicianFoundIssues: String??
    var subLocationID: String??

    package init(status: DeviceStatus? = nil, assignedEngineerID: String?? = nil,
                 priority: DevicePriority? = nil, diagnosisNotes: String?? = nil, repairNotes: String?? = nil,
                 technicianNotes: String?? = nil, technicianFoundIssues: String?? = nil,
                 subLocationID: String?? = nil) {
        self.status = status
        self.assignedEngineerID = assignedEngineerID
        self.priority = priority
        self.diagnosisNotes = diagnosisNotes
        self.repairNotes = repairNotes
        self.technicianNotes = technicianNotes
        self.technicianFoundIssues = technicianFoundIssues
        self.subLocationID = subLocationID
    }
}

extension Store {
    package func devices(company: String, filter: DeviceFilter, page: PageRequest) throws -> PageOf<DeviceSummary> {
        try readDatabase { db in
            let conditions = Self.deviceConditions(company: company, filter: filter)
            let from = "\(Self.deviceListFrom) WHERE \(conditions.sql)"
            let total = try db.count("SELECT COUNT(*) \(from)", conditions.arguments)
            let devices = try db.records(DeviceRecord.self, """
                SELECT devices.* \(from) ORDER BY devices.updated_at DESC, devices.id LIMIT ? OFFSET ?
                """, conditions.arguments + [page.limit, page.offset])
            return PageOf(items: try deviceSummaries(db, devices), total: total)
        }
    }

    /// The FROM and WHERE of `GET /api/devices`, shared with the header counts so that theirs is the
    /// list's total by construction.
    static let deviceListFrom = "FROM devices JOIN orders ON orders.id = devices.order_id"

    static func deviceConditions(company: String, filter: DeviceFilter) -> SQLConditions {
        var conditions = SQLConditions()
        conditions.add("devices.company_id = ?", company)
        conditions.add("devices.status IN (SELECT value FROM json_each(?))", anyOf: filter.statuses)
        if let workflow = filter.workflowType { conditions.add("devices.workflow_type = ?", workflow) }
        if let user = filter.assignedTo { conditions.add("devices.assigned_engineer_id = ?", user) }
        if let search = filter.search {
            let number = search.hasPrefix("#") ? String(search.dropFirst()) : search
            let pattern = SQLConditions.contains(search)
            conditions.add("""
                (devices.serial_number LIKE ? ESCAPE '\\' OR devices.imei LIKE ? ESCAPE '\\' \
                OR (devices.brand || ' ' || devices.model) LIKE ? ESCAPE '\\' \
                OR CAST(orders.order_number AS TEXT) LIKE ? ESCAPE '\\')
                """, pattern, pattern, pattern, SQLConditions.prefix(number))
        }
        return conditions
    }

    package func deviceExists(id: String, company: String) throws -> Bool {
        try readDatabase { db in try db.count("SELECT COUNT(*) FROM devices WHERE id = ? AND company_id = ?", [id, company]) == 1 }
    }

    /// The device's full detail; nil unless it is `company`'s (and, given `orderID`, that order's).
    package func device(id: String, company: String, orderID: String? = nil) throws -> DeviceDetail? {
        try readDatabase { db in try deviceDetail(db, id: id, company: company, orderID: orderID) }
    }

    /// The scanner (CONTRACT §6): a device whose id, serial number or IMEI equals `code`, or the
    /// only device of the order numbered `code` (`#` allowed). Newest device first when several match.
    package func lookupDevice(code: String, company: String) throws -> (deviceID: String, orderID: String)? {
        try readDatabase { db in
            func found(_ columns: inout StatementCursor) throws -> (deviceID: String, orderID: String) {
                (try columns.next("id"), try columns.next("order_id"))
            }
            if let device = try db.rows("""
                SELECT id, order_id FROM devices
                WHERE company_id = ?1 AND (id = ?2 COLLATE NOCASE OR serial_number = ?2 COLLATE NOCASE OR imei = ?2)
                ORDER BY created_at DESC, rowid DESC LIMIT 1
                """, [company, code], found).first {
                return device
            }
            let number = code.hasPrefix("#") ? String(code.dropFirst()) : code
            guard let orderNumber = Int64(number) else { return nil }
            let devices = try db.rows("""
                SELECT devices.id, devices.order_id FROM devices JOIN orders ON orders.id = devices.order_id
                WHERE orders.company_id = ? AND orders.order_number = ? LIMIT 2
                """, [company, orderNumber], found)
            guard devices.count == 1 else { return nil }
            return devices[0]
        }
    }

    /// Applies `change` in one transaction: a status move must be an edge of the device's
    /// workflow; it stamps the status's timestamps, rewrites the order's derived status and dates,
    /// and records the pushes of CONTRACT §7 for everyone but `actor`. Nil when the device is not
    /// `company`'s; any failure writes nothing.
    package func updateDevice(id: String, company: String, change: DeviceChange, actor: String,
                             now: Date) throws -> DeviceDetail? {
        try writeDatabase { db in
            guard var device = try db.record(DeviceRecord.self, "SELECT * FROM devices WHERE id = ? AND company_id = ?",
                                             [id, company]) else { return nil }
            guard var order = try db.record(OrderRecord.self, "SELECT * FROM orders WHERE id = ?", [device.orderID]) else {
                throw ResourceError.inconsistent("device \(id) order")
            }
            let stamp = Timestamp.string(now)
            let before = device
            if let engineer = change.assignedEngineerID {
                if let engineer { try requireStaff(db, engineer, company: company, field: "assigned_engineer_id") }
                device.assignedEngineerID = engineer
            }
            if let sub = change.subLocationID {
                if let sub {
                    guard try db.count("SELECT COUNT(*) FROM sub_locations WHERE id = ? AND company_id = ?",
                                       [sub, company]) == 1 else { throw ResourceError.invalidField("sub_location_id") }
                }
                device.subLocationID = sub
            }
            if let priority = change.priority { device.priority = priority }
            if let text = change.diagnosisNotes { device.diagnosisNotes = text }
            if let text = change.repairNotes { device.repairNotes = text }
            if let text = change.technicianNotes { device.technicianNotes = text }
            if let text = change.technicianFoundIssues { device.technicianFoundIssues = text }
            var events: [PushEvent] = []
            if let next = change.status {
                let orderBefore = try move(db, &device, to: next, order: &order, stamp: stamp)
                events += PushEvent.deviceMoved(device, order: order, from: before.status, orderFrom: orderBefore)
            } else {
                device.updatedAt = stamp
                try device.update(db)
            }
            if let engineer = device.assignedEngineerID, engineer != before.assignedEngineerID {
                events.append(PushEvent.deviceAssigned(device, order: order, to: engineer))
            }
            try PushDelivery.record(events, db: db, company: company, actor: actor, now: now, invented: invented)
            return try deviceDetail(db, id: id, company: company, orderID: nil)
        }
    }

    /// Moves `device` to `next` along its workflow (else `ResourceError.illegalTransition`),
    /// stamping its timestamps, and rewrites `order`'s derived status and dates. Both rows are
    /// saved; returns the order's status before the move.
    func move(_ db: Database, _ device: inout DeviceRecord, to next: DeviceStatus, order: inout OrderRecord,
              stamp: String) throws -> OrderStatus {
        let status = device.status, workflow = device.workflowType
        guard status.canMove(to: next, in: workflow) else {
            throw ResourceError.illegalTransition(from: status, to: next, allowed: status.nextStatuses(in: workflow))
        }
        device.status = next
        device.stamp(next, at: stamp)
        device.updatedAt = stamp
        try device.update(db)
        let siblings = try DeviceStatus.fetchAll(db.cachedStatement(sql: "SELECT status FROM devices WHERE order_id = ?"),
                                                 arguments: [order.id])
        let before = order.status
        order.status = OrderStatus(devices: siblings)
        if next == .awaitingAuthorisation { order.quoteSentAt = stamp }
        if next.authorizationOutcome == .approved { order.authorisedAt = stamp }
        if order.status == .collected && before != .collected { order.collectedAt = stamp }
        order.updatedAt = stamp
        try order.update(db)
        return before
    }

    // MARK: Reading

    func deviceDetail(_ db: Database, id: String, company: String, orderID: String?) throws -> DeviceDetail? {
        guard let device = try db.record(DeviceRecord.self, "SELECT * FROM devices WHERE id = ? AND company_id = ?",
                                         [id, company]) else { return nil }
        if let orderID, orderID != device.orderID { return nil }
        guard let summary = try deviceSummaries(db, [device]).first else { return nil }
        let brand = try device.brandID.flatMap { try db.record(BrandRecord.self, "SELECT * FROM brands WHERE id = ?", [$0]) }
        let model = try device.modelID.flatMap { try db.record(ModelRecord.self, "SELECT * FROM models WHERE id = ?", [$0]) }
        let subLocation = try device.subLocationID.flatMap {
            try db.record(SubLocationRecord.self, "SELECT * FROM sub_locations WHERE id = ?", [$0])
        }
        let signature = try db.record(SignatureRecord.self, """
            SELECT * FROM signatures WHERE order_id = ? AND signature_type = 'authorisation'
              AND (device_id = ? OR device_id IS NULL)
            ORDER BY device_id IS NULL, captured_at DESC, rowid DESC LIMIT 1
            """, [device.orderID, device.id])
        let images = try db.records(DeviceImageRecord.self, where: "device_id", in: [id], orderBy: "created_at, rowid")
        let accessories = try db.records(DeviceAccessoryRecord.self, where: "device_id", in: [id])
        let parts = try db.records(DevicePartRecord.self, where: "device_id", in: [id])
        let lineItems = try db.records(OrderItemRecord.self, where: "device_id", in: [id], orderBy: "created_at, rowid")
            .map(PricedLine.init)
        let notes = try db.records(DeviceNoteRecord.self, where: "device_id", in: [id], orderBy: "created_at, rowid")
        let checklist = try db.records(DeviceChecklistItemRecord.self, where: "device_id", in: [id], orderBy: "position")
        let users = try staffNames(db, ids: notes.compactMap { $0.createdBy } + checklist.compactMap { $0.completedBy })
        return DeviceDetail(summary: summary, brand: brand, model: model, subLocation: subLocation,
                            authorizationSignature: signature, images: images, accessories: accessories, parts: parts,
                            lineItems: lineItems, notes: notes, checklist: checklist, users: users)
    }

    private func deviceSummaries(_ db: Database, _ devices: [DeviceRecord]) throws -> [DeviceSummary] {
        let orders = try db.records(OrderRecord.self, where: "id", in: devices.map { $0.orderID }).keyed { $0.id }
        let clients = try db.records(ClientRecord.self, where: "id", in: orders.values.map { $0.clientID }).keyed { $0.id }
        let engineers = try db.records(UserRecord.self, where: "id", in: devices.compactMap { $0.assignedEngineerID })
            .keyed { $0.id }
        return try devices.map { record in
            let device = record
            guard let order = orders[device.orderID], let client = clients[order.clientID] else {
                throw ResourceError.inconsistent("device \(device.id) order or client")
            }
            return DeviceSummary(device: device, orderNumber: order.orderNumber, client: client,
                                 engineer: record.assignedEngineerID.flatMap { engineers[$0] })
        }
    }
}

extension DeviceRecord {
    /// Sets the timestamps and the authorisation answer that entering `status` records.
    mutating func stamp(_ status: DeviceStatus, at time: String) {
        for timestamp in status.stampedTimestamps { self[keyPath: timestamp] = time }
        if let outcome = status.authorizationOutcome { authorizationStatus = outcome }
    }
}
