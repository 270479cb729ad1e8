import Foundation
import MockHTTP
import MockBasics
import MockConcurrency

/// Faults that tests inject through `POST /__mock/faults`: for requests matching a method and path
/// pattern, the next `count` of them (or all, until cleared) get added latency, a given status and
/// body, a dropped connection, a truncated body, or are held until the test releases them.
final class FaultPlan: Sendable {
    enum Action: String, Sendable, Codable, Equatable, WireEnumeration {
        case dropConnection = "drop_connection"
        case truncateBody = "truncate_body"
        /// Wait, unanswered and unrun, until `POST /__mock/faults/{id}/release` (or the hold ends).
        case hold

        static let componentName = "FaultAction"
        static let wireDescription: String? = "What a fault does instead of (or besides) answering: close the connection, send half the body, or hold the request until released."
    }

    /// What a released request does: run and answer, or run to its commit and lose the answer
    /// (the connection closed without one), or run and send half of it.
    enum ReleaseThen: String, Sendable, Codable, Equatable, WireEnumeration {
        case answer
        case dropConnection = "drop_connection"
        case truncateBody = "truncate_body"

        static let componentName = "FaultReleaseThen"
        static let wireDescription: String? = "What a released request does: run and answer, run to its commit and close the connection without an answer, or run and send half the body."
    }

    /// How long a request is held at most when its fault gives no `timeout_ms`.
    static let defaultHoldTimeoutMs = 30_000

    /// A fault as `GET /__mock/faults` lists it and `POST /__mock/faults` answers it: every member
    /// is written, `null` when not set.
    /*@JSONObject(component: "Fault")*/
    struct Fault: Sendable, Equatable {
        var id: Int
        /*@Nullable*/ var method: String?
        var path: PathPattern
        /// Uses left; null = until cleared.
        /*@Nullable*/ var remaining: Int?
        /*@Nullable*/ var latencyMs: Int?
        /*@Nullable*/ var status: Int?
        /// The JSON given, or null.
        /*@Nullable*/ var body: JSONValue?
        /*@Nullable*/ var action: Action?
        /// A hold's longest wait before the request is answered 503 (default 30000); null for other actions.
        /*@Nullable*/ var timeoutMs: Int?
        /// The requests this fault holds now, oldest first (empty but for a `hold`).
        var held: [HeldRequest]

        enum CodingKeys: String, CodingKey {
            case id, method, path, remaining, latencyMs = "latency_ms", status, body, action, timeoutMs = "timeout_ms", held
        }
    }

    /// A request a `hold` fault keeps waiting.
    /*@JSONObject(component: "HeldRequest")*/
    struct HeldRequest: Sendable, Equatable {
        /// Counts up in the namespace from 1 (from 1 again after a reset).
        var id: Int
        var method: String
        var path: String
        /// The mock's clock when it arrived.
        /*@Schema(.timestamp)*/ var heldAt: String

        enum CodingKeys: String, CodingKey { case id, method, path, heldAt = "held_at" }
    }

    /// Why a held request went on without a release: it is answered 503, saying so.
    enum HoldEnd: Sendable, Equatable {
        case timedOut(ms: Int)
        case faultRemoved
        case faultsCleared
        case reset
        case namespaceDropped
        case serverStopping

        /// `X-Mock-Hold-End`.
        var code: String {
            switch self {
            case .timedOut: "timeout"
            case .faultRemoved: "fault_removed"
            case .faultsCleared: "faults_cleared"
            case .reset: "reset"
            case .namespaceDropped: "namespace_dropped"
            case .serverStopping: "server_stopping"
            }
        }

        var reason: String {
            switch self {
            case .timedOut(let ms): "the hold timed out after \(ms) ms (the fault's timeout_ms)"
            case .faultRemoved: "the fault was removed"
            case .faultsCleared: "the faults were cleared"
            case .reset: "the mock was reset"
            case .namespaceDropped: "the namespace was dropped"
            case .serverStopping: "the server is stopping"
            }
        }
    }

    enum HoldOutcome: Sendable, Equatable {
        case released(ReleaseThen)
        case ended(HoldEnd)
    }

