import Foundation
import MockHTTP
import MockRouting
import MockBasics
import MockConcurrency

/// What the proxy has seen, per operation: exchanges, exchanges that matched the document, upstream
/// errors, and findings grouped by pointer and kind with a count and the first and last time seen
/// (`GET /__mock/drift`, `--report`, the console's Drift panel). Safe from any thread.
final class DriftLedger: Sendable {
    struct OperationKey: Hashable, Sendable, Comparable {
        let path: String
        let method: String
        static func < (a: Self, b: Self) -> Bool { (a.path, a.method) < (b.path, b.method) }
    }

    struct FindingKey: Hashable, Sendable {
        let status: Int?
        let kind: SchemaDeviation.Kind
        let pointer: String
    }

    struct Finding: Sendable {
        var deviation: SchemaDeviation
        var status: Int?
        var count: Int
        var firstSeen: Date
        var lastSeen: Date
    }

    struct OperationTally: Sendable {
        var operationID: String?
        var exchanges = 0
        var matched = 0
        var upstreamErrors = 0
        var findings: [FindingKey: Finding] = [:]
        var order: [FindingKey] = []
    }

    struct State: Sendable {
        var operations: [OperationKey: OperationTally] = [:]
        var upstreamErrors = 0
        /// The document's `/api/` operations, for `unseen_operations` (empty until it is read).
        var documented: [(id: String?, key: OperationKey)] = []
    }

    private let state = Locked(State())
    let upstream: String
    let startedAt: Date

    init(upstream: String, startedAt: Date) {
        self.upstream = upstream
        self.startedAt = startedAt
    }

    /// The operations of the document, once it is read.
    func setDocumented(_ operations: [(id: String?, key: OperationKey)]) {
        state.withLock { $0.documented = operations }
    }

    /// Records one exchange of `operation` (nil id for an undocumented one) and its deviations;
    /// answers the deviations not seen before, for the log.
    @discardableResult
    func record(_ key: OperationKey, operationID: String?, status: Int, deviations: [SchemaDeviation], at now: Date) -> [SchemaDeviation] {
        state.withLock { state in
            var tally = state.operations[key] ?? OperationTally(operationID: operationID)
            tally.exchanges += 1
            if deviations.isEmpty { tally.matched += 1 }
            var new: [SchemaDeviation] = []
            for deviation in deviations {
                let findingKey = FindingKey(status: Self.statusOfInterest(deviation, status), kind: deviation.kind, pointer: deviation.pointer)
                if var finding = tally.findings[findingKey] {
                    finding.count += 1
                    finding.lastSeen = now
                    finding.deviation = deviation
                    tally.findings[findingKey] = finding
                } else {
                    tally.findings[findingKey] = Finding(deviation: deviation, status: findingKey.status, count: 1,
                                                         firstSeen: now, lastSeen: now)
                    tally.order.append(findingKey)
                    new.append(deviation)
                }
            }
            state.operations[key] = tally
            return new
        }
    }

    /// The status a finding is grouped under: the answer's, but for an undocumented operation
    /// (whatever the status, it is one finding).
    private static func statusOfInterest(_ deviation: SchemaDeviation, _ status: Int) -> Int? {
        deviation.kind == .undocumentedOperation ? nil : status
    }

    /// An upstream that could not be reached or answered too much: counted, not drift.
    func recordUpstreamError(_ key: OperationKey, operationID: String?) {
        state.withLock { state in
            var tally = state.operations[key] ?? OperationTally(operationID: operationID)
            tally.upstreamErrors += 1
            state.operations[key] = tally
            state.upstreamErrors += 1
        }
    }

    func report() -> DriftReportPayload {
        let state = state.withLock { $0 }
        let keys = state.operations.keys.sorted()
        let operations = keys.map { key -> DriftOperationPayload in
            let tally = state.operations[key]!
            return DriftOperationPayload(
                operation_id: tally.operationID, method: key.method, path: key.path, exchanges: tally.exchanges,
                matched: tally.matched, upstream_errors: tally.upstreamErrors,
                findings: tally.order.map { findingKey in
                    let finding = tally.findings[findingKey]!
                    return DriftFindingPayload(kind: finding.deviation.kind.rawValue, pointer: finding.deviation.pointer,
                                               status: finding.status, expected: finding.deviation.expected,
                                               actual: finding.deviation.actual, count: finding.count,
                                               first_seen: Self.timestamp(finding.firstSeen),
                                               last_seen: Self.timestamp(finding.lastSeen))
                })
        }
        let seen = Set(keys)
        let exchanges = operations.reduce(0) { $0 + $1.exchanges }
        return DriftReportPayload(
            upstream: upstream, started_at: Self.timestamp(startedAt), exchanges: exchanges,
            matched: operations.reduce(0) { $0 + $1.matched },
            findings: operations.reduce(0) { $0 + $1.findings.count },
            upstream_errors: state.upstreamErrors, operations: operations,
            unseen_operations: state.documented.filter { !seen.contains($0.key) }.map { $0.id ?? "\($0.key.method) \($0.key.path)" })
    }

    /// ISO 8601 UTC with milliseconds (`2026-11-25T09:02:11.407Z`): findings of one second stay in
    /// order. The mock's own whole-second form with the milliseconds put in; no formatter is made
    /// per call (the console asks for the report twice a second).
    static func timestamp(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let milliseconds = min(999, Int(((date.timeIntervalSince1970 - seconds) * 1000).rounded(.down)))
        let whole = Timestamp.string(Date(timeIntervalSince1970: seconds))   // …T09:02:11Z
        let digits = String(milliseconds)
        return whole.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }
}

/// `GET /__mock/drift`'s data, and the `--report` file's (inside the same envelope).
/*@JSONObject*/
struct DriftReportPayload {
    let upstream: String
    let started_at: String
    let exchanges: Int
    /// Exchanges with no finding.
    let matched: Int
    /// Distinct findings (pointer, kind and status), over every operation.
    let findings: Int
    let upstream_errors: Int
    let operations: [DriftOperationPayload]
    /// The document's `/api/` operations no exchange has reached yet (their operationId).
    let unseen_operations: [String]
}

/*@JSONObject*/
struct DriftOperationPayload {
    /*@Nullable*/ var operation_id: String?
    let method: String
    /// The document's path template; for an undocumented operation, the request's path with every
    /// segment but plain words replaced by `{}` (ids and tokens stay out of reports).
    let path: String
    let exchanges: Int
    let matched: Int
    let upstream_errors: Int
    let findings: [DriftFindingPayload]
}

/*@JSONObject*/
struct DriftFindingPayload {
    let kind: String
    let pointer: String
    /*@Nullable*/ var status: Int?
    let expected: String
    let actual: String
    let count: Int
    let first_seen: String
    let last_seen: String
}
