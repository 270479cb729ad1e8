import Foundation
import MockConcurrency
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Limits and addresses of an `HTTPServer`. Every field has a default.
public struct HTTPServerConfiguration: Sendable {
    /// Hosts or IP addresses to listen on; every address each one resolves to is bound.
    public var hosts: [String]
    /// 0 picks a free port; every host shares the one port chosen.
    public var port: Int
    /// Largest request body accepted; over it the answer is 413, decided from the headers.
    public var maxBodyBytes: Int
    /// Largest request line plus header section; over it the answer is 431.
    public var maxHeaderBytes: Int
    /// A request not complete this long after its first byte gets 408 and the connection is closed.
    public var requestTimeout: TimeInterval
    /// A keep-alive connection with no request for this long is closed.
    public var idleTimeout: TimeInterval
    /// Connections served at once; past it a new connection gets 503 and is closed.
    public var maxConnections: Int
    /// How long `stop()` lets in-flight requests finish.
    public var shutdownGrace: TimeInterval
    /// Answer CORS preflights (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) in the
    /// server, and echo `Origin` in `Access-Control-Allow-Origin` on every response.
    public var cors: Bool
    /// With `cors`, whether a request's `Origin` may be granted CORS, asked only of a request that
    /// carries `Origin`. When it says no, the transport neither answers the request's preflight nor
    /// echoes its `Origin`: the request goes to the handler as any other, and its answer carries no
    /// `Access-Control-Allow-Origin` but the handler's own. The server above decides (the mock
    /// refuses foreign pages on its control API); the default grants every origin.
    public var grantsCORS: @Sendable (HTTPRequest) -> Bool
    /// Linux: how many pooled threads serve keep-alive connections from one `epoll` set (see
    /// docs/http.md, Threads); 0 gives every connection a thread of its own, as on Darwin, where
    /// this is ignored.
    public var workerThreads: Int
    /// The body of every answer the transport writes by itself (400 for malformed HTTP, 408, 413,
    /// 431, 503 over the connection cap, 500 for a handler that throws without an `errorResponder`),
    /// given its status and message: the server above decides what its errors look like. The
    /// default is the message as plain text.
    public var errorBody: @Sendable (_ status: Int, _ message: String) -> HTTPErrorBody

    /// The hosts bound when none are given.
    public static let defaultHosts = ["127.0.0.1", "::1"]

    /// Linux: one worker per core, at least 2. Elsewhere, and on Linux under `AppleEmulation`, 0
    /// (a thread per connection).
    public static var defaultWorkerThreads: Int {
        #if os(Linux)
        AppleEmulation.isOn ? 0 : max(2, ProcessInfo.processInfo.activeProcessorCount)
        #else
        0
        #endif
    }

    public init(hosts: [String] = HTTPServerConfiguration.defaultHosts, port: Int = 0,
                maxBodyBytes: Int = 1 << 20, maxHeaderBytes: Int = 16 * 1024,
                requestTimeout: TimeInterval = 10, idleTimeout: TimeInterval = 60,
                maxConnections: Int = 256, shutdownGrace: TimeInterval = 5, cors: Bool = true,
                workerThreads: Int = HTTPServerConfiguration.defaultWorkerThreads) {
        self.hosts = hosts
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
        self.shutdownGrace = shutdownGrace
        self.cors = cors
        self.grantsCORS = { _ in true }
        self.workerThreads = workerThreads
        self.errorBody = { _, message in HTTPErrorBody(contentType: "text/plain; charset=utf-8", bytes: Array((message + "\n").utf8)) }
    }
}

/// An error answer's body as the server above the transport writes it.
public struct HTTPErrorBody: Sendable {
    public var contentType: String
    public var bytes: [UInt8]
    public init(contentType: String, bytes: [UInt8]) {
        self.contentType = contentType
        self.bytes = bytes
    }
}

