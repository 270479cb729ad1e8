import Foundation
import Logging
import MockHTTP
import MockBasics
import MockMCP
import MockRouting
import MockStore

/// The request pipeline: the namespace, control API, injected faults, authentication, quarantine,
/// routing, the handler, then the one error→response mapping, the journal and the log line.
/// Authentication and the handler of an API request run inside the `Admission` limit.
package struct Dispatcher: Sendable {
    let namespaces: Namespaces
    let api: Router
    /// `/__mock/…`; only the health route when the control API is off (`--no-control-api`), so
    /// every other control path is then an unknown path.
    let control: ControlRouter?
    /// Shared by every namespace: it rations the machine's cores, not one database.
    let admission: Admission

    init(namespaces: Namespaces, api: Router, control: ControlRouter?, admission: Admission = Admission()) {
        self.namespaces = namespaces
        self.api = api
        self.control = control
        self.admission = admission
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let started = ContinuousClock.now
        var routed = request
        var name: Substring?
        if request.path.hasPrefix("/ns/") {
            // `/ns/<name>/rest` is `/rest` in namespace `<name>`; `/ns/<name>` alone is its `/`.
            let afterPrefix = request.path.dropFirst(4)
            let prefix = afterPrefix.prefix { $0 != "/" }
            guard Namespaces.isValidName(prefix) else {
                return JSONBody.failure(.badRequest("Invalid namespace name: use 1 to 64 of A-Z, a-z, 0-9, _ and -"))
            }
            let rest = afterPrefix.dropFirst(prefix.count)
            routed.path = rest.isEmpty ? "/" : String(rest)
            routed.target = Self.strip(prefixOf: prefix, from: request, routedPath: routed.path)
            name = prefix
        }
        // The browser boundary (a foreign Origin, a rebound Host: 403), then --control-token, judged
        // before the namespace is looked up, so a refused call does not make one (every namespace
        // shares the server's configuration).
        let defaultEnvironment = namespaces.defaultEnvironment
        if control != nil, ControlAPI.contains(routed.path),
           let refusal = ControlBoundary.refusal(of: routed, configuration: defaultEnvironment.configuration)
            ?? ControlToken.refusal(of: routed, configuration: defaultEnvironment.configuration) {
            Self.log(request, refusal, who: nil, started: started, to: defaultEnvironment.logger)
            return refusal
        }
        let environment: ServerEnvironment
        do {
            environment = try name.map { try namespaces.environment(named: String($0)) } ?? defaultEnvironment
        } catch {
            return Self.response(for: error, logger: defaultEnvironment.logger)
        }
        return Pipeline(environment: environment, namespaces: namespaces, api: api, control: control, admission: admission)
            .respond(to: routed, started: started)
    }

    /// The one log line of a request.
    /// One line per request at `info`, but a successful read of the control API (`GET /__mock/…`:
    /// the console's polling, a test's waits) at `debug`, so that the info log shows what the app
    /// did and what a test changed, not hundreds of polls.
    static func log(_ request: HTTPRequest, _ response: HTTPResponse, who: String?, started: ContinuousClock.Instant,
                    to logger: Logger) {
        let level: Logger.Level = isControlRead(request, response) ? .debug : .info
        guard logger.logLevel <= level else { return }
        let ms = started.duration(to: .now).milliseconds + response.delay * 1000   // with an injected latency
        let status = response.delivery == .dropConnection ? "dropped" : String(response.status)
        logger.log(level: level, "\(request.method) \(request.target) → \(status) \(String(format: "%.2f", ms)) ms\(who.map { " " + $0 } ?? "")")
    }

    /// A `GET` or `HEAD` of `/__mock/…` (in a namespace too) answered below 400.
    static func isControlRead(_ request: HTTPRequest, _ response: HTTPResponse) -> Bool {
        guard request.method == "GET" || request.method == "HEAD", response.status < 400,
              response.delivery != .dropConnection else { return false }
        var path = Substring(request.path)
        if path.hasPrefix("/ns/"), let slash = path.dropFirst(4).firstIndex(of: "/") { path = path[slash...] }
        return ControlAPI.contains(String(path))
    }

    /// The raw target without `/ns/<name>`; when the client percent-encoded the name itself, the
    /// decoded path and the raw query instead.
    private static func strip(prefixOf name: Substring, from request: HTTPRequest, routedPath: String) -> String {
        let target = request.target
        let prefix = "/ns/" + name
        guard target.hasPrefix(prefix) else {
            return routedPath + (request.rawQuery.map { "?" + $0 } ?? "")
        }
        let rest = target.dropFirst(prefix.utf8.count)
        if rest.isEmpty { return "/" }
        return rest.hasPrefix("/") ? String(rest) : "/" + rest
    }
}

