import Foundation
import MockBasics
import MockRouting
import MockStore

/// Orders (CONTRACT §6): company-scoped; another company's id is a 404 and changes nothing.
enum OrderRoutes {

    static func register(on router: inout Router) {
        router.get("/api/orders") { (context: StaffContext) in
            let list = try context.listQuery()
            let filter = OrderFilter(statuses: try context.enumListQuery("status", OrderStatus.self),
                                     search: context.textQuery("search"),
                                     locationID: context.textQuery("location_id"),
                                     assignedTo: context.userQuery("assigned_to", caller: context.staff.userID),
                                     createdFrom: try timestampQuery(context, "created_from"),
                                     createdTo: try timestampQuery(context, "created_to"),
                                     collectedFrom: try timestampQuery(context, "collected_from"),
                                     collectedTo: try timestampQuery(context, "collected_to"))
            let page = try context.store.orders(company: context.staff.companyID, filter: filter, page: list.pageRequest)
            return JSONBody.success(page.items.map(OrderListItemPayload.init), pagination: list.pagination(total: page.total))
        }

        router.get("/api/orders/:id") { (context: StaffContext) in
            guard let order = try context.store.order(id: try context.parameter("id"), company: context.staff.companyID) else {
                throw APIFailure.notFound
            }
            return JSONBody.success(OrderDetailPayload(order))
        }

        router.patch("/api/orders/:id") { (context: StaffContext) in
            let id = try context.parameter("id")
            // Not found before the body is judged: another company's order reveals nothing.
            guard try context.store.orderExists(id: id, company: context.staff.companyID) else { throw APIFailure.notFound }
            let body = try context.body(OrderChangeBody.self, refusing: [
                "status": .badRequest("Order status is computed from its devices and cannot be set")])
            let change = OrderChange(notes: body.notes.change(), assignedUserID: body.assigned_user_id.change(),
                                     locationID: body.location_id.change(), intakeMethod: body.intake_method)
            guard let order = try context.store.updateOrder(id: id, company: context.staff.companyID, change: change,
                                                            now: context.now) else { throw APIFailure.notFound }
            return JSONBody.success(OrderDetailPayload(order))
        }

        router.get("/api/orders/:orderId/devices/:deviceId") { (context: StaffContext) in
            guard let device = try context.store.device(id: try context.parameter("deviceId"), company: context.staff.companyID,
                                                        orderID: try context.parameter("orderId")) else {
                throw APIFailure.notFound
            }
            return JSONBody.success(DeviceDetailPayload(device))
        }
    }

    /// An inclusive bound of the list's date filters: exactly `2026-11-21T10:15:00Z`; anything
    /// else is a 400 naming the parameter.
    private static func timestampQuery(_ context: StaffContext, _ name: String) throws -> Date? {
        guard let text = context.textQuery(name) else { return nil }
        guard let date = Timestamp.date(from: text) else { throw APIFailure.invalidQuery(name) }
        return date
    }
}

/// `PATCH /api/orders/{id}`: at least one field; an unknown field (including `status`) is a 400.
/// `null` clears, an absent key leaves the field as it is.
/*@RequestBody(component: "OrderChange", unknownKeys: .refused, atLeastOne: true)*/
struct OrderChangeBody {
    /*@Schema(.noteText)*/ var notes: FieldUpdate<String>?
    /// An active, unarchived staff user of the caller's company (else 400), or null. At most 64 characters.
    /*@Schema(.requestID)*/ var assigned_user_id: FieldUpdate<String>?
    /// A location of the caller's company (else 400), or null. At most 64 characters.
    /*@Schema(.requestID)*/ var location_id: FieldUpdate<String>?
    var intake_method: IntakeMethod?
}
