// swift-tools-version: 6.1
// A hello server for scripts/bench-http, kept out of the main package. Sources/MockHTTP and
// Sources/CGlibcExtras are symlinks to the real modules; MockHTTP's dependencies are the main package's.
import PackageDescription

let package = Package(
    name: "BenchServer",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
    ],
    targets: [
        .systemLibrary(name: "CGlibcExtras", path: "Sources/CGlibcExtras"),
        .target(name: "MockHTTP", dependencies: [
            "CGlibcExtras",
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "Atomics", package: "swift-atomics"),
        ]),
        .executableTarget(name: "BenchServer", dependencies: ["MockHTTP"]),
    ],
    swiftLanguageModes: [.v6]
)
