import MockBasics
import MockRouting
import MockStore
/// Clients (CONTRACT §6): a client belongs to a company through `client_companies`; a client of
/// another company is a 404, and a client of several companies shows only the caller's orders.
enum ClientRoutes {
    static func register(on router: inout Router) {
        router.get("/api/clients") { (context: StaffContext) in
            let list = try context.listQuery()
            let page = try context.store.clients(company: context.staff.companyID,
                                                 filter: ClientFilter(search: context.textQuery("search")),
                                                 page: list.pageRequest)
            return JSONBody.success(page.items.map(ClientListItemPayload.init), pagination: list.pagination(total: page.total))
        }

        // A literal segment, so the router prefers it to `/api/clients/:id`.
        router.get("/api/clients/search") { (context: StaffContext) in
            guard let query = context.textQuery("q") else { throw APIFailure.invalidQuery("q") }
            let matches = try context.store.searchClients(company: context.staff.companyID, query: query)
            return JSONBody.success(matches.map(ClientListItemPayload.init))
        }

        router.get("/api/clients/:id") { (context: StaffContext) in
            guard let client = try context.store.client(id: try context.parameter("id"), company: context.staff.companyID) else {
                throw APIFailure.notFound
            }
            return JSONBody.success(ClientDetailPayload(client))
        }
    }
}
