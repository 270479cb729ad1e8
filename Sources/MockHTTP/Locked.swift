#if canImport(Darwin)
import os
#else
import Synchronization
#endif

/// Mutable state behind a lock, Sendable without `@unchecked`: the storage is the platform's own
/// Sendable lock type (`Synchronization.Mutex` on Linux; `OSAllocatedUnfairLock` on Darwin, because
/// `Mutex` needs macOS 15 and the package supports macOS 14).
final class Locked<State: Sendable>: Sendable {
    #if canImport(Darwin)
    private let lock: OSAllocatedUnfairLock<State>
    init(_ initial: State) { lock = OSAllocatedUnfairLock(initialState: initial) }
    func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try lock.withLockUnchecked(body)
    }
    #else
    private let mutex: Mutex<State>
    init(_ initial: State) { mutex = Mutex(initial) }
    func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try mutex.withLock { state throws -> R in try body(&state) }
    }
    #endif
}

/// A flag read on every request without taking a contended lock (`Atomic` on Linux; on Darwin an
/// unfair lock, which is cheap there, because `Atomic` needs macOS 15).
final class Flag: Sendable {
    #if canImport(Darwin)
    private let lock = OSAllocatedUnfairLock(initialState: false)
    var value: Bool { lock.withLock { $0 } }
    func set() { lock.withLock { $0 = true } }
    #else
    private let atomic = Atomic<Bool>(false)
    var value: Bool { atomic.load(ordering: .acquiring) }
    func set() { atomic.store(true, ordering: .releasing) }
    #endif
}
