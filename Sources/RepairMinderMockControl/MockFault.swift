import Foundation

/// What a fault does instead of answering normally.
public enum MockFaultAction: String, Sendable, Equatable, Codable {
    /// Close the connection without answering (the request is not run).
    case dropConnection = "drop_connection"
    /// Send the head with the full `Content-Length` and half the body, then close.
    case truncateBody = "truncate_body"
}

/// A fault to add with ``MockControl/addFault(_:)``: which requests (method, path pattern, how many)
/// and what happens to them (latency, a status and body, a dropped connection, a truncated body).
///
/// ```swift
/// try await control.addFault(.on("POST", "/api/auth/refresh").failing(status: 503).times(1))
/// try await control.addFault(.on("/api/orders*").delayed(by: .seconds(2)))
/// try await control.addFault(.on("GET", "/api/auth/me").droppingConnection())
/// ```
///
/// Paths are patterns as in the journal: exact, `:name` for one segment, or a trailing `*`. The mock
/// checks the rule (``MockControlError/refused(call:status:message:code:)`` with a 400 naming the field).
public struct MockFaultRule: Sendable, Equatable, Encodable {
    /// Upper case; nil: any method.
    public var method: String?
    public var path: String
    /// The next N matching requests; nil: until cleared.
    public var count: Int?
    /// 0–60000.
    public var latencyMs: Int?
    /// 200–599: answer this instead of running the request.
    public var status: Int?
    /// Sent as it is with `status`; nil: `{"success": false, "error": "Injected fault"}`.
    public var body: MockJSON?
    public var action: MockFaultAction?

    public init(method: String? = nil, path: String, count: Int? = nil, latencyMs: Int? = nil, status: Int? = nil,
                body: MockJSON? = nil, action: MockFaultAction? = nil) {
        self.method = method
        self.path = path
        self.count = count
        self.latencyMs = latencyMs
        self.status = status
        self.body = body
        self.action = action
    }

    /// Requests of any method to `path`. Give it an effect next.
    public static func on(_ path: String) -> MockFaultRule { MockFaultRule(path: path) }

    /// Requests of `method` (`POST`) to `path`. Give it an effect next.
    public static func on(_ method: String, _ path: String) -> MockFaultRule { MockFaultRule(method: method, path: path) }

    /// Waits `latency` before answering (to the millisecond); alone, the real answer follows.
    public func delayed(by latency: Duration) -> MockFaultRule {
        var copy = self
        let (seconds, attoseconds) = latency.components
        copy.latencyMs = Int(seconds) * 1000 + Int((Double(attoseconds) / 1e15).rounded())
        return copy
    }

    /// Answers `status` with `body` (default: the mock's `{"success": false, "error": "Injected fault"}`)
    /// without running the request.
    public func failing(status: Int, body: MockJSON? = nil) -> MockFaultRule {
        var copy = self
        copy.status = status
        copy.body = body
        return copy
    }

    /// Closes the connection without answering.
    public func droppingConnection() -> MockFaultRule {
        var copy = self
        copy.action = .dropConnection
        return copy
    }

    /// Sends half of the body (of the real answer, or of `status`'s).
    public func truncatingBody() -> MockFaultRule {
        var copy = self
        copy.action = .truncateBody
        return copy
    }

    /// Only the next `count` matching requests (default: until cleared).
    public func times(_ count: Int) -> MockFaultRule {
        var copy = self
        copy.count = count
        return copy
    }

    enum CodingKeys: String, CodingKey { case method, path, count, latencyMs = "latency_ms", status, body, action }

    /// Only the keys that are set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(method, forKey: .method)
        try container.encode(path, forKey: .path)
        try container.encodeIfPresent(count, forKey: .count)
        try container.encodeIfPresent(latencyMs, forKey: .latencyMs)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encodeIfPresent(body, forKey: .body)
        try container.encodeIfPresent(action, forKey: .action)
    }
}

/// An active fault (`POST`/`GET /__mock/faults`).
public struct MockFault: Sendable, Equatable, Decodable, Identifiable {
    public let id: Int
    public let method: String?
    public let path: String
    /// Uses left; nil: until cleared.
    public let remaining: Int?
    public let latencyMs: Int?
    public let status: Int?
    public let body: MockJSON?
    public let action: MockFaultAction?

    enum CodingKeys: String, CodingKey { case id, method, path, remaining, latencyMs = "latency_ms", status, body, action }
}
