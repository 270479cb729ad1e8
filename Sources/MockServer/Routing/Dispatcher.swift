import Foundation
import Logging
import MockHTTP

/// The request pipeline: control API, injected faults, authentication, quarantine, routing, the
/// handler, then the one error→response mapping, the journal and the log line.
struct Dispatcher: Sendable {
    let environment: ServerEnvironment
    let api: Router
    /// nil when the control API is off (`--no-control-api`): `/__mock/…` is then an unknown path.
    let control: Router?
    let authenticator: Authenticator

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let started = ContinuousClock.now
        if let control, request.path == "/__mock" || request.path.hasPrefix("/__mock/") {
            let response = run(request, on: control, principal: .success(nil), now: environment.clock.now())
            log(request, response, who: nil, started: started)
            return response
        }

        let now = environment.clock.now()
        let fault = environment.faults.take(method: request.method, path: request.path)
        if let latency = fault?.latencyMs, latency > 0 {
            Thread.sleep(forTimeInterval: Double(latency) / 1000)
        }

        var principal: Result<Principal?, APIFailure> = .success(nil)
        var response: HTTPResponse
        if fault?.action == .dropConnection {
            response = HTTPResponse(status: 503, delivery: .dropConnection)
        } else if let status = fault?.status {
            response = Self.faultResponse(status: status, body: fault?.body)
        } else {
            principal = authenticator.authenticate(request, now: now)
            response = run(request, on: api, principal: principal, now: now)
        }
        if fault?.action == .truncateBody {
            response.delivery = .truncateBody(bytes: response.body.count / 2)
        }

        let who = (try? principal.get())?.journalName
        let elapsed = started.duration(to: .now)
        environment.journal.record(method: request.method, path: request.path, query: Self.query(of: request),
                                   status: response.delivery == .dropConnection ? 0 : response.status, durationMs: elapsed.milliseconds, who: who,
                                   time: now)
        log(request, response, who: who, started: started)
        return response
    }

    private func run(_ request: HTTPRequest, on router: Router, principal: Result<Principal?, APIFailure>,
                     now: Date) -> HTTPResponse {
        do {
            let match = router.match(method: request.method, path: request.path)
            // Quarantine runs before the handler and before 404/405, so every protected or unknown
            // `/api/` path is covered; open routes (sign-in) are not judged by a token they ignore.
            if case .success(let caller?) = principal, !match.isOpen {
                try Quarantine.check(caller, path: request.path)
            }
            switch match {
            case .notFound:
                throw APIFailure.notFound
            case .methodNotAllowed(let allow):
                throw APIFailure.methodNotAllowed(allow: allow)
            case .found(let route, let parameters):
                let admitted = try Self.admit(principal, to: route.access)
                let context = RequestContext(request: request, parameters: parameters, principal: admitted,
                                             environment: environment, now: now)
                return try route.handler(context)
            }
        } catch {
            return Self.response(for: error, logger: environment.logger)
        }
    }

    /// Checks the route's access level against the caller; open routes ignore any token.
    private static func admit(_ principal: Result<Principal?, APIFailure>, to access: RouteAccess) throws -> Principal? {
        if access == .open { return try? principal.get() }
        guard let caller = try principal.get() else { throw APIFailure.unauthorized }
        switch (access, caller) {
        case (.staff, .staff), (.customer, .customer), (.staffOrCustomer, _):
            return caller
        default:
            throw APIFailure.unauthorized(reason: "wrong_token_kind")
        }
    }

    /// The one place where errors become responses.
    static func response(for error: any Error, logger: Logger) -> HTTPResponse {
        switch error {
        case let failure as APIFailure:
            return JSONBody.failure(failure)
        case let decoding as DecodingError:
            return JSONBody.failure(JSONBody.failure(for: decoding))
        case ResourceError.invalidField(let name):
            return JSONBody.failure(.invalidField(name))
        case ResourceError.rejected(let message):
            return JSONBody.failure(.badRequest(message))
        case ResourceError.illegalTransition(let from, let to, let allowed):
            let next = allowed.isEmpty ? "none (\(from.rawValue) is final)" : allowed.map(\.rawValue).joined(separator: ", ")
            return JSONBody.failure(.badRequest("Invalid status transition from \(from.rawValue) to \(to.rawValue). Allowed: \(next)"))
        default:
            logger.error("unhandled error: \(error)")
            return JSONBody.failure(APIFailure(status: 500, message: "Internal server error"))
        }
    }

    private static func faultResponse(status: Int, body: JSONValue?) -> HTTPResponse {
        var response = body.map { JSONBody.response(status: status, $0) }
            ?? JSONBody.response(status: status, JSONBody.Failure(error: "Injected fault", code: nil))
        response.headers.set("X-Mock-Fault", "injected")
        return response
    }

    private static func query(of request: HTTPRequest) -> String? {
        guard let mark = request.target.firstIndex(of: "?") else { return nil }
        return String(request.target[request.target.index(after: mark)...])
    }


    private func log(_ request: HTTPRequest, _ response: HTTPResponse, who: String?, started: ContinuousClock.Instant) {
        let ms = started.duration(to: .now).milliseconds
        let status = response.delivery == .dropConnection ? "dropped" : String(response.status)
        environment.logger.info("\(request.method) \(request.target) → \(status) \(String(format: "%.2f", ms)) ms\(who.map { " " + $0 } ?? "")")
    }
}
