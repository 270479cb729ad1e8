import Foundation
import MockHTTP
import MockBasics
import MockRouting
import MockStore

/// The `/__mock/…` control API: what tests use to read sent codes, move the clock, reset to the
/// seed, flip company status, inject faults and read the request journal. Same envelope as the app
/// API (CONTRACT §1). With `--no-control-api` only `/__mock/health` is registered.
enum ControlRoutes {
    /// `GET /__mock/health`: on even when the rest of the control API is off.
    static func registerHealth(on router: inout Router) {
        router.get("/__mock/health", access: .open) { context in
            JSONBody.success(HealthPayload(now: context.environment.clock.now()))
        }
    }

    static func register(on router: inout Router) {

        router.post("/__mock/reset", access: .open) { context in
            let started = ContinuousClock.now
            let environment = context.environment
            try environment.reset()
            return JSONBody.success(ResetResult(now: Timestamp.string(environment.clock.now()),
                                                duration_ms: started.duration(to: .now).milliseconds))
        }

        router.get("/__mock/outbox", access: .open) { context in
            let to = context.request.queryValue("to")
            var kind: MailKind?
            if let name = context.request.queryValue("kind") {
                guard let known = MailKind(rawValue: name) else { throw APIFailure.badRequest("Unknown outbox kind: \(name)") }
                kind = known
            }
            let limit = try context.controlListLimit()
            return JSONBody.list(try context.store.outbox(to: to, kind: kind, limit: limit), OutboxMail.init)
        }

        router.get("/__mock/clock", access: .open) { context in
            JSONBody.success(ClockState(context.environment.clock))
        }

        router.post("/__mock/clock", access: .open) { context in
            let change = try context.body(ClockChange.self)
            let clock = context.environment.clock
            // Checked whole before anything changes: a bad body moves nothing.
            enum Move { case by(Double), to(Date), none }
            let move: Move
            switch (change.advance_seconds, change.now) {
            case (let seconds?, nil):
                guard seconds.isFinite, abs(seconds) <= 100 * 365 * 86_400 else {
                    throw APIFailure.invalidField("advance_seconds")
                }
                move = .by(seconds)
            case (nil, let text?):
                guard let instant = Timestamp.parse(text) else { throw APIFailure.invalidField("now") }
                move = .to(instant)
            case (nil, nil) where change.frozen != nil:
                move = .none
            case (nil, nil):
                throw APIFailure.badRequest("Give advance_seconds, now or frozen")
            default:
                throw APIFailure.badRequest("Give exactly one of advance_seconds or now")
            }
            if change.frozen == true { clock.freeze() }
            switch move {
            case .by(let seconds): clock.advance(by: seconds)
            case .to(let instant): clock.set(instant)
            case .none: break
            }
            if change.frozen == false { clock.unfreeze() }
            // The stages the move reached go out now, as the backend's scheduler would have sent them.
            try context.store.sendDueMacroStages(now: clock.now())
            return JSONBody.success(ClockState(clock))
        }

        router.patch("/__mock/companies/:id", access: .open) { context in
            let id = try context.parameter("id")
            let change = try context.body(CompanyStatusChange.self)
            guard let company = try context.store.setCompanyStatus(id, to: change.status) else {
                throw APIFailure(status: 404, message: "Company not found")
            }
            return JSONBody.success(CompanyStatusResult(id: id, name: company.name, status: company.status))
        }

        router.patch("/__mock/users/:id", access: .open) { context in
            let id = try context.parameter("id")
            let change = try context.body(StaffStandingChange.self)
            guard let account = try context.store.setStaffStanding(id, to: change.status, now: context.environment.clock.now()) else {
                throw APIFailure(status: 404, message: "User not found")
            }
            return JSONBody.success(StaffStandingResult(id: account.id, email: account.email, status: account.standing))
        }

        router.get("/__mock/requests", access: .open) { context in
            var pattern: PathPattern?
            if let path = context.request.queryValue("path") {
                guard let parsed = PathPattern(path) else { throw APIFailure.invalidField("path") }
                pattern = parsed
            }
            let limit = try context.controlListLimit()
            // Oldest first: a limit keeps the newest, still oldest first.
            let entries = context.environment.journal.entries(method: context.request.queryValue("method"), path: pattern)
            return JSONBody.list(PageOf(last: limit, of: entries)) { $0 }
        }

        router.delete("/__mock/requests", access: .open) { context in
            context.environment.journal.clear()
            return JSONBody.bare()
        }

        router.get("/__mock/faults", access: .open) { context in
            // In order of creation: a limit keeps the newest, still oldest first.
            JSONBody.list(PageOf(last: try context.controlListLimit(), of: context.environment.faults.all())) { $0 }
        }

        router.post("/__mock/faults", access: .open) { context in
            let request = try context.body(FaultRequest.self)
            let fault = try request.validated()
            return JSONBody.response(status: 201, JSONBody.Success(
                data: context.environment.faults.add(method: fault.method, path: fault.path, count: fault.count,
                                                     latencyMs: fault.latencyMs, status: fault.status,
                                                     body: fault.body, action: fault.action, timeoutMs: fault.timeoutMs),
                pagination: nil))
        }

        router.post("/__mock/faults/:id/release", access: .open) { context in
            let release = context.request.body.isEmpty ? FaultRelease() : try context.body(FaultRelease.self)
            if let count = release.count, count < 1 { throw APIFailure.invalidField("count") }
            guard let id = Int(try context.parameter("id")),
                  let (released, stillHeld) = context.environment.faults.release(faultID: id, count: release.count,
                                                                                 then: release.then ?? .answer) else {
                throw APIFailure(status: 404, message: "Fault not found")
            }
            return JSONBody.success(FaultReleaseResult(released: released, held: stillHeld))
        }

        router.delete("/__mock/faults", access: .open) { context in
            context.environment.faults.clear()
            return JSONBody.bare()
        }

        router.delete("/__mock/faults/:id", access: .open) { context in
            guard let id = Int(try context.parameter("id")), context.environment.faults.remove(id: id) else {
                throw APIFailure(status: 404, message: "Fault not found")
            }
            return JSONBody.bare()
        }

        // The backend's mail webhook: a customer's email to a company address opens an enquiry
        // (or, with `ticket_id`, answers one), with the pushes staff would get.
        router.post("/__mock/inbound-email", access: .open) { context in
            let mail = try context.body(InboundEmailRequest.self)
            for (field, value) in [("to", mail.to), ("from", mail.from), ("subject", mail.subject), ("body", mail.body)]
            where value.isBlankText || value.count > 100_000 {
                throw APIFailure.invalidField(field)
            }
            let result = try context.store.receiveEmail(
                InboundEmail(to: mail.to, fromEmail: mail.from, fromName: mail.from_name, subject: mail.subject,
                             body: mail.body, ticketID: mail.ticket_id), now: context.now)
            return JSONBody.success(InboundEmailResult(ticket_id: result.ticket.id, ticket_number: result.ticket.ticketNumber,
                                                       message_id: result.messageID, created_ticket: result.createdTicket),
                                    status: 201)
        }

        router.get("/__mock/push", access: .open) { context in
            let token = context.request.queryValue("device_token")
            let limit = try context.controlListLimit()
            return JSONBody.list(try context.store.recordedPushes(deviceToken: token, limit: limit), RecordedPush.init)
        }

        // The device tokens apps registered: a push is recorded only for one of these. Oldest first:
        // a limit keeps the latest registered.
        router.get("/__mock/device-tokens", access: .open) { context in
            JSONBody.list(try context.store.deviceTokens(newest: try context.controlListLimit()), RegisteredDeviceToken.init)
        }
    }
}

