import Foundation
import Testing

/// `docker/Dockerfile` in the shape `docker/README.md` describes. No Docker engine runs here:
/// `hadolint` lints the file and `scripts/verify-docker-runtime` rebuilds and runs the runtime
/// stage; these checks keep the promises that tie it to the CLI and the recipes.
@Suite struct DockerfileTests {
    /// Instructions with continuations joined and comment lines dropped: (keyword, arguments).
    static func instructions() throws -> [(keyword: String, arguments: String)] {
        var result: [(String, String)] = []
        var pending = ""
        for line in try Shipping.text("docker/Dockerfile").components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("#") { continue }
            if pending.isEmpty && line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            if line.hasSuffix("\\") { pending += line.dropLast() + " "; continue }
            pending += line
            let trimmed = pending.trimmingCharacters(in: .whitespaces)
            let keyword = trimmed.prefix { $0 != " " }
            result.append((keyword.uppercased(), trimmed.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)))
            pending = ""
        }
        return result
    }

    /// The instructions of the last stage (the image that runs).
    static func runtimeStage() throws -> [(keyword: String, arguments: String)] {
        let all = try instructions()
        let from = try #require(all.lastIndex { $0.keyword == "FROM" })
        return Array(all[from...])
    }

    @Test func buildsAStaticReleaseBinaryAndRunsOnSlimDebian() throws {
        let all = try Self.instructions()
        let froms = all.filter { $0.keyword == "FROM" }.map(\.arguments)
        #expect(froms.count == 2)
        #expect(froms.first?.hasPrefix("swift:") == true && froms.first?.hasSuffix(" AS build") == true)
        #expect(froms.last?.hasPrefix("debian:") == true && froms.last?.hasSuffix("-slim") == true)
        let build = try #require(all.first { $0.keyword == "RUN" && $0.arguments.contains("swift build") })
        #expect(build.arguments.contains("-c release") && build.arguments.contains("--static-swift-stdlib"))
        #expect(build.arguments.contains("docker/stage-binary"))
        let stage = Shipping.root.appendingPathComponent("docker/stage-binary").path
        #expect(FileManager.default.isExecutableFile(atPath: stage))
    }

    @Test func runsAsANonRootUserOn8787WithTheDatabaseOnTheDataVolume() throws {
        let runtime = try Self.runtimeStage()
        func arguments(_ keyword: String) -> [String] { runtime.filter { $0.keyword == keyword }.map(\.arguments) }

        let user = try #require(arguments("USER").last)
        let uid = try #require(Int(user.split(separator: ":")[0]), "USER is numeric: \(user)")
        #expect(uid != 0)
        #expect(arguments("EXPOSE") == ["8787"])
        #expect(arguments("VOLUME") == [#"["/data"]"#])

        var environment: [String: String] = [:]
        for line in arguments("ENV") {
            for pair in line.split(separator: " ") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                environment[parts[0]] = parts.count > 1 ? parts[1] : ""
            }
        }
        #expect(environment["REPAIRMINDER_MOCK_HOST"] == "0.0.0.0")
        #expect(environment["REPAIRMINDER_MOCK_PORT"] == "8787")
        #expect(environment["REPAIRMINDER_MOCK_DB"]?.hasPrefix("/data/") == true)
        let variables = try Shipping.cliVariables()
        for name in environment.keys where name.hasPrefix("REPAIRMINDER_MOCK_") {
            #expect(variables.contains(name), "\(name) is a variable the CLI reads")
        }
    }

    @Test func theHealthCheckIsTheBinaryProbingItself() throws {
        let runtime = try Self.runtimeStage()
        let healthCheck = try Shipping.healthCheckCommand()
        #expect(healthCheck.dropFirst() == ["--health-probe"])
        let entrypoint = try #require(runtime.last { $0.keyword == "ENTRYPOINT" }?.arguments)
        let command = try JSONSerialization.jsonObject(with: Data(entrypoint.utf8)) as? [String]
        #expect(command == [healthCheck[0]], "the health check runs the server's own binary")
        let source = try Shipping.text("Sources/repairminder-mock/Command.swift")
        #expect(source.contains("var healthProbe"), "the CLI has --health-probe")
    }

    @Test func theBuildContextLeavesBuildProductsOut() throws {
        let ignored = try Shipping.text(".dockerignore").components(separatedBy: "\n")
        for entry in [".build", ".build-*", ".git"] {
            #expect(ignored.contains(entry), ".dockerignore has \(entry)")
        }
        for needed in ["Package.swift", "Sources", "Seeds", "Tests", "docker"] {
            #expect(!ignored.contains(needed), "the build needs \(needed)")
        }
    }
}
