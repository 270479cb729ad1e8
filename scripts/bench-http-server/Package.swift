// swift-tools-version: 6.1
// A hello server for scripts/bench-http, kept out of the main package. Sources/MockHTTP is a
// symlink to the real module.
import PackageDescription

let package = Package(
    name: "BenchServer",
    platforms: [.macOS(.v14)],
    targets: [
        .target(name: "MockHTTP"),
        .executableTarget(name: "BenchServer", dependencies: ["MockHTTP"]),
    ],
    swiftLanguageModes: [.v6]
)
