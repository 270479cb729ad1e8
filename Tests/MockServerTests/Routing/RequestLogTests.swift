import Foundation
import Logging
import Testing
@testable import MockServer
@testable import MockBasics
@testable import MockStore
import MockHTTP

/// The request log at `info` shows what the app did and what a test changed; the control API's
/// reads (the console's polling, a test's waits) go to `debug`.
@Suite struct RequestLogTests {
    static func mock(level: Logger.Level) throws -> (MockHarness, Locked<[String]>) {
        let lines = Locked<[String]>([])
        let mock = try MockHarness {
            var logger = Logger(label: "log-test") { _ in CapturingLogHandler(lines: lines) }
            logger.logLevel = level
            $0.logger = logger
        }
        return (mock, lines)
    }

    @Test func controlReadsAreDebugAndEverythingElseIsInfo() async throws {
        let (mock, lines) = try Self.mock(level: .info)
        defer { mock.stop() }
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

    @Test func atDebugTheReadsAreThereToo() async throws {
        let (mock, lines) = try Self.mock(level: .debug)
        defer { mock.stop() }
        _ = try await mock.get("/__mock/clock")
        _ = try await mock.get("/api/auth/me")
        let requests = lines.withLock { $0 }.filter { $0.contains(" → ") }
        #expect(requests.map { $0.split(separator: " ").prefix(3).joined(separator: " ") }
                    == ["debug GET /__mock/clock", "info GET /api/auth/me"])
    }
}
