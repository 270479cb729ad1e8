import Dispatch
import Foundation
import MockHTTP

/// How many requests run their authentication and handler at once; the others wait their turn,
/// first come first served.
///
/// With a thread per connection (Darwin; on Linux, `workerThreads: 0` and the connections the
/// worker pool hands off), 64 clients are 64 threads on a machine with a few cores. All of them
/// reading the database meet at the store's one reader gate, and a mutex with dozens of sleepers
/// spends its time waking them (measured: the order detail answered 30-40 % fewer requests at 64
/// connections than at 4, with a third of the CPU idle). Admitting twice as many requests as there
/// are cores keeps the cores busy with a short queue at the gate; the rest wait once, here, instead
/// of at every read (at 64 connections, median of 6 A/B rounds: order detail +13 %, order list
/// +16 %). The Linux pool's workers (one per core, at least 2) are no more than the places, so on
/// their own they never wait here; when threads the pool handed connections to hold places too, a
/// worker waits like any thread (it does not leave the pool for it: the wait is short). Parsing,
/// fault delays and writing the answer happen outside, so a slow client or an injected latency
/// never holds a place; the control API is not admitted (tests must be able to reset or read the
/// journal while the API is busy).
///
/// A place is handed straight to the longest waiter. A plain counting semaphore let a connection
/// that had just been answered take the place back before the woken waiter ran, and under 64
/// writing connections a note request waited past wrk's 2 s timeout.
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
