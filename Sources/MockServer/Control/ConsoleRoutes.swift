import Crypto
import Foundation
import MockHTTP
import MockBasics
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

/// `Control/Console/console.html`, bundled as a resource of MockServer (Package.swift), read once.
package struct ConsolePage: Sendable {
    let html: Data
    /// `script-src` names the page's one inline script by its hash, so that markup which ever
    /// slipped into the page unescaped could still not run a script of its own.
    let contentSecurityPolicy: String

    package static let bundled: Result<ConsolePage, ConsolePageError> = {
        guard let url = Bundle.module.url(forResource: "console", withExtension: "html"),
              let data = try? Data(contentsOf: url) else {
            return .failure(ConsolePageError(message: "console.html is missing from the MockServer resources"))
        }
        return Result { try ConsolePage(html: data) }.mapError { $0 as? ConsolePageError ?? ConsolePageError(message: "\($0)") }
    }()

    init(html: Data) throws {
        let text = String(decoding: html, as: UTF8.self)
        guard let open = text.range(of: "<script>"), let close = text.range(of: "</script>", range: open.upperBound..<text.endIndex),
              text.range(of: "<script", range: close.upperBound..<text.endIndex) == nil else {
            throw ConsolePageError(message: "console.html must hold exactly one inline <script>")
        }
        let script = Data(text[open.upperBound..<close.lowerBound].utf8)
        let hash = Data(SHA256.hash(data: script)).base64EncodedString()
        self.html = html
        contentSecurityPolicy = [
            "default-src 'none'", "script-src 'sha256-\(hash)'", "style-src 'unsafe-inline'", "connect-src 'self'",
            "img-src data:", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    package func response() -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("Content-Type", "text/html; charset=utf-8")
        headers.add("Cache-Control", "no-store")
        headers.add("Content-Security-Policy", contentSecurityPolicy)
        headers.add("X-Content-Type-Options", "nosniff")
        headers.add("Referrer-Policy", "no-referrer")
        return HTTPResponse(status: 200, headers: headers, body: html)
    }
}

package struct ConsolePageError: Error, Sendable, CustomStringConvertible {
    let message: String
    package var description: String { message }
}

// MARK: - Payloads

/// One row of the start-up banner's table of accounts.
@JSONObject
private struct ConsoleAccountPayload {
    let email: String
    let kind: String
    @Nullable var role: String?
    let company: String
    @Nullable var companyStatus: String?
    let signIn: String

    init(_ account: SeededAccounts.Account) {
        email = account.email
        kind = account.kind
        role = account.role
        company = account.company
        companyStatus = account.companyStatus.isEmpty ? nil : account.companyStatus
        signIn = account.login
    }

    enum CodingKeys: String, CodingKey {
        case email, kind, role, company, companyStatus = "company_status", signIn = "sign_in"
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
    @Nullable var userID: String?
    @Nullable var clientID: String?
    let email: String
    let companyID: String
    let companyName: String
    let companyStatus: String
    @Nullable var platform: String?
    let createdAt: String
    @Nullable var lastRefreshAt: String?
    let refreshCount: Int
    let expiresAt: String
    let status: String
    @Nullable var revokedReason: String?
    @Nullable var revokedAt: String?

    init(_ session: SessionSummary) {
        id = session.id
        kind = session.kind.rawValue
        userID = session.userID
        clientID = session.clientID
        email = session.email
        companyID = session.companyID
        companyName = session.companyName
        companyStatus = session.companyStatus
        platform = session.platform
        createdAt = session.createdAt
        lastRefreshAt = session.lastRefreshAt
        refreshCount = session.refreshCount
        expiresAt = session.expiresAt
        status = session.status.rawValue
        revokedReason = session.revokedReason
        revokedAt = session.revokedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, userID = "user_id", clientID = "client_id", email, companyID = "company_id"
        case companyName = "company_name", companyStatus = "company_status", platform, createdAt = "created_at"
        case lastRefreshAt = "last_refresh_at", refreshCount = "refresh_count", expiresAt = "expires_at", status
        case revokedReason = "revoked_reason", revokedAt = "revoked_at"
    }
}

/// An order of any company as `GET /__mock/orders` lists it: what the console's orders panel shows,
/// and for each device the moves `PATCH /api/devices/{id}` would take (its `available_transitions`).
@JSONObject
private struct ConsoleOrderPayload {
    let id: String
    let orderNumber: Int64
    let status: String
    let statusLabel: String
    let companyID: String
    let companyName: String
    let companyStatus: String
    let client: Client
    let devices: [Device]
    let createdAt: String
    let updatedAt: String

    init(_ entry: ConsoleOrderEntry) {
        id = entry.order.id
        orderNumber = entry.order.orderNumber
        status = entry.order.status.rawValue
        statusLabel = entry.order.status.displayName
        companyID = entry.company.id
        companyName = entry.company.name
        companyStatus = entry.company.status
        client = Client(entry.client)
        devices = entry.devices.map(Device.init)
        createdAt = entry.order.createdAt
        updatedAt = entry.order.updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, orderNumber = "order_number", status, statusLabel = "status_label", companyID = "company_id"
        case companyName = "company_name", companyStatus = "company_status", client, devices
        case createdAt = "created_at", updatedAt = "updated_at"
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
        let workflowType: String
        let status: String
        let statusLabel: String
        let availableTransitions: [StatusOptionPayload]

        init(_ device: ListedDevice) {
            id = device.id
            name = device.displayName
            workflowType = device.workflowType.rawValue
            status = device.status.rawValue
            statusLabel = device.status.displayName
            availableTransitions = device.status.nextStatuses(in: device.workflowType).map(StatusOptionPayload.init)
        }

        enum CodingKeys: String, CodingKey {
            case id, name, workflowType = "workflow_type", status, statusLabel = "status_label"
            case availableTransitions = "available_transitions"
        }
    }
}

/// A client as `GET /__mock/clients` lists them: whom the console's add-order form offers.
@JSONObject
private struct ConsoleClientPayload {
    let id: String
    let name: String
    let email: String
    let companyIDs: [String]

    init(_ listed: ClientOfCompanies) {
        id = listed.client.id
        name = listed.client.firstName + " " + listed.client.lastName
        email = listed.client.email
        companyIDs = listed.companyIDs
    }

    enum CodingKeys: String, CodingKey {
        case id, name, email, companyIDs = "company_ids"
    }
}
