import Foundation
import MockBasics
import MockRouting
import MockStore

/// The customer portal (CONTRACT §6, customer part): the signed-in client's orders of the token's
/// company only; another client's order, or the same client's order in another company, is a 404.
enum CustomerOrderRoutes {

    /// The order `:id` a route acts on, which must be the caller's at the token's company: another
    /// client's order, or theirs at another company, is a 404 before the body is judged.
    private static func ownOrder(_ context: CustomerContext) throws -> String {
        let id = try context.parameter("id")
        guard try context.store.customerOwnsOrder(id: id, client: context.customer.clientID, company: context.customer.companyID) else {
            throw APIFailure.notFound
        }
        return id
    }

    static func register(on router: inout Router) {
        router.get("/api/customer/orders") { (context: CustomerContext) in
            let list = try context.listQuery()
            let page = try context.store.customerOrders(client: context.customer.clientID, company: context.customer.companyID,
                                                        page: list.pageRequest)
            return JSONBody.success(page.items.map(CustomerOrderListItemPayload.init), pagination: list.pagination(total: page.total))
        }

        router.get("/api/customer/orders/:id") { (context: CustomerContext) in
            guard let order = try context.store.customerOrder(id: try context.parameter("id"), client: context.customer.clientID,
                                                              company: context.customer.companyID) else { throw APIFailure.notFound }
            return JSONBody.success(CustomerOrderDetailPayload(order))
        }

        router.post("/api/customer/orders/:id/approve") { (context: CustomerContext) in
            let id = try ownOrder(context)
            let name = try context.body(QuoteApprovalBody.self).signature.typed_name
            guard let order = try context.store.approveQuote(orderID: id, client: context.customer.clientID, company: context.customer.companyID,
                                                             typedName: name, now: context.now) else { throw APIFailure.notFound }
            return JSONBody.success(CustomerOrderDetailPayload(order))
        }

        router.post("/api/customer/orders/:id/reject") { (context: CustomerContext) in
            let id = try ownOrder(context)
            // The body is optional: none, `{}` or `{reason}`.
            let reason = context.request.body.isEmpty ? nil : try context.body(QuoteRejectionBody.self).reason
            guard let order = try context.store.rejectQuote(orderID: id, client: context.customer.clientID, company: context.customer.companyID,
                                                            reason: reason?.isEmpty == true ? nil : reason,
                                                            now: context.now) else { throw APIFailure.notFound }
            return JSONBody.success(CustomerOrderDetailPayload(order))
        }

        router.post("/api/customer/orders/:id/messages") { (context: CustomerContext) in
            let id = try ownOrder(context)
            let body = try context.body(CustomerMessageBody.self)
            guard let result = try context.store.addCustomerMessage(orderID: id, client: context.customer.clientID,
                                                                    company: context.customer.companyID, body: body.body,
                                                                    now: context.now) else { throw APIFailure.notFound }
            let payload = CustomerOrderDetailPayload(result.detail)
            guard let message = payload.messages.first(where: { $0.id == result.messageID }) else {
                throw ResourceError.inconsistent("message \(result.messageID) not in its order")
            }
            return JSONBody.success(message, status: 201)
        }
    }
}

// MARK: - Request bodies

/// `POST /api/customer/orders/{id}/approve`. Unknown keys are ignored.
/*@RequestBody(component: "QuoteApproval")*/
struct QuoteApprovalBody {
    let signature: Signature

    /// The customer's signature of the quote. Unknown keys are ignored.
    /*@RequestBody*/
    struct Signature {
        /// The customer's typed name; trimmed, then 1 to 200 characters.
        /*@Schema(.string(maxLength: 200, notBlank: true, trimmed: true))*/ let typed_name: String
        /// Must be true, else 400.
        /*@Schema(.constant(.bool(true)))*/ let terms_agreed: Bool
    }
}

/// `POST /api/customer/orders/{id}/reject` (the body may be left out). Unknown keys are ignored.
/*@RequestBody(component: "QuoteRejection")*/
struct QuoteRejectionBody {
    /// Kept (trimmed) as the devices' `authorization_notes`; blank = no reason.
    /*@Schema(.string(maxLength: 10_000, trimmed: true))*/ /*@Nullable*/ var reason: String?
}

/// `POST /api/customer/orders/{id}/messages`. Unknown keys are ignored.
/*@RequestBody(component: "CustomerMessageRequest")*/
struct CustomerMessageBody {
    /// Not blank; at most 10,000 characters.
    /*@Schema(.string(maxLength: 10_000, notBlank: true))*/ let body: String
}
