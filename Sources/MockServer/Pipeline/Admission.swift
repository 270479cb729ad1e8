import Dispatch
import Foundation
import MockHTTP
import MockConcurrency

/// How many requests run their authentication and handler at once (twice the cores); the others
/// wait their turn, first come first served, a place handed straight to the longest waiter.
/// Parsing, fault delays, writing the answer and the control API stay outside. Why, and what it
/// measured: docs/performance.md, "Admission".
final class Admission: Sendable {
    private struct State {
        var running = 0
        /// Each waiter's own wake-up, oldest first.
        var waiting: [DispatchSemaphore] = []
        var firstWaiting = 0
    }

    private let state = Locked(State())
    let width: Int

    init(width: Int = max(2, 2 * ProcessInfo.processInfo.activeProcessorCount)) {
        precondition(width > 0, "admission needs at least one place")
        self.width = width
    }

    /// Callers waiting for a place (for tests).
    var waitingCount: Int { state.withLock { $0.waiting.count - $0.firstWaiting } }

    func run<T>(_ body: () throws -> T) rethrows -> T {
        enter()
        defer { leave() }
        return try body()
    }

    private func enter() {
        let width = self.width
        let turn: DispatchSemaphore? = state.withLock { state in
            if state.running < width, state.firstWaiting == state.waiting.count {
                state.running += 1
                return nil
            }
            let turn = DispatchSemaphore(value: 0)
            state.waiting.append(turn)
            return turn
        }
        turn?.wait()  // the place was handed over: `running` already counts it
    }

    private func leave() {
        let next: DispatchSemaphore? = state.withLock { state in
            guard state.firstWaiting < state.waiting.count else {
                state.running -= 1
                return nil
            }
            let next = state.waiting[state.firstWaiting]
            state.firstWaiting += 1
            // Drop the served front now and then (amortized O(1)), so a queue that never empties
            // does not grow without end.
            if state.firstWaiting == state.waiting.count {
                state.waiting.removeAll(keepingCapacity: true)
                state.firstWaiting = 0
            } else if state.firstWaiting >= 64, state.firstWaiting * 2 >= state.waiting.count {
                state.waiting.removeFirst(state.firstWaiting)
                state.firstWaiting = 0
            }
            return next
        }
        next?.signal()
    }
}
