#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The smallest HTTP/1.1 client: one GET, the status line read back. For health checks where no
/// curl exists (the container's `HEALTHCHECK` runs `repairminder-mock --health-probe`), without
/// Foundation's networking and the libcurl it would pull into a static binary.
public enum HTTPProbe {
    /// The response status of `GET path` on `host:port`, or nil when nothing answered within
    /// `timeout` seconds.
    public static func status(host: String, port: Int, path: String, timeout: Double = 2) -> Int? {
        var hints = addrinfo()
        hints.ai_socktype = Sys.streamType
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(list) }
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else { continue }
            defer { Sys.closeFD(fd) }
            #if canImport(Darwin)
            Sys.setInt(fd, SOL_SOCKET, SO_NOSIGPIPE, 1)   // a server closing early must not kill the probe
            #endif
            Sys.setSendTimeout(fd, seconds: timeout)
            Sys.setReceiveTimeout(fd, seconds: timeout)
            guard connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else { continue }
            let authority = HTTPServer.authority(host)
            let request = "GET \(path) HTTP/1.1\r\nHost: \(authority):\(port)\r\nConnection: close\r\n\r\n"
            guard Sys.sendAll(fd, Array(request.utf8)) else { continue }
            var head: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 512)
            while head.count < 12 {
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count <= 0 { break }
                head.append(contentsOf: buffer[0..<count])
            }
            // "HTTP/1.1 200 …"
            guard head.count >= 12, head.starts(with: Array("HTTP/1.".utf8)) else { continue }
            return Int(String(decoding: head[9..<12], as: UTF8.self))
        }
        return nil
    }
}
