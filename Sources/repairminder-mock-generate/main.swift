import Foundation
import MockCodegen

// Writes the code our sources' marks stand for (MockCodegen/Generator.swift), from the package's
// root: `swift run repairminder-mock-generate` rewrites what is stale, `--check` only says what is.
// A program of its own, depending on nothing the marks generate for, so it runs while the generated
// files are stale and the server does not compile.
let arguments = CommandLine.arguments.dropFirst()
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
do {
    if arguments.contains("--check") {
        let problems = try Generator.problems(root: root)
        for problem in problems { print(problem) }
        if !problems.isEmpty {
            print("repairminder-mock-generate: \(problems.count) generated files are not current: run `swift run repairminder-mock-generate`")
            exit(1)
        }
        print("repairminder-mock-generate: every generated file is current")
    } else if arguments.isEmpty {
        let changed = try Generator.write(root: root)
        for path in changed { print("wrote \(path)") }
        print("repairminder-mock-generate: \(changed.isEmpty ? "nothing to write" : "\(changed.count) files written")")
    } else {
        print("usage: repairminder-mock-generate [--check]")
        exit(2)
    }
} catch {
    print("repairminder-mock-generate: \(error)")
    exit(1)
}
