import Foundation
import MockHTTP
import MockBasics
import MockConcurrency

/// Faults that tests inject through `POST /__mock/faults`: for requests matching a method and path
/// pattern, the next `count` of them (or all, until cleared) get added latency, a given status and
/// body, a dropped connection, or a truncated body.
final class FaultPlan: Sendable {
    enum Action: String, Sendable, Codable, Equatable, CaseIterable, JSONWritable, WireSchemaDescribing {
        case dropConnection = "drop_connection"
        case truncateBody = "truncate_body"

        func writeJSON(to out: inout [UInt8]) { rawValue.writeJSON(to: &out) }
        static var wireSchema: WireSchema { .values(Action.self) }
    }

    /// A fault as `GET /__mock/faults` lists it and `POST /__mock/faults` answers it: every member
    /// is written, `null` when not set.
    @JSONObject(component: "Fault")
    struct Fault: Sendable, Equatable {
        var id: Int
        @Nullable var method: String?
        var path: PathPattern
        /// Uses left; null = until cleared.
        @Nullable var remaining: Int?
        @Nullable var latencyMs: Int?
        @Nullable var status: Int?
        /// The JSON given, or null.
        @Nullable var body: JSONValue?
        @Nullable var action: Action?

        enum CodingKeys: String, CodingKey {
            case id, method, path, remaining, latencyMs = "latency_ms", status, body, action
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
