// swift-tools-version: 6.1
// Benchmarks of the mock as a library (in-process start/stop, reset). Kept out of the main
// package so `swift test` never builds it; run through ../bench-mock.sh.
import PackageDescription

let package = Package(
    name: "bench-mock",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "RepairMinderMock", path: "../.."),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .executableTarget(name: "bench-mock", dependencies: [
            .product(name: "MockServer", package: "RepairMinderMock"),
            .product(name: "Logging", package: "swift-log"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
