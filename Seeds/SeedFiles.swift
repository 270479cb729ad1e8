import Foundation
import MockBasics

/// Where the bundled seed fixtures live: `RepairMinderMock_MockSeeds`, found by
/// `PackageResources` (a missing bundle is an error naming where it looked, not a stop in SwiftPM's
/// `Bundle.module`).
public enum SeedFiles {
    /// The bundle, or why it is not there.
    package static let bundle: Result<Bundle, PackageResourcesError> = PackageResources.bundle(of: "MockSeeds", anchor: Anchor.self)

    public static var defaultSeed: URL? { try? bundle.get().url(forResource: "default", withExtension: "json") }
    /// `default.json` seeded and saved as an SQLite database, and what it was made from (its key):
    /// a start reads it instead of seeding when the key is what this build would make (MockStore's
    /// `SavedSeed`). Generated, never edited: Seeds/README.md.
    public static var defaultSaved: URL? { try? bundle.get().url(forResource: "default.saved", withExtension: "sqlite") }
    public static var defaultSavedKey: URL? { try? bundle.get().url(forResource: "default.saved", withExtension: "key") }

    private final class Anchor {}
}
