import Foundation

/// The one client of the Repair Minder API, shared by the staff and customer halves of the app.
///
/// It builds requests from ``Endpoint`` values, presents the right credential, unwraps the
/// `{success, data, pagination}` envelope, maps error answers to ``RepairMinderError``, and
/// refreshes staff tokens (single-flight) when the server answers 401.
/// Every method throws only ``RepairMinderError``.
public final class APIClient: Sendable {
    public struct Configuration: Sendable, Hashable {
        /// The mobile User-Agent: the server grants 90-day refresh tokens to it.
        public static let defaultUserAgent = "RepairMinder-iOS/1.0 (iPhone; iOS 17.0)"

        /// e.g. `http://127.0.0.1:8787`; endpoint paths are appended to it.
        public var baseURL: URL
        public var userAgent: String
        public var refreshPolicy: RefreshPolicy
        /// Strict decoding: an answer with a key no model reads, or an enum value
        /// the client does not know, fails with ``RepairMinderError/decoding(keyPath:message:)``.
        /// For debug builds and tests against the mock; leave it off in release builds.
        public var strictDecoding: Bool

        public init(baseURL: URL, userAgent: String = Configuration.defaultUserAgent,
                    refreshPolicy: RefreshPolicy = .singleFlight, strictDecoding: Bool = false) {
            self.baseURL = baseURL
            self.userAgent = userAgent
            self.refreshPolicy = refreshPolicy
            self.strictDecoding = strictDecoding
        }
    }

    public let configuration: Configuration
    public let tokenStore: any TokenStore
    public let transport: any HTTPTransport
    /// The single-flight refresher of this client. Clients sharing a store each have their own;
    /// they coordinate through the store re-read.
    let refresher: TokenRefresher
    /// The clock used for `expiresAt` and proactive refresh.
    let now: @Sendable () -> Date

    /// - Parameters:
    ///   - tokenStore: where credentials live; share one between clients to act as an app and
    ///     its extension.
    ///   - transport: ``URLSessionTransport`` unless you supply another.
    public convenience init(configuration: Configuration,
                            tokenStore: any TokenStore = InMemoryTokenStore(),
                            transport: any HTTPTransport = URLSessionTransport()) {
        self.init(configuration: configuration, tokenStore: tokenStore, transport: transport, now: { Date() })
    }

    /// - Parameter now: the clock used for `expiresAt` and proactive refresh (tests move it).
    init(configuration: Configuration, tokenStore: any TokenStore, transport: any HTTPTransport,
         now: @escaping @Sendable () -> Date) {
        self.configuration = configuration
        self.tokenStore = tokenStore
        self.transport = transport
        self.now = now
        let config = configuration
        self.refresher = TokenRefresher(store: tokenStore, now: now) { refreshToken in
            try await APIClient.execute(API.StaffAuth.refresh(refreshToken: refreshToken),
                                        authorization: nil, configuration: config, transport: transport).data
        }
    }

    public convenience init(baseURL: URL, tokenStore: any TokenStore = InMemoryTokenStore(),
                            transport: any HTTPTransport = URLSessionTransport()) {
        self.init(configuration: Configuration(baseURL: baseURL), tokenStore: tokenStore, transport: transport)
    }

    // MARK: - Sending

    /// Sends `endpoint` and returns its `data`.
    public func send<Payload>(_ endpoint: Endpoint<Payload>) async throws -> Payload {
        try await response(endpoint).data
    }

    /// Sends `endpoint` and returns `data` with the `pagination` of list answers, and the HTTP
    /// status code and headers of the answer (of the retried request, when a 401 was refreshed).
    public func response<Payload>(_ endpoint: Endpoint<Payload>) async throws -> APIResponse<Payload> {
        do {
            switch endpoint.credential {
            case .none:
                return try await Self.execute(endpoint, authorization: nil,
                                              configuration: configuration, transport: transport)
            case .customer:
                return try await sendAsCustomer(endpoint)
            case .staff:
                return try await sendAsStaff(endpoint)
            }
        } catch {
            throw RepairMinderError.wrap(error)
        }
    }

    /// Refreshes the staff tokens now (single-flight with any refresh triggered by a 401).
    @discardableResult
    public func refreshStaffTokens() async throws -> StaffCredentials {
        do {
            guard let current = try await TokenRefresher.read(tokenStore) else {
                throw RepairMinderError.sessionEnded(reason: .loggedOut)
            }
            return try await refresh(after: current)
        } catch {
            throw RepairMinderError.wrap(error)
        }
    }

    private func sendAsStaff<Value>(_ endpoint: Endpoint<Value>) async throws -> APIResponse<Value> {
        guard var credentials = try await TokenRefresher.read(tokenStore) else {
            throw RepairMinderError.sessionEnded(reason: .loggedOut)
        }
        if let margin = configuration.refreshPolicy.proactiveMargin, let expiresAt = credentials.expiresAt,
           expiresAt.timeIntervalSince(now()) < margin {
            do {
                credentials = try await refresh(after: credentials)
            } catch RepairMinderError.transport, RepairMinderError.server {
                // Keep the current token; the 401 path below still applies.
            }
        }
        let raw = try await Self.transmit(endpoint, authorization: credentials.accessToken,
                                          configuration: configuration, transport: transport)
        guard raw.statusCode == 401, !endpoint.isTokenRefresh else {
            return try Self.decode(raw, as: Value.self, strict: configuration.strictDecoding)
        }
        // Refresh once, retry once. A second 401 is mapped as is (`unauthorized`): no loop.
        let fresh = try await refresh(after: credentials)
        let retried = try await Self.transmit(endpoint, authorization: fresh.accessToken,
                                              configuration: configuration, transport: transport)
        return try Self.decode(retried, as: Value.self, strict: configuration.strictDecoding)
    }

