import Foundation
import Logging
import MockHTTP
import MockRouting
import MockBasics
import MockConcurrency

/// Proxy mode's request pipeline (docs/drift.md): `/api/…` goes to the upstream and its answer back
/// to the app unchanged; the exchange is then checked against the document, off the app's path, on
/// one serial queue that also writes `--record` files. Of the control API only `GET /__mock/health`,
/// `GET /__mock/drift` and the console page answer.
struct ProxyDispatcher: Sendable {
    let upstream: UpstreamClient
    let ledger: DriftLedger
    let recorder: HARRecorder?
    let controlToken: String?
    /// `--allowed-host`, for the control API's browser boundary.
    let allowedHosts: [String]
    let logger: Logger
    let now: @Sendable () -> Date
    /// Reading the document, then the checks, the ledger's writes and `--record` files, in the
    /// order the exchanges finished.
    let checks = DispatchQueue(label: "repairminder-mock.proxy.checks")
    /// At most this many exchanges wait for their check; past it a request waits for a place before
    /// it is answered, so that a flood of requests cannot grow the queue without bound.
    let pendingChecks = DispatchSemaphore(value: 256)
    /// The control calls the proxy answers, on the mock's route table: health and the console page stay
    /// open, and everything else under `/__mock` needs the control token first, as on the mock.
    private let controlRoutes: RouteTable<HTTPRequest>

    init(upstream: UpstreamClient, ledger: DriftLedger, recorder: HARRecorder?, controlToken: String?,
         allowedHosts: [String] = [], logger: Logger, now: @escaping @Sendable () -> Date) {
        self.upstream = upstream
        self.ledger = ledger
        self.recorder = recorder
        self.controlToken = controlToken
        self.allowedHosts = allowedHosts
        self.logger = logger
        self.now = now
        var routes = RouteTable<HTTPRequest>()
        routes.get("/__mock/health", access: .open) { _ in JSONBody.success(HealthPayload(now: now())) }
        routes.get("/__mock", access: .open) { _ in try ConsolePage.bundled.get().response() }
        routes.get("/__mock/drift", access: .open) { [checks] _ in
            JSONBody.success(Self.report(of: ledger, after: checks))
        }
        controlRoutes = routes
    }

    /// Reads the document on the checks queue, off every request (OpenAPIKit's decoding of it takes
    /// about 10 s in a debug build, well under one in release); the first check waits for it.
    func prepare() {
        checks.async { [ledger, logger] in
            switch ContractOperations.bundled {
            case .success(let contract):
                ledger.setDocumented(contract.operations.map { ($0.id, DriftLedger.OperationKey(path: $0.path, method: $0.method)) })
            case .failure(let error):
                logger.error("the contract could not be read; exchanges are passed on but not checked: \(error.message)")
            }
        }
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let path = request.path
        if ControlAPI.contains(path) { return control(request) }
        guard path.hasPrefix("/api/") || path == "/api" else { return JSONBody.failure(.notFound) }
        return forward(request)
    }

    private func control(_ request: HTTPRequest) -> HTTPResponse {
        // The browser boundary (a foreign Origin, a rebound Host: 403), then the token, as on the mock.
        if let refusal = ControlBoundary.refusal(of: request, hasToken: controlToken != nil, allowedHosts: allowedHosts)
            ?? ControlToken.refusal(of: request, token: controlToken) {
            return refusal
        }
        switch controlRoutes.match(method: request.method, path: request.path) {
        case .found(let route, _):
            do { return try route.handler(request) } catch { return JSONBody.response(for: error, logger: logger) }
        case .methodNotAllowed(let allow):
            return JSONBody.failure(.methodNotAllowed(allow: allow))
        case .notFound:
            return JSONBody.failure(.notFound)
        }
    }

    /// The report once every finished exchange has been checked.
    func report() -> DriftReportPayload { Self.report(of: ledger, after: checks) }

    /// The ledger's report once every exchange queued on `checks` before it has been checked.
    private static func report(of ledger: DriftLedger, after checks: DispatchQueue) -> DriftReportPayload {
        checks.sync {}
        return ledger.report()
    }

