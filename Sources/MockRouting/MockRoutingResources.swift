import Foundation
import MockBasics

/// MockRouting's resource bundle (the contract and the console), found by `PackageResources`: a
/// missing bundle answers those pages 500 with the reason logged, never a stop in SwiftPM's
/// `Bundle.module`.
enum MockRoutingResources {
    static let located = PackageResources.bundle(of: "MockRouting", anchor: Anchor.self)
    static var bundle: Bundle? { try? located.get() }
    /// `: <where it looked>` when the bundle is missing, else nothing.
    static var whyMissing: String {
        if case .failure(let error) = located { return ": \(error)" }
        return ""
    }
    private final class Anchor {}
}