/// `{device_token, platform, app_type, owner_id, company_id, registered_at}`: `owner_id` is the
/// staff user's id (`app_type` `staff`) or the client's (`customer`).
/*@JSONObject(component: "RegisteredDeviceToken")*/
struct RegisteredDeviceToken {
    let device_token: String
    let platform: String
    let app_type: AppType
    let owner_id: String
    let company_id: String
    /*@Schema(.timestamp)*/ let registered_at: String

    init(_ token: DeviceTokenRow) {
        device_token = token.deviceToken
        platform = token.platform
        app_type = token.appType
        owner_id = token.userID ?? token.clientID ?? ""
        company_id = token.companyID
        registered_at = token.updatedAt
    }
}

// MARK: - Payloads of the control API

private struct InboundEmailRequest: Decodable {
    let to: String
    let from: String
    let from_name: String?
    let subject: String
    let body: String
    let ticket_id: String?
}

/// `POST /__mock/inbound-email`: the enquiry the mail went to, and its message.
/*@JSONObject(component: "InboundEmailResult")*/
struct InboundEmailResult {
    /*@Schema(.id)*/ let ticket_id: String
    let ticket_number: Int64
    /*@Schema(.id)*/ let message_id: String
    /// true when a new enquiry was opened.
    let created_ticket: Bool
}

