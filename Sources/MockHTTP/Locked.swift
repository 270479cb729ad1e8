#if canImport(Darwin)
import os
#else
import Synchronization
#endif

/// Mutable state behind a lock, Sendable without `@unchecked`: the storage is the platform's own
/// Sendable lock type (`Synchronization.Mutex` on Linux; `OSAllocatedUnfairLock` on Darwin, because
/// `Mutex` needs macOS 15 and the package supports macOS 14).
package final class Locked<State: Sendable>: Sendable {
    #if canImport(Darwin)
    private let lock: OSAllocatedUnfairLock<State>
    package init(_ initial: State) { lock = OSAllocatedUnfairLock(initialState: initial) }
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try lock.withLockUnchecked(body)
    }
    #else
    private let mutex: Mutex<State>
    package init(_ initial: State) { mutex = Mutex(initial) }
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try mutex.withLock { state throws -> R in try body(&state) }
    }
    #endif
}

/// A flag read on every request without taking a contended lock (`Atomic` on Linux; on Darwin an
/// unfair lock, which is cheap there, because `Atomic` needs macOS 15).
package final class Flag: Sendable {
    package init() {}
    #if canImport(Darwin)
    private let lock = OSAllocatedUnfairLock(initialState: false)
    package var value: Bool { lock.withLock { $0 } }
    package func set() { lock.withLock { $0 = true } }
    #else
    private let atomic = Atomic<Bool>(false)
    package var value: Bool { atomic.load(ordering: .acquiring) }
    package func set() { atomic.store(true, ordering: .releasing) }
    #endif
}
