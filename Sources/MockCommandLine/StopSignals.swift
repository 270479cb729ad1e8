import Dispatch
import Foundation

/// SIGINT and SIGTERM, routed to a semaphore before the server starts, so that a signal that
/// arrives during start-up still stops it gracefully instead of being lost or killing it mid-write.
package final class StopSignals {
    private let stopped = DispatchSemaphore(value: 0)
    private var sources: [DispatchSourceSignal] = []

    package init() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)   // the default action would kill us before the source sees it
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [stopped] in stopped.signal() }
            source.resume()
            sources.append(source)
        }
    }

    /// Returns at the first signal.
    package func wait() {
        stopped.wait()
        sources.forEach { $0.cancel() }
    }
}
