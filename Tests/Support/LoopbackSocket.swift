import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking TCP socket to `127.0.0.1:port`, for tests that talk HTTP below URLSession (raw
/// transport faults, chromedriver). Writes never raise SIGPIPE; reads time out.
package final class LoopbackSocket {
    package let fd: Int32

    package init(port: Int, receiveTimeout seconds: Int) throws {
        #if canImport(Glibc)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw TestFailure("socket: errno \(errno)") }
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            close(fd)
            throw TestFailure("connect to 127.0.0.1:\(port): errno \(code)")
        }
    }

    deinit { close(fd) }

    /// Writes every byte of `bytes`.
    package func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            #if canImport(Glibc)
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            #else
            let count = bytes[sent...].withUnsafeBytes { Darwin.send(fd, $0.baseAddress, $0.count, 0) }
            #endif
            guard count > 0 else { throw TestFailure("send: errno \(errno)") }
            sent += count
        }
    }

    /// One `recv` into `buffer`: the byte count, 0 at the peer's close, -1 on an error or timeout.
    package func receive(into buffer: inout [UInt8]) -> Int {
        buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    }

    /// Every byte until the peer closes (or an error or the receive timeout).
    package func receiveAll() -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = receive(into: &buffer)
            if count <= 0 { return received }
            received += buffer[0..<count]
        }
    }

    /// Sends one `Connection: close` request to `127.0.0.1:port` and reads until the server closes.
    package static func exchange(port: Int, _ request: String, receiveTimeout: Int = 10) throws -> [UInt8] {
        let socket = try LoopbackSocket(port: port, receiveTimeout: receiveTimeout)
        try socket.send(Array(request.utf8))
        return socket.receiveAll()
    }

    /// The status line of `bytes`, an answer (`"\r\n"` is one Character: split on the string).
    package static func statusLine(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")[0]
    }
}
