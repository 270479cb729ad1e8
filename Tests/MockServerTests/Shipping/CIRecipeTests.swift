import Foundation
import Testing
import Yams

/// The CI recipes in `docs/ci/` and `docker/compose.yaml` are files people copy into their own
/// repositories: each must parse and keep the shape `docs/ci.md` promises, and agree with the
/// Dockerfile and the CLI it drives.
@Suite struct CIRecipeTests {
    /// `docs/ci/*.yml`, read when the tests are listed.
    static let workflowFiles: [String] = {
        let folder = Shipping.root.appendingPathComponent("docs/ci").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }.sorted().map { "docs/ci/" + $0 }
    }()

    @Test func theRecipesDocsCiMdNamesAreThere() throws {
        #expect(Set(Self.workflowFiles) == [
            "docs/ci/api-tests-service.yml", "docs/ci/macos-swift-test.yml",
            "docs/ci/macos-ui-tests-in-process.yml", "docs/ci/macos-ui-tests.yml", "docs/ci/publish-image.yml",
        ])
        let guide = try Shipping.text("docs/ci.md")
        for file in Self.workflowFiles + ["docs/ci/RepairMinderMock.xctestplan"] {
            let link = "(" + String(file.dropFirst("docs/".count)) + ")"
            #expect(guide.contains(link), "docs/ci.md links \(file)")
        }
    }

    @Test(arguments: workflowFiles)
    func everyRecipeIsAWorkflowWithJobsAndSteps(_ file: String) throws {
        let workflow = try Shipping.yaml(file)
        #expect(workflow[key: "name"]?.text?.isEmpty == false, "\(file) has a name")
        #expect(workflow[key: "on"] != nil, "\(file) says when it runs")
        let jobs = try #require(workflow[key: "jobs"]?.mapping, "\(file) has jobs")
        #expect(!jobs.isEmpty)
        for (name, job) in jobs {
            let job = job, name = name.text ?? "?"
            #expect(job[key: "runs-on"]?.text?.isEmpty == false, "\(file): job \(name) has runs-on")
            #expect(job[key: "timeout-minutes"]?.int != nil, "\(file): job \(name) has a timeout")
            let steps = job[key: "steps"]?.items ?? []
            #expect(!steps.isEmpty, "\(file): job \(name) has steps")
            for step in steps {
                let uses = step[key: "uses"]?.text, run = step[key: "run"]?.text
                #expect((uses == nil) != (run == nil), "\(file): a step either uses an action or runs a command")
                if let uses {
                    #expect(uses.range(of: #"^[\w.-]+/[\w.-]+@v\d+$"#, options: .regularExpression) != nil,
                            "\(file): \(uses) is pinned to a major version")
                }
            }
        }
    }

    @Test func serviceRecipeStartsTheImageOnPort8787WithItsHealthCheck() throws {
        let workflow = try Shipping.yaml("docs/ci/api-tests-service.yml")
        let job = try #require(workflow[key: "jobs"]?[key: "api-tests"])
        #expect(job[key: "runs-on"]?.text == "ubuntu-latest")
        let service = try #require(job[key: "services"]?[key: "repairminder-mock"], "the mock is a service container")
        #expect(service[key: "image"]?.text?.hasSuffix("/repairminder-mock:latest") == true)
        #expect(service[key: "ports"]?.items.compactMap(\.text) == ["8787:8787"])
        let options = try #require(service[key: "options"]?.text)
        #expect(options.contains("--health-cmd \"\(try Shipping.healthCheckCommand().joined(separator: " "))\""),
                "the service's health check is the image's: \(options)")
        #expect(options.contains("--health-interval"))
        for name in service[key: "env"]?.keys ?? [] {
            #expect(try Shipping.cliVariables().contains(name), "\(name) is a variable the CLI reads")
        }
        #expect(job[key: "env"]?[key: "REPAIRMINDER_BASE_URL"]?.text == "http://127.0.0.1:8787")
        let runs = (job[key: "steps"]?.items ?? []).compactMap { $0[key: "run"]?.text }
        #expect(runs.contains { $0.contains("/__mock/health") }, "a smoke test asks for health")
        #expect(runs.contains { $0.contains("/api/auth/login") && $0.contains("/__mock/outbox") },
                "the smoke test signs in with a code from the outbox")
        #expect(runs.contains { $0.contains("/__mock/reset") })
        let tests = try #require((job[key: "steps"]?.items ?? []).first { $0[key: "name"]?.text == "App tests" })
        #expect(tests[key: "run"]?.text?.isEmpty == false, "a step runs the app's tests")
    }

    @Test func macOSRecipeRunsSwiftTestInProcess() throws {
        let workflow = try Shipping.yaml("docs/ci/macos-swift-test.yml")
        let job = try #require(workflow[key: "jobs"]?[key: "swift-test"])
        #expect(job[key: "runs-on"]?.text == "${{ matrix.runner }}")
        #expect(job[key: "services"] == nil, "no Docker on macOS runners")
        let runs = (job[key: "steps"]?.items ?? []).compactMap { $0[key: "run"]?.text }
        #expect(runs.contains { $0.split(separator: "\n").contains("swift test") })
        #expect(!runs.contains { $0.contains("docker") })
        #expect(runs.contains { $0.contains("generic/platform=iOS Simulator") }, "the iOS build compiles the Darwin code")
        // The Mac checklist in docs/ci.md runs the same commands by hand: every xcodebuild there is here.
        let build = try #require(runs.first { $0.contains("xcodebuild build") })
        for scheme in ["MockServer", "RepairMinderClient", "RepairMinderMockControl"] { #expect(build.contains(scheme)) }
        #expect(build.contains("generic/platform=macOS") && !build.contains("-skipMacroValidation"), "the package has no macro")
        let checklist = try String(contentsOf: Shipping.root.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        let handRun = checklist.split(separator: "\n").filter { $0.hasPrefix("xcodebuild build") }
        #expect(handRun.count == 6, "the checklist builds three libraries for two destinations")
        for line in handRun {
            let scheme = line.split(separator: " ").dropFirst(3).first.map(String.init) ?? ""
            #expect(build.contains(scheme) && !line.contains("-skipMacroValidation"), "\(line)")
            #expect(line.contains("generic/platform=iOS Simulator") || line.contains("generic/platform=macOS"), "\(line)")
        }
        let scripts = checklist.split(separator: "\n").filter { $0.hasPrefix("scripts/") }
        #expect(scripts.contains("scripts/check-doc-snippets --xcodebuild"), "the documentation's blocks compile for iOS")
        for line in scripts { #expect(runs.contains { $0.split(separator: "\n").contains(line) }, "\(line) runs on the Mac job") }
        let matrix = job[key: "strategy"]?[key: "matrix"]?[key: "include"]?.items ?? []
        #expect(matrix.contains { $0[key: "xcode"]?.text == "/Applications/Xcode_16.3.app" }, "the floor the README states is built")
    }

    @Test func publishRecipeBuildsTheDockerfile() throws {
        let workflow = try Shipping.yaml("docs/ci/publish-image.yml")
        let steps = workflow[key: "jobs"]?[key: "image"]?[key: "steps"]?.items ?? []
        let build = try #require(steps.first { $0[key: "uses"]?.text?.hasPrefix("docker/build-push-action@") == true })
        #expect(build[key: "with"]?[key: "context"]?.text == ".")
        let dockerfile = try #require(build[key: "with"]?[key: "file"]?.text)
        #expect(FileManager.default.fileExists(atPath: Shipping.root.appendingPathComponent(dockerfile).path))
        #expect(build[key: "with"]?[key: "push"]?.text == "true")
        #expect(workflow[key: "permissions"]?[key: "packages"]?.text == "write")
    }

    @Test func uiTestRecipeStartsTheMockAndHandsItsURLToTheTestRunner() throws {
        let workflow = try Shipping.yaml("docs/ci/macos-ui-tests.yml")
        let job = try #require(workflow[key: "jobs"]?[key: "ui-tests"])
        #expect(job[key: "runs-on"]?.text == "macos-latest")
        let steps = job[key: "steps"]?.items ?? []
        let start = try #require(steps.first { $0[key: "name"]?.text == "Start the mock" }?[key: "run"]?.text)
        #expect(start.contains("--product repairminder-mock") && start.contains("--health-probe"))
        let tests = try #require(steps.first { $0[key: "run"]?.text?.contains("xcodebuild test") == true })
        #expect(tests[key: "run"]?.text?.contains("-testPlan RepairMinderMock") == true)
        #expect(tests[key: "env"]?[key: "TEST_RUNNER_REPAIRMINDER_BASE_URL"] != nil)

        // The test plan the recipe names: valid JSON with the base URL for the test runner.
        let data = try Data(contentsOf: Shipping.root.appendingPathComponent("docs/ci/RepairMinderMock.xctestplan"))
        let plan = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(plan["version"] as? Int == 1)
        let configurations = try #require(plan["configurations"] as? [[String: Any]])
        let entries = configurations.compactMap { ($0["options"] as? [String: Any])?["environmentVariableEntries"] as? [[String: String]] }
        #expect(entries.joined().contains { $0["key"] == "REPAIRMINDER_BASE_URL" && $0["value"] == "http://127.0.0.1:8787" })
        #expect((plan["testTargets"] as? [Any])?.isEmpty == false)
    }

    @Test func inProcessUITestRecipeStartsNoMockProcess() throws {
        let workflow = try Shipping.yaml("docs/ci/macos-ui-tests-in-process.yml")
        let job = try #require(workflow[key: "jobs"]?[key: "ui-tests"])
        #expect(job[key: "services"] == nil)
        let steps = job[key: "steps"]?.items ?? []
        let runs = steps.compactMap { $0[key: "run"]?.text }
        // The tests start their own mock: nothing here builds, starts or waits for one.
        for forbidden in ["repairminder-mock", "--health-probe", "swift build", "swift run", "docker", "TEST_RUNNER_REPAIRMINDER"] {
            #expect(!runs.contains { $0.contains(forbidden) }, "the in-process recipe has no \(forbidden)")
        }
        #expect(!steps.contains { $0[key: "env"] != nil }, "no variable hands a mock's address to the runner")
        let test = try #require(runs.first { $0.contains("xcodebuild test") })
        #expect(!test.contains("-skipMacroValidation") && test.contains("-parallel-testing-enabled YES"))
        #expect(test.contains("-parallel-testing-worker-count"))
        #expect(test.contains("platform=iOS Simulator"))
        // The guide shows the setUp this recipe relies on.
        let guide = try Shipping.text("docs/ui-testing.md")
        #expect(guide.contains("(ci/macos-ui-tests-in-process.yml)"))
        #expect(guide.contains("try mock.start()") && guide.contains("mock.stop()"))
    }

    @Test func composeBuildsTheImageMapsPort8787AndKeepsTheDatabaseOnAVolume() throws {
        let compose = try Shipping.yaml("docker/compose.yaml")
        let services = try #require(compose[key: "services"]?.mapping)
        #expect(services.count == 1)
        let mock = try #require(compose[key: "services"]?[key: "mock"])
        let context = try #require(mock[key: "build"]?[key: "context"]?.text)
        let dockerfile = try #require(mock[key: "build"]?[key: "dockerfile"]?.text)
        let built = Shipping.root.appendingPathComponent("docker").appendingPathComponent(context)
            .appendingPathComponent(dockerfile).standardizedFileURL
        #expect(built.path == Shipping.root.appendingPathComponent("docker/Dockerfile").standardizedFileURL.path)
        let ports = mock[key: "ports"]?.items.compactMap(\.text) ?? []
        #expect(ports.count == 1 && ports[0].hasSuffix(":8787"), "the container's 8787 is published: \(ports)")
        let volumes = mock[key: "volumes"]?.items.compactMap(\.text) ?? []
        let data = try #require(volumes.first { $0.hasSuffix(":/data") }, "/data is mounted: \(volumes)")
        let volume = String(data.dropLast(":/data".count))
        #expect(compose[key: "volumes"]?.keys.contains(volume) == true, "the named volume \(volume) is declared")
        for name in mock[key: "environment"]?.keys ?? [] {
            #expect(try Shipping.cliVariables().contains(name), "\(name) is a variable the CLI reads")
        }
    }

    @Test func dockerReadmeListsEveryVariableTheCLIReads() throws {
        let readme = try Shipping.text("docker/README.md")
        let variables = try Shipping.cliVariables()
        #expect(variables.count >= 13)
        for name in variables {
            #expect(readme.contains("`\(name)`"), "docker/README.md documents \(name)")
        }
    }
}

/// Files of the package, found from this source file's path.
enum Shipping {
    /// `<root>/Tests/MockServerTests/Shipping/CIRecipeTests.swift` → `<root>`.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func yaml(_ path: String) throws -> Node {
        guard let node = try Yams.compose(yaml: try text(path)) else { throw ShippingError("\(path) is empty") }
        return node
    }

    /// The `REPAIRMINDER_MOCK_<NAME>` variables `Command.swift` reads (`env.text("DB")`, …).
    static func cliVariables() throws -> Set<String> {
        let source = try text("Sources/repairminder-mock/Command.swift")
        let pattern = try NSRegularExpression(pattern: #"env\.(?:text|list|parse|flag)\("([A-Z0-9_]+)""#)
        let range = NSRange(source.startIndex..., in: source)
        return Set(pattern.matches(in: source, range: range).compactMap { match in
            Range(match.range(at: 1), in: source).map { "REPAIRMINDER_MOCK_" + source[$0] }
        })
    }

    /// The exec form of the Dockerfile's `HEALTHCHECK … CMD [...]`.
    static func healthCheckCommand() throws -> [String] {
        let lines = try text("docker/Dockerfile").components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("HEALTHCHECK") }) else {
            throw ShippingError("docker/Dockerfile has no HEALTHCHECK")
        }
        var instruction = ""
        for line in lines[start...] {
            instruction += line.hasSuffix("\\") ? String(line.dropLast()) : line
            if !line.hasSuffix("\\") { break }
        }
        guard let cmd = instruction.range(of: "CMD"),
              let command = try JSONSerialization.jsonObject(with: Data(instruction[cmd.upperBound...].utf8)) as? [String]
        else { throw ShippingError("the HEALTHCHECK is not `CMD [exec form]`: \(instruction)") }
        return command
    }
}

struct ShippingError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

fileprivate extension Node {
    /// The value under a key of a mapping, compared as written (`on` stays a key, not `true`).
    subscript(key key: String) -> Node? {
        mapping?.first { $0.key.scalar?.string == key }?.value
    }

    /// A scalar's text as written.
    var text: String? { scalar?.string }

    /// A sequence's items, or none.
    var items: [Node] { sequence.map { Array($0) } ?? [] }

    /// A mapping's keys as written.
    var keys: [String] { mapping?.keys.compactMap { $0.scalar?.string } ?? [] }
}
