import Foundation

/// This package's resource bundles (`RepairMinderMock_MockSeeds`, `RepairMinderMock_MockRouting`),
/// found without SwiftPM's `Bundle.module`, whose accessor stops the process (`fatalError`) when the
/// bundle is not where it looks: a UI-test bundle that links `MockServer` without its resources
/// (docs/ui-testing.md) gets a thrown error naming what is missing and where it looked instead.
///
/// It looks where SwiftPM's and Xcode's accessors do: beside the binary (`swift build`, the Docker
/// image: `<name>.resources` on Linux, `<name>.bundle` on Apple platforms), in the main bundle's
/// resources (an app), and in the bundle holding this code and its folder (an `.xctest` bundle,
/// which Xcode copies the package's bundles into; `swift test`'s, beside them).
package enum PackageResources {
    /// The bundle of `target`'s resources; `anchor` is a class of that target's module.
    package static func bundle(of target: String, anchor: AnyClass) -> Result<Bundle, PackageResourcesError> {
        let name = "RepairMinderMock_" + target
        let places = candidates(anchor: anchor)
        for place in places {
            for suffix in ["bundle", "resources"] {
                let url = place.appendingPathComponent(name + "." + suffix)
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue,
                   let bundle = Bundle(url: url) {
                    return .success(bundle)
                }
            }
        }
        return .failure(PackageResourcesError(bundle: name, searched: places.map(\.path)))
    }

    private static func candidates(anchor: AnyClass) -> [URL] {
        let code = Bundle(for: anchor)
        var places: [URL] = []
        for url in [Bundle.main.resourceURL, code.resourceURL, code.bundleURL, code.bundleURL.deletingLastPathComponent(),
                    Bundle.main.bundleURL, Bundle.main.executableURL?.deletingLastPathComponent()] {
            if let url, !places.contains(url.standardizedFileURL) { places.append(url.standardizedFileURL) }
        }
        return places
    }
}

/// A resource bundle of this package that is nowhere the process can see.
package struct PackageResourcesError: Error, CustomStringConvertible, Sendable {
    package let bundle: String
    package let searched: [String]

    package var description: String {
        "\(bundle).bundle (the mock's resources) is not beside this code: looked in \(searched.joined(separator: ", ")). "
            + "Link MockServer to the target that runs it (a UI-test target: Build Phases › Link Binary With Libraries), "
            + "so that Xcode copies the package's bundles into it (docs/ui-testing.md)"
    }
}
