import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import MockTestSupport

/// The mock where descriptors are few: macOS gives a shell's programs 256, the same as the default
/// connection cap. Played here by `ulimit -n 256` (soft and hard, so the CLI cannot raise it).
@Suite struct DescriptorLimitTests {
    static let request = Array("GET /__mock/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)

    @Test func underA256DescriptorLimit300ConnectionsAreEachAnsweredOrRefusedAndTheServerIsIdleAfter() async throws {
        let mock = try SpawnedMock(arguments: ["--port", "0", "--host", "127.0.0.1", "--db", ":memory:", "--log-level", "error"],
                                   descriptorLimit: 256)
        // Idle after a first request (whatever the first request opens for good is counted).
        let first = try LoopbackSocket(port: mock.port, receiveTimeout: 30)
        try first.send(Self.request)
        #expect(Self.status(from: first) == 200)
        let idle = Self.openDescriptors(of: mock.child.pid)
        var sockets: [LoopbackSocket] = []
        for _ in 0..<300 { sockets.append(try LoopbackSocket(port: mock.port, receiveTimeout: 30)) }
        for socket in sockets { try socket.send(Self.request) }
        // Every connection is answered: 200 while there are places, the documented 503 past them.
        // None waits in the backlog for a descriptor (that would be a 30 s timeout, status nil).
        var statuses: [String: Int] = [:]
        for socket in sockets { statuses[Self.status(from: socket).map(String.init) ?? "none", default: 0] += 1 }
        #expect(Set(statuses.keys).isSubset(of: ["200", "503"]), "statuses: \(statuses)")
        #expect(statuses["200", default: 0] >= 150, "statuses: \(statuses)")
        #expect(statuses["503", default: 0] > 0, "statuses: \(statuses)")
        sockets.removeAll()   // every connection closes

        // Idle again: the descriptors it held idle, and a new connection is served.
        if let idle {
            let settled = await eventually(seconds: 30) { (Self.openDescriptors(of: mock.child.pid) ?? .max) <= idle }
            #expect(settled, "descriptors: \(idle) idle, \(Self.openDescriptors(of: mock.child.pid) ?? -1) after")
        }
        let next = try LoopbackSocket(port: mock.port, receiveTimeout: 30)
        try next.send(Self.request)
        #expect(Self.status(from: next) == 200)
        #expect(mock.child.isRunning)
    }

    /// The status of the first response read from `socket`; nil when none came.
    static func status(from socket: LoopbackSocket) -> Int? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.starts(with: Array("HTTP/1.1 ".utf8)) || received.count < 12 {
            let count = socket.receive(into: &buffer)
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        guard received.count >= 12, received.starts(with: Array("HTTP/1.1 ".utf8)) else { return nil }
        return Int(String(decoding: received[9..<12], as: UTF8.self))
    }

    /// How many descriptors `pid` has open (Linux's /proc); nil where the platform does not say.
    static func openDescriptors(of pid: pid_t) -> Int? {
        #if os(Linux)
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count
        #else
        nil
        #endif
    }
}
