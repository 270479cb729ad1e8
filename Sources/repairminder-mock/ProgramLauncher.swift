import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MockCommandLine

/// `repairminder-mock proxy …` and `repairminder-mock mcp …` (and `repairminder-mock help proxy`,
/// `help mcp`): the proxy and the MCP stdio bridge are programs of their own (ProxyProgram.swift,
/// MCPBridgeProgram.swift), run here in this process's place with `execv`, so their signals, standard
/// streams and exit status are the caller's. Each is looked for beside this program, with symbolic
/// links followed: `swift build` and the Dockerfile's build put them in one folder.
enum ProgramLauncher {
    /// Runs the program `name` with `arguments` (what followed the subcommand); returns only by exiting.
    /// `usage`: its required options, for the message when it is missing (`--upstream <url>`).
    static func run(_ name: String, subcommand: String, usage: String, _ arguments: [String]) -> Never {
        let folder = programFolder()
        let path = folder.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            fail("""
                repairminder-mock \(subcommand) runs \(name), which is not in \(folder.path).
                Build it with `swift build --product \(name)`, or start it with `swift run \(name) \(usage)`.
                """, status: 127)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        fail("repairminder-mock \(subcommand): cannot run \(path): \(String(cString: strerror(errno)))", status: 126)
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
