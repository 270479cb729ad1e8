import Foundation

/// The package's own Swift files, for the tests that read the sources (the store's boundary, the
/// folder layout, what test support may use).
enum SourceFiles {
    /// Every Swift file under `folder`, by its path from the package root.
    static func swift(under folder: String) throws -> [(path: String, text: String)] {
        let root = Shipping.root
        guard let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder),
                                                          includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            files.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        return files
    }
}
