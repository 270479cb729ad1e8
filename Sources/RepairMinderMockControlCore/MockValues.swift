import Foundation

// The values the control API answers with. Timestamps are `Date`s (the mock writes them as
// ISO 8601 in UTC, to the second); names are the docs' keys in Swift case (`sent_at` → `sentAt`).
// Sets of names the mock may grow (mail kinds, company statuses…) are string-backed structs with
// the known values as constants, so that a newer mock does not break an older library.

// MARK: - Names

/// An outbox mail's kind.
public struct MockMailKind: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }

    public static let staff2FA: MockMailKind = "staff_2fa"
    public static let staffMagicLink: MockMailKind = "staff_magic_link"
    public static let customerMagicLink: MockMailKind = "customer_magic_link"
    /// A staff reply or a macro's email on a ticket (no code).
    public static let ticketReply: MockMailKind = "ticket_reply"
}

/// A company's status.
public struct MockCompanyStatus: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }

    public static let active: MockCompanyStatus = "active"
    /// Signed-in staff are quarantined on their next request.
    public static let pendingApproval: MockCompanyStatus = "pending_approval"
    /// Signed-in staff are quarantined on their next request.
    public static let suspended: MockCompanyStatus = "suspended"
}

/// A session's kind: a staff token family or a customer session.
public struct MockSessionKind: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }

    public static let staff: MockSessionKind = "staff"
    public static let customer: MockSessionKind = "customer"
}

/// A session's status at the mock clock's now.
public struct MockSessionStatus: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }

    public static let live: MockSessionStatus = "live"
    public static let revoked: MockSessionStatus = "revoked"
    public static let expired: MockSessionStatus = "expired"
}

/// The platform a staff session signed in from: `mobile` gets 90-day refresh tokens, `web` 7-day ones.
public struct MockPlatform: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }

    public static let mobile: MockPlatform = "mobile"
    public static let web: MockPlatform = "web"
}

// MARK: - Health, reset, clock

/// `GET /__mock/health`.
public struct MockHealth: Sendable, Equatable, Decodable {
    /// `ok`.
    public let status: String
    public let version: String
    /// The mock clock.
    public let now: Date
}

/// `POST /__mock/reset`.
public struct MockResetResult: Sendable, Equatable, Decodable {
    /// The mock clock after the reset.
    public let now: Date
    public let durationMs: Double

    enum CodingKeys: String, CodingKey { case now, durationMs = "duration_ms" }
}

/// `GET` and `POST /__mock/clock`.
public struct MockClockState: Sendable, Equatable, Decodable {
    /// The mock clock's now (to the second).
    public let now: Date
    /// The mock clock minus the wall clock, to the millisecond. 0 when it follows the wall clock.
    public let offsetSeconds: Double
    /// Whether the clock stands still (it moves only when moved); false, it runs with the wall clock.
    public let frozen: Bool

    enum CodingKeys: String, CodingKey { case now, offsetSeconds = "offset_seconds", frozen }
}

// MARK: - Outbox, companies, accounts

/// A mail the backend would have sent (`GET /__mock/outbox`).
public struct MockMail: Sendable, Equatable, Decodable, Identifiable {
    public let id: String
    public let to: String
    public let kind: MockMailKind
    public let subject: String
    public let body: String
    /// The 6-digit code, or nil for mail without one.
    public let code: String?
    public let sentAt: Date

    enum CodingKeys: String, CodingKey { case id, to, kind, subject, body, code, sentAt = "sent_at" }
}

/// A company and its status (`GET /__mock/companies`, `PATCH /__mock/companies/{id}`).
public struct MockCompany: Sendable, Equatable, Decodable, Identifiable {
    public let id: String
    public let name: String
    public let status: MockCompanyStatus
}

/// A staff user's standing (``MockControl/setUserStatus(_:to:)``).
public enum MockUserStatus: String, Sendable, Equatable, Codable, CaseIterable {
    case active
    /// Signing in answers `Account is deactivated`.
    case deactivated
    /// Signing in answers `Account has been archived and cannot login`.
    case archived
}

/// A staff user and their standing (`PATCH /__mock/users/{id}`).
public struct MockUser: Sendable, Equatable, Decodable, Identifiable {
    public let id: String
    public let email: String
    public let status: MockUserStatus
}

/// An account and how it signs in (`GET /__mock/accounts`).
public struct MockAccount: Sendable, Equatable, Decodable {
    public let email: String
    /// `staff` or `customer`.
    public let kind: MockSessionKind
    /// Staff only.
    public let role: String?
    /// The staff member's company, or the customer's companies (`Acme Repairs, Beta Tech`).
    public let company: String
    /// Staff only.
    public let companyStatus: MockCompanyStatus?
    /// `password123 + email code`, `magic link code`…
    public let signIn: String

    enum CodingKeys: String, CodingKey {
        case email, kind, role, company, companyStatus = "company_status", signIn = "sign_in"
    }
}

// MARK: - Journal

