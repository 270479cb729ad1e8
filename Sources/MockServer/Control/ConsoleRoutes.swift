import Foundation
import MockHTTP
import MockBasics
import MockRouting
import MockStore

/// The console (`GET /__mock/`: one HTML page for people, docs/console.md) and the read endpoints
/// it polls besides the older ones: `GET /__mock/accounts`, `/__mock/companies`, `/__mock/sessions`,
/// `/__mock/orders` and `/__mock/clients`. Per namespace at `/ns/<name>/__mock/`, like the rest of
/// the control API. (The console reads here, where nothing is journalled or faulted; it moves a
/// device through the staff app's own route, `PATCH /api/devices/{id}`.)
enum ConsoleRoutes {
    static func register(on router: inout Router) {
        // `/__mock` answers too (the router ignores one trailing slash); the page finds its
        // endpoints from its own URL either way.
        router.get("/__mock/", access: .open) { _ in
            try ConsolePage.bundled.get().response()
        }

        router.get("/__mock/accounts", access: .open) { context in
            let accounts = try SeededAccounts.list(context.store)
            return JSONBody.success(accounts.map(ConsoleAccountPayload.init))
        }

        router.get("/__mock/companies", access: .open) { context in
            JSONBody.success(try context.store.companies().map(ConsoleCompanyPayload.init))
        }

        router.get("/__mock/sessions", access: .open) { context in
            let request = context.request
            var filter = SessionFilter()
            if let kind = request.queryValue("kind") {
                guard let parsed = SessionSummary.Kind(rawValue: kind) else { throw APIFailure.invalidQuery("kind") }
                filter.kind = parsed
            }
            if let status = request.queryValue("status") {
                guard let parsed = SessionSummary.Status(rawValue: status) else { throw APIFailure.invalidQuery("status") }
                filter.status = parsed
            }
            if let email = request.queryValue("email") {
                guard !email.isEmpty else { throw APIFailure.invalidQuery("email") }
                filter.email = email
            }
            if let limit = request.queryValue("limit") {
                guard let value = Int(limit), (1...sessionLimit).contains(value) else {
                    throw APIFailure.invalidQuery("limit")
                }
                filter.limit = value
            }
            return JSONBody.success(try context.store.sessions(filter, now: context.now).map(ConsoleSessionPayload.init))
        }

        router.get("/__mock/orders", access: .open) { context in
            var limit: Int?
            if let text = context.request.queryValue("limit") {
                guard let value = Int(text), (1...orderLimit).contains(value) else { throw APIFailure.invalidQuery("limit") }
                limit = value
            }
            return JSONBody.success(try context.store.ordersOfEveryCompany(limit: limit).map(ConsoleOrderPayload.init))
        }

        router.get("/__mock/clients", access: .open) { context in
            JSONBody.success(try context.store.clientsOfEveryCompany().map(ConsoleClientPayload.init))
        }
    }

    /// The largest `limit` of `GET /__mock/sessions`.
    static let sessionLimit = 1000
    /// The largest `limit` of `GET /__mock/orders`.
    static let orderLimit = 1000
}

// MARK: - Payloads

/// One row of the start-up banner's table of accounts.
@JSONObject
private struct ConsoleAccountPayload {
    let email: String
    let kind: String
    @Nullable var role: String?
    let company: String
    @Nullable var company_status: String?
    let sign_in: String

    init(_ account: SeededAccounts.Account) {
        email = account.email
        kind = account.kind
        role = account.role
        company = account.company
        company_status = account.companyStatus.isEmpty ? nil : account.companyStatus
        sign_in = account.login
    }
}

@JSONObject
private struct ConsoleCompanyPayload {
    let id: String
    let name: String
    let status: String

    init(_ company: CompanySummary) {
        id = company.id
        name = company.name
        status = company.status
    }
}

/// A session as `GET /__mock/sessions` lists it (and `DELETE /__mock/sessions/{id}` answers it).
@JSONObject
struct ConsoleSessionPayload {
    let id: String
    let kind: String
    @Nullable var user_id: String?
    @Nullable var client_id: String?
    let email: String
    let company_id: String
    let company_name: String
    let company_status: String
    @Nullable var platform: String?
    let created_at: String
    @Nullable var last_refresh_at: String?
    let refresh_count: Int
    let expires_at: String
    let status: String
    @Nullable var revoked_reason: String?
    @Nullable var revoked_at: String?

    init(_ session: SessionSummary) {
        id = session.id
        kind = session.kind.rawValue
        user_id = session.userID
        client_id = session.clientID
        email = session.email
        company_id = session.companyID
        company_name = session.companyName
        company_status = session.companyStatus
        platform = session.platform
        created_at = session.createdAt
        last_refresh_at = session.lastRefreshAt
        refresh_count = session.refreshCount
        expires_at = session.expiresAt
        status = session.status.rawValue
        revoked_reason = session.revokedReason
        revoked_at = session.revokedAt
    }
}

/// An order of any company as `GET /__mock/orders` lists it: what the console's orders panel shows,
/// and for each device the moves `PATCH /api/devices/{id}` would take (its `available_transitions`).
@JSONObject
private struct ConsoleOrderPayload {
    let id: String
    let order_number: Int64
    let status: String
    let status_label: String
    let company_id: String
    let company_name: String
    let company_status: String
    let client: Client
    let devices: [Device]
    let created_at: String
    let updated_at: String

    init(_ entry: ConsoleOrderEntry) {
        id = entry.order.id
        order_number = entry.order.orderNumber
        status = entry.order.status.rawValue
        status_label = entry.order.status.displayName
        company_id = entry.company.id
        company_name = entry.company.name
        company_status = entry.company.status
        client = Client(entry.client)
        devices = entry.devices.map(Device.init)
        created_at = entry.order.createdAt
        updated_at = entry.order.updatedAt
    }


    @JSONObject
    struct Client {
        let id: String
        let name: String
        let email: String

        init(_ client: ClientName) {
            id = client.id
            name = client.firstName + " " + client.lastName
            email = client.email
        }
    }

    @JSONObject
    struct Device {
        let id: String
        let name: String
        let workflow_type: String
        let status: String
        let status_label: String
        let available_transitions: [StatusOptionPayload]

        init(_ device: ListedDevice) {
            id = device.id
            name = device.displayName
            workflow_type = device.workflowType.rawValue
            status = device.status.rawValue
            status_label = device.status.displayName
            available_transitions = device.status.nextStatuses(in: device.workflowType).map(StatusOptionPayload.init)
        }

    }
}

/// A client as `GET /__mock/clients` lists them: whom the console's add-order form offers.
@JSONObject
private struct ConsoleClientPayload {
    let id: String
    let name: String
    let email: String
    let company_ids: [String]

    init(_ listed: ClientOfCompanies) {
        id = listed.client.id
        name = listed.client.firstName + " " + listed.client.lastName
        email = listed.client.email
        company_ids = listed.companyIDs
    }
}
