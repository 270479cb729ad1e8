// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "RepairMinderMock",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "MockHTTP", targets: ["MockHTTP"]),
        .library(name: "MockServer", targets: ["MockServer"]),
        .library(name: "MockProxy", targets: ["MockProxy"]),
        .library(name: "RepairMinderClient", targets: ["RepairMinderClient"]),
        .library(name: "RepairMinderMockControl", targets: ["RepairMinderMockControl"]),
        .executable(name: "repairminder-mock", targets: ["repairminder-mock"]),
        .executable(name: "repairminder-mock-proxy", targets: ["repairminder-mock-proxy"]),
        .executable(name: "repairminder-mock-mcp", targets: ["repairminder-mock-mcp"]),
    ],
    // The server's dependencies are behind the `Server` trait (SE-0450), on by default, so that
    // `swift run repairminder-mock` and `swift test` here need nothing more. An app that uses only
    // RepairMinderClient and RepairMinderMockControl (Foundation only) depends on this package with
    // `traits: []`, and SwiftPM from 6.2.1 (Xcode 26.1) then resolves none of them
    // (scripts/check-consumer). SwiftPM 6.1 (Xcode 16.3, 16.4) still resolves and pins them all, and
    // 6.2.0 and Xcode 26.2 have trait-resolution bugs: README, "Depending on it from an app".
    //
    // `Server` is what the libraries MockServer and MockHTTP run on; `Tools` adds what only the CLI,
    // the proxy, the MCP bridge and our tests need (swift-argument-parser, OpenAPIKit, the MCP SDK,
    // swift-system). An app's UI-test target that links MockServer depends with `traits: ["Server"]`
    // and pins six packages (docs/ui-testing.md; scripts/check-consumer checks it).
    traits: [
        .trait(name: "Server", description: "The mock server as a library: GRDB, swift-crypto, swift-log, Yams, swift-atomics…"),
        .trait(name: "Tools", description: "The CLI, the proxy, the MCP bridge and the tests: swift-argument-parser, OpenAPIKit, the MCP SDK…",
               enabledTraits: ["Server"]),
        .default(enabledTraits: ["Server", "Tools"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // 3.x too: its types have the Sendability of the CryptoKit in Xcode 16 SDKs, and CI builds
        // MockServer against it once (scripts/build-crypto3).
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // From 1.6: swift-log 1.16 needs tools version 6.2, and SwiftPM passes over a version its
        // tools cannot read, so Xcode 16.3 (Swift 6.1) resolves 1.15 and newer toolchains 1.16.
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),   // the generator (MockCodegen), Tools only
        // Reads docs/openapi.yaml for the proxy's drift check; without its default trait (external
        // references, which pulls in Swift concurrency and builds slower).
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0", traits: []),
        // The Model Context Protocol's official SDK: the control API as tools for coding agents (docs/agents.md).
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        // The SDK's file descriptors (its StdioTransport's), for the stdio bridge's tests.
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
    ],
    targets: [
        // HTTP/1.1 over POSIX sockets; knows nothing of Repair Minder.
        // The glibc headers the Glibc module leaves out: <sys/epoll.h> (MockHTTP's worker pool) and
        // <malloc.h> (the CLI's MallocTuning). Empty off Linux.
        .systemLibrary(name: "CGlibcExtras", path: "Sources/CGlibcExtras"),
        // sqlite3_config(), variadic, for Swift: the Store's process-wide SQLite settings. Empty off Linux.
        .systemLibrary(name: "CSQLiteSettings", path: "Sources/CSQLiteSettings"),
        // Locks, atomics and threads, for the transport, the store and the server alike.
        .target(name: "MockConcurrency", dependencies: [
            "CGlibcExtras",
            // Atomics that work from macOS 14 / iOS 17 (Synchronization's need 15 / 18); the lock is a
            // plain pthread mutex of our own (Locked.swift).
            .product(name: "Atomics", package: "swift-atomics", condition: .when(traits: ["Server"])),
        ]),
        .target(name: "MockHTTP", dependencies: ["MockConcurrency", "CGlibcExtras"]),
        // The seed fixtures, bundled so the binary finds them from any folder; default.saved.* is
        // default.json seeded and saved, which a start reads instead of seeding (MockStore's SavedSeed).
        .target(name: "MockSeeds", dependencies: ["MockBasics"], path: "Seeds", exclude: ["README.md"],
                resources: [.copy("default.json"), .copy("default.saved.sqlite"), .copy("default.saved.key")]),
        // The server's basics: JSON values and the JSON writer, APIFailure, secrets and hashes.
        .target(name: "MockBasics", dependencies: [
            "MockConcurrency",
            .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["Server"])),
        ]),
        // The store: the only target that imports GRDB. Migrations, records, seeds and every SQL
        // statement behind a named operation; the server sees the operations and plain values.
        .target(name: "MockStore", dependencies: [
            "MockBasics", "MockConcurrency", "MockSeeds", "CSQLiteSettings",
            .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["Server"])),
            .product(name: "GRDBSQLite", package: "GRDB.swift", condition: .when(traits: ["Server"])),       // binds and steps the store's reads (RecordColumns.swift)
            .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
        ]),
        // What both servers of the API are made of beside the transport, the mock's and the proxy's: the
        // route table, the JSON envelope and the one error mapping, the control token's check, the
        // contract and console they serve. Nothing of the store, so the proxy links none of it.
        .target(name: "MockRouting", dependencies: [
            "MockBasics", "MockConcurrency", "MockHTTP",
            .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["Server"])),         // the control token's comparison, the console's script hash
            .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
            .product(name: "Yams", package: "Yams", condition: .when(traits: ["Server"])),                   // serves docs/openapi.yaml as JSON too
        // Resources stay inside the target's folder (Xcode's package build copies nothing else);
        // docs/openapi.yaml is a link to the one file (OpenAPIDocument.swift).
        ], resources: [.copy("Resources/openapi.yaml"),
                       .copy("Resources/console.html")]),       // GET /__mock/, the mock's and the proxy's (ConsolePage.swift)
        // The emulated backend.
        .target(name: "MockServer", dependencies: [
            "MockBasics", "MockConcurrency", "MockStore", "MockRouting", "MockHTTP", "MockMCP", "CGlibcExtras",
            "RepairMinderMockControlCore",                                                          // MockServer.control(): in process
            .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["Server"])),
            // PBKDF2 for password hashes where the system has none: Apple platforms use CommonCrypto
            // (PasswordHasher.swift), so an app's build compiles no BoringSSL.
            .product(name: "_CryptoExtras", package: "swift-crypto",
                     condition: .when(platforms: [.linux, .windows, .android, .wasi, .openbsd], traits: ["Server"])),
            .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
        ]),
        // The control API as MCP tools (docs/agents.md): the catalog read from the OpenAPI document,
        // the Streamable HTTP endpoint, the agent's own tools. Knows the server only as a function
        // that answers control requests. Not the MCP SDK: its module holds its HTTP client too, which
        // would bring FoundationNetworking and libcurl into the mock's program (MCPProtocol.swift).
        .target(name: "MockMCP", dependencies: ["MockBasics", "MockHTTP"]),
        // The proxy that checks a real backend against the contract (docs/drift.md), over the mock's
        // HTTP layer and MockRouting, never the server itself (no store, no GRDB, no seed): the only
        // target that reads the document with OpenAPIKit.
        .target(name: "MockProxy", dependencies: [
            "MockRouting", "MockBasics", "MockConcurrency", "MockHTTP",
            .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
            .product(name: "OpenAPIKit", package: "OpenAPIKit", condition: .when(traits: ["Tools"])),
        ]),
        // The shared client: Foundation only.
        .target(name: "RepairMinderClient"),
        // The control API (`/__mock/…`) typed, for UI tests and our own: Foundation only, nothing of the server.
        // Its core is every call, type and error without URLSession, so that MockServer hands out a
        // control that reaches it in process (MockServer.control()) and the mock's program links no
        // FoundationNetworking; RepairMinderMockControl adds the URLSession transport and re-exports it.
        .target(name: "RepairMinderMockControlCore"),
        .target(name: "RepairMinderMockControl", dependencies: ["RepairMinderMockControlCore"]),
        // What the two programs share: REPAIRMINDER_MOCK_* variables, stop signals, the proxy's name.
        .target(name: "MockCommandLine", dependencies: [
            .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Tools"])),
            .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
        ]),
        // The CLI: flags and signals, nothing else. Not the proxy: `repairminder-mock proxy` runs the
        // program below in its place, so this one never loads FoundationNetworking (ProxyProgram.swift).
        .executableTarget(name: "repairminder-mock", dependencies: [
            "MockServer", "MockHTTP", "MockBasics", "MockCommandLine", "CGlibcExtras",
            .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Tools"])),
            .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
        ]),
        // The proxy's CLI (docs/drift.md).
        .executableTarget(name: "repairminder-mock-proxy", dependencies: [
            "MockProxy", "MockHTTP", "MockCommandLine",
            .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Tools"])),
            .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
        ]),
        // The MCP stdio bridge's program (docs/agents.md): a program of its own, for the proxy's reason
        // (its HTTP client is FoundationNetworking on Linux); `repairminder-mock mcp` runs it.
        .executableTarget(name: "repairminder-mock-mcp", dependencies: [
            "MockCommandLine",
            .product(name: "MCP", package: "swift-sdk", condition: .when(traits: ["Tools"])),
            .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Tools"])),
            .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
        ]),
        // The project's one code generator (Generator.swift): the code that the marks in our sources
        // (`/*@JSONObject*/`, `/*@StoredTable("orders")*/`…) stand for, written beside them as committed
        // `.generated.swift` files, so that no build, an app's above all, compiles a macro or
        // swift-syntax. A host tool: in no product, behind the Tools trait.
        .target(name: "MockCodegen", dependencies: [
            .product(name: "SwiftSyntax", package: "swift-syntax", condition: .when(traits: ["Tools"])),
            .product(name: "SwiftParser", package: "swift-syntax", condition: .when(traits: ["Tools"])),
            .product(name: "SwiftSyntaxBuilder", package: "swift-syntax", condition: .when(traits: ["Tools"])),
            .product(name: "SwiftSyntaxMacros", package: "swift-syntax", condition: .when(traits: ["Tools"])),
            .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax", condition: .when(traits: ["Tools"])),
            .product(name: "SwiftBasicFormat", package: "swift-syntax", condition: .when(traits: ["Tools"])),
            .product(name: "SwiftDiagnostics", package: "swift-syntax", condition: .when(traits: ["Tools"])),
        ]),
        // `swift run repairminder-mock-generate` rewrites the generated files (`--check` only reports).
        .executableTarget(name: "repairminder-mock-generate", dependencies: ["MockCodegen"]),
        // What the test targets of the server share (Tests/Support): the one lifecycle of a test's
        // mock, the seed's rows by number, values the tests make up, child processes and the headless
        // browser. Public and package API only (no @testable); not the proxy, so that the server's
        // tests do not link OpenAPIKit; in no product, so an app's package never builds it.
        .target(name: "MockTestSupport", dependencies: [
            "MockServer", "MockBasics", "MockConcurrency", "MockHTTP", "RepairMinderMockControl",
            .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
        ], path: "Tests/Support"),
        // A test target per library target, each linking what it tests (and Foundation-only
        // RepairMinderMockControlCore for the seed's ids): the server's tests are MockServerTests.
        .testTarget(name: "MockHTTPTests", dependencies: ["MockHTTP", "MockConcurrency"]),
        .testTarget(name: "MockBasicsTests", dependencies: ["MockBasics"]),
        .testTarget(name: "MockStoreTests", dependencies: [
            "MockStore", "MockBasics", "MockSeeds", "RepairMinderMockControlCore",
            .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["Server"])),
            .product(name: "GRDBSQLite", package: "GRDB.swift", condition: .when(traits: ["Server"])),
        ]),
        .testTarget(name: "MockRoutingTests", dependencies: [
            "MockRouting", "MockBasics", "MockHTTP",
            .product(name: "Yams", package: "Yams", condition: .when(traits: ["Server"])),   // MockRouting's, for its module to import
        ]),
        // The MCP endpoint's tools, called with the official SDK's client against a mock of the
        // test's own (the tools are the control API: the server answers them).
        .testTarget(name: "MockMCPTests", dependencies: [
            "MockMCP", "MockServer", "MockTestSupport", "RepairMinderMockControl",
            .product(name: "MCP", package: "swift-sdk", condition: .when(traits: ["Tools"])),
            .product(name: "SystemPackage", package: "swift-system", condition: .when(traits: ["Tools"])),
        ]),
        // The generated files are current (GeneratedSourceTests) and the expanders write what they should.
        .testTarget(name: "MockCodegenTests", dependencies: [
            "MockCodegen",
            .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax", condition: .when(traits: ["Tools"])),
            .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax", condition: .when(traits: ["Tools"])),
        ]),
        .testTarget(name: "MockServerTests", dependencies: [
            "MockServer", "MockStore", "MockRouting", "MockBasics", "MockConcurrency", "MockHTTP", "RepairMinderMockControl", "MockTestSupport",
            .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["Server"])),             // the store's tests
            .product(name: "Yams", package: "Yams", condition: .when(traits: ["Server"])),
            .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),          // a test's own log handler
        ], exclude: ["Fixtures"]),                                   // state files of earlier builds, read by path (StateFileHistoryTests)
        // The proxy's tests: the only test target besides IntegrationTests that links MockProxy (and OpenAPIKit).
        .testTarget(name: "MockProxyTests", dependencies: [
            "MockProxy", "MockServer", "MockBasics", "MockConcurrency", "MockHTTP", "RepairMinderMockControl", "MockTestSupport",
            .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
        ]),
        .testTarget(name: "RepairMinderClientTests", dependencies: ["RepairMinderClient"]),
        .testTarget(name: "IntegrationTests", dependencies: ["RepairMinderClient", "MockServer", "MockProxy", "RepairMinderMockControl",
                                                            "MockTestSupport"]),
        .testTarget(name: "RepairMinderMockControlTests", dependencies: ["RepairMinderMockControl", "MockServer", "MockTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
