import Foundation
import Testing

/// The folders of `Sources/MockServer` use downwards only (README, "Layout"): a folder never names a
/// type declared in a folder above it. Between targets the compiler keeps the order (MockBasics,
/// MockStore and MockRouting, MockServer; MockProxy on MockRouting); inside MockServer, one module, this test does. Read from the sources as a reader would: the types each
/// folder declares at file level, and the capitalised names each file uses outside comments and
/// string literals.
@Suite struct FolderLayoutTests {
    /// Lowest first. A folder may use the folders before it in this list, never one after it;
    /// `Routes` and `Control` are siblings that do not use each other.
    static let levels: [Set<String>] = [["Auth"], ["Environment"], ["Pipeline"], ["Routes", "Control"], ["(top)"]]

    struct Source {
        let folder: String
        let path: String
        let text: String
    }

    static let mockServer = "Sources/MockServer/"

    /// Every Swift file of MockServer, with its top folder (`(top)` for the files beside them).
    static func sources() throws -> [Source] {
        try SourceFiles.swift(under: mockServer).map { file in
            let parts = file.path.dropFirst(mockServer.count).split(separator: "/")
            return Source(folder: parts.count > 1 ? String(parts[0]) : "(top)",
                          path: String(file.path.dropFirst(mockServer.count)), text: file.text)
        }
    }

    static func level(of folder: String) -> Int? { levels.firstIndex { $0.contains(folder) } }

    /// Comments and string literals removed, so a name in prose is not a use.
    static func code(_ text: String) -> String {
        text.replacingOccurrences(of: #"//[^\n]*|"(?:\\.|[^"\\\n])*""#, with: " ", options: .regularExpression)
    }

    static let declaration = try! NSRegularExpression(
        pattern: #"^(?:(?:public|package|internal|private|fileprivate|final|indirect|@\w+(?:\([^)]*\))?)\s+)*(?:struct|enum|class|protocol|typealias|actor)\s+(\w+)"#,
        options: .anchorsMatchLines)
    static let name = try! NSRegularExpression(pattern: #"\b[A-Z]\w*\b"#)

    @Test func everyFolderIsOnALevel() throws {
        let folders = Set(try Self.sources().map(\.folder))
        #expect(folders.isSuperset(of: ["Auth", "Environment", "Pipeline", "Routes", "Control", "(top)"]),
                "the sources were not all found: \(folders.sorted())")
        for folder in folders { #expect(Self.level(of: folder) != nil, "\(folder) is on no level of the picture") }
    }

    @Test func foldersUseDownwardsOnly() throws {
        let sources = try Self.sources()
        var owner: [String: String] = [:]
        for source in sources {
            let text = source.text as NSString
            for match in Self.declaration.matches(in: source.text, range: NSRange(location: 0, length: text.length)) {
                let type = text.substring(with: match.range(at: 1))
                if owner[type] == nil { owner[type] = source.folder }
            }
        }
        var upward: [String] = []
        for source in sources {
            guard let from = Self.level(of: source.folder) else { continue }
            let code = Self.code(source.text)
            let text = code as NSString
            var seen = Set<String>()
            for match in Self.name.matches(in: code, range: NSRange(location: 0, length: text.length)) {
                let type = text.substring(with: match.range)
                guard seen.insert(type).inserted, let folder = owner[type], folder != source.folder,
                      let to = Self.level(of: folder) else { continue }
                if to >= from { upward.append("\(source.path) names \(type) of \(folder)/") }
            }
        }
        #expect(upward.isEmpty, "\(upward.sorted().joined(separator: "\n"))")
    }
}
