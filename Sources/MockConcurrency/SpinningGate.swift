import Atomics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex whose first waiter spins for a short while before it sleeps.
///
/// For a lock held for tens of microseconds by one of a few busy threads — the store's reader gate
/// under the Linux worker pool (`EventPool`). A plain mutex puts the second worker to sleep at
/// every read the first is doing and wakes it afterwards: at 64 connections with two workers that
/// was one sleep and one wake-up per request, and the order detail answered no more than with one
/// worker. Here one waiter at a time spins (checking a hint, yielding its core now and then) for up
/// to `spinNanos`; every other waiter, and the spinner after that, sleeps in the mutex as before.
/// So with many threads (a thread per connection, on Darwin) at most one core is spent spinning.
///
/// Not fair, like the mutex under it: a thread arriving as the lock is released may take it ahead
/// of one that sleeps. Not reentrant.
package final class SpinningGate: @unchecked Sendable {
    // @unchecked: the mutex is only touched through its lock calls; the atomics are atomics.
    #if canImport(Glibc)
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #else
    private let mutex: UnsafeMutablePointer<os_unfair_lock>
    #endif
    /// True while some thread holds the lock (a hint the spinner reads without writing the mutex).
    private let held = ManagedAtomic<Bool>(false)
    /// True while a waiter is spinning; the others go straight to sleep.
    private let spinning = ManagedAtomic<Bool>(false)
    package let spinNanos: UInt64

    package init(spinMicroseconds: Int = 200) {
        spinNanos = UInt64(min(max(0, spinMicroseconds), 1_000_000)) * 1_000
        mutex = .allocate(capacity: 1)
        #if canImport(Glibc)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        #else
        mutex.initialize(to: os_unfair_lock())
        #endif
    }

    deinit {
        #if canImport(Glibc)
        pthread_mutex_destroy(mutex)
        #endif
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    package func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }

    private func lock() {
        if !tryLock() {
            if spinNanos > 0,
               spinning.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
                let acquired = spin()
                spinning.store(false, ordering: .releasing)
                if !acquired { blockingLock() }
            } else {
                blockingLock()
            }
        }
        held.store(true, ordering: .relaxed)
    }

    private func unlock() {
        held.store(false, ordering: .relaxed)
        #if canImport(Glibc)
        pthread_mutex_unlock(mutex)
        #else
        os_unfair_lock_unlock(mutex)
        #endif
    }

    /// Waits for the hint to show the lock free and takes it; false when `spinNanos` ran out.
    private func spin() -> Bool {
        let deadline = MonotonicClock.nanoseconds() &+ spinNanos
        var rounds = 0
        while true {
            if !held.load(ordering: .relaxed), tryLock() { return true }
            rounds &+= 1
            if rounds & 255 == 0 {
                if MonotonicClock.nanoseconds() >= deadline { return false }
                // Let a runnable thread on this core (the holder, a client) go first.
                sched_yield()
            }
        }
    }

    private func tryLock() -> Bool {
        #if canImport(Glibc)
        pthread_mutex_trylock(mutex) == 0
        #else
        os_unfair_lock_trylock(mutex)
        #endif
    }

    private func blockingLock() {
        #if canImport(Glibc)
        pthread_mutex_lock(mutex)
        #else
        os_unfair_lock_lock(mutex)
        #endif
    }
}