    private func forward(_ request: HTTPRequest) -> HTTPResponse {
        let started = now()
        let clock = ContinuousClock.now
        let response: HTTPResponse
        let outcome = upstream.send(request)
        switch outcome {
        case .success(let received):
            response = HTTPResponse(status: received.status, headers: received.headers, body: received.body)
        case .failure(let failure):
            response = JSONBody.failure(failure.apiFailure)
        }
        let milliseconds = clock.duration(to: .now).milliseconds
        // The path as a log may show it: ids and tokens in it are not written.
        let shown = Self.anonymised(request.path)
        logger.info("\(request.method) \(shown) → \(response.status) \(String(format: "%.2f", milliseconds)) ms (upstream)")
        pendingChecks.wait()
        checks.async { [ledger, recorder, logger, pendingChecks] in
            defer { pendingChecks.signal() }
            // The check walks the schema and the answer recursively: on a thread with a deep stack,
            // not the queue's (512 KiB on Apple platforms).
            ServerThread.withDeepStack("proxy check") {
                let contract = try? ContractOperations.bundled.get()
                let operation = contract?.operation(method: request.method == "HEAD" ? "GET" : request.method, path: request.path)
                let key = DriftLedger.OperationKey(path: operation?.path ?? shown, method: request.method)
                switch outcome {
                case .success(let answer):
                    guard contract != nil else { break }
                    let deviations = DriftCheck.deviations(of: answer, to: request.method, operation: operation, path: key.path)
                    let new = ledger.record(key, operationID: operation?.id, status: answer.status, deviations: deviations, at: started)
                    for deviation in new {
                        logger.warning("""
                            drift: \(request.method) \(key.path)\(operation?.id.map { " (\($0))" } ?? "") \(answer.status) \
                            \(deviation.kind.rawValue) at \(deviation.pointer.isEmpty ? "/" : deviation.pointer): \
                            expected \(deviation.expected), got \(deviation.actual)
                            """)
                    }
                case .failure(let failure):
                    ledger.recordUpstreamError(key, operationID: operation?.id)
                    logger.warning("upstream error: \(request.method) \(key.path) → 502 \(failure.apiFailure.message)")
                }
                if let recorder {
                    do {
                        try recorder.record(request: request, response: response, operationID: operation?.id,
                                            started: started, milliseconds: milliseconds)
                    } catch {
                        logger.error("could not record the exchange in \(recorder.directory.path): \(error.localizedDescription)")
                    }
                }
            }
        }
        return response
    }

    /// A path of no operation as a report may show it: plain words kept, any other segment (an id,
    /// a token, an email) replaced by `{}`.
    static func anonymised(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            let plain = !segment.isEmpty && segment.count <= 40
                && segment.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "-" || $0 == "_" }
            return plain || segment.isEmpty ? String(segment) : "{}"
        }.joined(separator: "/")
    }
}

/// An answer against what the document says of its operation and status.
enum DriftCheck {
    static func deviations(of answer: UpstreamClient.Answer, to method: String, operation: ContractOperations.Operation?,
                           path: String) -> [SchemaDeviation] {
        guard let operation else {
            return [SchemaDeviation(kind: .undocumentedOperation, pointer: "", expected: "an operation of the document",
                                    actual: "\(method) \(path)")]
        }
        switch operation.schema(forStatus: answer.status) {
        case .undocumented:
            return [SchemaDeviation(kind: .undocumentedStatus, pointer: "", expected: "one of \(operation.documentedStatuses)",
                                    actual: "status \(answer.status)")]
        case .documented(nil):
            return []
        case .documented(let schema?):
            if method == "HEAD" || answer.status == 204 || answer.status == 304 { return [] }
            guard let value = JSONValue.parse(answer.body) else {
                return [SchemaDeviation(kind: .invalidJSON, pointer: "", expected: "a JSON body (\(schema.typeName))",
                                        actual: answer.body.isEmpty ? "an empty body" : "\(answer.body.count) bytes that are not JSON")]
            }
            return SchemaCheck.deviations(of: value, against: schema)
        }
    }
}
