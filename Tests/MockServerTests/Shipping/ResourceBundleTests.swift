import Foundation
import Testing
import MockBasics
import MockServer

/// The mock's resource bundles are found without SwiftPM's `Bundle.module` (which stops the process
/// when a bundle is missing): a bundle that is there is found, one that is not is an error naming it
/// and where it looked, which a UI-test bundle without the package's resources then throws from
/// `MockServer(configuration:)` instead of crashing.
@Suite struct ResourceBundleTests {
    private final class Anchor {}

    @Test func theSeedsAndTheContractAreFoundBesideTheCode() throws {
        let seeds = try PackageResources.bundle(of: "MockSeeds", anchor: Anchor.self).get()
        #expect(seeds.url(forResource: "default", withExtension: "json") != nil)
        let routing = try PackageResources.bundle(of: "MockRouting", anchor: Anchor.self).get()
        #expect(routing.url(forResource: "openapi", withExtension: "yaml") != nil)
        #expect(routing.url(forResource: "console", withExtension: "html") != nil)
    }

    @Test func aMissingBundleIsAnErrorThatSaysWhereItLooked() throws {
        let result = PackageResources.bundle(of: "NoSuchTarget", anchor: Anchor.self)
        guard case .failure(let error) = result else {
            Issue.record("found a bundle that does not exist")
            return
        }
        #expect(error.bundle == "RepairMinderMock_NoSuchTarget")
        #expect(!error.searched.isEmpty)
        #expect(error.searched.contains(Bundle.main.bundleURL.standardizedFileURL.path))
        #expect(error.description.hasPrefix("RepairMinderMock_NoSuchTarget.bundle (the mock's resources) is not beside this code: looked in /"))
        #expect(error.description.hasSuffix("Link MockServer to the target that runs it (a UI-test target: Build Phases › Link Binary With Libraries), so that Xcode copies the package's bundles into it (docs/ui-testing.md)"))
    }
}