/// Why `HTTPServer.start()` failed.
public struct HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// The `errno` behind it, if any (e.g. `EADDRINUSE`).
    public var code: Int32?
    public init(_ message: String, code: Int32? = nil) {
        self.message = message
        self.code = code
    }
    public var description: String { message }
}

/// HTTP/1.1 over POSIX sockets: one accept thread per listening socket; on Linux a few workers
/// serve the connections from one epoll set (`EventPool`), elsewhere (or with `workerThreads` 0)
/// every connection has a thread (bounded by `maxConnections`). Handlers are synchronous and never
/// run on the Swift concurrency pool. See docs/http.md for the rules.
public final class HTTPServer: Sendable {
    public let configuration: HTTPServerConfiguration
    let handler: HTTPHandler
    let errorResponder: HTTPErrorResponder
    let state = Locked(State())
    let stopping = Flag()

    struct State: Sendable {
        enum Phase: Sendable { case idle, running, stopping, stopped }
        var phase = Phase.idle
        var port = 0
        var addresses: [String] = []
        var listeners: [Int32] = []
        var stopRead: Int32 = -1
        var stopWrite: Int32 = -1
        var acceptors = 0
        var connections: Set<Int32> = []
        /// `maxConnections`, or fewer when the descriptor limit would run out first.
        var connectionCap = 0
    }

    /// `errorResponder` turns what a handler throws into an answer; without one it is a 500 with
    /// `configuration.errorBody`'s "Internal server error", which tells nothing of the error.
    public init(configuration: HTTPServerConfiguration = .init(), handler: @escaping HTTPHandler,
                errorResponder: HTTPErrorResponder? = nil) {
        self.configuration = configuration
        self.handler = handler
        self.errorResponder = errorResponder ?? { [errorBody = configuration.errorBody] _, _ in
            let body = errorBody(500, "Internal server error")
            return HTTPResponse(status: 500, headers: HTTPHeaders([("Content-Type", body.contentType)]), body: Data(body.bytes))
        }
    }

    /// Call from a handler before it blocks for long (sleeps, waits on something outside): on a
    /// pool worker, a new worker takes this thread's place, so the other connections are not held
    /// up. Anywhere else it does nothing. A write the client does not read does this by itself.
    public static func willBlock() {
        #if os(Linux)
        EventPool.detachCurrentWorker()
        #endif
    }

    /// `http://host:port`, an IPv6 address in brackets.
    package static func url(host: String, port: Int) -> URL {
        URL(string: "http://\(authority(host)):\(port)")!
    }

    /// `host`, in brackets when it is an IPv6 address (`[::1]`).
    package static func authority(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }

    /// The bound port (0 before `start()`).
    public var port: Int { state.withLock { $0.port } }

    /// The bound addresses, e.g. `["127.0.0.1:8787", "[::1]:8787"]`.
    public var boundAddresses: [String] { state.withLock { $0.addresses } }

    /// Connections being served right now.
    public var activeConnections: Int { state.withLock { $0.connections.count } }

    /// Connections served at once (0 before `start()`): `maxConnections`, or fewer when the
    /// process's descriptor limit would run out first — macOS's default soft limit is 256, the same
    /// as `maxConnections`' default, and the database, the listeners and the logs need descriptors
    /// too. Past it a new connection gets the 503.
    public var connectionLimit: Int { state.withLock { $0.connectionCap } }

    /// Descriptors kept for everything but connections (listeners, the stop pipe, SQLite's files,
    /// logs, a test's own sockets) when the cap comes from the descriptor limit.
    static let reservedDescriptors = 64

    /// The cap for `maxConnections` under a soft descriptor limit of `limit` (nil: none known).
    static func connectionCap(maxConnections: Int, descriptorLimit limit: Int?) -> Int {
        guard let limit else { return maxConnections }
        return max(1, min(maxConnections, limit - reservedDescriptors))
    }

    // MARK: Start

