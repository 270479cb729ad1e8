import Logging
import MockHTTP
import MockConcurrency

/// A log handler that keeps every line, for tests that search the log.
package struct CapturingLogHandler: LogHandler {
    package init(lines: Locked<[String]>) { self.lines = lines }

    package let lines: Locked<[String]>
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .trace

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String,
                     file: String, function: String, line: UInt) {
        lines.withLock { $0.append("\(level) \(message)") }
    }
}
