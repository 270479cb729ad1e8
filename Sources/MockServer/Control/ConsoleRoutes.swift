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
    static func register(on router: inout ControlRouter) {
        // `/__mock` answers too (the router ignores one trailing slash); the page finds its
        // endpoints from its own URL either way.
        router.get("/__mock/") { _ in
            try ConsolePage.bundled.get().response()
        }

        router.get("/__mock/accounts") { context in
            let limit = try context.controlListLimit()
            return JSONBody.list(PageOf(first: limit, of: try SeededAccounts.list(context.store)), ConsoleAccountPayload.init)
        }

        router.get("/__mock/companies") { context in
            JSONBody.list(try context.store.companies(limit: try context.controlListLimit()), CompanyStatusResult.init)
        }

        router.get("/__mock/sessions") { context in
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

        router.get("/__mock/orders") { context in
            JSONBody.list(try context.store.ordersOfEveryCompany(limit: try context.controlListLimit()), ConsoleOrderPayload.init)
        }

        router.get("/__mock/clients") { context in
            JSONBody.list(try context.store.clientsOfEveryCompany(limit: try context.controlListLimit()), ConsoleClientPayload.init)
        }
    }
}

// MARK: - Payloads

/// One row of the accounts table the server prints at start.
/*@JSONObject(component: "ConsoleAccount", from: "SeededAccounts.Account")*/
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
    /*@From(source.login)*/ let sign_in: String
}

/// A staff refresh-token family or a customer session, as `GET /__mock/sessions` lists it (and
/// `DELETE /__mock/sessions/{id}` answers it).
/*@JSONObject(component: "Session", from: "SessionSummary")*/
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
}

/// An order of any company as `GET /__mock/orders` lists it.
// What the console's orders panel shows, and for each device the moves `PATCH /api/devices/{id}`
// would take (its `available_transitions`).
/*@JSONObject(component: "ConsoleOrder", from: "ConsoleOrderEntry")*/
struct ConsoleOrderPayload {
    /*@From(source.order.id)*/ /*@Schema(.string(format: "uuid"))*/ let id: String
    /*@From(source.order.orderNumber)*/ let order_number: Int64
    /*@From(source.order.status)*/ let status: OrderStatus
    /*@From(DisplayName(source.order.status))*/ let status_label: DisplayName<OrderStatus>
    /*@From(source.company.id)*/ /*@Schema(.string(format: "uuid"))*/ let company_id: String
    /*@From(source.company.name)*/ let company_name: String
    /*@From(source.company.status)*/ let company_status: CompanyStatus
    /*@From(Client(source.client))*/ let client: Client
    /// In the order detail's order (by creation).
    /*@From(source.devices.map(Device.init))*/ let devices: [Device]
    /*@From(source.order.createdAt)*/ /*@Schema(.timestamp)*/ let created_at: String
    /*@From(source.order.updatedAt)*/ /*@Schema(.timestamp)*/ let updated_at: String

    /*@JSONObject(from: "ClientName")*/
    struct Client {
        /*@Schema(.string(format: "uuid"))*/ let id: String
        /// "first last".
        /*@From(source.firstName + " " + source.lastName)*/ let name: String
        let email: String
    }

    /*@JSONObject(from: "ListedDevice")*/
    struct Device {
        /*@Schema(.string(format: "uuid"))*/ let id: String
        /// Brand and model.
        /*@From(source.displayName)*/ let name: String
        let workflow_type: WorkflowType
        let status: DeviceStatus
        /*@From(DisplayName(source.status))*/ let status_label: DisplayName<DeviceStatus>
        /// The statuses the device may move to next, as `GET /api/devices/{id}` answers them; empty for a final
        /// status.
        /*@From(source.status.nextStatuses(in: source.workflowType).map(StatusOptionPayload.init))*/ let available_transitions: [StatusOptionPayload]
    }
}

/// A client as `GET /__mock/clients` lists them.
// Whom the console's add-order form offers.
/*@JSONObject(component: "ConsoleClient", from: "ClientOfCompanies")*/
struct ConsoleClientPayload {
    /*@From(source.client.id)*/ /*@Schema(.string(format: "uuid"))*/ let id: String
    /// "first last".
    /*@From(source.client.firstName + " " + source.client.lastName)*/ let name: String
    /*@From(source.client.email)*/ let email: String
    /// The companies they are a client of, by id.
    /*@Schema(.array(.string(format: "uuid")))*/ let company_ids: [String]
}