/// One namespace's pipeline for one request.
private struct Pipeline: Sendable {
    let environment: ServerEnvironment
    let namespaces: Namespaces
    let api: Router
    let control: ControlRouter?
    let admission: Admission
    var authenticator: Authenticator {
        Authenticator(store: environment.store, signer: environment.signer, logger: environment.logger)
    }

    /// The steps, in order. A control call (its token was judged by the Dispatcher) is answered and
    /// logged, never faulted, varied or journaled.
    func respond(to request: HTTPRequest, started: ContinuousClock.Instant) -> HTTPResponse {
        sendDueMacroStages()
        if let control, ControlAPI.contains(request.path) {
            // Only the MCP endpoint runs control operations for its tools: the closure (which copies
            // the pipeline, the namespace's configuration included) is made for it alone.
            var performControl = Self.noControl
            if request.path == MCPEndpoint.path {
                let pipeline = self
                performControl = { route, call in pipeline.perform(call, on: route, for: request) }
            }
            let response = run(request, on: control, performControl: performControl)
            log(request, response, who: nil, started: started)
            return response
        }
        var now = environment.clock.now()
        var fault: FaultPlan.Fault?
        var hold: FaultPlan.Hold?
        switch environment.faults.take(method: request.method, path: request.path, now: now,
                                       holdLimit: environment.configuration.maxHeldRequests) {
        case nil:
            break
        case .apply(let matched)?:
            fault = matched
        case .overLimit(let matched, let limit)?:
            return finish(request, Dispatcher.holdRefusal(matched, limit: limit), principal: .success(nil),
                          started: started, now: now)
        case .held(let held)?:
            // The thread waits here, unanswered and unrun; the request runs when released, at the
            // clock's time then (a test may have moved it meanwhile).
            HTTPServer.willBlock()
            hold = held
            switch environment.faults.wait(held) {
            case .ended(let end):
                defer { held.finish() }
                return finish(request, Dispatcher.holdEnded(held, end), principal: .success(nil), started: started,
                              now: now)
            case .released(let then):
                now = environment.clock.now()
                fault = held.released(as: then)
            }
        }
        defer { hold?.finish() }
        // A released hold's request runs whatever its release says: it is not short-cut.
        let (principal, answered) = answer(request, unless: hold == nil ? fault : nil, now: now)
        var response = answered
        vary(&response, unless: fault)
        deliver(&response, as: fault)
        return finish(request, response, principal: principal, started: started, now: now)
    }

    /// The journal's entry and the log line of an app-API request, then its answer.
    private func finish(_ request: HTTPRequest, _ response: HTTPResponse, principal: Result<Principal?, APIFailure>,
                        started: ContinuousClock.Instant, now: Date) -> HTTPResponse {
        let who = (try? principal.get())?.journalName
        journal(request, response, who: who, started: started, now: now)
        log(request, response, who: who, started: started)
        return response
    }

    /// An injected fault's answer, or else the API's: authentication and the routed handler,
    /// inside the admission limit.
    private func answer(_ request: HTTPRequest, unless fault: FaultPlan.Fault?,
                        now: Date) -> (Result<Principal?, APIFailure>, HTTPResponse) {
        if fault?.action == .dropConnection {
            return (.success(nil), HTTPResponse(status: 503, delivery: .dropConnection))
        }
        if let status = fault?.status {
            return (.success(nil), Dispatcher.faultResponse(status: status, body: fault?.body))
        }
        return admission.run {
            let principal = authenticator.authenticate(request, now: now)
            return (principal, run(request, on: api, principal: principal, now: now))
        }
    }