/// An app-API request the mock answered (`GET /__mock/requests`).
public struct MockJournalEntry: Sendable, Equatable, Decodable, Identifiable, CustomStringConvertible {
    /// From 1, in the order answered (restarts when the journal is cleared).
    public let id: Int
    public let method: String
    /// The path within its namespace (`/api/auth/refresh`).
    public let path: String
    /// The raw query string, or nil.
    public let query: String?
    /// 0 when a fault dropped the connection.
    public let status: Int
    public let durationMs: Double
    /// `staff:<user id>`, `customer:<client id>`, or nil (no valid token).
    public let who: String?
    /// The mock clock when it was answered.
    public let time: Date
    /// In a namespace on a replay seed: the journal's digest after this entry (two runs part at the
    /// first entry whose digest differs); nil otherwise.
    public let digest: String?

    enum CodingKeys: String, CodingKey { case id, method, path, query, status, durationMs = "duration_ms", who, time, digest }

    /// `#3 POST /api/auth/refresh → 401`.
    public var description: String { "#\(id) \(method) \(path)\(query.map { "?" + $0 } ?? "") → \(status)" }
}

// MARK: - Mail in

/// `POST /__mock/inbound-email`'s answer.
public struct MockInboundEmailResult: Sendable, Equatable, Decodable {
    public let ticketID: String
    public let ticketNumber: Int
    public let messageID: String
    /// True when the mail opened a new enquiry; false when it was added to `ticket_id`'s ticket.
    public let createdTicket: Bool

    enum CodingKeys: String, CodingKey {
        case ticketID = "ticket_id", ticketNumber = "ticket_number", messageID = "message_id"
        case createdTicket = "created_ticket"
    }
}

// MARK: - Snapshots and namespaces

/// `PUT /__mock/snapshot` and `POST /__mock/snapshot/pin`.
public struct MockStateChange: Sendable, Equatable, Decodable {
    /// The state file's size.
    public let bytes: Int
    public let durationMs: Double

    enum CodingKeys: String, CodingKey { case bytes, durationMs = "duration_ms" }
}

/// `GET /__mock/namespaces`.
public struct MockNamespaceList: Sendable, Equatable, Decodable {
    /// How many named namespaces the server keeps at once.
    public let max: Int
    public let idleTimeoutSeconds: Int
    /// Most recently used first; the default namespace is not listed.
    public let namespaces: [Entry]

    public struct Entry: Sendable, Equatable, Decodable {
        public let name: String
        public let createdAt: Date
        public let lastUsedAt: Date
        public let idleSeconds: Double

        enum CodingKeys: String, CodingKey {
            case name, createdAt = "created_at", lastUsedAt = "last_used_at", idleSeconds = "idle_seconds"
        }
    }

    enum CodingKeys: String, CodingKey { case max, idleTimeoutSeconds = "idle_timeout_seconds", namespaces }
}

/// `GET` and `PUT /__mock/replay`: a namespace's replay seed and the digest of its journal.
public struct MockReplay: Sendable, Equatable, Decodable {
    /// nil: the namespace invents its values at random.
    public let seed: String?
    /// nil: the default namespace.
    public let namespace: String?
    /// Where the clock starts, frozen, at every reset while on the seed; nil without one.
    public let clockStart: Date?
    /// The journal's entries since the last reset.
    public let requests: Int
    /// SHA-256 over every request and answer since the last reset, in order (docs/replay.md); nil
    /// without a seed. Same seed and same requests: the same digest.
    public let digest: String?

    enum CodingKeys: String, CodingKey { case seed, namespace, clockStart = "clock_start", requests, digest }
}

/// A namespace made for one test: the URL to hand the app, and a control of its own.
public struct MockNamespace: Sendable {
    /// 1–64 of `A-Z a-z 0-9 _ -`.
    public let name: String
    /// `http://127.0.0.1:8787/ns/<name>`: the app's base URL for this test.
    public let baseURL: URL
    /// The control API of this namespace only (its outbox, clock, faults, journal…).
    public let control: MockControl

    public init(name: String, baseURL: URL, control: MockControl) {
        self.name = name
        self.baseURL = baseURL
        self.control = control
    }

    /// A namespace name for `identity` (a test's name, `"-[LoginSnapshotTests testSignIn]"` or
    /// `"LoginSnapshotTests/signIn()"`): the same on every run, so that a replayed run finds the same
    /// namespace. Each character outside `A-Z a-z 0-9 _ -` becomes `-`; an identity longer than 64
    /// keeps its first 47 and a hash of the whole (`<first 47>-<16 hex digits>`).
    public static func name(for identity: String) -> String {
        var name = String(identity.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_" || scalar == "-") ? Character(scalar) : "-"
        })
        while name.hasPrefix("-") { name.removeFirst() }
        while name.hasSuffix("-") { name.removeLast() }
        if name.isEmpty { name = "test" }
        guard name.count > 64 else { return name }
        // FNV-1a (64 bits) of the whole identity: stable across runs and platforms, unlike `hashValue`.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in identity.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return name.prefix(47) + "-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Drops the namespace (`DELETE /__mock/namespaces/{name}`); its next request would start it afresh.
    public func drop() async throws {
        try await control.server.dropNamespace(name)
    }
}
