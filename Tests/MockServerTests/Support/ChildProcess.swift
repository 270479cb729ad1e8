import Foundation
import MockHTTP
#if canImport(Glibc)
import Glibc
#endif
import MockTestSupport

/// A child process started with `posix_spawn`, not Foundation's `Process`: on Linux,
/// swift-corelibs-foundation's `Process.run()` (6.3) copies 256 bytes of each `/proc/self/fd` entry
/// and, now and then, reads past the end of glibc's buffer and crashes the test process
/// (swiftlang/swift-corelibs-foundation#5472, fixed after 6.3; a lock around `run()` does not help:
/// the crash needs only a test process holding many descriptors). Standard input is `/dev/null`,
/// standard output and error go to `output`; the child inherits no other descriptor, and starts
/// with default signal handling and no blocked signal (a Dispatch thread blocks most).
final class ChildProcess: Sendable {
    let pid: pid_t
    /// The exit status once known: the code, or 128 + the signal that ended it.
    private let status = Locked<Int32?>(nil)

    init(executable: URL, arguments: [String], environment: [String: String], output: URL) throws {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
        Self.closeInheritedDescriptors(&actions)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw TestFailure("posix_spawn \(executable.path): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    #if !canImport(Darwin)
    /// Every descriptor from 3 up closes in the child: glibc's `posix_spawn_file_actions_addclosefrom_np`
    /// (2.34+; Swift's Glibc module does not declare it, so it is looked up), else one close per
    /// descriptor open now (listed by FileManager, which reads directory entries safely).
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
        if let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
            return
        }
        let open = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
        for descriptor in open where descriptor >= 3 { posix_spawn_file_actions_addclose(&actions, descriptor) }
    }
    #endif

    /// The test's environment without `REPAIRMINDER_MOCK_*` (but `REPAIRMINDER_MOCK_EMULATE_APPLE`,
    /// which a run of the suite sets for every server), plus `extra`.
    static func environment(_ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("REPAIRMINDER_MOCK_") || $0.key == AppleEmulation.environmentKey
        }
        environment.merge(extra) { $1 }
        return environment
    }

    var isRunning: Bool { reap(blocking: false) == nil }

    /// Waits for the child to end; its exit status.
    @discardableResult
    func waitUntilExit() -> Int32 { reap(blocking: true) ?? -1 }

    /// SIGTERM, then the exit status.
    func terminate() -> Int32 {
        if isRunning { kill(pid, SIGTERM) }
        return waitUntilExit()
    }

    private func reap(blocking: Bool) -> Int32? {
        status.withLock { known in
            if let known { return known }
            var raw: Int32 = 0
            var result: pid_t
            repeat {
                result = waitpid(pid, &raw, blocking ? 0 : WNOHANG)
            } while result == -1 && errno == EINTR
            guard result == pid else { return nil }
            let signal = raw & 0x7f
            known = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
            return known
        }
    }
}

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
        let binary = try CommandLineTests.binary()
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

/// Runs the binary to its end; its exit status and combined output.
enum CommandLineRun {
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("cli-run-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: output) }
        let child = try ChildProcess(executable: try CommandLineTests.binary(), arguments: arguments,
                                     environment: ChildProcess.environment(environment), output: output)
        let status = child.waitUntilExit()
        return (status, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }
}
