import Foundation

/// The package's root folder, for the tests that read or rewrite a source file.
enum PackageRoot {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
