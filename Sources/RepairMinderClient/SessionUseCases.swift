import Foundation

/// A device moved along its workflow, and its order as the move left it (the order's status is
/// recomputed from its devices).
public struct DeviceMove: Sendable, Hashable {
    public var device: DeviceDetail
    public var order: OrderDetail
}

/// What a staff deep link opens, loaded.
public enum StaffDestination: Sendable, Hashable {
    case order(OrderDetail)
    case device(DeviceDetail)
    case ticket(TicketDetail)
}

/// A customer deep link, loaded: the order, and the section to show.
public struct CustomerDestination: Sendable, Hashable {
    public var order: CustomerOrderDetail
    public var section: DeepLink.CustomerOrderSection?
}

extension StaffSession {
    /// One page of any staff list.
    public func page<Item>(_ endpoint: Endpoint<[Item]>) async throws -> Page<Item> {
        try await run { try await self.client.page(endpoint) }
    }

    /// Every item of a staff list, walking its pages from the endpoint's page on
    /// (``APIClient/allPages(_:limit:maxPages:)``).
    public func allPages<Item>(_ endpoint: Endpoint<[Item]>, limit: Int? = 100) async throws -> [Item] {
        try await run { try await self.client.allPages(endpoint, limit: limit) }
    }

    /// My Queue: every device assigned to the signed-in user that still needs work.
    public func myQueue() async throws -> [DeviceListItem] {
        try await allPages(API.Devices.myQueue())
    }

    /// The scanner: looks the scanned code up (device id, serial, IMEI or a one-device order
    /// number), then loads that device's full detail. Throws `notFound` for an unknown code.
    public func scan(_ code: String) async throws -> DeviceDetail {
        try await run {
            let found = try await self.client.send(API.Devices.lookup(code: code))
            return try await self.client.send(API.Orders.device(orderID: found.orderID, deviceID: found.deviceID))
        }
    }

    /// Moves a device to `status` and loads its order, whose status the server recomputed.
    /// An edge not in the workflow throws ``RepairMinderError/illegalTransition(from:to:allowed:)``
    /// and changes nothing.
    public func moveDevice(_ deviceID: String, to status: DeviceStatus) async throws -> DeviceMove {
        try await run {
            let device = try await self.client.send(API.Devices.move(id: deviceID, to: status))
            let order = try await self.client.send(API.Orders.detail(id: device.orderID))
            return DeviceMove(device: device, order: order)
        }
    }

    /// Loads what a tapped staff push leads to. A customer link is a `validation` error.
    public func open(_ link: DeepLink) async throws -> StaffDestination {
        try await run {
            switch link {
            case .order(let id):
                return .order(try await self.client.send(API.Orders.detail(id: id)))
            case .device(let orderID, let deviceID):
                return .device(try await self.client.send(API.Orders.device(orderID: orderID, deviceID: deviceID)))
            case .ticket(let id):
                return .ticket(try await self.client.send(API.Tickets.detail(id: id)))
            case .customerOrder:
                throw RepairMinderError.validation(message: "A customer link cannot be opened by the staff app")
            }
        }
    }
}

extension CustomerSession {
    /// Every order of the signed-in customer at this company, walking the pages.
    public func orders() async throws -> [CustomerOrderListItem] {
        try await run { try await self.client.allPages(API.Customer.orders()) }
    }

    /// One order in the customer's view.
    public func order(_ id: String) async throws -> CustomerOrderDetail {
        try await run { try await self.client.send(API.Customer.order(id: id)) }
    }

    /// The orders whose quote awaits an answer, loaded in full (list, then each detail).
    public func ordersAwaitingApproval() async throws -> [CustomerOrderDetail] {
        try await run {
            var details: [CustomerOrderDetail] = []
            for item in try await self.client.allPages(API.Customer.orders()) where item.awaitingAuthorisation {
                details.append(try await self.client.send(API.Customer.order(id: item.id)))
            }
            return details
        }
    }

    /// Approves the order's quote with a typed signature (the terms are agreed to).
    public func approveQuote(orderID: String, typedName: String) async throws -> CustomerOrderDetail {
        try await run { try await self.client.send(API.Customer.approve(orderID: orderID, typedName: typedName)) }
    }

    /// Rejects the order's quote.
    public func rejectQuote(orderID: String, reason: String? = nil) async throws -> CustomerOrderDetail {
        try await run { try await self.client.send(API.Customer.reject(orderID: orderID, reason: reason)) }
    }

    /// Sends a message on the order's conversation; it reaches the shop as an inbound message.
    public func sendMessage(orderID: String, body: String) async throws -> CustomerMessage {
        try await run { try await self.client.send(API.Customer.sendMessage(orderID: orderID, body: body)) }
    }

    /// Loads what a tapped customer push leads to. A staff link is a `validation` error.
    public func open(_ link: DeepLink) async throws -> CustomerDestination {
        guard case .customerOrder(let id, let section) = link else {
            throw RepairMinderError.validation(message: "A staff link cannot be opened by the customer app")
        }
        return CustomerDestination(order: try await order(id), section: section)
    }
}