    /// Binds every address, listens and starts accepting. Throws `HTTPServerError` when an
    /// address cannot be bound (for the default hosts, an unavailable IPv6 `::1` is skipped).
    /// Returns once every listener's accept thread runs: `port` is the real one, and a connection
    /// made after the return is accepted at once. A server starts once; after `stop()` make a new one.
    public func start() throws {
        try state.withLock { s in
            guard s.phase == .idle else { throw HTTPServerError("server already started (a stopped server cannot restart: make a new one)") }
            s.phase = .running
        }
        signal(SIGPIPE, SIG_IGN)
        var pipeFDs: [Int32] = [-1, -1]
        guard pipe(&pipeFDs) == 0 else {
            let code = errno
            state.withLock { $0.phase = .idle }
            throw HTTPServerError("cannot create pipe: \(Sys.errorText(code))", code: code)
        }
        Sys.setCloexec(pipeFDs[0])
        Sys.setCloexec(pipeFDs[1])
        Sys.setNonBlocking(pipeFDs[1], true)
        let bound: (listeners: [Int32], port: Int, addresses: [String])
        do {
            bound = try bindAll()
        } catch {
            Sys.closeFD(pipeFDs[0])
            Sys.closeFD(pipeFDs[1])
            state.withLock { $0.phase = .idle }
            throw error
        }
        state.withLock { s in
            s.listeners = bound.listeners
            s.port = bound.port
            s.addresses = bound.addresses
            s.stopRead = pipeFDs[0]
            s.stopWrite = pipeFDs[1]
            s.acceptors = bound.listeners.count
            s.connectionCap = Self.connectionCap(maxConnections: configuration.maxConnections,
                                                 descriptorLimit: DescriptorLimit.soft)
        }
        #if os(Linux)
        let pool: EventPool?
        if configuration.workerThreads > 0 {
            do {
                pool = try EventPool(server: self, stopRead: pipeFDs[0])
            } catch {
                bound.listeners.forEach(Sys.closeFD)
                Sys.closeFD(pipeFDs[0])
                Sys.closeFD(pipeFDs[1])
                state.withLock { s in
                    s = State()
                }
                throw error
            }
            pool?.start(workers: configuration.workerThreads)
        } else {
            pool = nil
        }
        #else
        let pool: EventPool? = nil
        #endif
        let accepting = DispatchSemaphore(value: 0)
        for listener in bound.listeners {
            let stopRead = pipeFDs[0]
            // One descriptor held back for the moment the process runs out: closed, it lets a waiting
            // connection be accepted and answered 503 instead of left in the backlog to time out.
            // Opened here, so that a started server holds every descriptor it holds when idle.
            let reserve = Self.openReserve()
            ServerThread.start("MockHTTP accept") { [self] in
                self.acceptLoop(listener: listener, stopRead: stopRead, pool: pool, reserve: reserve, ready: accepting)
            }
        }
        for _ in bound.listeners { accepting.wait() }
    }

    private func bindAll() throws -> (listeners: [Int32], port: Int, addresses: [String]) {
        let isDefault = configuration.hosts == HTTPServerConfiguration.defaultHosts
        var attempt = 0
        while true {
            attempt += 1
            var listeners: [Int32] = []
            var addresses: [String] = []
            var port = configuration.port
            do {
                for host in configuration.hosts {
                    for address in try resolve(host: host, port: port) {
                        do {
                            let (fd, text, boundPort) = try listen(on: address, host: host)
                            if addresses.contains(text) { Sys.closeFD(fd); continue }
                            listeners.append(fd)
                            addresses.append(text)
                            port = boundPort
                        } catch let error as HTTPServerError {
                            // The default ::1 is optional: skip it where IPv6 is unavailable.
                            let unavailable = error.code == EADDRNOTAVAIL || error.code == EAFNOSUPPORT
                            if isDefault && host == "::1" && unavailable { continue }
                            throw error
                        }
                    }
                }
                if listeners.isEmpty { throw HTTPServerError("no address to listen on") }
                return (listeners, port, addresses)
            } catch let error as HTTPServerError {
                listeners.forEach(Sys.closeFD)
                // An ephemeral port free on the first address may be taken on another: retry.
                if configuration.port == 0, error.code == EADDRINUSE, attempt < 8, !listeners.isEmpty { continue }
                throw error
            }
        }
    }

