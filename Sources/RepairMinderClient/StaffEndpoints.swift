import Foundation

extension API {
    /// `?page=&limit=` of every list (limit 1…100 on the server).
    static func pageQuery(_ page: Int, _ limit: Int) -> [QueryItem] {
        [QueryItem("page", String(page)), QueryItem("limit", String(limit))]
    }

    /// Staff orders (CONTRACT §6).
    public enum Orders {
        /// `GET /api/orders`. `status` and `statuses` are sent together, comma-separated (an order
        /// in any of them matches); `search` matches the order number, client name or email;
        /// `assignedTo` is a user id or `"me"`; the date bounds are inclusive.
        public static func list(status: OrderStatus? = nil, statuses: [OrderStatus]? = nil, search: String? = nil,
                                locationID: String? = nil, assignedTo: String? = nil, createdFrom: Timestamp? = nil,
                                createdTo: Timestamp? = nil, collectedFrom: Timestamp? = nil, collectedTo: Timestamp? = nil,
                                page: Int = 1, limit: Int = 20) -> Endpoint<[OrderListItem]> {
            var query = pageQuery(page, limit)
            let all = (status.map { [$0] } ?? []) + (statuses ?? [])
            if !all.isEmpty { query.append(QueryItem("status", all.map(\.rawValue).joined(separator: ","))) }
            query.append(optional: "search", search)
            query.append(optional: "location_id", locationID)
            query.append(optional: "assigned_to", assignedTo)
            query.append(optional: "created_from", createdFrom?.rawValue)
            query.append(optional: "created_to", createdTo?.rawValue)
            query.append(optional: "collected_from", collectedFrom?.rawValue)
            query.append(optional: "collected_to", collectedTo?.rawValue)
            return Endpoint(.get, "/api/orders", query: query, credential: .staff)
        }

        /// `GET /api/orders/:id`.
        public static func detail(id: String) -> Endpoint<OrderDetail> {
            Endpoint(.get, "/api/orders/\(pathComponent(id))", credential: .staff)
        }

        /// `PATCH /api/orders/:id` with the given fields (not the status: it is computed).
        public static func update(id: String, _ changes: OrderChanges) -> Endpoint<OrderDetail> {
            Endpoint(.patch, "/api/orders/\(pathComponent(id))", body: changes, credential: .staff)
        }

        /// `GET /api/orders/:orderId/devices/:deviceId`: the full device detail.
        public static func device(orderID: String, deviceID: String) -> Endpoint<DeviceDetail> {
            Endpoint(.get, "/api/orders/\(pathComponent(orderID))/devices/\(pathComponent(deviceID))", credential: .staff)
        }
    }

    /// Staff devices, the workflow and the scanner (CONTRACT §6).
    public enum Devices {
        /// `GET /api/devices`. `statuses` are sent comma-separated; `search` matches serial, IMEI,
        /// brand/model and order number; `assignedTo` is a user id or `"me"`.
        public static func list(statuses: [DeviceStatus]? = nil, workflowType: WorkflowType? = nil,
                                assignedTo: String? = nil, search: String? = nil,
                                page: Int = 1, limit: Int = 20) -> Endpoint<[DeviceListItem]> {
            var query = pageQuery(page, limit)
            if let statuses, !statuses.isEmpty {
                query.append(QueryItem("status", statuses.map(\.rawValue).joined(separator: ",")))
            }
            query.append(optional: "workflow_type", workflowType?.rawValue)
            query.append(optional: "assigned_to", assignedTo)
            query.append(optional: "search", search)
            return Endpoint(.get, "/api/devices", query: query, credential: .staff)
        }

        /// `GET /api/devices/my-queue`: the caller's assigned devices that still need work.
        public static func myQueue(page: Int = 1, limit: Int = 20) -> Endpoint<[DeviceListItem]> {
            Endpoint(.get, "/api/devices/my-queue", query: pageQuery(page, limit), credential: .staff)
        }

        /// `GET /api/devices/my-active-work`: the caller's devices on the bench.
        public static func myActiveWork(page: Int = 1, limit: Int = 20) -> Endpoint<[DeviceListItem]> {
            Endpoint(.get, "/api/devices/my-active-work", query: pageQuery(page, limit), credential: .staff)
        }

        /// `GET /api/devices/lookup?code=`: a scanned id, serial, IMEI or order number → where the
        /// device is. 404 (`notFound`) when nothing matches.
        public static func lookup(code: String) -> Endpoint<DeviceLookup> {
            Endpoint(.get, "/api/devices/lookup", query: [QueryItem("code", code)], credential: .staff)
        }

        /// `GET /api/devices/:id`.
        public static func detail(id: String) -> Endpoint<DeviceDetail> {
            Endpoint(.get, "/api/devices/\(pathComponent(id))", credential: .staff)
        }

        /// `PATCH /api/devices/:id` with the given fields.
        public static func update(id: String, _ changes: DeviceChanges) -> Endpoint<DeviceDetail> {
            Endpoint(.patch, "/api/devices/\(pathComponent(id))", body: changes, credential: .staff)
        }

        /// `PATCH /api/devices/:id {status}`. An edge that is not in the workflow throws
        /// ``RepairMinderError/illegalTransition(from:to:allowed:)``.
        public static func move(id: String, to status: DeviceStatus) -> Endpoint<DeviceDetail> {
            update(id: id, DeviceChanges(status: status))
        }

        /// `PATCH /api/devices/:id {assigned_engineer_id}`; nil unassigns.
        public static func assign(id: String, engineerID: String?) -> Endpoint<DeviceDetail> {
            update(id: id, DeviceChanges(assignedEngineerID: engineerID.map { .set($0) } ?? .clear))
        }
    }
}

extension Array where Element == QueryItem {
    /// Appends `name=value` when `value` is set and not empty.
    mutating func append(optional name: String, _ value: String?) {
        if let value, !value.isEmpty { append(QueryItem(name, value)) }
    }
}
