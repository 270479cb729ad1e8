import MockConcurrency
#if os(Linux)
import Atomics
import CGlibcExtras
import Foundation
import Glibc

/// Linux: a few worker threads serve every keep-alive connection from one `epoll` set, instead of
/// a thread per connection sleeping in `poll`.
///
/// A thread per connection wakes a thread for every request; what that cost, and what the pool
/// measured, is in docs/performance.md ("Sixth round"). Here a worker takes whichever connection is readable
/// (`EPOLLONESHOT`, so one worker owns it at a time), answers every request already complete in its
/// buffer, re-arms it and takes the next; under load `epoll_wait` returns at once and nobody sleeps.
///
/// The pool only does what cannot block: reads without waiting (a few at most per turn), then
/// requests whose head and `Content-Length` body are all there. Everything else — a request still
/// arriving, a chunked body, `100-continue`, a client error to answer and linger on — is handed to
/// a thread of its own running `HTTPConnection.run()`, the same code as on Darwin, from the same
/// place in the buffer, until every request read is answered; then the pool takes the connection
/// back. A handler that will block calls `HTTPServer.willBlock()` (a response's `delay`, the mock's injected latency, does it in the transport), and a write
/// that would block does the same: the worker hands its place in the pool to a new thread and
/// serves that one connection the same way, so handlers may still block without stalling the
/// others. Idle connections are closed by a sweep (never one whose request has arrived); `stop()`
/// wakes every worker through the stop pipe.
final class EventPool: @unchecked Sendable {
    // @unchecked: `epfd` and the settings are immutable; the registry is behind its lock; a
    // `Pooled` connection is used by the one worker that took it out of the registry.
    private let server: HTTPServer
    private let epfd: Int32
    private let stopRead: Int32
    private let registry = Locked(Registry())
    private let sweepNanos: UInt64
    private let idleNanos: UInt64
    private let nextSweep = ManagedAtomic<UInt64>(0)

    /// One connection resting in the set between requests, or being served by a worker.
    final class Pooled: @unchecked Sendable {
        var connection: HTTPConnection
        let key: UInt64
        /// Guarded by the registry's lock.
        var parked = false
        var idleSince: UInt64 = 0

        init(connection: HTTPConnection, key: UInt64) {
            self.connection = connection
            self.key = key
        }
        var fd: Int32 { connection.fd }
    }

    private struct Registry: Sendable {
        var connections: [Int32: Pooled] = [:]
        var generation: UInt32 = 0
        /// Set when the server stops: nothing is parked any more.
        var closed = false
        var workers = 0
        var epfdClosed = false
    }

    /// Reads a worker makes for one connection before a request still arriving goes to a thread.
    private static let readsPerTurn = 4

    /// The event key of the stop pipe (a connection's key is its generation and descriptor).
    private static let stopKey = UInt64.max

    init(server: HTTPServer, stopRead: Int32) throws {
        self.server = server
        self.stopRead = stopRead
        let config = server.configuration
        idleNanos = Sys.nanos(config.idleTimeout)
        // A connection idle past its timeout is closed within a tenth of the timeout after it.
        sweepNanos = min(max(idleNanos / 10, 5_000_000), 1_000_000_000)
        epfd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epfd >= 0 else {
            let code = errno
            throw HTTPServerError("cannot create epoll set: \(Sys.errorText(code))", code: code)
        }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = Self.stopKey
        guard epoll_ctl(epfd, EPOLL_CTL_ADD, stopRead, &event) == 0 else {
            let code = errno
            Sys.closeFD(epfd)
            throw HTTPServerError("cannot watch the stop pipe: \(Sys.errorText(code))", code: code)
        }
    }

    /// Starts `count` workers.
    func start(workers count: Int) {
        for _ in 0..<count { spawnWorker() }
    }

    private func spawnWorker() {
        registry.withLock { $0.workers += 1 }
        ServerThread.start("MockHTTP worker") { [self] in
            let worker = Worker()
            worker.install()
            self.work(worker)
        }
    }

    // MARK: Connections

    /// Takes a newly accepted connection. False when the pool has stopped (the caller closes it).
    func add(_ connection: HTTPConnection) -> Bool {
        registry.withLock { r in
            r.generation &+= 1
            let key = UInt64(r.generation) << 32 | UInt64(UInt32(bitPattern: connection.fd))
            return park(Pooled(connection: connection, key: key), EPOLL_CTL_ADD, in: &r)
        }
    }