    private struct ResolvedAddress {
        var family: Int32
        var storage: sockaddr_storage
        var length: socklen_t
    }

    private func resolve(host: String, port: Int) throws -> [ResolvedAddress] {
        var hints = addrinfo()
        hints.ai_socktype = Sys.streamType
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let first = list else {
            let text = rc == 0 ? "no address" : String(cString: gai_strerror(rc))
            throw HTTPServerError("cannot resolve \(host): \(text)")
        }
        defer { freeaddrinfo(first) }
        var result: [ResolvedAddress] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let n = node {
            let info = n.pointee
            if (info.ai_family == AF_INET || info.ai_family == AF_INET6), let addr = info.ai_addr {
                var storage = sockaddr_storage()
                withUnsafeMutableBytes(of: &storage) { dst in
                    dst.copyMemory(from: UnsafeRawBufferPointer(start: addr, count: Int(info.ai_addrlen)))
                }
                result.append(ResolvedAddress(family: info.ai_family, storage: storage, length: info.ai_addrlen))
            }
            node = info.ai_next
        }
        return result
    }

    private func listen(on address: ResolvedAddress, host: String) throws -> (Int32, String, Int) {
        var address = address
        let fd = socket(address.family, Sys.streamType, 0)
        guard fd >= 0 else {
            let code = errno
            throw HTTPServerError("cannot create socket for \(host): \(Sys.errorText(code))", code: code)
        }
        Sys.setCloexec(fd)
        Sys.setInt(fd, SOL_SOCKET, SO_REUSEADDR, 1)
        if address.family == AF_INET6 { Sys.setInt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, 1) }
        var rc = withUnsafePointer(to: &address.storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, address.length) }
        }
        #if canImport(Darwin)
        // Darwin, unlike Linux, lets a socket with SO_REUSEADDR bind 127.0.0.1:P while another
        // listens on *:P, and then the two share the port. Ask for the wildcard too: a port held
        // there is the same refusal as on Linux.
        if rc == 0, Self.wildcardIsHeld(family: address.family, storage: address.storage) {
            rc = -1
            errno = EADDRINUSE
        }
        #endif
        guard rc == 0 else {
            let code = errno
            Sys.closeFD(fd)
            let reason = code == EADDRINUSE
                ? "the port is already in use (another process listens on it, on this address or on all addresses)"
                : Sys.errorText(code)
            throw HTTPServerError("cannot bind \(Sys.describe(address.storage)) (\(host)): \(reason)", code: code)
        }
        guard posixListen(fd, 511) == 0 else {
            let code = errno
            Sys.closeFD(fd)
            throw HTTPServerError("cannot listen on \(host): \(Sys.errorText(code))", code: code)
        }
        Sys.setNonBlocking(fd, true)
        var bound = sockaddr_storage()
        var len = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
        }
        let text = Sys.describe(bound)
        let port = Int(text.split(separator: ":").last.flatMap { Int($0) } ?? 0)
        return (fd, text, port)
    }

    /// The wildcard address of `storage`'s family on its port (`127.0.0.1:8787` → `0.0.0.0:8787`,
    /// `[::1]:8787` → `[::]:8787`); nil for a wildcard address or port 0.
    static func wildcard(of storage: sockaddr_storage, family: Int32) -> sockaddr_storage? {
        var wildcard = storage
        let isWildcard = withUnsafeMutablePointer(to: &wildcard) { pointer -> Bool in
            if family == AF_INET {
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    guard v4.pointee.sin_port != 0, v4.pointee.sin_addr.s_addr != 0 else { return true }
                    v4.pointee.sin_addr.s_addr = 0   // INADDR_ANY
                    return false
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                let any = withUnsafeBytes(of: v6.pointee.sin6_addr) { $0.allSatisfy { $0 == 0 } }
                guard v6.pointee.sin6_port != 0, !any else { return true }
                v6.pointee.sin6_addr = in6_addr()   // in6addr_any: all zeros
                return false
            }
        }
        return isWildcard ? nil : wildcard
    }

    /// Whether another socket holds the wildcard address of `storage`'s family on its port: a probe
    /// socket with SO_REUSEADDR binds the wildcard and is closed at once, without listening. On
    /// Darwin that bind is allowed beside specific addresses (even our own) and beside connections
    /// in TIME_WAIT, and refused only where the wildcard itself is taken; `listen(on:host:)` asks
    /// only there. (On Linux a specific listener refuses it too, and the kernel refuses our bind
    /// anyway.) False for a wildcard address or port 0.
    static func wildcardIsHeld(family: Int32, storage: sockaddr_storage) -> Bool {
        guard var wildcard = wildcard(of: storage, family: family) else { return false }
        let probe = socket(family, Sys.streamType, 0)
        guard probe >= 0 else { return false }
        defer { Sys.closeFD(probe) }
        Sys.setInt(probe, SOL_SOCKET, SO_REUSEADDR, 1)
        if family == AF_INET6 { Sys.setInt(probe, Int32(IPPROTO_IPV6), IPV6_V6ONLY, 1) }
        let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
        let rc = withUnsafePointer(to: &wildcard) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(probe, $0, length) }
        }
        return rc != 0 && errno == EADDRINUSE
    }

    // MARK: Accept

    private func acceptLoop(listener: Int32, stopRead: Int32, pool: EventPool?, reserve: Int32,
                            ready: DispatchSemaphore) {
        var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0)]
        ready.signal()   // start() returns: this thread polls the listener from here on
        let config = configuration
        let sendTimeout = max(config.requestTimeout, 1)
        var reserve = reserve
        defer { if reserve >= 0 { Sys.closeFD(reserve) } }
        acceptLoop: while true {
            fds[0].revents = 0
            fds[1].revents = 0
            let r = poll(&fds, 2, -1)
            if r < 0 {
                if errno == EINTR { continue }
                break
            }
            if fds[1].revents != 0 { break }
            while true {
                var storage = sockaddr_storage()
                let fd = Sys.accept(listener, &storage)
                if fd < 0 {
                    switch errno {
                    case EINTR, ECONNABORTED: continue
                    case EAGAIN, EWOULDBLOCK: continue acceptLoop
                    case EMFILE, ENFILE:
                        // Out of descriptors: free the reserve, take the oldest waiting connection,
                        // answer it 503 and take the reserve back; without one, back off.
                        guard reserve >= 0 else {
                            usleep(10_000)
                            reserve = Self.openReserve()
                            continue acceptLoop
                        }
                        Sys.closeFD(reserve)
                        var ignored = sockaddr_storage()
                        let waiting = Sys.accept(listener, &ignored)
                        if waiting >= 0 { rejectBusy(waiting) }
                        reserve = Self.openReserve()
                        if waiting < 0 { continue acceptLoop }
                        continue
                    case ENOBUFS, ENOMEM:
                        usleep(10_000)   // the kernel is short of memory: back off instead of spinning
                        continue acceptLoop
                    default: continue acceptLoop
                    }
                }
                Sys.configureAccepted(fd, sendTimeout: sendTimeout)
                let admitted = state.withLock { s -> Bool in
                    guard s.phase == .running, s.connections.count < s.connectionCap else { return false }
                    s.connections.insert(fd)
                    return true
                }
                guard admitted else {
                    rejectBusy(fd)
                    continue
                }
                let remote = Sys.describe(storage)
                #if os(Linux)
                if let pool {
                    if !pool.add(HTTPConnection(server: self, fd: fd, remoteAddress: remote, stopRead: stopRead)) {
                        connectionFinished(fd)
                    }
                    continue
                }
                #endif
                ServerThread.start("MockHTTP connection") { [self] in
                    var connection = HTTPConnection(server: self, fd: fd, remoteAddress: remote, stopRead: stopRead)
                    connection.run()
                    self.connectionFinished(fd)
                }
            }
        }
        Sys.closeFD(listener)
        state.withLock { $0.acceptors -= 1 }
        releasePipeIfDone()
    }

    /// A descriptor on /dev/null, held so that running out of descriptors still leaves one to
    /// accept with; -1 when none is left.
    private static func openReserve() -> Int32 {
        open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    /// Over the connection cap (or stopping, or out of descriptors): a 503 written without
    /// blocking, then close.
    private func rejectBusy(_ fd: Int32) {
        Sys.setNonBlocking(fd, true)
        var date = HTTPDateCache()
        let bytes = HTTPResponseWriter.errorResponse(status: 503, message: "Too many connections", body: configuration.errorBody,
                                                     date: &date)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Sys.sendFlags) }
        shutdown(fd, Int32(SHUT_WR))
        var scratch = [UInt8](repeating: 0, count: 4096)
        // Drain what the client already sent so close() does not turn into a reset.
        for _ in 0..<16 where scratch.withUnsafeMutableBytes({ recv(fd, $0.baseAddress, $0.count, 0) }) > 0 {}
        Sys.closeFD(fd)
    }

    /// Forgets and closes a connection (its thread or the pool is done with it).
    func connectionFinished(_ fd: Int32) {
        state.withLock { _ = $0.connections.remove(fd) }
        Sys.closeFD(fd)
        releasePipeIfDone()
    }

    /// Whether the server is stopping (responses then carry `Connection: close`).
    var isStopping: Bool { stopping.value }

    // MARK: Stop

    /// Stops accepting, closes idle keep-alive connections, lets in-flight requests finish for at
    /// most `shutdownGrace`, then shuts down whatever is left and returns. Safe to call twice.
    public func stop() {
        let graceDeadline = Sys.now() &+ Sys.nanos(configuration.shutdownGrace)
        let stopWrite = state.withLock { s -> Int32 in
            guard s.phase == .running else { return -1 }
            s.phase = .stopping
            return s.stopWrite
        }
        guard stopWrite >= 0 else { return }
        stopping.set()
        var byte: UInt8 = 1
        _ = write(stopWrite, &byte, 1)   // wakes the accept loops and idle connections
        // Accept loops close their listeners promptly.
        while state.withLock({ $0.acceptors > 0 }) { usleep(1_000) }
        while Sys.now() < graceDeadline, state.withLock({ !$0.connections.isEmpty }) { usleep(2_000) }
        // Grace over: cut what is left; the connection threads close their own descriptors.
        state.withLock { s in
            for fd in s.connections { shutdown(fd, Int32(SHUT_RDWR)) }
        }
        let cutDeadline = Sys.now() &+ 1_000_000_000
        while Sys.now() < cutDeadline, state.withLock({ !$0.connections.isEmpty }) { usleep(2_000) }
        state.withLock { s in
            s.phase = .stopped
            s.addresses = []
        }
        releasePipeIfDone()
    }

    /// Closes the stop pipe once nothing can poll it any more.
    private func releasePipeIfDone() {
        let fds = state.withLock { s -> (Int32, Int32)? in
            guard s.phase == .stopped, s.acceptors == 0, s.connections.isEmpty, s.stopRead >= 0 else { return nil }
            defer { s.stopRead = -1; s.stopWrite = -1 }
            return (s.stopRead, s.stopWrite)
        }
        if let fds {
            Sys.closeFD(fds.0)
            Sys.closeFD(fds.1)
        }
    }
}

@inline(__always) private func posixListen(_ fd: Int32, _ backlog: Int32) -> Int32 {
    #if canImport(Glibc)
    return Glibc.listen(fd, backlog)
    #else
    return Darwin.listen(fd, backlog)
    #endif
}

