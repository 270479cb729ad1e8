import MockHTTP
import MockBasics
import MockConcurrency

/// A namespace's shape variants: the server's `--vary` (`MockServerConfiguration.vary`) until
/// `PUT /__mock/variance` sets others, and again after a reset.
final class VarianceSetting: Sendable {
    private struct State {
        /// The server's, read once.
        var initial: JSONVariance?
        var chosen: JSONVariance?
    }

    private let state = Locked(State())

    /// What this namespace's answers take now.
    func value(_ configuration: MockServerConfiguration) -> JSONVariance {
        state.withLock { state in
            if let chosen = state.chosen { return chosen }
            if let initial = state.initial { return initial }
            let initial = (try? configuration.variance) ?? .none   // validated at start
            state.initial = initial
            return initial
        }
    }

    func set(_ variance: JSONVariance) { state.withLock { $0.chosen = variance } }

    func reset() { state.withLock { $0.chosen = nil } }
}
