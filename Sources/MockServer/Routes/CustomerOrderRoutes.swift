import Foundation
import MockBasics
import MockRouting
import MockStore

/// The customer portal (CONTRACT §6, customer part): the signed-in client's orders of the token's
/// company only; another client's order, or the same client's order in another company, is a 404.
enum CustomerOrderRoutes {
    static let maxMessageCharacters = 10_000

    private struct ApproveBody: Decodable {
        struct Signature: Decodable {
            let typed_name: String
            let terms_agreed: Bool
        }
        let signature: Signature
    }

    private struct RejectBody: Decodable { let reason: String? }

    private struct MessageBody: Decodable { let body: String }

    static func register(on router: inout Router) {
        router.get("/api/customer/orders", access: .customer) { context in
            let customer = try context.customer()
            let list = try context.listQuery()
            let page = try context.store.customerOrders(client: customer.clientID, company: customer.companyID,
                                                        page: list.pageRequest)
            return JSONBody.success(page.items.map(CustomerOrderListItemPayload.init), pagination: list.pagination(total: page.total))
        }

        router.get("/api/customer/orders/:id", access: .customer) { context in
            let customer = try context.customer()
            guard let order = try context.store.customerOrder(id: try context.parameter("id"), client: customer.clientID,
                                                              company: customer.companyID) else { throw APIFailure.notFound }
            return JSONBody.success(CustomerOrderDetailPayload(order))
        }

        router.post("/api/customer/orders/:id/approve", access: .customer) { context in
            let customer = try context.customer()
            let id = try context.parameter("id")
            guard try context.store.customerOwnsOrder(id: id, client: customer.clientID, company: customer.companyID) else {
                throw APIFailure.notFound
            }
            let body = try context.body(ApproveBody.self)
            let name = body.signature.typed_name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty, name.count <= 200 else { throw APIFailure.invalidField("signature.typed_name") }
            guard body.signature.terms_agreed else { throw APIFailure.invalidField("signature.terms_agreed") }
            guard let order = try context.store.approveQuote(orderID: id, client: customer.clientID, company: customer.companyID,
                                                             typedName: name, now: context.now) else { throw APIFailure.notFound }
            return JSONBody.success(CustomerOrderDetailPayload(order))
        }

        router.post("/api/customer/orders/:id/reject", access: .customer) { context in
            let customer = try context.customer()
            let id = try context.parameter("id")
            guard try context.store.customerOwnsOrder(id: id, client: customer.clientID, company: customer.companyID) else {
                throw APIFailure.notFound
            }
            // The body is optional: none, `{}` or `{reason}`.
            let body = context.request.body.isEmpty ? RejectBody(reason: nil) : try context.body(RejectBody.self)
            let reason = body.reason?.trimmingCharacters(in: .whitespacesAndNewlines)
            if let reason, reason.count > maxMessageCharacters { throw APIFailure.invalidField("reason") }
            guard let order = try context.store.rejectQuote(orderID: id, client: customer.clientID, company: customer.companyID,
                                                            reason: reason?.isEmpty == true ? nil : reason,
                                                            now: context.now) else { throw APIFailure.notFound }
            return JSONBody.success(CustomerOrderDetailPayload(order))
        }

        router.post("/api/customer/orders/:id/messages", access: .customer) { context in
            let customer = try context.customer()
            let id = try context.parameter("id")
            guard try context.store.customerOwnsOrder(id: id, client: customer.clientID, company: customer.companyID) else {
                throw APIFailure.notFound
            }
            let body = try context.body(MessageBody.self)
            guard !body.body.isBlankText, body.body.count <= maxMessageCharacters else {
                throw APIFailure.invalidField("body")
            }
            guard let result = try context.store.addCustomerMessage(orderID: id, client: customer.clientID,
                                                                    company: customer.companyID, body: body.body,
                                                                    now: context.now) else { throw APIFailure.notFound }
            let payload = CustomerOrderDetailPayload(result.detail)
            guard let message = payload.messages.first(where: { $0.id == result.messageID }) else {
                throw ResourceError.inconsistent("message \(result.messageID) not in its order")
            }
            return JSONBody.success(message, status: 201)
        }
    }
}
