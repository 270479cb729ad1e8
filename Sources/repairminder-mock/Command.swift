import ArgumentParser
import Dispatch
import Foundation
import Logging
import MockServer

/// `repairminder-mock`: flags in, a running mock out; SIGINT/SIGTERM stop it gracefully.
@main
struct RepairMinderMockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repairminder-mock",
        abstract: "A local emulation of the Repair Minder API for developing and testing its iOS app.")

    @Option(help: "Host to bind; repeat for several. Default: 127.0.0.1 and ::1.")
    var host: [String] = []

    @Option(help: "Port to listen on (0 picks a free one).")
    var port: Int = 8787

    @Option(help: "SQLite database file, or :memory:.")
    var db: String = ".repairminder-mock/mock.sqlite"

    @Option(help: "Seed fixture (JSON). Default: the bundled Seeds/default.json.")
    var seed: String?

    @Flag(help: "Re-seed the database even if it already holds data.")
    var reset = false

    @Option(help: "Secret for signing access tokens (HS256).")
    var jwtSecret: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel: String = "info"

    @Flag(help: "Turn off the /__mock control API.")
    var noControlApi = false

    @Option(help: "Mock option, not backend behaviour: seconds during which a just-rotated refresh token may be presented again (0 = strict).")
    var refreshReuseInterval: Double = 0

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level \(logLevel) is not a level") }
        guard refreshReuseInterval >= 0, refreshReuseInterval.isFinite else {
            throw ValidationError("--refresh-reuse-interval must be zero or more")
        }
    }

    func run() throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        var configuration = MockServerConfiguration()
        if !host.isEmpty { configuration.hosts = host }
        configuration.port = port
        if db != ":memory:" {
            let folder = URL(fileURLWithPath: db).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        configuration.databasePath = db
        configuration.seedURL = seed.map { URL(fileURLWithPath: $0) }
        configuration.resetDatabase = reset
        if let jwtSecret { configuration.jwtSecret = jwtSecret }
        configuration.controlAPI = !noControlApi
        configuration.refreshReuseInterval = refreshReuseInterval
        configuration.logger = Logger(label: "repairminder-mock")

        // Signals are routed to the semaphore before the server starts, so a SIGTERM that arrives
        // during start-up still stops it gracefully instead of being lost or killing it mid-write.
        let stopped = DispatchSemaphore(value: 0)
        var sources: [DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)   // the default action would kill us before the source sees it
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { stopped.signal() }
            source.resume()
            sources.append(source)
        }

        let server = try MockServer(configuration: configuration)
        try server.start()
        print(try server.banner())
        fflush(nil)   // the banner reaches a pipe before anyone waits on it
        stopped.wait()
        print("Stopping…")
        server.stop()
        sources.forEach { $0.cancel() }
    }
}
