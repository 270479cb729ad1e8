import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The programs `swift build` puts beside the test bundles: `repairminder-mock` and the proxy's.
package enum BuiltPrograms {
    /// The binary `swift build` put beside this test bundle.
    package static func mock() throws -> URL {
        var folders = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                       Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        folders += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }.map { $0.deletingLastPathComponent() }
        for folder in folders {
            let candidate = folder.appendingPathComponent("repairminder-mock")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw TestFailure("repairminder-mock is not built beside the tests (looked in \(folders.map(\.path)))")
    }

    /// The proxy's program, `swift build` puts it beside the mock's.
    package static func proxy() throws -> URL {
        let proxy = try mock().deletingLastPathComponent().appendingPathComponent("repairminder-mock-proxy")
        guard FileManager.default.isExecutableFile(atPath: proxy.path) else {
            throw TestFailure("repairminder-mock-proxy is not built beside repairminder-mock (\(proxy.path))")
        }
        return proxy
    }
}

/// Runs the binary (or `executable`) to its end; its exit status and combined output.
package enum CommandLineRun {
    package static func run(executable: URL? = nil, _ arguments: [String], environment: [String: String] = [:]) throws
        -> (status: Int32, output: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("cli-run-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: output) }
        let child = try ChildProcess(executable: try executable ?? BuiltPrograms.mock(), arguments: arguments,
                                     environment: ChildProcess.environment(environment), output: output)
        let status = child.waitUntilExit()
        return (status, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }
}

extension CommandLineRun {
    /// `repairminder-mock mcp` with `arguments`, `input` on its standard input (then closed), run to
    /// its end: its exit status, its standard output and its log (standard error).
    package static func runMCP(_ arguments: [String], input: String) throws -> (status: Int32, output: String, log: String) {
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw TestFailure("pipe: \(errno)") }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("cli-mcp-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let child = try ChildProcess(executable: try BuiltPrograms.mock(), arguments: ["mcp"] + arguments,
                                     environment: ChildProcess.environment([:]), output: log,
                                     standardInput: toChild[0], standardOutput: fromChild[1])
        close(toChild[0])
        close(fromChild[1])
        let bytes = Array(input.utf8)
        _ = bytes.withUnsafeBytes { write(toChild[1], $0.baseAddress, $0.count) }
        close(toChild[1])
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fromChild[0], $0.baseAddress, $0.count) }
            if count <= 0 { break }
            output += buffer[0..<count]
        }
        close(fromChild[0])
        let status = child.waitUntilExit()
        return (status, String(decoding: output, as: UTF8.self), (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