    /// One held request's waiting place: the thread serving it waits on `go`; whoever lets it go
    /// sets `outcome` first. `done` is signalled once its answer is made and journaled.
    final class Hold: Sendable {
        let request: HeldRequest
        /// The fault that holds it, as it was when the request came.
        let fault: Fault
        var faultID: Int { fault.id }
        var timeoutMs: Int { fault.timeoutMs ?? FaultPlan.defaultHoldTimeoutMs }
        private let go = DispatchSemaphore(value: 0)
        private let answered = DispatchSemaphore(value: 0)
        private let outcome = Locked<HoldOutcome?>(nil)

        init(request: HeldRequest, fault: Fault) {
            self.request = request
            self.fault = fault
        }

        /// The fault the released request then meets: the hold's latency, and the release's delivery.
        func released(as then: ReleaseThen) -> Fault {
            var effective = fault
            switch then {
            case .answer: effective.action = nil
            case .dropConnection: effective.action = .dropConnection
            case .truncateBody: effective.action = .truncateBody
            }
            return effective
        }

        /// Called once, by whoever took it out of the plan (under the plan's lock).
        fileprivate func decide(_ decided: HoldOutcome) { outcome.withLock { $0 = decided } }
        fileprivate func signal() { go.signal() }
        fileprivate func waitForGo(until deadline: DispatchTime) -> Bool { go.wait(timeout: deadline) == .success }
        fileprivate var decided: HoldOutcome? { outcome.withLock { $0 } }

        /// The request's answer is made and journaled.
        func finish() { answered.signal() }

        /// Waits (at most `seconds`) until the request was answered; false when it was not.
        func waitUntilAnswered(seconds: Double) -> Bool {
            answered.wait(timeout: .now() + seconds) == .success
        }
    }

    /// What `take` found for a request.
    enum Taken: Sendable {
        /// Apply this fault as it is.
        case apply(Fault)
        /// The request is held: wait on it (`FaultPlan.wait`).
        case held(Hold)
        /// A hold matched but the namespace holds `limit` requests already.
        case overLimit(Fault, limit: Int)
    }

    private struct State {
        var faults: [Fault] = []
        var nextID = 1
        /// By fault id, oldest first.
        var holds: [Int: [Hold]] = [:]
        var nextHoldID = 1
        var heldCount: Int { holds.values.reduce(0) { $0 + $1.count } }
    }

    private let state = Locked(State())

    func add(method: String?, path: PathPattern, count: Int?, latencyMs: Int?, status: Int?, body: JSONValue?,
             action: Action?, timeoutMs: Int?) -> Fault {
        state.withLock { state in
            let fault = Fault(id: state.nextID, method: method, path: path, remaining: count, latencyMs: latencyMs,
                              status: status, body: body, action: action,
                              timeoutMs: action == .hold ? timeoutMs ?? Self.defaultHoldTimeoutMs : nil, held: [])
            state.nextID += 1
            state.faults.append(fault)
            return fault
        }
    }

    /// The first fault matching this request, consuming one of its uses. A hold's fault stays listed
    /// while it holds requests, even with no uses left (then it matches nothing more).
    func take(method: String, path: String, now: Date, holdLimit: Int) -> Taken? {
        state.withLock { state in
            guard let index = state.faults.firstIndex(where: { fault in
                fault.remaining != 0 && (fault.method == nil || fault.method == method) && fault.path.matches(path)
            }) else { return nil }
            let fault = state.faults[index]
            if fault.action == .hold, state.heldCount >= holdLimit { return .overLimit(fault, limit: holdLimit) }
            if let remaining = fault.remaining {
                if remaining <= 1 && fault.action != .hold {
                    state.faults.remove(at: index)
                } else {
                    state.faults[index].remaining = remaining - 1
                }
            }
            guard fault.action == .hold else { return .apply(fault) }
            let hold = Hold(request: HeldRequest(id: state.nextHoldID, method: method, path: path,
                                                 heldAt: Timestamp.string(now)),
                            fault: fault)
            state.nextHoldID += 1
            state.holds[fault.id, default: []].append(hold)
            return .held(hold)
        }
    }

    /// Blocks the calling thread until the hold is released or ends (its timeout first of all).
    func wait(_ hold: Hold) -> HoldOutcome {
        if !hold.waitForGo(until: .now() + .milliseconds(hold.timeoutMs)) {
            let timedOut = state.withLock { state in
                Self.takeOut(hold, from: &state, as: .ended(.timedOut(ms: hold.timeoutMs)))
            }
            // Released at the same moment: its signal is on the way.
            if !timedOut { _ = hold.waitForGo(until: .distantFuture) }
        }
        return hold.decided ?? .ended(.timedOut(ms: hold.timeoutMs))
    }

