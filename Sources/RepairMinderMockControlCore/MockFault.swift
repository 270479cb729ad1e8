import Foundation

/// What a fault does instead of answering normally.
public enum MockFaultAction: String, Sendable, Equatable, Codable {
    /// Close the connection without answering (the request is not run).
    case dropConnection = "drop_connection"
    /// Send the head with the full `Content-Length` and half the body, then close.
    case truncateBody = "truncate_body"
    /// Wait, unanswered and not run, until released (``MockHold/release(then:count:)``), or until
    /// the hold ends (its timeout, a reset, the fault removed): then answered 503, saying why.
    case hold
}

/// What a released request does (``MockHold/release(then:count:)``).
public enum MockRelease: String, Sendable, Equatable, Codable {
    /// Run it and answer it.
    case answer
    /// Run it to its commit, then close the connection without an answer: the lost answer.
    case dropConnection = "drop_connection"
    /// Run it, then send the head and half the body.
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
    /// A hold's longest wait, 1–600000 ms (the mock's default: 30000); only with ``MockFaultAction/hold``.
    public var timeoutMs: Int?

    public init(method: String? = nil, path: String, count: Int? = nil, latencyMs: Int? = nil, status: Int? = nil,
                body: MockJSON? = nil, action: MockFaultAction? = nil, timeoutMs: Int? = nil) {
        self.method = method
        self.path = path
        self.count = count
        self.latencyMs = latencyMs
        self.status = status
        self.body = body
        self.action = action
        self.timeoutMs = timeoutMs
    }

    /// Requests of any method to `path`. Give it an effect next.
    public static func on(_ path: String) -> MockFaultRule { MockFaultRule(path: path) }

    /// Requests of `method` (`POST`) to `path`. Give it an effect next.
    public static func on(_ method: String, _ path: String) -> MockFaultRule { MockFaultRule(method: method, path: path) }

    /// Waits `latency` before answering (to the millisecond); alone, the real answer follows.
    public func delayed(by latency: Duration) -> MockFaultRule {
        var copy = self
        copy.latencyMs = Self.milliseconds(latency)
        return copy
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int((Double(attoseconds) / 1e15).rounded())
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

    /// Holds matching requests until released (``MockControl/hold(_:)`` gives the handle); after
    /// `timeout` (default: the mock's 30 s) a request still held is answered 503.
    public func holding(timeout: Duration? = nil) -> MockFaultRule {
        var copy = self
        copy.action = .hold
        copy.timeoutMs = timeout.map(Self.milliseconds)
        return copy
    }

    /// Only the next `count` matching requests (default: until cleared).
    public func times(_ count: Int) -> MockFaultRule {
        var copy = self
        copy.count = count
        return copy
    }

    enum CodingKeys: String, CodingKey {
        case method, path, count, latencyMs = "latency_ms", status, body, action, timeoutMs = "timeout_ms"
    }

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
        try container.encodeIfPresent(timeoutMs, forKey: .timeoutMs)
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
    /// A hold's longest wait in ms; nil for other actions.
    public let timeoutMs: Int?
    /// The requests it holds now, oldest first.
    public let held: [MockHeldRequest]

    enum CodingKeys: String, CodingKey {
        case id, method, path, remaining, latencyMs = "latency_ms", status, body, action, timeoutMs = "timeout_ms", held
    }
}

/// A request a hold keeps waiting (``MockFault/held``).
public struct MockHeldRequest: Sendable, Equatable, Decodable, Identifiable {
    /// Counts up in the namespace from 1.
    public let id: Int
    public let method: String
    public let path: String
    /// The mock's clock when it arrived (ISO 8601).
    public let heldAt: String

    enum CodingKeys: String, CodingKey { case id, method, path, heldAt = "held_at" }
}

/// A hold fault's handle (``MockControl/hold(_:)``): wait until requests are held, release them one
/// by one or all at once, and remove it.
///
/// ```swift
/// let gate = try await control.hold(.on("POST", "/api/auth/refresh"))
/// // … the app sends its refresh …
/// try await gate.waitUntilHeld()
/// try await gate.release(then: .dropConnection)   // the rotation commits, its answer is lost
/// ```
public struct MockHold: Sendable {
    public let control: MockControl
    /// The fault as the mock answered it.
    public let fault: MockFault

    public var id: Int { fault.id }

    /// The requests it holds now, oldest first (`GET /__mock/faults`).
    public func held() async throws -> [MockHeldRequest] {
        guard let current = try await control.faults().first(where: { $0.id == id }) else {
            throw MockControlError.refused(call: "GET /__mock/faults", status: 404, message: "Fault not found", code: nil)
        }
        return current.held
    }

    /// Waits until it holds at least `count` requests, and answers them, oldest first.
    @discardableResult
    public func waitUntilHeld(_ count: Int = 1, timeout: Duration = .seconds(10)) async throws -> [MockHeldRequest] {
        let what = "\(MockControl.count(count, "request")) held by fault \(id) (\(fault.method.map { $0 + " " } ?? "")\(fault.path))"
        return try await control.poll(what, timeout: timeout) {
            let held = try await held()
            return held.count >= count ? (held, "") : (nil, "\(held.count) held")
        }
    }

    /// `POST /__mock/faults/{id}/release`: lets the oldest `count` (nil: all) held requests go on as
    /// `then` says, one after another (each answered before the next goes), and answers how many went.
    @discardableResult
    public func release(then: MockRelease = .answer, count: Int? = nil) async throws -> Int {
        try await control.releaseFault(id: id, then: then, count: count).released
    }

    /// `DELETE /__mock/faults/{id}`: what it still holds is answered 503 (`X-Mock-Hold-End: fault_removed`).
    public func remove() async throws {
        try await control.removeFault(id: id)
    }
}

/// `POST /__mock/faults/{id}/release`'s answer.
public struct MockReleaseResult: Sendable, Equatable, Decodable {
    /// How many went on (each answered and journaled before the call answered).
    public let released: Int
    /// How many the fault still holds.
    public let held: Int
}