    /// The namespace's variance (`--vary`) rewrites a JSON answer; a fault's body stays as given.
    private func vary(_ response: inout HTTPResponse, unless fault: FaultPlan.Fault?) {
        let variance = environment.currentVariance
        if !variance.isEmpty, fault?.status == nil, response.headers["content-type"]?.hasPrefix("application/json") == true,
           let varied = variance.rewrite(Array(response.body)) {
            response.body = Data(varied)
        }
    }

    /// A fault's delivery: half the body then a closed connection, and a latency the transport
    /// waits before it writes the answer.
    private func deliver(_ response: inout HTTPResponse, as fault: FaultPlan.Fault?) {
        switch fault?.action {
        case .truncateBody?: response.delivery = .truncateBody(bytes: response.body.count / 2)
        case .dropConnection?: response.delivery = .dropConnection   // a released hold's: after it ran
        default: break
        }
        response.delay = Double(fault?.latencyMs ?? 0) / 1000
    }

    /// The request journal's entry (`GET /__mock/requests`), its duration with the injected latency.
    /// In a namespace on a replay seed the entry is digested and its duration is the injected
    /// latency alone: nothing in a replayed journal depends on the machine's speed.
    private func journal(_ request: HTTPRequest, _ response: HTTPResponse, who: String?,
                         started: ContinuousClock.Instant, now: Date) {
        let journal = environment.journal
        let hashed = journal.isDigesting ? RequestJournal.canonicalDigest(request: request, response: response) : nil
        let elapsed = (hashed == nil ? started.duration(to: .now) : .zero) + .seconds(response.delay)
        journal.record(method: request.method, path: request.path, query: request.rawQuery.map(String.init),
                       status: response.delivery == .dropConnection ? 0 : response.status,
                       durationMs: elapsed.milliseconds, who: who, time: now, hashed: hashed)
    }

    /// The macro stages the namespace's clock has reached go out before the request is answered
    /// (any request: the app's, a test's control call, the console's polling), so whatever the
    /// request reads already shows them. No query unless one is due (`MacroSchedule`).
    private func sendDueMacroStages() {
        do {
            try environment.store.sendDueMacroStages(now: environment.clock.now())
        } catch {
            environment.logger.error("scheduled macro stages not sent: \(error)")
        }
    }

    /// An app-API request: quarantine, then the route, whose context admits the caller
    /// (`AppRouteContext`) before its handler runs.
    private func run(_ request: HTTPRequest, on router: Router, principal: Result<Principal?, APIFailure>,
                     now: Date) -> HTTPResponse {
        do {
            let match = router.match(method: request.method, path: request.path)
            // Quarantine runs before the handler and before 404/405, so every protected or unknown
            // `/api/` path is covered; open routes (sign-in) are not judged by a token they ignore.
            if case .success(let caller?) = principal, !match.isOpen {
                try Quarantine.check(caller, path: request.path,
                                     distinguishSuspended: environment.currentVariance.distinguishesSuspended)
            }
            switch match {
            case .notFound:
                throw APIFailure.notFound
            case .methodNotAllowed(let allow):
                throw APIFailure.methodNotAllowed(allow: allow)
            case .found(let route, let parameters):
                return try route.handler(AdmittedRequest(request: request, parameters: parameters, environment: environment,
                                                         now: now, caller: principal))
            }
        } catch {
            return Dispatcher.response(for: error, logger: environment.logger)
        }
    }

    /// A control-API request (its token was judged by the Dispatcher). `performControl`: for the
    /// MCP endpoint, this pipeline's own (a tool's call runs through it); every other route never
    /// calls one, and gets a constant rather than a closure made per request.
    private func run(_ request: HTTPRequest, on router: ControlRouter,
                     performControl: @escaping @Sendable (ControlRouter.Route, ControlCall) -> HTTPResponse) -> HTTPResponse {
        do {
            switch router.match(method: request.method, path: request.path) {
            case .notFound:
                throw APIFailure.notFound
            case .methodNotAllowed(let allow):
                throw APIFailure.methodNotAllowed(allow: allow)
            case .found(let route, let parameters):
                return try route.handler(ControlContext(request: request, parameters: parameters, environment: environment,
                                                        now: environment.clock.now(), namespaces: namespaces,
                                                        performControl: performControl))
            }
        } catch {
            return Dispatcher.response(for: error, logger: environment.logger)
        }
    }

