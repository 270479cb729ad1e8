import Foundation
import Logging
import MockHTTP
import MockBasics
import MockStore
import MockConcurrency

/// Recorded pushes taken to the iOS Simulator (README, "Pushes in the Simulator"), after the
/// request that recorded them has committed, never failing it:
/// - `--push-dir DIR`: each push also as an `.apns` file, the payload plus `"Simulator Target
///   Bundle"`, ready to drag onto a Simulator window; a named namespace's in `DIR/ns/<name>/`.
///   Written before the response goes out; a failure to write is logged.
/// - `--simulator-push`: each push delivered with `xcrun simctl push booted <bundle id> -`, the
///   payload on standard input, on a background queue (in order, one at a time); a failure (no
///   xcrun, a non-zero exit, no answer in 10 s) is logged.
enum SimulatorPush {
    /// Starts forwarding `environment`'s recorded pushes as its configuration asks (nothing when
    /// neither option is set, so nothing costs anything then).
    static func attach(to environment: ServerEnvironment) {
        let configuration = environment.configuration
        guard configuration.pushDirectory != nil || configuration.simulatorPush,
              let bundleID = configuration.pushBundleID else { return }
        let logger = environment.logger
        let folder = configuration.pushDirectory.map { root in
            PushFolder(url: directory(of: environment.namespace, in: root), bundleID: bundleID)
        }
        let simctl = configuration.simulatorPush ? SimctlPush(bundleID: bundleID) : nil
        PushFeed.attach(to: environment.store, logger: logger) { pushes in
            for push in pushes {
                folder?.write(push, logger: logger)
                simctl?.deliver(push, logger: logger)
            }
        }
    }

    /// `directory` for the default namespace, `directory/ns/<name>` for a named one.
    static func directory(of namespace: String?, in directory: URL) -> URL {
        guard let namespace else { return directory }
        return directory.appendingPathComponent("ns", isDirectory: true).appendingPathComponent(namespace, isDirectory: true)
    }

    /// The banner's lines for the push options (none when neither is set).
    static func bannerLines(_ configuration: MockServerConfiguration) -> [String] {
        guard let bundleID = configuration.pushBundleID else { return [] }
        var lines: [String] = []
        if let directory = configuration.pushDirectory {
            lines.append("  pushes: also written to \(directory.path) as .apns files for \(bundleID) (a named namespace's in ns/<name>/)")
        }
        if configuration.simulatorPush {
            lines.append("  pushes: also sent to the booted simulator with `\(SimctlPush.commandLine(bundleID: bundleID))`")
            if SimctlPush.xcrun(searchPath: ProcessInfo.processInfo.environment["PATH"]) == nil {
                lines.append("  WARNING: --simulator-push: xcrun is not on PATH, so no push will reach a simulator (it comes with Xcode 11.4 or later, on a Mac)")
            }
        }
        return lines
    }
}

/// The `.apns` files of one namespace.
final class PushFolder: Sendable {
    let url: URL
    let bundleID: String
    /// Orders the files of pushes recorded in the same second (`sent_at` has whole seconds).
    private let sequence = Locked(0)

    init(url: URL, bundleID: String) {
        self.url = url
        self.bundleID = bundleID
    }

    func write(_ push: CommittedPush, logger: Logger) {
        guard let contents = Self.contents(of: push, bundleID: bundleID) else {
            logger.error("push \(push.id) not written to \(url.path): its payload is not a JSON object")
            return
        }
        let number = sequence.withLock { value -> Int in value += 1; return value }
        let file = url.appendingPathComponent(Self.fileName(of: push, number: number))
        do {
            do {
                try contents.write(to: file, options: .atomic)
            } catch {
                // The folder of a named namespace is made on its first push; DIR itself may have
                // been removed since the start.
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                try contents.write(to: file, options: .atomic)
            }
            logger.debug("push \(push.id) written to \(file.path)")
        } catch {
            logger.error("push \(push.id) (\(push.type)) not written to \(file.path): \(error.localizedDescription)")
        }
    }

    /// `<sent_at>-<number>-<type>-<push id>.apns`, e.g.
    /// `20261122T003000Z-000001-new_enquiry-5b0c3c1e-8a7f-4f7e-9f39-2b1f0a6d9c11.apns`: sorts by
    /// time, then by the order the pushes were recorded; the push id (as `GET /__mock/push` shows
    /// it) keeps it unique across restarts and resets.
    static func fileName(of push: CommittedPush, number: Int) -> String {
        let time = push.sentAt.filter { $0 != "-" && $0 != ":" }
        let digits = String(number)
        return "\(time)-\(String(repeating: "0", count: max(0, 6 - digits.count)))\(digits)-\(push.type)-\(push.id).apns"
    }

