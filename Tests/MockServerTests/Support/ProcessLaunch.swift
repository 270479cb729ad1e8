import Foundation

/// Starts child processes one at a time. swift-corelibs-foundation's `Process.run()` is not safe
/// to call from several threads at once on Linux (a parallel test run crashed in its `memmove`),
/// and tests run in parallel: every test that spawns a process goes through here.
enum ProcessLaunch {
    private static let lock = NSLock()

    static func run(_ process: Process) throws {
        lock.lock()
        defer { lock.unlock() }
        try process.run()
    }
}
