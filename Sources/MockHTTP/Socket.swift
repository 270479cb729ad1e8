import MockConcurrency
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin POSIX helpers: EINTR retried everywhere, SIGPIPE never raised.
enum Sys {
    #if canImport(Glibc)
    static let streamType = Int32(SOCK_STREAM.rawValue)
    static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    static let streamType = SOCK_STREAM
    static let sendFlags: Int32 = 0
    #endif

    /// Monotonic nanoseconds.
    static func now() -> UInt64 { MonotonicClock.nanoseconds() }

    static func nanos(_ seconds: Double) -> UInt64 {
        seconds <= 0 ? 0 : UInt64(min(seconds, 1e9) * 1e9)
    }

    /// Milliseconds left until `deadline` for poll(), rounded up, at least 0.
    static func pollTimeout(until deadline: UInt64) -> Int32 {
        let now = now()
        if deadline <= now { return 0 }
        let ms = (deadline - now + 999_999) / 1_000_000
        return Int32(min(ms, UInt64(Int32.max)))
    }

    /// Closes once; never retried (on Linux the fd is gone even when close reports EINTR).
    static func closeFD(_ fd: Int32) {
        _ = close(fd)
    }

    static func setInt(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32) {
        var v = value
        _ = setsockopt(fd, level, name, &v, socklen_t(MemoryLayout<Int32>.size))
    }

    static func setCloexec(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFD)
        if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
    }

    static func setNonBlocking(_ fd: Int32, _ on: Bool) {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0 else { return }
        _ = fcntl(fd, F_SETFL, on ? (flags | O_NONBLOCK) : (flags & ~O_NONBLOCK))
    }

    static func setSendTimeout(_ fd: Int32, seconds: Double) {
        setTimeout(fd, SO_SNDTIMEO, seconds: seconds)
    }

    static func setReceiveTimeout(_ fd: Int32, seconds: Double) {
        setTimeout(fd, SO_RCVTIMEO, seconds: seconds)
    }

    private static func setTimeout(_ fd: Int32, _ option: Int32, seconds: Double) {
        let s = max(seconds, 0.001)
        var tv = timeval()
        tv.tv_sec = numericCast(Int(s))
        tv.tv_usec = numericCast(Int((s - Double(Int(s))) * 1_000_000))
        _ = setsockopt(fd, SOL_SOCKET, option, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Options for an accepted connection: no Nagle, no SIGPIPE, blocking, bounded write stalls.
    static func configureAccepted(_ fd: Int32, sendTimeout: Double) {
        setInt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        #if canImport(Darwin)
        setInt(fd, SOL_SOCKET, SO_NOSIGPIPE, 1)
        setNonBlocking(fd, false)   // Darwin's accept() inherits O_NONBLOCK from the listener
        setCloexec(fd)
        #endif
        setSendTimeout(fd, seconds: sendTimeout)
    }

    static func accept(_ listener: Int32, _ storage: inout sockaddr_storage) -> Int32 {
        var len = socklen_t(MemoryLayout<sockaddr_storage>.size)
        return withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                #if canImport(Glibc)
                let fd = Glibc.accept(listener, sa, &len)
                #else
                let fd = Darwin.accept(listener, sa, &len)
                #endif
                if fd >= 0 { setCloexec(fd) }   // accept4 is not exported by the Glibc module
                return fd
            }
        }
    }

    /// Writes every byte of `parts` (one sendmsg/writev call when the kernel takes it all, which is
    /// the normal case). False when the peer is gone or the write stalled past the send timeout.
    /// `pooled`: the caller is a pool worker; the first write that would block hands the worker's
    /// place in the pool to a new thread (`EventPool.detachCurrentWorker`) before it waits.
    static func sendAll(_ fd: Int32, _ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0),
                        pooled: Bool = false) -> Bool {
        #if os(Linux)
        var flags = pooled ? sendFlags | Int32(MSG_DONTWAIT) : sendFlags
        #else
        let flags = sendFlags
        #endif
        var aOff = 0
        var bOff = 0
        while aOff < a.count || bOff < b.count {
            var iov = (iovec(), iovec())
            var count = 0
            let sent: Int = withUnsafeMutablePointer(to: &iov) { tuple in
                tuple.withMemoryRebound(to: iovec.self, capacity: 2) { vec in
                    if aOff < a.count {
                        vec[count] = iovec(iov_base: UnsafeMutableRawPointer(mutating: a.baseAddress! + aOff), iov_len: a.count - aOff)
                        count += 1
                    }
                    if bOff < b.count {
                        vec[count] = iovec(iov_base: UnsafeMutableRawPointer(mutating: b.baseAddress! + bOff), iov_len: b.count - bOff)
                        count += 1
                    }
                    var msg = msghdr()
                    msg.msg_iov = vec
                    msg.msg_iovlen = numericCast(count)
                    return sendmsg(fd, &msg, flags)
                }
            }
            if sent < 0 {
                if errno == EINTR { continue }
                #if os(Linux)
                if flags != sendFlags, errno == EAGAIN || errno == EWOULDBLOCK {
                    EventPool.detachCurrentWorker()
                    flags = sendFlags
                    continue
                }
                #endif
                return false
            }
            var rest = sent
            let fromA = min(rest, a.count - aOff)
            aOff += fromA
            rest -= fromA
            bOff += rest
        }
        return true
    }

    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { sendAll(fd, $0) }
    }

    /// "127.0.0.1:8787" or "[::1]:8787".
    static func describe(_ storage: sockaddr_storage) -> String {
        var s = storage
        return withUnsafePointer(to: &s) { p -> String in
            var text = [CChar](repeating: 0, count: 64)
            switch Int32(storage.ss_family) {
            case AF_INET:
                return p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { sin -> String in
                    var addr = sin.pointee.sin_addr
                    _ = inet_ntop(AF_INET, &addr, &text, socklen_t(text.count))
                    let ip = String(decoding: text.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    return "\(ip):\(UInt16(bigEndian: sin.pointee.sin_port))"
                }
            case AF_INET6:
                return p.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { sin6 -> String in
                    var addr = sin6.pointee.sin6_addr
                    _ = inet_ntop(AF_INET6, &addr, &text, socklen_t(text.count))
                    let ip = String(decoding: text.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    return "[\(ip)]:\(UInt16(bigEndian: sin6.pointee.sin6_port))"
                }
            default:
                return "unknown"
            }
        }
    }

    static func errorText(_ code: Int32) -> String {
        guard let s = strerror(code) else { return "error \(code)" }
        return String(cString: s)
    }
}
