// swift-tools-version: 6.1
// The app's local package for its UI tests: it depends on the mock with the `Server` trait only, so
// the app's graph pins six packages and builds no macro (docs/ui-testing.md, "Set-up in Xcode"). An
// Xcode project before 26.4 cannot choose a package's traits; a local package can.
import PackageDescription

let package = Package(
    name: "UITestSupport",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [.library(name: "UITestSupport", targets: ["UITestSupport"])],
    dependencies: [
        .package(name: "RepairMinderMock", path: "../../..", traits: ["Server"]),
    ],
    targets: [
        .target(name: "UITestSupport", dependencies: [
            .product(name: "MockServer", package: "RepairMinderMock"),
            .product(name: "RepairMinderMockControl", package: "RepairMinderMock"),
        ]),
    ]
)
