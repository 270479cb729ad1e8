import Foundation
import Logging
import Testing
@testable import MockServer
@testable import MockBasics
import MockHTTP
import MockTestSupport
import MockConcurrency

/// The request log at `info` shows what the app did and what a test changed; the control API's
/// reads (the console's polling, a test's waits) go to `debug`.
@Suite struct RequestLogTests {
    /// A mock that logs at `level` and above into `lines`.
    static func logging(_ level: Logger.Level, to lines: Locked<[String]>) -> (inout MockServerConfiguration) -> Void {
        { configuration in
            var logger = Logger(label: "log-test") { _ in CapturingLogHandler(lines: lines) }
            logger.logLevel = level
            configuration.logger = logger
        }
    }

    @Test func controlReadsAreDebugAndEverythingElseIsInfo() async throws {
        let lines = Locked<[String]>([])
        try await withMock(Self.logging(.info, to: lines)) { mock in
            for _ in 0..<20 {   // what an open console does in a few seconds
                _ = try await mock.get("/__mock/clock")
                _ = try await mock.get("/__mock/orders?limit=200")
            }
            let space = try MockHarness(namespace: "logged", of: mock)
            _ = try await space.get("/__mock/outbox")
            _ = try await mock.post("/__mock/clock", ["advance_seconds": 1])   // a change: kept
            _ = try await mock.get("/__mock/outbox?kind=sms")                  // a refused read: kept
            _ = try await mock.get("/api/auth/me")                             // the app: kept
            let requests = lines.withLock { $0 }.filter { $0.contains(" → ") }
            #expect(requests.count == 3, "\(requests)")
            #expect(requests.allSatisfy { $0.hasPrefix("info ") })
            #expect(requests.map { $0.split(separator: " ").prefix(3).joined(separator: " ") }
                        == ["info POST /__mock/clock", "info GET /__mock/outbox?kind=sms", "info GET /api/auth/me"])
        }
    }

    @Test func atDebugTheReadsAreThereToo() async throws {
        let lines = Locked<[String]>([])
        try await withMock(Self.logging(.debug, to: lines)) { mock in
            _ = try await mock.get("/__mock/clock")
            _ = try await mock.get("/api/auth/me")
            let requests = lines.withLock { $0 }.filter { $0.contains(" → ") }
            #expect(requests.map { $0.split(separator: " ").prefix(3).joined(separator: " ") }
                        == ["debug GET /__mock/clock", "info GET /api/auth/me"])
        }
    }
}
