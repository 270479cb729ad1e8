import Foundation
/// Where the bundled seed fixtures live.
public enum SeedFiles {
    public static var defaultSeed: URL? { Bundle.module.url(forResource: "default", withExtension: "json") }
}
