import Atomics
import NIOConcurrencyHelpers

/// Mutable state behind a lock. The storage is swift-nio's `NIOLockedValueBox`: a plain
/// `pthread_mutex_t` on Linux and on Darwin (NIO 2.101's `NIOLock`). Not `Synchronization.Mutex`: it needs
/// macOS 15 / iOS 18 (the package supports 14 / 17), and on Linux it is a priority-inheritance
/// futex, which enters the kernel on every contended acquire and release — with 64 connection
/// threads on 2 cores that cost the health route 40 % of its CPU (docs/performance.md).
package final class Locked<State: Sendable>: Sendable {
    private let box: NIOLockedValueBox<State>
    package init(_ initial: State) { box = NIOLockedValueBox(initial) }
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try box.withLockedValue(body)
    }
}

/// A flag read on every request without taking a lock (swift-atomics, which has no OS minimum).
package final class Flag: Sendable {
    private let atomic = ManagedAtomic<Bool>(false)
    package init() {}
    package var value: Bool { atomic.load(ordering: .acquiring) }
    package func set() { atomic.store(true, ordering: .releasing) }
}

/// A `Double` read on every request without taking a lock: its bit pattern in an atomic word.
package final class AtomicDouble: Sendable {
    private let bits: ManagedAtomic<UInt64>
    package init(_ initial: Double) { bits = ManagedAtomic(initial.bitPattern) }
    package func load() -> Double { Double(bitPattern: bits.load(ordering: .acquiring)) }
    package func store(_ value: Double) { bits.store(value.bitPattern, ordering: .releasing) }
    /// Replaces the value with `transform(value)` atomically, retrying if another thread got there first.
    package func update(_ transform: (Double) -> Double) {
        var current = bits.load(ordering: .relaxed)
        while true {
            let next = transform(Double(bitPattern: current)).bitPattern
            let (exchanged, original) = bits.compareExchange(expected: current, desired: next, ordering: .acquiringAndReleasing)
            if exchanged { return }
            current = original
        }
    }
}
