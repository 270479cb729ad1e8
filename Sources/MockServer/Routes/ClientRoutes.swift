import MockBasics
import MockRouting
import MockStore
/// Clients (CONTRACT §6): a client belongs to a company through `client_companies`; a client of
/// another company is a 404, and a client of several companies shows only the caller's orders.
enum ClientRoutes {
    static func register(on router: inout Router) {
        router.get("/api/clients", access: .staff) { context in
            let staff = try context.staff()
            let list = try context.listQuery()
            let page = try context.store.clients(company: staff.companyID,
                                                 filter: ClientFilter(search: context.textQuery("search")),
                                                 page: list.pageRequest)
            return JSONBody.success(page.items.map(ClientListItemPayload.init), pagination: list.pagination(total: page.total))
        }

        // A literal segment, so the router prefers it to `/api/clients/:id`.
        router.get("/api/clients/search", access: .staff) { context in
            let staff = try context.staff()
            guard let query = context.textQuery("q") else { throw APIFailure.invalidQuery("q") }
            let matches = try context.store.searchClients(company: staff.companyID, query: query)
            return JSONBody.success(matches.map(ClientListItemPayload.init))
        }

        router.get("/api/clients/:id", access: .staff) { context in
            let staff = try context.staff()
            guard let client = try context.store.client(id: try context.parameter("id"), company: staff.companyID) else {
                throw APIFailure.notFound
            }
            return JSONBody.success(ClientDetailPayload(client))
        }
    }
}
