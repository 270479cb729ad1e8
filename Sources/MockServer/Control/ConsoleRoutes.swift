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
            let limit = try context.controlListLimit()
            return JSONBody.list(PageOf(first: limit, of: try SeededAccounts.list(context.store)), ConsoleAccountPayload.init)
        }

        router.get("/__mock/companies", access: .open) { context in
            JSONBody.list(try context.store.companies(limit: try context.controlListLimit()), CompanyStatusResult.init)
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
            filter.limit = try context.controlListLimit()
            return JSONBody.list(try context.store.sessions(filter, now: context.now), ConsoleSessionPayload.init)
        }

        router.get("/__mock/orders", access: .open) { context in
            JSONBody.list(try context.store.ordersOfEveryCompany(limit: try context.controlListLimit()), ConsoleOrderPayload.init)
        }

        router.get("/__mock/clients", access: .open) { context in
            JSONBody.list(try context.store.clientsOfEveryCompany(limit: try context.controlListLimit()), ConsoleClientPayload.init)
        }
    }
}

// MARK: - Payloads

/// One row of the accounts table the server prints at start.
/*@JSONObject(component: "ConsoleAccount")*/
struct ConsoleAccountPayload {
    let email: String
    let kind: SessionSummary.Kind
    /// The staff member's role; null for customers.
    /*@Nullable*/ var role: UserRole?
    /// The staff member's company; a customer's companies, comma-separated.
    let company: String
    /// The staff member's company's status; null for customers.
    /*@Nullable*/ var company_status: CompanyStatus?
    /// How the account signs in, as the banner says it: `password123 + email code`, `password123 + TOTP or email
    /// code` (`the seed's password + …` for an account of a seed of your own whose password is another), `magic link
    /// only`, `deactivated: cannot log in`, `archived: cannot log in`, `magic link code` (customers).
    let sign_in: String

    init(_ account: SeededAccounts.Account) {
        email = account.email
        kind = account.kind
        role = account.role
        company = account.company
        company_status = account.companyStatus
        sign_in = account.login
    }
}

/// A staff refresh-token family or a customer session, as `GET /__mock/sessions` lists it (and
/// `DELETE /__mock/sessions/{id}` answers it).
/*@JSONObject(component: "Session")*/
struct ConsoleSessionPayload {
    /// The family id (staff; the `familyId` claim of its access tokens) or the session id (customer; the `sessionId`
    /// claim).
    /*@Schema(.string(format: "uuid"))*/ let id: String
    let kind: SessionSummary.Kind
    /// Staff only.
    /*@Schema(.string(format: "uuid"))*/ /*@Nullable*/ var user_id: String?
    /// Customers only.
    /*@Schema(.string(format: "uuid"))*/ /*@Nullable*/ var client_id: String?
    let email: String
    /// The staff member's company, or the company the customer signed in to.
    /*@Schema(.string(format: "uuid"))*/ let company_id: String
    let company_name: String
    /// Now. A live staff session of a `pending_approval` or `suspended` company is quarantined.
    let company_status: CompanyStatus
    /// Staff only, from the User-Agent of the sign-in or the last refresh (it decides the refresh token's lifetime, 7
    /// or 90 days); customer sessions do not record it.
    /*@Schema(.string(values: ["web", "mobile"]))*/ /*@Nullable*/ var platform: String?
    /*@Schema(.string(format: "date-time"))*/ let created_at: String
    /// When the newest refresh token was issued; null before the first refresh, and always for customers (their
    /// tokens do not refresh).
    /*@Schema(.string(format: "date-time"))*/ /*@Nullable*/ var last_refresh_at: String?
    /*@Schema(.integer(minimum: 0))*/ let refresh_count: Int
    /// When the current refresh token (staff) or the session (customer) runs out.
    /*@Schema(.string(format: "date-time"))*/ let expires_at: String
    /// At the mock clock's now. `revoked` wins over `expired`.
    let status: SessionSummary.Status
    /// `reuse` (a rotated refresh token was presented again), `logout`, or `user_inactive` (staff deactivated or
    /// archived since: the family is not marked, but it no longer works); customers: `logout`. Null unless `revoked`.
    /*@Nullable*/ var revoked_reason: String?
    /// When it was revoked; null unless revoked, and for `user_inactive`.
    /*@Schema(.string(format: "date-time"))*/ /*@Nullable*/ var revoked_at: String?

    init(_ session: SessionSummary) {
        id = session.id
        kind = session.kind
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
        status = session.status
        revoked_reason = session.revokedReason
        revoked_at = session.revokedAt
    }
}

/// An order of any company as `GET /__mock/orders` lists it.
// What the console's orders panel shows, and for each device the moves `PATCH /api/devices/{id}`
// would take (its `available_transitions`).
/*@JSONObject(component: "ConsoleOrder")*/
struct ConsoleOrderPayload {
    /*@Schema(.string(format: "uuid"))*/ let id: String
    let order_number: Int64
    let status: OrderStatus
    let status_label: DisplayName<OrderStatus>
    /*@Schema(.string(format: "uuid"))*/ let company_id: String
    let company_name: String
    let company_status: CompanyStatus
    let client: Client
    /// In the order detail's order (by creation).
    let devices: [Device]
    /*@Schema(.timestamp)*/ let created_at: String
    /*@Schema(.timestamp)*/ let updated_at: String

    init(_ entry: ConsoleOrderEntry) {
        id = entry.order.id
        order_number = entry.order.orderNumber
        status = entry.order.status
        status_label = DisplayName(entry.order.status)
        company_id = entry.company.id
        company_name = entry.company.name
        company_status = entry.company.status
        client = Client(entry.client)
        devices = entry.devices.map(Device.init)
        created_at = entry.order.createdAt
        updated_at = entry.order.updatedAt
    }

    /*@JSONObject*/
    struct Client {
        /*@Schema(.string(format: "uuid"))*/ let id: String
        /// "first last".
        let name: String
        let email: String

        init(_ client: ClientName) {
            id = client.id
            name = client.firstName + " " + client.lastName
            email = client.email
        }
    }

    /*@JSONObject*/
    struct Device {
        /*@Schema(.string(format: "uuid"))*/ let id: String
        /// Brand and model.
        let name: String
        let workflow_type: WorkflowType
        let status: DeviceStatus
        let status_label: DisplayName<DeviceStatus>
        /// The statuses the device may move to next, as `GET /api/devices/{id}` answers them; empty for a final
        /// status.
        let available_transitions: [StatusOptionPayload]

        init(_ device: ListedDevice) {
            id = device.id
            name = device.displayName
            workflow_type = device.workflowType
            status = device.status
            status_label = DisplayName(device.status)
            available_transitions = device.status.nextStatuses(in: device.workflowType).map(StatusOptionPayload.init)
        }
    }
}

/// A client as `GET /__mock/clients` lists them.
// Whom the console's add-order form offers.
/*@JSONObject(component: "ConsoleClient")*/
struct ConsoleClientPayload {
    /*@Schema(.string(format: "uuid"))*/ let id: String
    /// "first last".
    let name: String
    let email: String
    /// The companies they are a client of, by id.
    /*@Schema(.array(.string(format: "uuid")))*/ let company_ids: [String]

    init(_ listed: ClientOfCompanies) {
        id = listed.client.id
        name = listed.client.firstName + " " + listed.client.lastName
        email = listed.client.email
        company_ids = listed.companyIDs
    }
}
