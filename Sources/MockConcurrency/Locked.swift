import Atomics
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Mutable state behind a lock: a plain `pthread_mutex_t`, on Linux and on Darwin, stored in the same
/// allocation as the state (a `ManagedBuffer`, as swift-nio's `NIOLockedValueBox` does, so no
/// exclusivity check on access). Not `Synchronization.Mutex`: it needs macOS 15 / iOS 18 (the package
/// supports 14 / 17), and on Linux it is a priority-inheritance futex, which enters the kernel on
/// every contended acquire and release (what that cost: docs/performance.md, "Locks"). Not swift-nio's box either: an app that links
/// MockServer would pin swift-nio and its three dependencies for these forty lines.
package final class Locked<State: Sendable>: @unchecked Sendable {
    private let buffer: ManagedBuffer<State, pthread_mutex_t>

    package init(_ initial: State) {
        buffer = MutexBuffer<State>.create(minimumCapacity: 1) { _ in initial }
        buffer.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(mutex, nil)
            precondition(status == 0, "pthread_mutex_init: \(status)")
        }
    }

    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try buffer.withUnsafeMutablePointers { state, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&state.pointee)
        }
    }
}

/// The state (the buffer's header, destroyed by `ManagedBuffer`) and its mutex (its one element,
/// destroyed here).
private final class MutexBuffer<State>: ManagedBuffer<State, pthread_mutex_t> {
    deinit {
        withUnsafeMutablePointerToElements { mutex in
            _ = pthread_mutex_destroy(mutex)
            _ = mutex.deinitialize(count: 1)
        }
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
