import ArgumentParser
import Foundation
import Logging

/// The options' `REPAIRMINDER_MOCK_<NAME>` variables (not a namespace's environment, MockServer's
/// `ServerEnvironment`); an empty one counts as unset.
package struct OptionVariables {
    package static let prefix = "REPAIRMINDER_MOCK_"
    package let values: [String: String]

    package init(values: [String: String]) { self.values = values }

    package func text(_ name: String) -> String? {
        guard let value = values[Self.prefix + name], !value.isEmpty else { return nil }
        return value
    }

    package func list(_ name: String) -> [String]? {
        text(name).map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    package func parse<T>(_ name: String, _ make: (String) -> T?) throws -> T? {
        guard let value = text(name) else { return nil }
        guard let parsed = make(value) else { throw ValidationError("\(Self.prefix)\(name)=\(value) is not valid") }
        return parsed
    }

    /// `--log-level` (or `REPAIRMINDER_MOCK_LOG_LEVEL`) read; `info` when neither is given.
    package static func logLevel(_ given: String?) throws -> Logger.Level {
        let level = given ?? "info"
        guard let parsed = Logger.Level(rawValue: level) else { throw ValidationError("log level \(level) is not a level") }
        return parsed
    }

    /// Log lines to standard error, from `level` up.
    package static func bootstrapLogging(_ level: Logger.Level) {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }

    package func flag(_ name: String) throws -> Bool {
        guard let value = text(name)?.lowercased() else { return false }
        switch value {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw ValidationError("\(Self.prefix)\(name)=\(value) is not 1/0, true/false, yes/no or on/off")
        }
    }
}