    /// Lets the oldest `count` (nil: all) requests of fault `id` go on as `then` says, one after
    /// another: each is answered and journaled before the next goes, so the same releases in the
    /// same order play the same way. nil when there is no such fault; else how many went and how
    /// many it still holds.
    func release(faultID id: Int, count: Int?, then: ReleaseThen) -> (released: Int, stillHeld: Int)? {
        guard let released = state.withLock({ state -> [Hold]? in
            guard state.faults.contains(where: { $0.id == id }) else { return nil }
            let waiting = state.holds[id] ?? []
            let chosen = Array(waiting.prefix(count ?? waiting.count))
            for hold in chosen { _ = Self.takeOut(hold, from: &state, as: .released(then)) }
            return chosen
        }) else { return nil }
        if !released.isEmpty { HTTPServer.willBlock() }
        for hold in released {
            hold.signal()
            _ = hold.waitUntilAnswered(seconds: 30)
        }
        let stillHeld = state.withLock { $0.holds[id]?.count ?? 0 }
        return (released.count, stillHeld)
    }

    func all() -> [Fault] {
        state.withLock { state in
            state.faults.map { fault in
                var listed = fault
                listed.held = state.holds[fault.id]?.map(\.request) ?? []
                return listed
            }
        }
    }

    /// Removes one fault (its held requests answered 503 first); false when there was none with that id.
    func remove(id: Int) -> Bool {
        let (found, ended) = state.withLock { state -> (Bool, [Hold]) in
            guard let index = state.faults.firstIndex(where: { $0.id == id }) else { return (false, []) }
            let ended = Self.endHolds(of: id, in: &state, as: .faultRemoved)
            state.faults.remove(at: index)
            return (true, ended)
        }
        Self.letGo(ended)
        return found
    }

    /// Every fault gone, every held request answered 503 saying why (`faultsCleared`, a reset, a
    /// dropped namespace, the server stopping), before this returns.
    func clear(because why: HoldEnd = .faultsCleared) {
        let ended = state.withLock { state -> [Hold] in
            let ended = state.faults.flatMap { Self.endHolds(of: $0.id, in: &state, as: why) }
            state = State()
            return ended
        }
        Self.letGo(ended)
    }

    /// Every held request answered 503 saying why; the faults stay (what a stopping server does).
    func endHolds(because why: HoldEnd) {
        let ended = state.withLock { state -> [Hold] in
            let ended = state.faults.flatMap { Self.endHolds(of: $0.id, in: &state, as: why) }
            state.faults.removeAll { $0.remaining == 0 }   // spent holds go with their last request
            return ended
        }
        Self.letGo(ended)
    }

    /// Lets held requests go without a release and waits (a little) for their 503s, so what comes
    /// next (a reset's journal, a stop) comes after them.
    private static func letGo(_ ended: [Hold]) {
        guard !ended.isEmpty else { return }
        HTTPServer.willBlock()
        for hold in ended { hold.signal() }
        for hold in ended { _ = hold.waitUntilAnswered(seconds: 5) }
    }

    private static func endHolds(of id: Int, in state: inout State, as end: HoldEnd) -> [Hold] {
        let ended = state.holds.removeValue(forKey: id) ?? []
        for hold in ended { hold.decide(.ended(end)) }
        return ended
    }

    /// Takes a waiting hold out of the plan with its outcome; false when someone else did first.
    /// A hold's fault with no uses left and nothing held goes with its last request.
    private static func takeOut(_ hold: Hold, from state: inout State, as outcome: HoldOutcome) -> Bool {
        guard var waiting = state.holds[hold.faultID], let index = waiting.firstIndex(where: { $0 === hold }) else {
            return false
        }
        hold.decide(outcome)
        waiting.remove(at: index)
        state.holds[hold.faultID] = waiting.isEmpty ? nil : waiting
        if waiting.isEmpty, let spent = state.faults.firstIndex(where: { $0.id == hold.faultID && $0.remaining == 0 }) {
            state.faults.remove(at: spent)
        }
        return true
    }
}
