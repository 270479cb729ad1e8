import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MockCommandLine

/// `repairminder-mock proxy …` and `repairminder-mock help proxy`: the proxy is a program of its own
/// (ProxyProgram.swift), run here in this process's place with `execv`, so its signals, standard
/// streams and exit status are the caller's. It is looked for beside this program, with symbolic
/// links followed: `swift build` and the Dockerfile's build put the two in one folder.
enum ProxyLauncher {
    /// Runs the proxy with `arguments` (what followed `proxy`); returns only by exiting.
    static func run(_ arguments: [String]) -> Never {
        let folder = programFolder()
        let path = folder.appendingPathComponent(ProxyProgram.name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            fail("""
                repairminder-mock proxy runs \(ProxyProgram.name), which is not in \(folder.path).
                Build it with `swift build --product \(ProxyProgram.name)`, or start it with \
                `swift run \(ProxyProgram.name) --upstream <url>`.
                """, status: 127)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        fail("repairminder-mock proxy: cannot run \(path): \(String(cString: strerror(errno)))", status: 126)
    }

    /// The folder of the running program's file (not of a link to it).
    static func programFolder() -> URL {
        let program = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return program.resolvingSymlinksInPath().deletingLastPathComponent()
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }
}
