import Foundation
import Testing
@testable import MockHTTP
import MockConcurrency
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What differs on Apple platforms, and how Linux plays it (`REPAIRMINDER_MOCK_EMULATE_APPLE=1`):
/// thread stacks, the connection model, the descriptor limit and a port held on all addresses.
@Suite struct PlatformTests {
    @Test func connectionThreadsHaveThePlatformsStackAndDeepWorkAnExplicitOne() throws {
        let seen = Locked<Int?>(nil)
        let handler: HTTPHandler = { _ in
            seen.withLock { $0 = ServerThread.currentStackSize() }
            return HTTPResponse(status: 200, body: Data("ok".utf8))
        }
        try withServer(testConfiguration { $0.workerThreads = 0 }, handler: handler) { server in
            let client = try RawClient(port: server.port)
            client.send(get("/"))
            #expect(try client.readResponse().status == 200)
        }
        let connection = try #require(seen.withLock { $0 })
        if AppleEmulation.isOn {
            #expect(connection == AppleEmulation.secondaryThreadStackSize)
        } else {
            #if os(Linux)
            #expect(connection > AppleEmulation.secondaryThreadStackSize)   // glibc's default, 8 MiB
            #endif
        }
        let deep = try #require(ServerThread.withDeepStack("test") { ServerThread.currentStackSize() })
        #expect(deep >= ServerThread.deepStackSize)
    }

    @Test func underTheEmulationEveryConnectionHasAThread() {
        #if os(Linux)
        #expect(HTTPServerConfiguration.defaultWorkerThreads == (AppleEmulation.isOn ? 0 : max(2, ProcessInfo.processInfo.activeProcessorCount)))
        #else
        #expect(HTTPServerConfiguration.defaultWorkerThreads == 0)
        #endif
    }

    @Test func withDeepStackReturnsWhatItsWorkReturnsOrThrows() {
        #expect(ServerThread.withDeepStack("test") { 6 * 7 } == 42)
        #expect(throws: TestFailure.self) { try ServerThread.withDeepStack("test") { () throws -> Int in throw TestFailure() } }
    }

    @Test func theConnectionCapLeavesDescriptorsForEverythingElse() {
        #expect(HTTPServer.connectionCap(maxConnections: 256, descriptorLimit: 256) == 192)   // macOS's default limit
        #expect(HTTPServer.connectionCap(maxConnections: 256, descriptorLimit: 1024) == 256)
        #expect(HTTPServer.connectionCap(maxConnections: 256, descriptorLimit: nil) == 256)
        #expect(HTTPServer.connectionCap(maxConnections: 256, descriptorLimit: 10) == 1)
        try? withServer { server in
            #expect(server.connectionLimit == HTTPServer.connectionCap(maxConnections: 256, descriptorLimit: DescriptorLimit.soft))
        }
    }

    /// Another process on the port, on all addresses (IPv4's 0.0.0.0, or IPv6's `::` taking IPv4 too):
    /// binding 127.0.0.1 on it is refused, on Linux by the kernel and on Darwin by the server's own
    /// probe of the wildcard, with the same clear error.
    @Test(arguments: ["0.0.0.0", "::"]) func aPortHeldOnAllAddressesIsAClearError(_ wildcard: String) throws {
        let (holder, port) = try Self.listen(on: wildcard)
        defer { close(holder) }
        let server = HTTPServer(configuration: testConfiguration { $0.port = port }, handler: testHandler)
        #expect {
            try server.start()
        } throws: { error in
            let e = error as? HTTPServerError
            return e?.code == EADDRINUSE
                && e?.message == "cannot bind 127.0.0.1:\(port) (127.0.0.1): the port is already in use (another process listens on it, on this address or on all addresses)"
        }
        server.stop()
    }

    /// Darwin's probe, in the parts Linux can run: which address it binds, and that a wildcard
    /// listener makes it fail while a free port does not.
    @Test func theWildcardProbeBindsTheFamilysWildcardOnThePort() throws {
        func storage(_ host: String, _ port: UInt16) -> sockaddr_storage {
            var storage = sockaddr_storage()
            withUnsafeMutablePointer(to: &storage) { pointer in
                if host.contains(":") {
                    pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                        v6.pointee.sin6_family = sa_family_t(AF_INET6)
                        v6.pointee.sin6_port = port.bigEndian
                        _ = inet_pton(AF_INET6, host, &v6.pointee.sin6_addr)
                    }
                } else {
                    pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                        v4.pointee.sin_family = sa_family_t(AF_INET)
                        v4.pointee.sin_port = port.bigEndian
                        _ = inet_pton(AF_INET, host, &v4.pointee.sin_addr)
                    }
                }
            }
            return storage
        }
        #expect(HTTPServer.wildcard(of: storage("127.0.0.1", 8787), family: AF_INET).map(Sys.describe) == "0.0.0.0:8787")
        #expect(HTTPServer.wildcard(of: storage("::1", 8787), family: AF_INET6).map(Sys.describe) == "[::]:8787")
        #expect(HTTPServer.wildcard(of: storage("0.0.0.0", 8787), family: AF_INET) == nil)
        #expect(HTTPServer.wildcard(of: storage("::", 8787), family: AF_INET6) == nil)
        #expect(HTTPServer.wildcard(of: storage("127.0.0.1", 0), family: AF_INET) == nil)

        let (holder, port) = try Self.listen(on: "0.0.0.0")
        #expect(HTTPServer.wildcardIsHeld(family: AF_INET, storage: storage("127.0.0.1", UInt16(port))))
        close(holder)
        #expect(!HTTPServer.wildcardIsHeld(family: AF_INET, storage: storage("127.0.0.1", UInt16(port))))
    }

    /// A listening socket on `host` (a wildcard), port 0, dual-stack for `::`; its descriptor and port.
    static func listen(on host: String) throws -> (Int32, Int) {
        let v6 = host.contains(":")
        let fd = socket(v6 ? AF_INET6 : AF_INET, Sys.streamType, 0)
        guard fd >= 0 else { throw ClientError("socket failed") }
        var storage = sockaddr_storage()
        let length: socklen_t
        if v6 {
            Sys.setInt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, 0)
            withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_family = sa_family_t(AF_INET6) } }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        } else {
            withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_family = sa_family_t(AF_INET) } }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
        }
        let bound = withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        #if canImport(Glibc)
        let listening = Glibc.listen(fd, 16)
        #else
        let listening = Darwin.listen(fd, 16)
        #endif
        guard bound == 0, listening == 0 else {
            close(fd)
            throw ClientError("cannot listen on \(host): errno \(errno)")
        }
        var actual = sockaddr_storage()
        var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &actualLength) } }
        let port = Int(Sys.describe(actual).split(separator: ":").last.flatMap { Int($0) } ?? 0)
        return (fd, port)
    }
}
