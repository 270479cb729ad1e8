import Foundation
import MockHTTP
import MockConcurrency
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn`, not Foundation's `Process`: on Linux,
/// swift-corelibs-foundation's `Process.run()` (6.3) copies 256 bytes of each `/proc/self/fd` entry
/// and, now and then, reads past the end of glibc's buffer and crashes the test process
/// (swiftlang/swift-corelibs-foundation#5472, fixed after 6.3; a lock around `run()` does not help:
/// the crash needs only a test process holding many descriptors). Standard input is `/dev/null`,
/// standard output and error go to `output`; the child inherits no other descriptor, and starts
/// with default signal handling and no blocked signal (a Dispatch thread blocks most).
package final class ChildProcess: Sendable {
    package let pid: pid_t
    /// The exit status once known: the code, or 128 + the signal that ended it.
    private let status = Locked<Int32?>(nil)

    /// `standardInput` and `standardOutput`: descriptors (a pipe's ends) the child gets as its standard
    /// input and output instead of `/dev/null` and `output`, which then takes only its standard error.
    package init(executable: URL, arguments: [String], environment: [String: String], output: URL,
                 standardInput: Int32? = nil, standardOutput: Int32? = nil) throws {
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
        if let standardInput {
            posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if let standardOutput {
            posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
            posix_spawn_file_actions_addopen(&actions, 2, output.path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
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
    package static func environment(_ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("REPAIRMINDER_MOCK_") || $0.key == AppleEmulation.environmentKey
        }
        environment.merge(extra) { $1 }
        return environment
    }

    package var isRunning: Bool { reap(blocking: false) == nil }

    /// Waits for the child to end; its exit status.
    @discardableResult
    package func waitUntilExit() -> Int32 { reap(blocking: true) ?? -1 }

    /// SIGTERM, then the exit status.
    package func terminate() -> Int32 {
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
