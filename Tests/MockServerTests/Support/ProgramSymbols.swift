import Foundation
import MockTestSupport

/// A built program's symbol table as `nm` lists it: what a test reads to tell which modules the
/// program links.
struct ProgramSymbols {
    /// `nm` on the `PATH`, or nil.
    static let nm: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent("nm") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// Every symbol's name, defined and undefined.
    let names: [Substring]

    init(of program: URL) throws {
        guard let nm = Self.nm else { throw TestFailure("no nm on the PATH") }
        let run = try CommandLineRun.run(executable: nm, [program.path])
        guard run.status == 0 else { throw TestFailure("nm \(program.path) exited \(run.status): \(run.output.prefix(500))") }
        // `ADDRESS TYPE NAME`, or `TYPE NAME` for an undefined one; a mangled name has no space.
        names = run.output.split(separator: "\n").compactMap { $0.split(separator: " ").last }
    }

    /// The Swift symbols that name `module`: Swift's mangling writes a module as its length and its
    /// name (`9MockStore`), not after another digit (`19MockStoreSomething` is some other name).
    func names(module: String) -> [Substring] {
        let token = "\(module.utf8.count)\(module)"
        return names.filter { name in
            var rest = name[...]
            while let found = rest.range(of: token) {
                if found.lowerBound == name.startIndex || !name[name.index(before: found.lowerBound)].isNumber { return true }
                rest = rest[found.upperBound...]
            }
            return false
        }
    }

    /// The symbols whose name holds `text` (`sqlite3_`).
    func names(containing text: String) -> [Substring] {
        names.filter { $0.contains(text) }
    }
}
