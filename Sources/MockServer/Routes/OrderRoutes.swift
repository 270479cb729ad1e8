import Foundation
import MockBasics
import MockRouting
import MockStore

/// Orders (CONTRACT §6): company-scoped; another company's id is a 404 and changes nothing.
enum OrderRoutes {
    static let editableFields: Set<String> = ["notes", "assigned_user_id", "location_id", "intake_method"]

    static func register(on router: inout Router) {
        router.get("/api/orders", access: .staff) { context in
            let staff = try context.staff()
            let list = try context.listQuery()
            let filter = OrderFilter(statuses: try context.enumListQuery("status", OrderStatus.self),
                                     search: context.textQuery("search"),
                                     locationID: context.textQuery("location_id"),
                                     assignedTo: context.userQuery("assigned_to", caller: staff.userID),
                                     createdFrom: try timestampQuery(context, "created_from"),
                                     createdTo: try timestampQuery(context, "created_to"),
                                     collectedFrom: try timestampQuery(context, "collected_from"),
                                     collectedTo: try timestampQuery(context, "collected_to"))
            let page = try context.store.orders(company: staff.companyID, filter: filter, page: list.pageRequest)
            return JSONBody.success(page.items.map(OrderListItemPayload.init), pagination: list.pagination(total: page.total))
        }

        router.get("/api/orders/:id", access: .staff) { context in
            let staff = try context.staff()
            guard let order = try context.store.order(id: try context.parameter("id"), company: staff.companyID) else {
                throw APIFailure.notFound
            }
            return JSONBody.success(OrderDetailPayload(order))
        }

        router.patch("/api/orders/:id", access: .staff) { context in
            let staff = try context.staff()
            let id = try context.parameter("id")
            // Not found before the body is judged: another company's order reveals nothing.
            guard try context.store.orderExists(id: id, company: staff.companyID) else { throw APIFailure.notFound }
            let body = try PatchBody(context.request.body, fields: editableFields, refused: [
                "status": .badRequest("Order status is computed from its devices and cannot be set")])
            let change = OrderChange(notes: try body.nullableText("notes"),
                                     assignedUserID: try body.nullableID("assigned_user_id"),
                                     locationID: try body.nullableID("location_id"),
                                     intakeMethod: try body.value("intake_method", IntakeMethod.self))
            guard let order = try context.store.updateOrder(id: id, company: staff.companyID, change: change,
                                                            now: context.now) else { throw APIFailure.notFound }
            return JSONBody.success(OrderDetailPayload(order))
        }

        router.get("/api/orders/:orderId/devices/:deviceId", access: .staff) { context in
            let staff = try context.staff()
            guard let device = try context.store.device(id: try context.parameter("deviceId"), company: staff.companyID,
                                                        orderID: try context.parameter("orderId")) else {
                throw APIFailure.notFound
            }
            return JSONBody.success(DeviceDetailPayload(device))
        }
    }

    /// An inclusive bound of the list's date filters: exactly `2026-11-21T10:15:00Z`; anything
    /// else is a 400 naming the parameter.
    private static func timestampQuery(_ context: RequestContext, _ name: String) throws -> Date? {
        guard let text = context.textQuery(name) else { return nil }
        guard let date = Timestamp.date(from: text) else { throw APIFailure.invalidQuery(name) }
        return date
    }
}