    /// The payload with `"Simulator Target Bundle": bundleID` added: compact JSON, keys sorted,
    /// a newline at the end.
    static func contents(of push: CommittedPush, bundleID: String) -> Data? {
        guard case .object(var members)? = JSONValue.parse(Array(push.payload.utf8)) else { return nil }
        members["Simulator Target Bundle"] = .string(bundleID)
        return Data((JSONValue.object(members).jsonString + "\n").utf8)
    }
}

/// `xcrun simctl push booted <bundle id> -`, one push at a time.
struct SimctlPush: Sendable {
    let bundleID: String

    /// How long one `simctl push` may take before it is stopped and logged as failed.
    static let timeout: DispatchTimeInterval = .seconds(10)
    /// One queue for the process: pushes reach the simulator in the order they were recorded, and
    /// swift-corelibs-foundation's `Process.run()` is not safe to call from several threads at once.
    private static let queue = DispatchQueue(label: "repairminder-mock.simulator-push")

    static func arguments(bundleID: String) -> [String] { ["simctl", "push", "booted", bundleID, "-"] }

    static func commandLine(bundleID: String) -> String { (["xcrun"] + arguments(bundleID: bundleID)).joined(separator: " ") }

    /// The first executable `xcrun` in `searchPath` (a `PATH` value).
    static func xcrun(searchPath: String?) -> URL? {
        for folder in (searchPath ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("xcrun")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Queues the delivery and returns at once.
    func deliver(_ push: CommittedPush, logger: Logger) {
        let bundleID = bundleID
        Self.queue.async { Self.run(push, bundleID: bundleID, logger: logger) }
    }

    private static func run(_ push: CommittedPush, bundleID: String, logger: Logger) {
        // iOS has no `Process`; there `MockServerConfiguration.validate()` refuses --simulator-push.
        // Linux runs this for the tests, with a stand-in xcrun on PATH.
        #if os(macOS) || os(Linux)
        let command = commandLine(bundleID: bundleID)
        let what = "push \(push.id) (\(push.type))"
        guard let xcrun = xcrun(searchPath: ProcessInfo.processInfo.environment["PATH"]) else {
            logger.warning("simulator push failed: \(what) not delivered: xcrun is not on PATH (it comes with Xcode)")
            return
        }
        // Standard input and error are files, not pipes: a child that exits without reading its
        // input cannot raise SIGPIPE here, and one that writes a lot cannot block on a full pipe.
        let scratch = FileManager.default.temporaryDirectory
        let input = scratch.appendingPathComponent("repairminder-mock-push-\(push.id).json")
        let errors = scratch.appendingPathComponent("repairminder-mock-push-\(push.id).stderr")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: errors)
        }
        do {
            try Data(push.payload.utf8).write(to: input)
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            let stdin = try FileHandle(forReadingFrom: input)
            let stderr = try FileHandle(forWritingTo: errors)
            defer {
                try? stdin.close()
                try? stderr.close()
            }
            let process = Process()
            process.executableURL = xcrun
            process.arguments = arguments(bundleID: bundleID)
            process.standardInput = stdin
            process.standardOutput = FileHandle.nullDevice
            process.standardError = stderr
            let exited = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in exited.signal() }
            try process.run()
            if exited.wait(timeout: .now() + timeout) == .timedOut {
                process.terminate()
                logger.warning("simulator push failed: \(what): `\(command)` did not finish within 10 s and was stopped")
                return
            }
            guard process.terminationReason == .exit, process.terminationStatus == 0 else {
                let output = String(((try? String(contentsOf: errors, encoding: .utf8)) ?? "")
                    .trimmingCharacters(in: .whitespacesAndNewlines).prefix(500))
                let how = process.terminationReason == .exit ? "exited with status \(process.terminationStatus)"
                    : "was killed by signal \(process.terminationStatus)"
                logger.warning("simulator push failed: \(what): `\(command)` \(how)\(output.isEmpty ? "" : ": " + output)")
                return
            }
            logger.info("simulator push: \(what) sent to the booted simulator")
        } catch {
            logger.warning("simulator push failed: \(what): could not run \(xcrun.path): \(error.localizedDescription)")
        }
        #else
        logger.warning("simulator push failed: push \(push.id) (\(push.type)) not delivered: this platform cannot run xcrun")
        #endif
    }
}
