import Foundation

/// The control API (`/__mock/…`) as the test targets call it: one set of helpers for the server
/// tests (which send requests straight to the dispatcher) and the integration tests (which talk
/// HTTP). It knows the paths, bodies and answers of the control calls; how a request travels is the
/// caller's `Transport`. Collections come back as the JSON text of the envelope's `data`, for each
/// target to read with its own JSON type.
public struct MockControl: Sendable {
    public struct Reply: Sendable {
        public let status: Int
        public let body: Data
        public init(status: Int, body: Data) {
            self.status = status
            self.body = body
        }
    }

    /// Sends one request: method, path (with its query) and an optional JSON body.
    public typealias Transport = @Sendable (_ method: String, _ path: String, _ json: Data?) async throws -> Reply

    private let transport: Transport

    public init(_ transport: @escaping Transport) { self.transport = transport }

    // MARK: Outbox

    /// `GET /__mock/outbox`: the mails, newest first, as the JSON text of `data`.
    public func outbox(to email: String? = nil, kind: String? = nil) async throws -> Data {
        try await data("GET", "/__mock/outbox" + Self.query(["to": email, "kind": kind]))
    }

    /// The code of the newest mail to `email` of `kind` (`staff_2fa`, `staff_magic_link`,
    /// `customer_magic_link`), or nil when none was sent.
    public func latestCode(to email: String, kind: String) async throws -> String? {
        struct Mail: Decodable { let code: String? }
        return try JSONDecoder().decode([Mail].self, from: try await outbox(to: email, kind: kind)).first?.code
    }

    // MARK: Clock

    /// The mock clock's now as the API writes it (`2026-11-21T12:00:00Z`).
    public func clockNow() async throws -> String {
        struct Clock: Decodable { let now: String }
        return try JSONDecoder().decode(Clock.self, from: try await data("GET", "/__mock/clock")).now
    }

    public func advanceClock(seconds: Double) async throws {
        try await expectSuccess("POST", "/__mock/clock", json: ["advance_seconds": seconds])
    }

    /// Sets the clock to an instant (`2026-11-21T12:00:00Z` is the seed's reference time).
    public func setClock(_ now: String) async throws {
        try await expectSuccess("POST", "/__mock/clock", json: ["now": now])
    }

    // MARK: Companies

    /// `PATCH /__mock/companies/{id}`: `active`, `pending_approval` or `suspended`.
    public func setCompanyStatus(_ companyID: String, _ status: String) async throws {
        try await expectSuccess("PATCH", "/__mock/companies/\(companyID)", json: ["status": status])
    }

    // MARK: Pushes and mail in

    /// `GET /__mock/push`: the pushes recorded (to `deviceToken` only when given), newest first,
    /// as the JSON text of `data`.
    public func pushes(deviceToken: String? = nil) async throws -> Data {
        try await data("GET", "/__mock/push" + Self.query(["device_token": deviceToken]))
    }

    /// `POST /__mock/inbound-email`: mail a customer sends to a company address (an enquiry, or
    /// an answer on `ticketID`'s). The reply is returned as it came, for tests of its refusals.
    public func inboundEmail(to: String, from: String, fromName: String? = nil, subject: String, body: String,
                             ticketID: String? = nil) async throws -> Reply {
        var json: [String: String] = ["to": to, "from": from, "subject": subject, "body": body]
        if let fromName { json["from_name"] = fromName }
        if let ticketID { json["ticket_id"] = ticketID }
        return try await transport("POST", "/__mock/inbound-email", try JSONSerialization.data(withJSONObject: json))
    }

    // MARK: Journal and faults

    /// `GET /__mock/requests`, filtered by method and path pattern, as the JSON text of `data`.
    public func journal(method: String? = nil, path: String? = nil) async throws -> Data {
        try await data("GET", "/__mock/requests" + Self.query(["method": method, "path": path]))
    }

    public func clearJournal() async throws { try await expectSuccess("DELETE", "/__mock/requests") }

    /// `POST /__mock/faults` with a fault rule (`{"method", "path", "status"|"action", …}`).
    public func addFault(_ fault: [String: any Sendable]) async throws {
        try await expectSuccess("POST", "/__mock/faults", json: fault)
    }

    public func clearFaults() async throws { try await expectSuccess("DELETE", "/__mock/faults") }

    // MARK: Plumbing

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The `data` of a 2xx answer as JSON text; anything else throws, naming the call and its answer.
    public func data(_ method: String, _ path: String, json: [String: any Sendable]? = nil) async throws -> Data {
        let reply = try await expectSuccess(method, path, json: json)
        guard let envelope = try JSONSerialization.jsonObject(with: reply.body) as? [String: Any],
              let data = envelope["data"] else {
            throw Failure(description: "\(method) \(path): no data in \(String(decoding: reply.body, as: UTF8.self))")
        }
        return try JSONSerialization.data(withJSONObject: data, options: [.fragmentsAllowed, .withoutEscapingSlashes])
    }

    @discardableResult
    private func expectSuccess(_ method: String, _ path: String, json: [String: any Sendable]? = nil) async throws -> Reply {
        let body = try json.map { try JSONSerialization.data(withJSONObject: $0) }
        let reply = try await transport(method, path, body)
        guard (200..<300).contains(reply.status) else {
            throw Failure(description: "\(method) \(path) → \(reply.status) \(String(decoding: reply.body, as: UTF8.self))")
        }
        return reply
    }

    /// `?a=1&b=2` of the items that have a value, percent-encoded (`+` included), or "".
    static func query(_ items: KeyValuePairs<String, String?>) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "+&=?")
        let parts = items.compactMap { name, value in
            value.map { "\(name)=\($0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0)" }
        }
        return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
    }
}
