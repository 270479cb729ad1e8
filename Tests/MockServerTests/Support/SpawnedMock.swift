import Foundation
import MockHTTP
import MockTestSupport


/// `repairminder-mock` started by a test through `ChildProcess`, its output in a file, its port read
/// from its banner. The log stays readable after `terminate()` and goes with the object.
final class SpawnedMock: Sendable {
    let child: ChildProcess
    let output: URL
    let port: Int

    /// `banner`: the start of the line that names the port (the proxy's says `RepairMinder Mock proxy listening on `).
    /// `descriptorLimit`: the soft and hard `RLIMIT_NOFILE` the binary starts with (`ulimit -n`, so
    /// that it cannot raise it), as macOS's 256.
    init(arguments: [String], environment: [String: String] = [:], banner: String = "RepairMinder Mock listening on ",
         descriptorLimit: Int? = nil) throws {
        output = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString).log")
        let binary = try BuiltPrograms.mock()
        if let descriptorLimit {
            child = try ChildProcess(executable: URL(fileURLWithPath: "/bin/sh"),
                                     arguments: ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", binary.path] + arguments,
                                     environment: ChildProcess.environment(environment), output: output)
        } else {
            child = try ChildProcess(executable: binary, arguments: arguments,
                                     environment: ChildProcess.environment(environment), output: output)
        }
        // The banner's first line names the port; wait for it (bounded, no fixed sleep).
        let deadline = Date().addingTimeInterval(20)
        var found: Int?
        while found == nil, Date() < deadline, child.isRunning {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix(banner) }),
               let port = line.split(separator: ":").last.flatMap({ Int($0) }) {
                found = port
            } else {
                usleep(20_000)
            }
        }
        guard let found else {
            _ = child.terminate()
            throw TestFailure("no banner: \((try? String(contentsOf: output, encoding: .utf8)) ?? "")")
        }
        port = found
    }

    /// SIGTERM, then the exit status.
    @discardableResult
    func terminate() -> Int32 { child.terminate() }

    deinit {
        _ = child.terminate()
        try? FileManager.default.removeItem(at: output)
    }

    var log: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

    /// Waits for the whole banner (its `database:` line comes after every other notice).
    func bannerText() async -> String {
        _ = await eventually { log.contains("  database: ") }
        return log
    }
}
