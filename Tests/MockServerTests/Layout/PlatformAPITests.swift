import Foundation
import Testing

/// iOS has no way to start a process. Every library target builds for iOS (Package.swift declares
/// iOS 17, and docs/ci/macos-swift-test.yml builds MockServer for the iOS Simulator), so in them
/// `Process`, `NSTask` and `posix_spawn` sit inside an `#if` branch for macOS (`#if os(macOS)`, or
/// one that names macOS with Linux, where the tests run the same code). Linux compiles all of it
/// and cannot tell; this test reads the sources.
@Suite struct PlatformAPITests {
    /// The targets an iOS app or UI-test bundle can link; the CLI and the macro plug-in are not among them.
    static let iOSTargets = ["MockHTTP", "MockBasics", "MockStore", "MockRouting", "MockServer", "MockProxy", "RepairMinderClient",
                             "RepairMinderMockControl"]
    static let macOSOnly = ["Process(", "Process.", "NSTask", "posix_spawn"]

    @Test func macOSOnlyAPIsSitInAMacOSBranchInEveryTargetThatBuildsForIOS() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        var found: [String] = []
        var files = 0
        for target in Self.iOSTargets {
            let folder = root.appendingPathComponent(target)
            let paths = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            for path in paths where path.hasSuffix(".swift") {
                files += 1
                let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                found += Self.unguardedUses(in: text).map { "\(target)/\(path):\($0)" }
            }
        }
        #expect(files > 100, "the sources were not found under \(root.path)")
        #expect(found == [], "macOS-only API outside an #if os(macOS) branch")
    }

    @Test func theScanFindsAnUnguardedUseAndAcceptsAGuardedOne() {
        let text = """
            import Foundation
            let a = Process()           // 2: unguarded
            #if os(macOS)
            let b = Process()
            #else
            let c = Process()           // 6: the other branch
            #endif
            #if os(macOS) || os(Linux)
            let d = Process()
            #elseif os(iOS)
            posix_spawn(nil, "", nil, nil, nil, nil)   // 11
            #endif
            #if canImport(Darwin)
            let e = Process()           // 14: Darwin includes iOS
            #endif
            // a comment about Process() is not a use
            """
        #expect(Self.unguardedUses(in: text) == [2, 6, 11, 14])
    }

    /// Line numbers of macOS-only API uses not inside an active `#if` branch whose condition names
    /// `os(macOS)` and no iOS-family platform.
    static func unguardedUses(in text: String) -> [Int] {
        var branches: [Bool] = []   // per open #if: whether the current branch is a macOS one
        var lines: [Int] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#if ") {
                branches.append(isMacOSCondition(line.dropFirst(4)))
            } else if line.hasPrefix("#elseif "), !branches.isEmpty {
                branches[branches.count - 1] = isMacOSCondition(line.dropFirst(8))
            } else if line.hasPrefix("#else"), !branches.isEmpty {
                branches[branches.count - 1] = false
            } else if line.hasPrefix("#endif"), !branches.isEmpty {
                branches.removeLast()
            } else if !line.hasPrefix("//") && !line.hasPrefix("///") {
                let code = line.components(separatedBy: "//").first ?? line
                if macOSOnly.contains(where: { code.contains($0) }) && !branches.contains(true) { lines.append(index + 1) }
            }
        }
        return lines
    }

    static func isMacOSCondition(_ condition: Substring) -> Bool {
        condition.contains("os(macOS)") && !condition.contains("!os(macOS)")
            && !["os(iOS)", "os(tvOS)", "os(watchOS)", "os(visionOS)", "canImport(Darwin)", "canImport(UIKit)"].contains { condition.contains($0) }
    }
}
