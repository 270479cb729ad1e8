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
    static func registerHealth(on router: inout ControlRouter) {
        router.get("/__mock/health") { context in
            JSONBody.success(HealthPayload(now: context.environment.clock.now()))
        }
    }

    static func register(on router: inout ControlRouter) {

        router.post("/__mock/reset") { context in
            let started = ContinuousClock.now
            let environment = context.environment
            try environment.reset()
            return JSONBody.success(ResetResult(now: Timestamp.string(environment.clock.now()),
                                                duration_ms: started.duration(to: .now).milliseconds))
        }

        router.get("/__mock/outbox") { context in
            let to = context.request.queryValue("to")
            var kind: MailKind?
            if let name = context.request.queryValue("kind") {
                guard let known = MailKind(rawValue: name) else { throw APIFailure.badRequest("Unknown outbox kind: \(name)") }
                kind = known
            }
            let limit = try context.controlListLimit()
            return JSONBody.list(try context.store.outbox(to: to, kind: kind, limit: limit), OutboxMail.init)
        }

        router.get("/__mock/clock") { context in
            JSONBody.success(ClockState(context.environment.clock))
        }

        router.post("/__mock/clock") { context in
            let change = try context.body(ClockChange.self)
            let clock = context.environment.clock
            // Checked whole before anything changes: a bad body moves nothing.
            enum Move { case by(Double), to(Date), none }
            let move: Move
            switch (change.advance_seconds, change.now) {
            case (let seconds?, _):
                move = .by(seconds)
            case (_, let text?):
                guard let instant = Timestamp.parse(text) else { throw APIFailure.invalidField("now") }
                move = .to(instant)
            default:   // neither, with frozen (the body's declaration refuses the rest)
                move = .none
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

        router.patch("/__mock/companies/:id") { context in
            let id = try context.parameter("id")
            let change = try context.body(CompanyStatusChange.self)
            guard let company = try context.store.setCompanyStatus(id, to: change.status) else {
                throw APIFailure(status: 404, message: "Company not found")
            }
            return JSONBody.success(CompanyStatusResult(id: id, name: company.name, status: company.status))
        }

        router.patch("/__mock/users/:id") { context in
            let id = try context.parameter("id")
            let change = try context.body(StaffStandingChange.self)
            guard let account = try context.store.setStaffStanding(id, to: change.status, now: context.environment.clock.now()) else {
                throw APIFailure(status: 404, message: "User not found")
            }
            return JSONBody.success(StaffStandingResult(id: account.id, email: account.email, status: account.standing))
        }

        router.get("/__mock/requests") { context in
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

        router.delete("/__mock/requests") { context in
            context.environment.journal.clear()
            return JSONBody.bare()
        }

        router.get("/__mock/faults") { context in
            // In order of creation: a limit keeps the newest, still oldest first.
            JSONBody.list(PageOf(last: try context.controlListLimit(), of: context.environment.faults.all())) { $0 }
        }

        router.post("/__mock/faults") { context in
            let request = try context.body(FaultRequest.self)
            let fault = try request.validated()
            return JSONBody.response(status: 201, JSONBody.Success(
                data: context.environment.faults.add(method: fault.method, path: fault.path, count: fault.count,
                                                     latencyMs: fault.latencyMs, status: fault.status,
                                                     body: fault.body, action: fault.action, timeoutMs: fault.timeoutMs),
                pagination: nil))
        }

        router.post("/__mock/faults/:id/release") { context in
            let release = context.request.body.isEmpty ? FaultRelease() : try context.body(FaultRelease.self)
            guard let id = Int(try context.parameter("id")),
                  let (released, stillHeld) = context.environment.faults.release(faultID: id, count: release.count,
                                                                                 then: release.then ?? .answer) else {
                throw APIFailure(status: 404, message: "Fault not found")
            }
            return JSONBody.success(FaultReleaseResult(released: released, held: stillHeld))
        }

        router.delete("/__mock/faults") { context in
            context.environment.faults.clear()
            return JSONBody.bare()
        }

        router.delete("/__mock/faults/:id") { context in
            guard let id = Int(try context.parameter("id")), context.environment.faults.remove(id: id) else {
                throw APIFailure(status: 404, message: "Fault not found")
            }
            return JSONBody.bare()
        }

        // The backend's mail webhook: a customer's email to a company address opens an enquiry
        // (or, with `ticket_id`, answers one), with the pushes staff would get.
        router.post("/__mock/inbound-email") { context in
            let mail = try context.body(InboundEmailRequest.self)
            let result = try context.store.receiveEmail(
                InboundEmail(to: mail.to, fromEmail: mail.from, fromName: mail.from_name, subject: mail.subject,
                             body: mail.body, ticketID: mail.ticket_id), now: context.now)
            return JSONBody.success(InboundEmailResult(ticket_id: result.ticket.id, ticket_number: result.ticket.ticketNumber,
                                                       message_id: result.messageID, created_ticket: result.createdTicket),
                                    status: 201)
        }

        router.get("/__mock/push") { context in
            let token = context.request.queryValue("device_token")
            let limit = try context.controlListLimit()
            return JSONBody.list(try context.store.recordedPushes(deviceToken: token, limit: limit), RecordedPush.init)
        }

        // The device tokens apps registered: a push is recorded only for one of these. Oldest first:
        // a limit keeps the latest registered.
        router.get("/__mock/device-tokens") { context in
            JSONBody.list(try context.store.deviceTokens(newest: try context.controlListLimit()), RegisteredDeviceToken.init)
        }
    }
}

/// `{device_token, platform, app_type, owner_id, company_id, registered_at}`: `owner_id` is the
/// staff user's id (`app_type` `staff`) or the client's (`customer`).
/*@JSONObject(component: "RegisteredDeviceToken", from: "DeviceTokenRecord")*/
struct RegisteredDeviceToken {
    let device_token: String
    let platform: String
    let app_type: AppType
    /*@From(source.userID ?? source.clientID ?? "")*/ let owner_id: String
    let company_id: String
    /*@From(source.updatedAt)*/ /*@Schema(.timestamp)*/ let registered_at: String
}

// MARK: - Payloads of the control API

/// `POST /__mock/inbound-email`: the mail a customer sent to a company address. Unknown keys are ignored.
/*@RequestBody(component: "InboundEmail")*/
struct InboundEmailRequest {
    /// A company address (`company_emails`), case-insensitive, else 400.
    /*@Schema(.mailText)*/ let to: String
    /// The sender's address; a client of the company with this email becomes the ticket's client.
    /*@Schema(.mailText)*/ let from: String
    /*@Nullable*/ var from_name: String?
    /*@Schema(.mailText)*/ let subject: String
    /*@Schema(.mailText)*/ let body: String
    /// Add the message to this ticket of the same company instead of opening a new enquiry.
    /*@Nullable*/ var ticket_id: String?
}

extension WireSchema {
    /// A part of an inbound mail: not blank, at most 100,000 characters.
    static let mailText = WireSchema.string(maxLength: 100_000, notBlank: true)
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
/*@JSONObject(component: "ClockState", from: "MockClock")*/
struct ClockState {
    /*@From(Timestamp.string(source.now()))*/ /*@Schema(.timestamp)*/ let now: String
    /// Mock clock minus wall clock, seconds.
    /*@From((source.offsetSeconds * 1000).rounded() / 1000)*/ let offset_seconds: Double
    /// The clock stands still and moves only when moved; false, it runs with the wall clock.
    /*@From(source.isFrozen)*/ let frozen: Bool
}

/// `POST /__mock/clock`: a move (exactly one of advance_seconds and now), frozen, or both; a null
/// counts as absent. frozen true stops the clock before the move, frozen false lets it run after it.
/// Unknown keys are ignored.
/*@RequestBody(component: "ClockChange", noneGiven: "Give advance_seconds, now or frozen", exclusive: ["advance_seconds", "now"], exclusiveMessage: "Give exactly one of advance_seconds or now")*/
struct ClockChange {
    /// Seconds to move the clock; negative moves it back. At most 100 years either way.
    /*@Schema(.number(minimum: -3_153_600_000, maximum: 3_153_600_000))*/ /*@Nullable*/ var advance_seconds: Double?
    /// ISO 8601 with `Z` or `±hh:mm`, fractional seconds allowed.
    /*@Schema(.string(format: "date-time"))*/ /*@Nullable*/ var now: String?
    /// true stops the clock where it stands (it then moves only when moved); false lets it run on
    /// with the wall clock.
    /*@Nullable*/ var frozen: Bool?
}

/// `PATCH /__mock/users/{id}`. Unknown keys are ignored.
/*@RequestBody(component: "UserStandingChange")*/
struct StaffStandingChange {
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

/// `PATCH /__mock/companies/{id}`. Unknown keys are ignored.
/*@RequestBody(component: "CompanyStatusChange")*/
struct CompanyStatusChange {
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

/// `POST /__mock/faults/{id}/release`: omitted (or an empty body) = release every held request and
/// answer each. Unknown keys are ignored.
/*@RequestBody(component: "FaultReleaseRequest")*/
struct FaultRelease {
    /// The oldest N held requests; omitted = all.
    /*@Schema(.integer(minimum: 1))*/ /*@Nullable*/ var count: Int?
    /// `answer` (default) runs the request and answers it; `drop_connection` runs it to its commit and
    /// closes the connection without an answer (the lost answer); `truncate_body` runs it and sends
    /// half the body.
    /*@Nullable*/ var then: FaultPlan.ReleaseThen?
}

/// `POST /__mock/faults`: needs at least one of `latency_ms`, `status`, `action`. `body` needs
/// `status`. `drop_connection` and `hold` take no `status` or `body`. Unknown keys are ignored.
/*@RequestBody(component: "FaultRequest")*/
struct FaultRequest {
    /// Upper case; omitted = any method.
    /*@Schema(.string(pattern: #"^[A-Z]+(?![\s\S])"#))*/ /*@Nullable*/ var method: String?
    /// Path pattern: exact (`/api/auth/refresh`), `:name` for one segment (`/api/companies/:id`), or a
    /// trailing `*` for any rest (`/api/auth/*`). Must start with `/`; `*` only at the end.
    let path: String
    /// Next N matching requests; omitted = until cleared.
    /*@Schema(.integer(minimum: 1))*/ /*@Nullable*/ var count: Int?
    /*@Schema(.integer(minimum: 0, maximum: 60_000))*/ /*@Nullable*/ var latency_ms: Int?
    /// Answer this status instead of running the request.
    /*@Schema(.integer(minimum: 200, maximum: 599))*/ /*@Nullable*/ var status: Int?
    /// Any JSON, sent as-is with `status` (no envelope added). Default `{"success": false, "error":
    /// "Injected fault"}`.
    /*@Nullable*/ var body: JSONValue?
    /*@Nullable*/ var action: FaultPlan.Action?
    /// A hold's longest wait before the request is answered 503 (`X-Mock-Hold-End: timeout`); default
    /// 30000. Only with `action` `hold`.
    /*@Schema(.integer(minimum: 1, maximum: 600_000))*/ /*@Nullable*/ var timeout_ms: Int?

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
        guard let pattern = PathPattern(path) else { throw APIFailure.invalidField("path") }
        if body != nil, status == nil { throw APIFailure.badRequest("body needs a status") }
        if action == .dropConnection, status != nil || body != nil {
            throw APIFailure.badRequest("drop_connection cannot have a status or body")
        }
        if action == .hold, status != nil || body != nil {
            throw APIFailure.badRequest("hold cannot have a status or body: its release says what follows")
        }
        if timeout_ms != nil, action != .hold { throw APIFailure.badRequest("timeout_ms is for a hold") }
        guard latency_ms != nil || status != nil || action != nil else {
            throw APIFailure.badRequest("A fault needs latency_ms, status or action")
        }
        return Valid(method: method, path: pattern, count: count, latencyMs: latency_ms, status: status,
                     body: body, action: action, timeoutMs: timeout_ms)
    }
}
