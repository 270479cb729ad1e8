import Foundation

/// Which credential an endpoint presents.
public enum CredentialKind: String, Sendable, Hashable {
    /// No `Authorization` header (login, magic-link requests, refresh).
    case none
    /// The staff access token; a 401 triggers one refresh and one retry.
    case staff
    /// The customer JWT; a 401 ends the customer session (there is no refresh token).
    case customer
}

/// A query parameter.
public struct QueryItem: Sendable, Hashable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A typed request: method, path, query, JSON body, which credential it presents,
/// and the type its envelope's `data` decodes to.
///
/// Build them with the functions in ``API`` rather than with strings at call sites.
public struct Endpoint<Payload: Decodable & Sendable>: Sendable {
    public var method: APIClient.Request.Method
    /// Path below the base URL, starting with `/`, e.g. `/api/auth/login`.
    public var path: String
    public var query: [QueryItem]
    /// Encoded as JSON when the request is sent.
    public var body: (any Encodable & Sendable)?
    public var credential: CredentialKind
    /// True for `POST /api/auth/refresh` only: its own 401 never triggers a refresh.
    var isTokenRefresh: Bool

    public var requiresAuth: Bool { credential != .none }

    public init(
        _ method: APIClient.Request.Method,
        _ path: String,
        query: [QueryItem] = [],
        body: (any Encodable & Sendable)? = nil,
        credential: CredentialKind = .none,
        as payload: Payload.Type = Payload.self
    ) {
        self.init(method, path, query: query, body: body, credential: credential, isTokenRefresh: false)
    }

    /// The refresh endpoint's initializer (``API/StaffAuth`` `refresh(refreshToken:)`).
    init(_ method: APIClient.Request.Method, _ path: String, query: [QueryItem] = [],
         body: (any Encodable & Sendable)? = nil, credential: CredentialKind = .none, isTokenRefresh: Bool) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
        self.credential = credential
        self.isTokenRefresh = isTokenRefresh
    }
}

/// The payload type of endpoints whose success answer carries no `data` (`{"success": true}`).
public struct EmptyPayload: Decodable, Sendable, Hashable {
    public init() {}
    public init(from decoder: any Decoder) throws {}
}

@available(*, deprecated, renamed: "EmptyPayload")
public typealias EmptyResponse = EmptyPayload

/// The payload type of endpoints that answer bytes rather than the JSON envelope (a ticket
/// attachment). Error answers are still the JSON envelope and map as usual.
public struct BinaryBody: Decodable, Sendable, Hashable {
    public var data: Data
    /// `Content-Type` of the answer.
    public var contentType: String?
    /// The `filename` of `Content-Disposition`, if any.
    public var filename: String?

    init(_ response: APIClient.Response) {
        data = response.body
        contentType = response.headers["content-type"]
        filename = response.headers["content-disposition"].flatMap(Self.filename(inDisposition:))
    }

    /// `attachment; filename="price list.pdf"` → `price list.pdf`.
    static func filename(inDisposition value: String) -> String? {
        guard let range = value.range(of: "filename=") else { return nil }
        var name = value[range.upperBound...]
        if let end = name.firstIndex(of: ";") { name = name[..<end] }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix("\"") && trimmed.hasSuffix("\"") && trimmed.count >= 2
            ? String(trimmed.dropFirst().dropLast()) : trimmed
    }

    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath, debugDescription: "BinaryBody is not decoded from JSON"))
    }
}