    private func refresh(after credentials: StaffCredentials) async throws -> StaffCredentials {
        if configuration.refreshPolicy.coalescing {
            return try await refresher.credentials(replacing: credentials.accessToken)
        } else {
            return try await refresher.refreshWithoutCoordination(presenting: credentials)
        }
    }

    private func sendAsCustomer<Value>(_ endpoint: Endpoint<Value>) async throws -> APIResponse<Value> {
        let credentials: CustomerCredentials?
        do {
            credentials = try await tokenStore.customerCredentials()
        } catch {
            throw RepairMinderError.transport("token store: \(error.localizedDescription)")
        }
        guard let credentials else { throw RepairMinderError.sessionEnded(reason: .loggedOut) }
        let raw = try await Self.transmit(endpoint, authorization: credentials.token,
                                          configuration: configuration, transport: transport)
        if raw.statusCode == 401 {
            // No refresh token for customers: the session is over. Leave newer credentials alone.
            if let current = try? await tokenStore.customerCredentials(), current.token == credentials.token {
                try? await tokenStore.saveCustomerCredentials(nil)
            }
            throw RepairMinderError.sessionEnded(reason: .tokenRejected)
        }
        return try Self.decode(raw, as: Value.self, strict: configuration.strictDecoding)
    }

    // MARK: - The one place requests are built and answers decoded

    static func execute<Value>(_ endpoint: Endpoint<Value>, authorization: String?,
                               configuration: Configuration,
                               transport: any HTTPTransport) async throws -> APIResponse<Value> {
        let raw = try await transmit(endpoint, authorization: authorization,
                                     configuration: configuration, transport: transport)
        return try decode(raw, as: Value.self, strict: configuration.strictDecoding)
    }

    static func transmit<Value>(_ endpoint: Endpoint<Value>, authorization: String?,
                                configuration: Configuration,
                                transport: any HTTPTransport) async throws -> Response {
        let request = try makeRequest(endpoint, authorization: authorization, configuration: configuration)
        do {
            return try await transport.send(request)
        } catch {
            throw RepairMinderError.wrap(error)
        }
    }

    /// Builds the HTTP request of `endpoint`.
    static func makeRequest<Value>(_ endpoint: Endpoint<Value>, authorization: String?,
                                   configuration: Configuration) throws -> Request {
        var base = configuration.baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard var components = URLComponents(string: base + endpoint.path) else {
            throw RepairMinderError.validation(message: "Invalid URL: \(base + endpoint.path)")
        }
        if !endpoint.query.isEmpty {
            components.queryItems = endpoint.query.map { URLQueryItem(name: $0.name, value: $0.value) }
            // `queryItems` leaves `+` as it is, and the backend (`URLSearchParams`) reads it as a
            // space: `jane+test@…` would be searched for as `jane test@…`. A plus sign is `%2B`.
            components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        }
        guard let url = components.url else {
            throw RepairMinderError.validation(message: "Invalid URL: \(base + endpoint.path)")
        }
        var headers = [
            "Content-Type": "application/json",
            "Accept": "application/json",
            "User-Agent": configuration.userAgent,
        ]
        if let authorization { headers["Authorization"] = "Bearer \(authorization)" }
        var body: Data?
        if let payload = endpoint.body {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            do {
                body = try encoder.encode(payload)
            } catch {
                throw RepairMinderError.validation(message: "Cannot encode request body: \(error.localizedDescription)")
            }
        }
        return Request(method: endpoint.method, url: url, headers: headers, body: body)
    }

    private struct Probe: Decodable {
        var success: Bool?
        var error: String?
        var code: String?
    }

    /// Decodes an answer: a 2xx with `success: true` unwraps `data`; anything else is mapped by
    /// ``RepairMinderError/map(status:message:code:)``.
    /// With `strict`, decoding goes through ``StrictDecoding`` (every key must be read).
    static func decode<Value>(_ raw: Response, as type: Value.Type,
                              strict: Bool = false) throws -> APIResponse<Value> {
        let decoder = JSONDecoder()
        let probe = try? decoder.decode(Probe.self, from: raw.body)
        guard (200..<300).contains(raw.statusCode), probe?.success != false else {
            throw RepairMinderError.map(status: raw.statusCode, message: probe?.error, code: probe?.code)
        }
        func answer(_ data: Value, _ pagination: Pagination?) -> APIResponse<Value> {
            APIResponse(data: data, pagination: pagination, statusCode: raw.statusCode, headers: raw.headers)
        }
        if let binary = BinaryBody(raw) as? Value {
            return answer(binary, nil)
        }
        if raw.body.isEmpty, let empty = EmptyPayload() as? Value {
            return answer(empty, nil)
        }
        do {
            let envelope = strict
                ? try StrictDecoding.decode(SuccessEnvelope<Value>.self, from: raw.body)
                : try decoder.decode(SuccessEnvelope<Value>.self, from: raw.body)
            return answer(envelope.data, envelope.pagination)
        } catch let error as DecodingError {
            throw RepairMinderError.from(error)
        }
    }
}