    /// Parks a connection the caller owns to wait for its next request: registers (`ADD`) or
    /// re-arms (`MOD`) its readiness report and records it in the registry. False when the pool
    /// has stopped or epoll refused. Done with the registry locked, so that a sweep or a stop never
    /// closes a descriptor between the epoll call and the registry's record of it.
    private func park(_ pooled: Pooled, _ op: Int32, in r: inout Registry) -> Bool {
        guard !r.closed else { return false }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLONESHOT.rawValue
        event.data.u64 = pooled.key
        guard epoll_ctl(epfd, op, pooled.fd, &event) == 0 else { return false }
        pooled.parked = true
        pooled.idleSince = Sys.now()
        r.connections[pooled.fd] = pooled
        return true
    }

    /// The connection an event reports, now owned by the caller; nil for a stale report (a
    /// connection closed by the sweep after the event was queued, its descriptor reused).
    private func take(_ key: UInt64) -> Pooled? {
        registry.withLock { r in
            guard let pooled = r.connections[Int32(bitPattern: UInt32(truncatingIfNeeded: key))],
                  pooled.key == key, pooled.parked else { return nil }
            pooled.parked = false
            return pooled
        }
    }

    /// Puts a connection back to wait for its next request, or closes it when the pool has stopped.
    private func park(_ pooled: Pooled) {
        if !registry.withLock({ park(pooled, EPOLL_CTL_MOD, in: &$0) }) { finish(pooled) }
    }

    /// Forgets a connection the caller owns (before it is closed or handed to its own thread).
    private func remove(_ pooled: Pooled) {
        registry.withLock { r in
            if r.connections[pooled.fd] === pooled { r.connections[pooled.fd] = nil }
        }
    }

    private func finish(_ pooled: Pooled) {
        remove(pooled)
        server.connectionFinished(pooled.fd)
    }

    /// Gives a connection a thread of its own, running the blocking code from where it is, until
    /// the connection is idle again or closed.
    private func handOff(_ pooled: Pooled, linger: Bool) {
        release(pooled)
        ServerThread.start("MockHTTP connection") { [self] in
            // The pool has forgotten `pooled`: this thread is its only user now.
            self.serveBlocking(pooled, linger: linger)
        }
    }

    /// Takes a connection out of the registry and the epoll set, for a thread of its own.
    private func release(_ pooled: Pooled) {
        remove(pooled)
        var unused = epoll_event()
        _ = epoll_ctl(epfd, EPOLL_CTL_DEL, pooled.fd, &unused)
    }

    /// Runs the blocking code on the calling thread for a released connection: drains and closes
    /// it (`linger`), or serves it until every request read is answered, then gives it back.
    private func serveBlocking(_ pooled: Pooled, linger: Bool) {
        if linger {
            pooled.connection.lingerClose()
        } else if pooled.connection.run(untilIdle: true) {
            return readopt(pooled)
        }
        server.connectionFinished(pooled.fd)
    }

    /// Takes back a connection its own thread has served to a request boundary.
    private func readopt(_ pooled: Pooled) {
        if !registry.withLock({ park(pooled, EPOLL_CTL_ADD, in: &$0) }) { server.connectionFinished(pooled.fd) }
    }

    // MARK: Workers

    /// A pool thread; `detached` once it has given its place to a new one.
    final class Worker: @unchecked Sendable {
        // @unchecked: read and written only by its own thread.
        var detached = false
        weak var pool: EventPool?

        private static let key: pthread_key_t = {
            var key = pthread_key_t()
            pthread_key_create(&key, nil)
            return key
        }()

        func install() { pthread_setspecific(Self.key, Unmanaged.passUnretained(self).toOpaque()) }
        static func uninstall() { pthread_setspecific(key, nil) }
        static var current: Worker? {
            pthread_getspecific(key).map { Unmanaged<Worker>.fromOpaque($0).takeUnretainedValue() }
        }
    }

    /// Called on a thread about to block (a handler's `HTTPServer.willBlock()`, a write the client
    /// is not reading): if it is a pool worker, a new worker takes its place and this thread keeps
    /// only the connection it is serving. Elsewhere it does nothing.
    static func detachCurrentWorker() {
        guard let worker = Worker.current, !worker.detached, let pool = worker.pool else { return }
        worker.detached = true
        pool.spawnWorker()
    }

