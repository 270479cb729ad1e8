import Dispatch
import Foundation

/// How many requests run their authentication and handler at once; the others wait their turn.
///
/// Every connection has its own thread, so 64 clients are 64 threads on a machine with a few
/// cores. All of them reading the database meet at the store's one reader gate, and a mutex with
/// dozens of sleepers spends its time waking them (measured: the order detail answered 30-40 %
/// fewer requests at 64 connections than at 4, with a third of the CPU idle). Admitting twice as
/// many requests as there are cores keeps the cores busy with a short queue at the gate; the rest
/// wait once, on this semaphore, instead of at every read (at 64 connections, median of 6 A/B
/// rounds: order detail +13 %, order list +16 %). Parsing, fault delays and writing the answer
/// happen outside, so a slow client or an injected latency never holds a place; the control API
/// is not admitted (tests must be able to reset or read the journal while the API is busy).
final class Admission: Sendable {
    private let slots: DispatchSemaphore
    let width: Int

    init(width: Int = max(2, 2 * ProcessInfo.processInfo.activeProcessorCount)) {
        self.width = width
        slots = DispatchSemaphore(value: width)
    }

    func run<T>(_ body: () throws -> T) rethrows -> T {
        slots.wait()
        defer { slots.signal() }
        return try body()
    }
}
