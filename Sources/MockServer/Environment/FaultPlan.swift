import Foundation
import MockHTTP
import MockBasics
import MockConcurrency

/// Faults that tests inject through `POST /__mock/faults`: for requests matching a method and path
/// pattern, the next `count` of them (or all, until cleared) get added latency, a given status and
/// body, a dropped connection, or a truncated body.
final class FaultPlan: Sendable {
    enum Action: String, Sendable, Codable, Equatable {
        case dropConnection = "drop_connection"
        case truncateBody = "truncate_body"
    }

    struct Fault: Sendable, Equatable, JSONWritable {
        var id: Int
        var method: String?
        var path: PathPattern
        /// nil: until cleared.
        var remaining: Int?
        var latencyMs: Int?
        var status: Int?
        var body: JSONValue?
        var action: Action?

        /// Every member is written, `null` when unset.
        func writeJSON(to out: inout [UInt8]) {
            out.appendLiteral(#"{"id":"#); id.writeJSON(to: &out)
            out.appendLiteral(#","method":"#); method.writeJSON(to: &out)
            out.appendLiteral(#","path":"#); path.text.writeJSON(to: &out)
            out.appendLiteral(#","remaining":"#); remaining.writeJSON(to: &out)
            out.appendLiteral(#","latency_ms":"#); latencyMs.writeJSON(to: &out)
            out.appendLiteral(#","status":"#); status.writeJSON(to: &out)
            out.appendLiteral(#","body":"#); body.writeJSON(to: &out)
            out.appendLiteral(#","action":"#); action?.rawValue.writeJSON(to: &out) ?? out.appendLiteral("null")
            out.append(UInt8(ascii: "}"))
        }
    }

    private struct State {
        var faults: [Fault] = []
        var nextID = 1
    }

    private let state = Locked(State())

    func add(method: String?, path: PathPattern, count: Int?, latencyMs: Int?, status: Int?, body: JSONValue?,
             action: Action?) -> Fault {
        state.withLock { state in
            let fault = Fault(id: state.nextID, method: method, path: path, remaining: count, latencyMs: latencyMs,
                              status: status, body: body, action: action)
            state.nextID += 1
            state.faults.append(fault)
            return fault
        }
    }

    /// The first fault matching this request, consuming one of its uses.
    func take(method: String, path: String) -> Fault? {
        state.withLock { state in
            guard let index = state.faults.firstIndex(where: { fault in
                (fault.method == nil || fault.method == method) && fault.path.matches(path)
            }) else { return nil }
            let fault = state.faults[index]
            if let remaining = fault.remaining {
                if remaining <= 1 { state.faults.remove(at: index) } else { state.faults[index].remaining = remaining - 1 }
            }
            return fault
        }
    }

    func all() -> [Fault] { state.withLock { $0.faults } }

    /// Removes one fault; false when there was none with that id.
    func remove(id: Int) -> Bool {
        state.withLock { state in
            guard let index = state.faults.firstIndex(where: { $0.id == id }) else { return false }
            state.faults.remove(at: index)
            return true
        }
    }

    func clear() { state.withLock { $0 = State() } }
}
