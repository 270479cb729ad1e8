import Foundation
import MockServer
import RepairMinderMockControl

extension MockServerConfiguration {
    /// `forTesting()` (127.0.0.1, port 0, in memory, the bundled seed, quiet) changed by `configure`.
    public static func forTesting(_ configure: (inout MockServerConfiguration) -> Void) -> MockServerConfiguration {
        var configuration = forTesting()
        configure(&configuration)
        return configuration
    }

    /// The mock clock pinned at `instant`, the seed's `now` unless given, and not ticking: seeded data
    /// as of its day, and times a test can write down.
    public mutating func freezeClock(at instant: Date = MockSeed.referenceNow) {
        clockStart = instant
        clockFrozen = true
    }
}

extension MockServer {
    /// A test's own mock (`MockServerConfiguration.forTesting(configure)`), listening. Stop it: use
    /// it through `withStarted`.
    public static func startedForTesting(_ configure: (inout MockServerConfiguration) -> Void = { _ in }) throws -> MockServer {
        let server = try MockServer(configuration: .forTesting(configure))
        try server.start()
        return server
    }
}
