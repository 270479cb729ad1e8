// swift-tools-version: 6.0
// What a team generating a client from docs/openapi.yaml gets: apple/swift-openapi-generator's build
// plugin with its default configuration (types and client, defensive names), the runtime and the
// URLSession transport. scripts/check-openapi-client copies this package into a work folder, adds the
// document and the calls generate-calls.py writes from it, builds it and hands it to check-openapi.
import PackageDescription

let package = Package(
    name: "OpenAPIClientCheck",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", exact: "1.4.0"),
    ],
    targets: [
        .executableTarget(
            name: "TypedCalls",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        )
    ],
    swiftLanguageModes: [.v5]
)
