import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import RepairMinderMockControl
import MockStore
import MockTestSupport

/// `--push-dir`: every recorded push also as an `.apns` file, after its request commits, a named
/// namespace's in `ns/<name>/`. (Through the binary, with `--simulator-push`, in
/// `SimulatorPushCommandLineTests`.)
@Suite struct SimulatorPushTests {
    static let bundleID = "com.example.RepairMinder"
    static let adminPhone = "adm1000000000001"

    static func scratchFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("pushes-\(UUID().uuidString)", isDirectory: true)
    }

    /// The `.apns` files directly in `folder`, sorted by name.
    static func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".apns") }.sorted()
    }

    static func text(_ folder: URL, _ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// `2026-11-22T00:30:00Z` as in file names: `20261122T003000Z`.
    static func compact(_ sentAt: String?) -> String {
        (sentAt ?? "").filter { $0 != "-" && $0 != ":" }
    }

    /// A mock that writes each push to a file in `folder`, for the app `bundleID`.
    func writingPushes(to folder: URL) -> (inout MockServerConfiguration) -> Void {
        { configuration in
            configuration.pushDirectory = folder
            configuration.pushBundleID = Self.bundleID
        }
    }

    @Test func eachRecordedPushIsAnAPNSFileNamedByTimeOrderTypeAndID() async throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withSignedInMock(writingPushes(to: folder)) { mock, admin in
            #expect(FileManager.default.fileExists(atPath: folder.path), "made at start")
            let engineer = try await mock.signInStaffByMagicLink("engineer@acme.test")
            try await mock.registerPushToken(Self.adminPhone, appType: "staff", bearer: admin.token)
            #expect(Self.files(in: folder).isEmpty)

            // The engineer moves Jane's device: the admin hears of the device and of its order.
            let moved = try await mock.patch("/api/devices/\(SeedIDs.device(1))", ["status": "authorised_source_parts"],
                                             bearer: engineer)
            #expect(moved.status == 200)
            let pushes = try await mock.pushes().reversed().map { $0 }      // oldest first
            #expect(pushes.compactMap { $0["payload"]?["type"]?.string } == ["device_status_changed", "order_status_changed"])

            // The file exists when the response arrives: no waiting.
            let files = Self.files(in: folder)
            #expect(files == pushes.enumerated().map { index, push in
                "\(Self.compact(push["sent_at"]?.string))-00000\(index + 1)-\(push["payload"]?["type"]?.string ?? "")-\(push["id"]?.string ?? "").apns"
            })
            guard files.count == 2 else { return }
            #expect(try Self.text(folder, files[0]) == """
                {"Simulator Target Bundle":"com.example.RepairMinder","aps":{"alert":{"body":"Apple iPhone 14 Pro (order #10001): \
                Awaiting Authorisation → Authorised - Source Parts","title":"Device status changed"},"sound":"default"},\
                "device_id":"\(SeedIDs.device(1))","order_id":"\(SeedIDs.order(1))","type":"device_status_changed"}

                """)
            #expect(try Self.text(folder, files[1]) == """
                {"Simulator Target Bundle":"com.example.RepairMinder","aps":{"alert":{"body":"Order #10001 is now In Progress",\
                "title":"Order status changed"},"sound":"default"},"order_id":"\(SeedIDs.order(1))","type":"order_status_changed"}

                """)
            // The rest of each file is the payload `GET /__mock/push` shows.
            for (file, push) in zip(files, pushes) {
                var members = try #require(JSONValue.parse(Array(try Self.text(folder, file).utf8))?.objectValue)
                let bundle = members.removeValue(forKey: "Simulator Target Bundle")
                #expect(bundle == .string(Self.bundleID))
                #expect(JSONValue.object(members) == push["payload"])
            }
        }
    }

    @Test func aRolledBackTransactionLeavesNoFile() async throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withSignedInMock(writingPushes(to: folder)) { mock, admin in
            try await mock.registerPushToken(Self.adminPhone, appType: "staff", bearer: admin.token)
            let store = mock.server.environment.store
            func record(_ end: Store.PushRecordingEnd) throws {
                try store.recordEnquiryPush(title: "New enquiry", body: "#1: Rolled back", ticketID: "t-1",
                                            preferred: [MockSeed.Staff.admin.id], company: MockSeed.Company.acme, now: Date(), end: end)
            }

            try record(.rollBack)
            #expect(try await mock.pushes().isEmpty)
            #expect(Self.files(in: folder).isEmpty)

            // A savepoint rolled back inside a committed transaction leaves nothing either.
            try record(.rollBackASavepointThenCommit)
            #expect(try await mock.pushes().count == 1)
            #expect(Self.files(in: folder).count == 1)
        }
    }

    @Test func aNamedNamespaceWritesIntoItsOwnFolder() async throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withMock(writingPushes(to: folder)) { mock in
            let (namespace, admin) = try await mock.signedInNamespace("push-test")
            try await namespace.registerPushToken(Self.adminPhone, appType: "staff", bearer: admin.token)
            let mail = try await namespace.post("/__mock/inbound-email", [
                "to": "hello@acme.test", "from": "noah.walker@example.test", "subject": "Battery price?", "body": "How much?"])
            #expect(mail.status == 201)

            let own = folder.appendingPathComponent("ns/push-test", isDirectory: true)
            let files = Self.files(in: own)
            let push = try #require(try await namespace.pushes().first)
            #expect(files == ["\(Self.compact(push["sent_at"]?.string))-000001-new_enquiry-\(push["id"]?.string ?? "").apns"])
            let payload = CLIClient.enquiryPayload(ticketID: mail.data["ticket_id"]?.string ?? "",
                                                   number: Int(mail.data["ticket_number"]?.number ?? 0))
            #expect(try Self.text(own, files.first ?? "") == #"{"Simulator Target Bundle":"com.example.RepairMinder","# + payload.dropFirst() + "\n")
            #expect(Self.files(in: folder).isEmpty, "nothing of the namespace's in the default namespace's folder")
            #expect(try await mock.pushes().isEmpty)
        }
    }

    @Test func aBundleIDWithoutAPushOptionAddsNothingToTheBanner() async throws {
        try await withMock({ $0.pushBundleID = Self.bundleID }) { mock in
            #expect(SimulatorPush.bannerLines(mock.server.configuration) == [])
        }
    }

    @Test func thePushOptionsNeedAValidBundleID() throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = MockServerConfiguration()
        configuration.pushDirectory = folder
        #expect(throws: MockServerConfigurationError.pushBundleIDRequired) { _ = try MockServer(configuration: configuration) }
        configuration.pushDirectory = nil
        configuration.simulatorPush = true
        #expect(throws: MockServerConfigurationError.pushBundleIDRequired) { _ = try MockServer(configuration: configuration) }
        for bad in ["", "com.example/app", "com example", "com.exämple"] {
            configuration.pushBundleID = bad
            #expect(throws: MockServerConfigurationError.invalidPushBundleID(bad)) { _ = try MockServer(configuration: configuration) }
        }
        configuration.pushBundleID = "com.Example-Co.RepairMinder2"
        #expect(throws: Never.self) { try configuration.validate() }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func aPushDirThatCannotBeMadeStopsTheStart() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pushes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("not a folder".utf8).write(to: file)
        var configuration = MockServerConfiguration()
        configuration.pushDirectory = file
        configuration.pushBundleID = Self.bundleID
        #expect {
            _ = try MockServer(configuration: configuration)
        } throws: { error in
            guard case .pushDirectoryUnusable(let path, _)? = error as? MockServerConfigurationError else { return false }
            return path == file.path
        }
    }

    @Test func fileNamesSortByTimeThenOrder() {
        let push = CommittedPush(id: "5b0c3c1e-8a7f-4f7e-9f39-2b1f0a6d9c11", type: "new_enquiry", payload: "{}",
                                 sentAt: "2026-11-22T00:30:00Z")
        #expect(PushFolder.fileName(of: push, number: 1) == "20261122T003000Z-000001-new_enquiry-5b0c3c1e-8a7f-4f7e-9f39-2b1f0a6d9c11.apns")
        #expect(PushFolder.fileName(of: push, number: 123_456) == "20261122T003000Z-123456-new_enquiry-5b0c3c1e-8a7f-4f7e-9f39-2b1f0a6d9c11.apns")
    }
}

/// `--simulator-push` and `--push-dir` through the binary: a stand-in `xcrun` first on `PATH`
/// records its arguments and standard input.
@Suite(.serialized) struct SimulatorPushCommandLineTests {
    static let bundleID = "com.example.RepairMinder"
    static let deviceToken = "sim0000000000001"

    /// A folder holding an executable `xcrun` script with `body` (after `#!/bin/sh`).
    static func standIn(_ body: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xcrun-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("xcrun")
        try Data(("#!/bin/sh\n" + body).utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return folder
    }

    /// Appends `args: [a] [b] …` and `stdin:<input>` lines to `record`.
    static func recording(to record: URL) -> String {
        """
        printf 'args:' >> '\(record.path)'
        for a in "$@"; do printf ' [%s]' "$a" >> '\(record.path)'; done
        printf '\\nstdin:' >> '\(record.path)'
        cat >> '\(record.path)'
        printf '\\n' >> '\(record.path)'

        """
    }

    static func path(first folder: URL) -> String {
        folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    static func read(_ file: URL) -> String { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }

    @Test func eachPushRunsSimctlWithTheBundleIDAndThePayloadOnStandardInputInOrder() async throws {
        let record = FileManager.default.temporaryDirectory.appendingPathComponent("xcrun-\(UUID().uuidString).log")
        let folder = try Self.standIn(Self.recording(to: record) + "exit 0\n")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: record)
        }
        let running = try SpawnedMock(
            arguments: ["--host", "127.0.0.1", "--port", "0", "--db", ":memory:", "--simulator-push", "--push-bundle-id", Self.bundleID],
            environment: ["PATH": Self.path(first: folder)])
        defer { _ = running.terminate() }
        let banner = await running.bannerText()
        #expect(banner.contains("  pushes: also sent to the booted simulator with `xcrun simctl push booted com.example.RepairMinder -`"))
        #expect(!banner.contains("WARNING"), "\(banner)")

        let client = CLIClient(port: running.port)
        try await client.signInAdminWithPhone(Self.deviceToken)
        let first = try await client.newEnquiry(subject: "Battery price?")
        let second = try await client.newEnquiry(subject: "Screen price?")
        #expect(first.status == 201 && second.status == 201)

        func payload(_ reply: MockHarness.Reply, _ subject: String) -> String {
            CLIClient.enquiryPayload(ticketID: reply.data["ticket_id"]?.string ?? "",
                                     number: Int(reply.data["ticket_number"]?.number ?? 0), subject: subject)
        }
        let expected = """
            args: [simctl] [push] [booted] [com.example.RepairMinder] [-]
            stdin:\(payload(first, "Battery price?"))
            args: [simctl] [push] [booted] [com.example.RepairMinder] [-]
            stdin:\(payload(second, "Screen price?"))

            """
        #expect(await eventually { Self.read(record) == expected }, "\(Self.read(record))")
        // What simctl got is what the push record holds.
        let recorded = try await client.pushes().reversed().compactMap { $0["payload"]?.jsonString }
        #expect(recorded == [payload(first, "Battery price?"), payload(second, "Screen price?")])
        #expect(await eventually { running.log.contains("simulator push: push ") && running.log.contains("(new_enquiry) sent to the booted simulator") })
    }

    @Test func aFailingSimctlIsLoggedAndNeitherFailsNorHoldsUpTheRequest() async throws {
        let record = FileManager.default.temporaryDirectory.appendingPathComponent("xcrun-\(UUID().uuidString).log")
        let release = record.appendingPathExtension("release")
        // Announces itself, then waits (at most 8 s) until the test lets it go, then fails as simctl
        // does with no simulator booted.
        let folder = try Self.standIn("""
            printf 'started\\n' >> '\(record.path)'
            i=0
            while [ ! -e '\(release.path)' ] && [ $i -lt 400 ]; do sleep 0.02; i=$((i+1)); done
            \(Self.recording(to: record))
            echo 'No devices are booted.' >&2
            exit 1

            """)
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: record)
            try? FileManager.default.removeItem(at: release)
        }
        let running = try SpawnedMock(
            arguments: ["--host", "127.0.0.1", "--port", "0", "--db", ":memory:"],
            environment: ["PATH": Self.path(first: folder), "REPAIRMINDER_MOCK_SIMULATOR_PUSH": "1",
                          "REPAIRMINDER_MOCK_PUSH_BUNDLE_ID": Self.bundleID])
        defer { _ = running.terminate() }

        let client = CLIClient(port: running.port)
        try await client.signInAdminWithPhone(Self.deviceToken)
        let mail = try await client.newEnquiry()
        #expect(mail.status == 201)
        let push = try #require(try await client.pushes().first)
        // simctl has started and is still waiting for the test: the answer did not wait for it.
        #expect(await eventually { Self.read(record).hasPrefix("started\n") })
        #expect(Self.read(record) == "started\n")

        try Data().write(to: release)
        let id = push["id"]?.string ?? ""
        let line = "simulator push failed: push \(id) (new_enquiry): `xcrun simctl push booted com.example.RepairMinder -` exited with status 1: No devices are booted."
        #expect(await eventually { running.log.contains(line) }, "\(running.log)")
        #expect(Self.read(record).hasSuffix("stdin:\(CLIClient.enquiryPayload(ticketID: mail.data["ticket_id"]?.string ?? "", number: Int(mail.data["ticket_number"]?.number ?? 0)))\n"))
        // The mock carries on.
        #expect(try await client.send("GET", "/__mock/health").status == 200)
    }

    @Test func withoutXcrunOnPathTheBannerWarnsAndEachPushIsLogged() async throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-xcrun-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let running = try SpawnedMock(
            arguments: ["--host", "127.0.0.1", "--port", "0", "--db", ":memory:", "--simulator-push", "--push-bundle-id", Self.bundleID],
            environment: ["PATH": empty.path])
        defer { _ = running.terminate() }
        let banner = await running.bannerText()
        #expect(banner.contains("  WARNING: --simulator-push: xcrun is not on PATH, so no push will reach a simulator (it comes with Xcode 11.4 or later, on a Mac)"),
                "\(banner)")
        let client = CLIClient(port: running.port)
        try await client.signInAdminWithPhone(Self.deviceToken)
        #expect(try await client.newEnquiry().status == 201)
        let id = try await client.pushes().first?["id"]?.string ?? ""
        #expect(await eventually { running.log.contains("simulator push failed: push \(id) (new_enquiry) not delivered: xcrun is not on PATH (it comes with Xcode)") },
                "\(running.log)")
    }

    @Test func pushDirFromTheEnvironmentGetsAFilePerPush() async throws {
        let folder = SimulatorPushTests.scratchFolder().appendingPathComponent("nested", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let running = try SpawnedMock(arguments: ["--host", "127.0.0.1", "--port", "0", "--db", ":memory:"], environment: [
            "REPAIRMINDER_MOCK_PUSH_DIR": folder.path, "REPAIRMINDER_MOCK_PUSH_BUNDLE_ID": Self.bundleID])
        defer { _ = running.terminate() }
        let banner = await running.bannerText()
        #expect(banner.contains("  pushes: also written to \(folder.path) as .apns files for com.example.RepairMinder (a named namespace's in ns/<name>/)"),
                "\(banner)")
        let client = CLIClient(port: running.port)
        try await client.signInAdminWithPhone(Self.deviceToken)
        let mail = try await client.newEnquiry()
        #expect(mail.status == 201)
        let push = try #require(try await client.pushes().first)
        let name = "\(SimulatorPushTests.compact(push["sent_at"]?.string))-000001-new_enquiry-\(push["id"]?.string ?? "").apns"
        #expect(SimulatorPushTests.files(in: folder) == [name])
        let payload = CLIClient.enquiryPayload(ticketID: mail.data["ticket_id"]?.string ?? "",
                                               number: Int(mail.data["ticket_number"]?.number ?? 0))
        #expect(Self.read(folder.appendingPathComponent(name))
                == #"{"Simulator Target Bundle":"com.example.RepairMinder","# + payload.dropFirst() + "\n")
    }

    @Test func aPushDirThatCannotBeWrittenIsLoggedAndTheRequestStillSucceeds() async throws {
        let folder = SimulatorPushTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let running = try SpawnedMock(arguments: [
            "--host", "127.0.0.1", "--port", "0", "--db", ":memory:", "--push-dir", folder.path, "--push-bundle-id", Self.bundleID])
        defer { _ = running.terminate() }
        let client = CLIClient(port: running.port)
        try await client.signInAdminWithPhone(Self.deviceToken)
        // The folder goes, and a file takes its place: neither writing nor making it again works.
        try FileManager.default.removeItem(at: folder)
        try Data("in the way".utf8).write(to: folder)

        #expect(try await client.newEnquiry().status == 201)
        let push = try #require(try await client.pushes().first)
        let id = push["id"]?.string ?? ""
        #expect(await eventually { running.log.contains("push \(id) (new_enquiry) not written to \(folder.path)/") }, "\(running.log)")
    }

    @Test(arguments: [
        (["--push-dir", "/tmp/never-made"], [String: String](),
         "Error: --push-dir and --simulator-push need --push-bundle-id, the app's bundle identifier (e.g. com.example.RepairMinder)"),
        ([], ["REPAIRMINDER_MOCK_SIMULATOR_PUSH": "yes"],
         "Error: --push-dir and --simulator-push need --push-bundle-id, the app's bundle identifier (e.g. com.example.RepairMinder)"),
        (["--simulator-push", "--push-bundle-id", "com.example/app"], [:],
         "Error: push bundle id com.example/app is not a bundle identifier: use letters, digits, hyphens and periods (e.g. com.example.RepairMinder)"),
        ([], ["REPAIRMINDER_MOCK_SIMULATOR_PUSH": "sometimes"],
         "Error: REPAIRMINDER_MOCK_SIMULATOR_PUSH=sometimes is not 1/0, true/false, yes/no or on/off"),
    ])
    func aPushOptionWithoutAUsableBundleIDStopsTheStart(arguments: [String], environment: [String: String], message: String) throws {
        let result = try CommandLineRun.run(["--db", ":memory:", "--port", "0"] + arguments, environment: environment)
        #expect(result.status == 64)
        #expect(result.output.hasPrefix(message), "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-made"))
    }
}
