import Foundation
/// Where the bundled seed fixtures live.
public enum SeedFiles {
    public static var defaultSeed: URL? { Bundle.module.url(forResource: "default", withExtension: "json") }
    /// `default.json` seeded and saved as an SQLite database, and what it was made from (its key):
    /// a start reads it instead of seeding when the key is what this build would make (MockStore's
    /// `SavedSeed`). Generated, never edited: Seeds/README.md.
    public static var defaultSaved: URL? { Bundle.module.url(forResource: "default.saved", withExtension: "sqlite") }
    public static var defaultSavedKey: URL? { Bundle.module.url(forResource: "default.saved", withExtension: "key") }
}