    private func work(_ worker: Worker) {
        worker.pool = self
        var event = epoll_event()
        let timeout = Int32(max(1, sweepNanos / 1_000_000))
        while !server.isStopping {
            let n = epoll_wait(epfd, &event, 1, timeout)
            if n < 0 {
                if errno == EINTR { continue }
                break
            }
            if n > 0 {
                if event.data.u64 == Self.stopKey { break }
                // Take the connection before any sweep: its request has arrived.
                if let pooled = take(event.data.u64) {
                    serve(pooled, worker)
                    if worker.detached {
                        Worker.uninstall()
                        workerLeft()
                        return
                    }
                }
            }
            sweepIfDue()
        }
        Worker.uninstall()
        if server.isStopping { closeParked() }
        workerLeft()
    }

    /// Serves a connection that epoll reported readable.
    private func serve(_ pooled: Pooled, _ worker: Worker) {
        var received = pooled.connection.receiveNow()
        var reads = 1
        while true {
            if received == .eof { return finish(pooled) }
            let outcome = pooled.connection.serveBuffered(detached: { worker.detached })
            if worker.detached && outcome != .close && outcome != .idle {
                // This thread has left the pool: serve the connection here, blocking as needed,
                // until it is idle (then the pool takes it back and the thread ends) or closed.
                release(pooled)
                return serveBlocking(pooled, linger: outcome == .linger)
            }
            switch outcome {
            case .idle:
                return park(pooled)
            case .needMore:
                // The rest of the request may be here already; a client that keeps sending does
                // not keep the worker: after a few reads it gets a thread of its own.
                if received == .data && reads < Self.readsPerTurn {
                    received = pooled.connection.receiveNow()
                    reads += 1
                    continue
                }
                return handOff(pooled, linger: false)
            case .handOff:
                return handOff(pooled, linger: false)
            case .linger:
                return handOff(pooled, linger: true)
            case .close, .detached:
                return finish(pooled)
            }
        }
    }

    // MARK: Idle sweep and stop

    /// Closes connections idle past `idleTimeout`; at most one worker sweeps per period.
    private func sweepIfDue() {
        let now = Sys.now()
        let due = nextSweep.load(ordering: .relaxed)
        guard now >= due,
              nextSweep.compareExchange(expected: due, desired: now &+ sweepNanos, ordering: .relaxed).exchanged
        else { return }
        let idleNanos = self.idleNanos
        // A connection whose request has arrived is not idle, even if no worker has taken it yet
        // (all of them busy past its deadline).
        closeParked { pooled, now in now >= pooled.idleSince &+ idleNanos && !Self.hasBytesWaiting(pooled.fd) }
    }

    private static func hasBytesWaiting(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
    }

    /// The server is stopping: close every connection waiting for a request (those being served
    /// close after their answer, which says `Connection: close`).
    private func closeParked() {
        closeParked(stopping: true) { _, _ in true }
    }

    /// Closes the parked connections `isChosen` selects (given the time, read under the registry's
    /// lock: a connection parked after an earlier reading would be idle since later than it).
    /// `stopping`: also mark the pool closed, in the same locked step.
    private func closeParked(stopping: Bool = false, where isChosen: (Pooled, _ now: UInt64) -> Bool) {
        let chosen = registry.withLock { r -> [Pooled] in
            if stopping { r.closed = true }
            let now = Sys.now()
            let chosen = r.connections.values.filter { $0.parked && isChosen($0, now) }
            for pooled in chosen {
                pooled.parked = false
                r.connections[pooled.fd] = nil
            }
            return chosen
        }
        for pooled in chosen { server.connectionFinished(pooled.fd) }
    }

    /// The last worker out, once the pool has stopped, closes the epoll set.
    private func workerLeft() {
        let close = registry.withLock { r -> Bool in
            r.workers -= 1
            guard r.workers == 0, r.closed, !r.epfdClosed else { return false }
            r.epfdClosed = true
            return true
        }
        if close { Sys.closeFD(epfd) }
    }
}
#else
/// Darwin has no pool: every connection has a thread of its own (`HTTPServer`).
enum EventPool {}
#endif