    /// What a route's context holds for `performControl` but the MCP endpoint's: it is never called.
    private static let noControl: @Sendable (ControlRouter.Route, ControlCall) -> HTTPResponse = { _, _ in HTTPResponse(status: 404) }

    /// An MCP tool's control call: the operation's route (found by `operationId`, not by a path)
    /// run with the call's values, as the MCP request's own caller (its `Host`, `Authorization` and
    /// `User-Agent`), then logged like a control request. Nothing is parsed or matched again.
    func perform(_ call: ControlCall, on route: ControlRouter.Route, for outer: HTTPRequest) -> HTTPResponse {
        let started = ContinuousClock.now
        var headers = HTTPHeaders()
        for name in ["host", "authorization", "user-agent"] {
            if let value = outer.headers[name] { headers.add(name, value) }
        }
        if call.body != nil { headers.add("Content-Type", "application/json") }
        let request = HTTPRequest(method: call.method, target: call.path, path: call.path, query: call.query,
                                  version: outer.version, headers: headers, body: call.body ?? Data(),
                                  remoteAddress: outer.remoteAddress)
        let response: HTTPResponse
        do {
            let context = ControlContext(request: request, parameters: call.parameters, environment: environment,
                                         now: environment.clock.now(), namespaces: namespaces,
                                         performControl: Self.noControl)
            response = try route.handler(context)
        } catch {
            response = Dispatcher.response(for: error, logger: environment.logger)
        }
        log(request, response, who: nil, started: started)
        return response
    }

    private func log(_ request: HTTPRequest, _ response: HTTPResponse, who: String?, started: ContinuousClock.Instant) {
        Dispatcher.log(request, response, who: who, started: started, to: environment.logger)
    }
}

extension Dispatcher {
    /// The one place where errors become responses: the store's refusals here, everything else as
    /// the proxy maps it too (MockRouting's `JSONBody.response(for:logger:)`: `APIFailure`,
    /// `DecodingError`, and a logged 500 for the rest, `ResourceError.inconsistent` included).
    package static func response(for error: any Error, logger: Logger) -> HTTPResponse {
        guard let refusal = error as? ResourceError else { return JSONBody.response(for: error, logger: logger) }
        switch refusal {
        case .invalidField(let name):
            return JSONBody.failure(.invalidField(name))
        case .rejected(let message):
            return JSONBody.failure(.badRequest(message))
        case .illegalTransition(let from, let to, let allowed):
            let next = allowed.isEmpty ? "none (\(from.rawValue) is final)" : allowed.map(\.rawValue).joined(separator: ", ")
            return JSONBody.failure(.badRequest("Invalid status transition from \(from.rawValue) to \(to.rawValue). Allowed: \(next)"))
        case .inconsistent:
            return JSONBody.response(for: error, logger: logger)
        }
    }

    /// A held request let go without a release: 503, saying why (`X-Mock-Hold-End` names it).
    fileprivate static func holdEnded(_ hold: FaultPlan.Hold, _ end: FaultPlan.HoldEnd) -> HTTPResponse {
        var response = JSONBody.response(status: 503, JSONBody.Failure(
            error: "Held by fault \(hold.faultID), then let go unanswered: \(end.reason)", code: nil))
        response.headers.set("X-Mock-Fault", "injected")
        response.headers.set("X-Mock-Hold-End", end.code)
        return response
    }

    /// A hold that matched while the namespace already holds its limit: 503, not held.
    fileprivate static func holdRefusal(_ fault: FaultPlan.Fault, limit: Int) -> HTTPResponse {
        var response = JSONBody.response(status: 503, JSONBody.Failure(
            error: "Too many held requests: this namespace holds \(limit) already (fault \(fault.id) did not hold this one); release some first",
            code: nil))
        response.headers.set("X-Mock-Fault", "injected")
        return response
    }

    fileprivate static func faultResponse(status: Int, body: JSONValue?) -> HTTPResponse {
        var response = body.map { JSONBody.response(status: status, $0) }
            ?? JSONBody.response(status: status, JSONBody.Failure(error: "Injected fault", code: nil))
        response.headers.set("X-Mock-Fault", "injected")
        return response
    }

}
