import Dispatch
import Foundation
import MockConcurrency
#if canImport(Glibc)
import Glibc
#endif

/// Copies of one pristine database made ahead, off the request path, for the namespaces a server
/// makes (`/ns/<name>/…`). Most of making a store is not copying the pages (the backup API, about a
/// tenth) but SQLite parsing the schema on the new connection's first statement (two thirds of
/// it, ~0.7 ms: every connection parses its own, and a page copy or `sqlite3_deserialize` into an
/// existing connection makes it parse again). A store taken from here has had its pages copied,
/// its schema parsed and the migrations checked; a namespace that takes it pays none of that.
///
/// At most `capacity` stores wait, each as big as a namespace just made (docs/namespaces.md).
/// Filling starts at the first `take()`, so a server that never makes a namespace never makes
/// one ahead either. After a take, one thread of its own refills the pool, one store at a time,
/// and ends when the pool is full: at a lower priority (nice 10 on Linux, utility QoS on Apple
/// platforms), so that on a busy machine the requests, the one that took the store included, get
/// the cores first. When the pool is empty (namespaces made faster than the refill), `take()`
/// makes the store on the caller's thread, exactly as without a pool. A store is handed out once:
/// it leaves the pool under the lock that hands it out.
package final class StorePool: Sendable {
    let capacity: Int
    private let snapshot: SeedSnapshot
    private let state = Locked(State())
    /// Entered while the filling thread has work (`State.filling`).
    private let filling = DispatchGroup()
    /// Wakes the filling thread.
    private let wakeFiller = DispatchSemaphore(value: 0)

    private struct State: Sendable {
        var ready: [Store] = []
        /// The filling thread is making stores.
        var filling = false
        var fillerStarted = false
        var closed = false
        var counts = Counts()
    }

    /// What the pool has done, for tests and the docs' figures.
    struct Counts: Sendable, Equatable {
        /// Stores made by the background job.
        var madeAhead = 0
        /// `take()`s answered with a store made ahead.
        var handedOut = 0
        /// `take()`s that found the pool empty and made their store on the spot.
        var madeOnTake = 0
    }

    /// `capacity` 0 makes every store on `take()`.
    package init(snapshot: SeedSnapshot, capacity: Int) {
        self.snapshot = snapshot
        self.capacity = max(0, capacity)
    }

    /// A store holding exactly `snapshot`'s pristine state, never handed to anyone else.
    package func take() throws -> Store {
        let pooled = state.withLock { state -> Store? in
            guard let store = state.ready.popLast() else {
                state.counts.madeOnTake += 1
                return nil
            }
            state.counts.handedOut += 1
            return store
        }
        startFilling()
        if let pooled { return pooled }
        return try snapshot.makeInMemoryStore()
    }

    /// Stores waiting now.
    var readyCount: Int { state.withLock { $0.ready.count } }

    var counts: Counts { state.withLock { $0.counts } }

    /// Drops the waiting stores and makes no more ahead; `take()` goes on making them on the spot.
    package func close() {
        let (dropped, wasFilling) = state.withLock { state -> ([Store], Bool) in
            defer { state.ready = []; state.filling = false }
            state.closed = true
            return (state.ready, state.filling)
        }
        if wasFilling { filling.leave() }
        wakeFiller.signal()   // an idle filling thread ends
        for store in dropped { try? store.close() }
    }

    /// Waits until the pool is full or closed, or `timeout` passes; true when it is full. For tests
    /// and benchmarks that want a known starting point; the server never waits for the pool.
    func waitUntilFull(timeout: Duration) -> Bool {
        startFilling()
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            let (count, running) = state.withLock { ($0.ready.count, $0.filling) }
            if count >= capacity { return true }
            if !running { return false }   // closed, or making a store failed: nothing more will come
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero, filling.wait(timeout: .now() + Double(left.components.seconds)
                                             + Double(left.components.attoseconds) / 1e18) == .success
            else { return false }
        }
    }

    private func startFilling() {
        let (spawn, wake) = state.withLock { state -> (Bool, Bool) in
            guard !state.closed, !state.filling, state.ready.count < capacity else { return (false, false) }
            state.filling = true
            filling.enter()
            defer { state.fillerStarted = true }
            return (!state.fillerStarted, state.fillerStarted)
        }
        if wake { wakeFiller.signal() }
        if spawn { spawnFiller() }
    }

    /// The filling thread: made once, at the first take; it sleeps between fills and ends when the
    /// pool is closed or gone. The request that takes a store only signals it: a thread started
    /// or woken at the priority of the request would run in its place for a while.
    private func spawnFiller() {
        ServerThread.start("StorePool", qualityOfService: .utility) { [weak self, wakeFiller] in
            Self.lowerThisThreadsPriority()
            while true {
                do {
                    guard let pool = self, pool.fill() else { return }
                }   // no reference to the pool while sleeping: it can go away, and its deinit wakes us
                wakeFiller.wait()
            }
        }
    }

    deinit {
        wakeFiller.signal()
    }

    /// Linux has no QoS: a thread's nice value is its own (setpriority(2)). 10 leaves this thread
    /// about a tenth of a core that requests want.
    private static func lowerThisThreadsPriority() {
        #if canImport(Glibc)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
    }

    /// Makes stores until the pool is full; false when it is closed (the thread ends). Runs on the
    /// filling thread only.
    private func fill() -> Bool {
        while true {
            let (closed, wanted) = state.withLock { ($0.closed, $0.filling) }
            if closed { return false }
            if !wanted { return true }   // a wake-up with nothing to do
            let store: Store
            do {
                store = try snapshot.makeInMemoryStore()
            } catch {
                // Never expected (the same call made the pristine copy work before); `take()`
                // makes its own and reports the error to its caller; the next take tries again.
                let stopped = state.withLock { state -> Bool in
                    defer { state.filling = false }
                    return state.filling
                }
                if stopped { filling.leave() }
                return true
            }
            let (keep, more) = state.withLock { state -> (Bool, Bool) in
                guard !state.closed else { return (false, false) }   // close() ended the filling
                state.ready.append(store)
                state.counts.madeAhead += 1
                if state.ready.count < capacity { return (true, true) }
                state.filling = false
                return (true, false)
            }
            if !keep {
                try? store.close()
                return false
            }
            if !more {
                filling.leave()
                return true
            }
        }
    }
}
