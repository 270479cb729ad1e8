import Foundation
import MockBasics
import MockRouting

/// A `MockServerConfiguration` the server refuses to start with. The descriptions name the CLI's
/// options, which the CLI reports as they are.
public enum MockServerConfigurationError: Error, Equatable, CustomStringConvertible {
    /// `pushDirectory` or `simulatorPush` without `pushBundleID`.
    case pushBundleIDRequired
    case invalidPushBundleID(String)
    /// `simulatorPush` where no process can be started (iOS: a mock inside an app's test bundle).
    case simulatorPushUnavailable
    /// `pushDirectory` cannot be made (the reason is the system's).
    case pushDirectoryUnusable(path: String, reason: String)
    case invalidControlToken
    /// An `allowedHosts` entry that is not a host name (a scheme, a port, a space…).
    case invalidAllowedHost(String)
    /// `vary` names an unknown variant, or both timestamp forms.
    case invalidVariance(String)
    /// `replaySeed` is empty, longer than 256 bytes or holds a control character.
    case invalidReplaySeed
    /// `replaySeed` on a host beyond loopback without `controlToken`.
    case replaySeedExposed(hosts: [String])

    public var description: String {
        switch self {
        case .pushBundleIDRequired:
            "--push-dir and --simulator-push need --push-bundle-id, the app's bundle identifier (e.g. com.example.RepairMinder)"
        case .invalidPushBundleID(let id):
            "push bundle id \(id) is not a bundle identifier: use letters, digits, hyphens and periods (e.g. com.example.RepairMinder)"
        case .simulatorPushUnavailable:
            "--simulator-push runs `xcrun simctl push`, which needs a Mac: use --push-dir, or run the mock on the Mac"
        case .pushDirectoryUnusable(let path, let reason):
            "push dir \(path) cannot be made: \(reason)"
        case .invalidControlToken:
            "control token must be 1 or more visible ASCII characters, without spaces"
        case .invalidAllowedHost(let host):
            "--allowed-host \(host) is not a host name: give a name such as dev.example.com, or .example.com for it and every name under it (no scheme, no port)"
        case .invalidVariance(let reason):
            "--vary: \(reason)"
        case .invalidReplaySeed:
            "--replay-seed must be 1 to 256 bytes of text without control characters"
        case .replaySeedExposed(let hosts):
            """
            --replay-seed makes every token, code and id predictable, and the mock would answer on \
            \(hosts.joined(separator: ", ")), beyond this machine: set --control-token too, or bind to loopback only
            """
        }
    }
}

extension MockServerConfiguration {
    /// Checks the push, control-token and allowed-host options (the rest have no invalid values a type allows).
    public func validate() throws(MockServerConfigurationError) {
        if pushDirectory != nil || simulatorPush {
            guard let bundleID = pushBundleID else { throw .pushBundleIDRequired }
            guard Self.isBundleID(bundleID) else { throw .invalidPushBundleID(bundleID) }
        }
        #if !os(macOS) && !os(Linux)
        // No `Process` here (iOS: a mock inside an app's test bundle): xcrun cannot be started.
        if simulatorPush { throw .simulatorPushUnavailable }
        #endif
        if let controlToken, !Self.isControlToken(controlToken) { throw .invalidControlToken }
        if let host = allowedHosts.first(where: { !ControlBoundary.isAllowedHostName($0) }) { throw .invalidAllowedHost(host) }
        _ = try variance
        if let replaySeed {
            guard Self.isReplaySeed(replaySeed) else { throw .invalidReplaySeed }
            let exposed = hosts.filter { !ControlToken.isLoopback($0) }
            if controlToken == nil, !exposed.isEmpty { throw .replaySeedExposed(hosts: exposed) }
        }
    }

    /// 1 to 256 bytes of UTF-8 without control characters (it is shown in the banner and the console).
    static func isReplaySeed(_ seed: String) -> Bool {
        (1...256).contains(seed.utf8.count) && !seed.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// `vary`, read.
    var variance: JSONVariance {
        get throws(MockServerConfigurationError) {
            guard let vary else { return .none }
            switch JSONVariance.parse(vary) {
            case .success(let variance): return variance
            case .failure(let error): throw .invalidVariance(error.description)
            }
        }
    }

    /// A token the `Authorization` header can carry as it is: 1 or more visible ASCII characters
    /// (no spaces; header values are trimmed and may not hold control characters).
    static func isControlToken(_ token: String) -> Bool {
        !token.isEmpty && token.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// Apple's rule for `CFBundleIdentifier`: letters, digits, hyphens and periods.
    static func isBundleID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 45 || byte == 46
        }
    }
}