/// `POST /__mock/reset`: the clock's time after it, and how long it took.
/*@JSONObject(component: "ResetResult")*/
struct ResetResult {
    /*@Schema(.timestamp)*/ let now: String
    let duration_ms: Double
}

/// The mock's clock.
/*@JSONObject(component: "ClockState")*/
struct ClockState {
    /*@Schema(.timestamp)*/ let now: String
    /// Mock clock minus wall clock, seconds.
    let offset_seconds: Double
    /// The clock stands still and moves only when moved; false, it runs with the wall clock.
    let frozen: Bool
    init(_ clock: MockClock) {
        now = Timestamp.string(clock.now())
        offset_seconds = (clock.offsetSeconds * 1000).rounded() / 1000
        frozen = clock.isFrozen
    }
}

private struct ClockChange: Decodable {
    let advance_seconds: Double?
    let now: String?
    /// true stops the clock (before a move in the same body, so the move lands exactly); false lets
    /// it run on with the wall clock (after the move).
    let frozen: Bool?
}

private struct StaffStandingChange: Decodable {
    let status: StaffStanding
}

/// `PATCH /__mock/users/{id}`: the staff user with their new standing.
/*@JSONObject(component: "UserStanding")*/
struct StaffStandingResult {
    /*@Schema(.id)*/ let id: String
    let email: String
    /// `active`, `deactivated` (signing in answers `Account is deactivated`) or `archived` (`Account
    /// has been archived and cannot login`); either of the last two ends their sessions on the next request.
    let status: StaffStanding
}

private struct CompanyStatusChange: Decodable {
    let status: CompanyStatus
}

/// A company and its status: `GET /__mock/companies` lists them, `PATCH /__mock/companies/{id}`
/// answers the company with its new status.
/*@JSONObject(component: "CompanyStatusResult")*/
struct CompanyStatusResult {
    /*@Schema(.id)*/ let id: String
    let name: String
    let status: CompanyStatus
}

extension CompanyStatusResult {
    init(_ company: CompanySummary) {
        self.init(id: company.id, name: company.name, status: company.status)
    }
}

/// `POST /__mock/faults/{id}/release`: how many went on (each answered and journaled before this
/// answers), and how many the fault still holds.
/*@JSONObject(component: "FaultReleaseResult")*/
struct FaultReleaseResult {
    let released: Int
    let held: Int
}

private struct FaultRelease: Decodable {
    var count: Int?
    var then: FaultPlan.ReleaseThen?
}

private struct FaultRequest: Decodable {
    let method: String?
    let path: String
    let count: Int?
    let latency_ms: Int?
    let status: Int?
    let body: JSONValue?
    let action: FaultPlan.Action?
    let timeout_ms: Int?

    struct Valid {
        let method: String?
        let path: PathPattern
        let count: Int?
        let latencyMs: Int?
        let status: Int?
        let body: JSONValue?
        let action: FaultPlan.Action?
        let timeoutMs: Int?
    }

    func validated() throws -> Valid {
        if let method, method.isEmpty || !method.allSatisfy({ $0.isLetter && $0.isUppercase }) {
            throw APIFailure.invalidField("method")
        }
        guard let pattern = PathPattern(path) else { throw APIFailure.invalidField("path") }
        if let count, count < 1 { throw APIFailure.invalidField("count") }
        if let latency_ms, !(0...60_000).contains(latency_ms) { throw APIFailure.invalidField("latency_ms") }
        if let status, !(200...599).contains(status) { throw APIFailure.invalidField("status") }
        if body != nil, status == nil { throw APIFailure.badRequest("body needs a status") }
        if action == .dropConnection, status != nil || body != nil {
            throw APIFailure.badRequest("drop_connection cannot have a status or body")
        }
        if action == .hold, status != nil || body != nil {
            throw APIFailure.badRequest("hold cannot have a status or body: its release says what follows")
        }
        if let timeout_ms {
            guard action == .hold else { throw APIFailure.badRequest("timeout_ms is for a hold") }
            guard (1...600_000).contains(timeout_ms) else { throw APIFailure.invalidField("timeout_ms") }
        }
        guard latency_ms != nil || status != nil || action != nil else {
            throw APIFailure.badRequest("A fault needs latency_ms, status or action")
        }
        return Valid(method: method, path: pattern, count: count, latencyMs: latency_ms, status: status,
                     body: body, action: action, timeoutMs: timeout_ms)
    }
}
