import Foundation
import Logging
import Testing
import MockHTTP
@testable import MockServer
@testable import MockBasics
@testable import MockRouting
import MockConcurrency
import MockTestSupport
import RepairMinderMockControl

/// The control API's boundary against the browser (docs/control-api.md#the-browser-boundary),
/// over real sockets: a foreign `Origin` is refused (403) and never echoed on `/__mock/…`, a rebound
/// `Host` is refused without a control token, and the app API's CORS stays open.
@Suite struct ControlBoundaryTests {
    static let evil = "https://evil.example"
    static func foreignOrigin(_ origin: String) -> String {
        #"{"success":false,"error":"Forbidden: Origin \#(origin) is not this mock's page or loopback"}"#
    }
    static func reboundHost(_ host: String, name: String) -> String {
        #"{"success":false,"error":"Forbidden: Host \#(host) is a domain name, which a web page can point at this machine (DNS rebinding): allow it with --allowed-host \#(name) (REPAIRMINDER_MOCK_ALLOWED_HOST), or set a --control-token"}"#
    }

    /// One request on its own connection (`Connection: close`), as bytes on a socket: the test
    /// chooses `Host` (nil: none, as HTTP/1.0 allows) and every other field.
    struct Raw {
        let status: Int
        let headers: [(name: String, value: String)]
        let body: String

        func header(_ name: String) -> String? { headers.first { $0.name == name.lowercased() }?.value }
        /// Every `access-control-*` field of the answer.
        var corsHeaders: [String] { headers.map(\.name).filter { $0.hasPrefix("access-control-") } }
        var json: JSONValue { (try? JSONDecoder().decode(JSONValue.self, from: Data(body.utf8))) ?? .null }

        static func send(_ server: MockServer, _ method: String, _ path: String, host: String? = "",
                         origin: String? = nil, headers: [(String, String)] = [], body: String? = nil) throws -> Raw {
            let host = host == "" ? "127.0.0.1:\(server.port)" : host
            var head = "\(method) \(path) \(host == nil ? "HTTP/1.0" : "HTTP/1.1")\r\n"
            if let host { head += "Host: \(host)\r\n" }
            if let origin { head += "Origin: \(origin)\r\n" }
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
            head += "Connection: close\r\n\r\n" + (body ?? "")
            let text = String(decoding: try LoopbackSocket.exchange(port: server.port, head), as: UTF8.self)
            guard let end = text.range(of: "\r\n\r\n") else { throw TestFailure("no answer to \(method) \(path): \(text)") }
            let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
            let status = Int(lines[0].split(separator: " ")[1]) ?? 0
            let fields = lines.dropFirst().map { line in
                let colon = line.firstIndex(of: ":")!
                return (name: line[..<colon].lowercased(), value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            return Raw(status: status, headers: fields, body: String(text[end.upperBound...]))
        }
    }

    /// A listening mock of the test's own.
    static func withServer(_ configure: (inout MockServerConfiguration) -> Void = { _ in },
                           _ body: (MockServer) async throws -> Void) async throws {
        try await withStarted({ try MockServer.startedForTesting(configure) }, body)
    }

    static func namespaces(_ server: MockServer) throws -> [String] {
        let reply = try Raw.send(server, "GET", "/__mock/namespaces")
        return reply.json["data"]?["namespaces"]?.array?.compactMap { $0["name"]?.string } ?? []
    }

    static func acmeStatus(_ server: MockServer) throws -> String? {
        let companies = try Raw.send(server, "GET", "/__mock/companies").json["data"]?.array ?? []
        return companies.first { $0["id"]?.string == MockSeed.Company.acme }?["status"]?.string
    }

    // MARK: Origin

    @Test func aForeignOriginIsRefusedOnEveryControlCallAndChangesNothing() async throws {
        try await Self.withServer { server in
            let before = try server.environment.store.dumpAllTables()
            let calls: [(String, String, String?)] = [
                ("GET", "/__mock/outbox", nil),
                ("GET", "/__mock/health", nil),
                ("GET", "/__mock/", nil),
                ("POST", "/__mock/sessions", #"{"email":"admin@acme.test"}"#),
                ("POST", "/__mock/reset", nil),
                ("POST", "/__mock/clock", #"{"advance_seconds":86400}"#),
                ("PATCH", "/__mock/companies/\(MockSeed.Company.acme)", #"{"status":"suspended"}"#),
                ("POST", "/__mock/faults", #"{"path":"/api/auth/me","status":503}"#),
                ("POST", "/__mock/mcp", #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#),
                ("GET", "/ns/a/__mock/clock", nil),
                ("POST", "/ns/a/__mock/reset", nil),
            ]
            for (method, path, body) in calls {
                let reply = try Raw.send(server, method, path, origin: Self.evil, body: body)
                #expect(reply.status == 403, "\(method) \(path)")
                #expect(reply.body == Self.foreignOrigin(Self.evil), "\(method) \(path)")
                #expect(reply.header("Content-Type") == "application/json; charset=utf-8")
                #expect(reply.corsHeaders.isEmpty, "\(method) \(path): \(reply.corsHeaders)")
            }
            #expect(try server.environment.store.dumpAllTables() == before, "nothing was written")
            #expect(try Self.acmeStatus(server) == "active")
            #expect(try Raw.send(server, "GET", "/__mock/faults").json["data"] == [])
            #expect(try Self.namespaces(server).isEmpty, "no namespace was made")
            #expect(try Raw.send(server, "GET", "/__mock/health").status == 200, "health without an Origin: probes")
        }
    }

    /// Names that only look like loopback or like the mock, `null`, other schemes: all foreign.
    @Test(arguments: [
        "null", "http://localhost.evil.example:8787", "http://127.0.0.1.nip.io", "http://evil.example",
        "http://127.0.0.1@evil.example", "file://", "chrome-extension://abcdef", "http://192.168.1.20:8787",
        "http://localhost:8787/", "http://[::2]:8787", "ws://127.0.0.1:8787",
    ])
    func originsThatAreNotLoopbackOrTheMocksOwnAreForeign(origin: String) async throws {
        try await Self.withServer { server in
            let reply = try Raw.send(server, "GET", "/__mock/clock", origin: origin)
            #expect(reply.status == 403)
            #expect(reply.body == Self.foreignOrigin(origin))
            #expect(reply.header("Access-Control-Allow-Origin") == nil)
        }
    }

    @Test func aForeignPreflightIsRefusedWithoutCORSHeaders() async throws {
        try await Self.withServer { server in
            for path in ["/__mock/reset", "/__mock/sessions", "/__mock/health", "/ns/a/__mock/clock"] {
                let reply = try Raw.send(server, "OPTIONS", path, origin: Self.evil, headers: [
                    ("Access-Control-Request-Method", "POST"), ("Access-Control-Request-Headers", "content-type"),
                    ("Access-Control-Request-Private-Network", "true"),
                ])
                #expect(reply.status == 403, "\(path)")
                #expect(reply.body == Self.foreignOrigin(Self.evil), "\(path)")
                #expect(reply.corsHeaders.isEmpty, "\(path): \(reply.corsHeaders)")
            }
            #expect(try Self.namespaces(server).isEmpty)
        }
    }

    @Test func loopbackOriginsAndTheMocksOwnPageAreServedAndEchoed() async throws {
        try await Self.withServer { server in
            let port = server.port
            for origin in ["http://127.0.0.1:\(port)", "http://localhost:5173", "http://[::1]:8787", "https://localhost",
                           "http://127.0.0.1", "HTTP://LocalHost:3000", "http://127.8.9.10:1"] {
                let reply = try Raw.send(server, "GET", "/__mock/clock", origin: origin)
                #expect(reply.status == 200, "\(origin): \(reply.body)")
                #expect(reply.header("Access-Control-Allow-Origin") == origin)
                let preflight = try Raw.send(server, "OPTIONS", "/__mock/reset", origin: origin, headers: [
                    ("Access-Control-Request-Method", "POST"), ("Access-Control-Request-Private-Network", "true"),
                ])
                #expect(preflight.status == 204, "\(origin)")
                #expect(preflight.header("Access-Control-Allow-Origin") == origin)
                #expect(preflight.header("Access-Control-Allow-Private-Network") == "true")
            }
            // The console page as a compose service serves it: its own origin, a single-label Host.
            let console = try Raw.send(server, "POST", "/__mock/clock", host: "mock:8787", origin: "http://mock:8787",
                                       body: #"{"advance_seconds":1}"#)
            #expect(console.status == 200, "\(console.body)")
            #expect(console.header("Access-Control-Allow-Origin") == "http://mock:8787")
            // The page on a LAN address, reached by that address (a device on the network).
            let lan = try Raw.send(server, "GET", "/__mock/outbox", host: "192.168.1.20:8787", origin: "http://192.168.1.20:8787")
            #expect(lan.status == 200)
            #expect(lan.header("Access-Control-Allow-Origin") == "http://192.168.1.20:8787")
        }
    }

    // MARK: Host

    @Test func aReboundHostIsRefusedOnEveryControlPathAndMakesNoNamespace() async throws {
        try await Self.withServer { server in
            let host = "evil.example:\(server.port)"
            for (method, path) in [("GET", "/__mock/clock"), ("GET", "/__mock/health"), ("GET", "/__mock/"),
                                   ("POST", "/__mock/reset"), ("GET", "/ns/a/__mock/clock"), ("POST", "/ns/a/__mock/reset")] {
                let reply = try Raw.send(server, method, path, host: host, body: method == "POST" ? "{}" : nil)
                #expect(reply.status == 403, "\(method) \(path)")
                #expect(reply.body == Self.reboundHost(host, name: "evil.example"), "\(method) \(path)")
            }
            // The page of the rebound name is "same origin" by its own Host: the Host rule still refuses it.
            let samePage = try Raw.send(server, "GET", "/__mock/clock", host: host, origin: "http://\(host)")
            #expect(samePage.status == 403)
            #expect(samePage.body == Self.reboundHost(host, name: "evil.example"))
            #expect(samePage.header("Access-Control-Allow-Origin") == nil)
            let preflight = try Raw.send(server, "OPTIONS", "/__mock/reset", host: host, origin: "http://\(host)",
                                         headers: [("Access-Control-Request-Method", "POST")])
            #expect(preflight.status == 403)
            #expect(preflight.corsHeaders.isEmpty)
            #expect(try Self.namespaces(server).isEmpty, "the namespace was not made")
            // The app API does not judge Host.
            #expect(try Raw.send(server, "GET", "/api/auth/me", host: host).status == 401)
        }
    }

    @Test(arguments: [
        "127.0.0.1", "127.0.0.1:8787", "localhost:8787", "LOCALHOST", "[::1]:8787", "[::1]", "192.168.1.20:8787",
        "10.0.0.2", "[fe80::1]:8787", "[2001:db8::5]", "mock:8787", "mock", "repairminder-mock:8787",
    ])
    func loopbackIPLiteralsAndSingleLabelNamesPass(host: String) async throws {
        try await Self.withServer { server in
            let reply = try Raw.send(server, "GET", "/__mock/clock", host: host)
            #expect(reply.status == 200, "\(reply.body)")
        }
    }

    @Test(arguments: [
        ("dev.example.com:8787", true), ("DEV.Example.com", true), ("corp.example", true), ("a.b.corp.example:1", true),
        ("evil.dev.example.com", false), ("xcorp.example", false), ("dev.example.com.evil.example", false),
        ("[not-an-address]:8787", false), ("127.0.0.1.nip.io", false), ("mock.", false),
    ])
    func allowedHostsPassAndOtherNamesDoNot(host: String, passes: Bool) async throws {
        try await Self.withServer({ $0.allowedHosts = ["dev.example.com", ".corp.example"] }) { server in
            let reply = try Raw.send(server, "GET", "/__mock/clock", host: host)
            #expect(reply.status == (passes ? 200 : 403), "\(reply.body)")
        }
    }

    @Test func aRequestWithoutHostOrOriginIsServed() async throws {
        try await Self.withServer { server in
            let reply = try Raw.send(server, "GET", "/__mock/health", host: nil)   // HTTP/1.0, no Host
            #expect(reply.status == 200)
            #expect(reply.json["data"]?["status"] == "ok")
        }
    }

    // MARK: The app API, the token, the control API off

    @Test func theAppAPIsCORSStaysOpenToAnyOrigin() async throws {
        try await Self.withServer { server in
            let me = try Raw.send(server, "GET", "/api/auth/me", origin: Self.evil)
            #expect(me.status == 401)
            #expect(me.header("Access-Control-Allow-Origin") == Self.evil)
            let preflight = try Raw.send(server, "OPTIONS", "/api/orders", origin: Self.evil, headers: [
                ("Access-Control-Request-Method", "GET"), ("Access-Control-Request-Headers", "authorization"),
                ("Access-Control-Request-Private-Network", "true"),
            ])
            #expect(preflight.status == 204)
            #expect(preflight.header("Access-Control-Allow-Origin") == Self.evil)
            #expect(preflight.header("Access-Control-Allow-Private-Network") == "true")
            let namespaced = try Raw.send(server, "GET", "/ns/a/api/auth/me", host: "evil.example:8787", origin: Self.evil)
            #expect(namespaced.status == 401)
            #expect(namespaced.header("Access-Control-Allow-Origin") == Self.evil)
        }
    }

    @Test func withATokenTheOriginRuleStaysAndTheHostRuleGoes() async throws {
        let token = "boundary-7f3a9c"
        try await Self.withServer({ $0.controlToken = token }) { server in
            let bearer = [("Authorization", "Bearer \(token)")]
            let foreign = try Raw.send(server, "POST", "/__mock/reset", origin: Self.evil, headers: bearer, body: "{}")
            #expect(foreign.status == 403)
            #expect(foreign.body == Self.foreignOrigin(Self.evil))
            #expect(foreign.corsHeaders.isEmpty)
            let foreignPreflight = try Raw.send(server, "OPTIONS", "/__mock/reset", origin: Self.evil,
                                                headers: [("Access-Control-Request-Method", "POST")])
            #expect(foreignPreflight.status == 403)
            #expect(foreignPreflight.corsHeaders.isEmpty)

            let host = "mock.example.test:\(server.port)"
            #expect(try Raw.send(server, "GET", "/__mock/clock", host: host, headers: bearer).status == 200)
            let missing = try Raw.send(server, "GET", "/__mock/clock", host: host)
            #expect(missing.status == 401, "the token rule, not the Host rule")
            #expect(missing.json["code"] == "CONTROL_TOKEN_REQUIRED")
            #expect(try Raw.send(server, "GET", "/__mock/health", host: host).status == 200)
            let loopback = try Raw.send(server, "GET", "/__mock/clock", origin: "http://localhost:5173", headers: bearer)
            #expect(loopback.status == 200)
            #expect(loopback.header("Access-Control-Allow-Origin") == "http://localhost:5173")
        }
    }

    /// As for the token: with the control API off only health answers, and nothing is judged.
    @Test func withTheControlAPIOffNothingIsJudged() async throws {
        try await Self.withServer({ $0.controlAPI = false }) { server in
            let health = try Raw.send(server, "GET", "/__mock/health", host: "mock.example.test:8787", origin: Self.evil)
            #expect(health.status == 200)
            #expect(try Raw.send(server, "POST", "/__mock/reset", origin: Self.evil, body: "{}").status == 404)
        }
    }

    @Test func aRefusedCallIsLoggedLikeATokenRefusal() async throws {
        let lines = Locked<[String]>([])
        try await Self.withServer({ configuration in
            var logger = Logger(label: "boundary-test") { _ in CapturingLogHandler(lines: lines) }
            logger.logLevel = .info
            configuration.logger = logger
        }) { server in
            _ = try Raw.send(server, "GET", "/__mock/outbox", origin: Self.evil)
            _ = try Raw.send(server, "POST", "/ns/a/__mock/reset", host: "evil.example:1", body: "{}")
            let requests = lines.withLock { $0 }.filter { $0.contains(" → ") }
            #expect(requests.map { $0.split(separator: " ").prefix(5).joined(separator: " ") }
                        == ["info GET /__mock/outbox → 403", "info POST /ns/a/__mock/reset → 403"])
        }
    }

    // MARK: The option

    @Test func anAllowedHostMustBeAName() {
        for bad in ["dev.example.com:8787", "http://dev.example.com", "", ".", "..example.com", "a b", "dev.example.com/"] {
            var configuration = MockServerConfiguration.forTesting { $0.allowedHosts = [bad] }
            #expect(throws: MockServerConfigurationError.invalidAllowedHost(bad), "\(bad)") { try configuration.validate() }
            configuration.allowedHosts = ["dev.example.com", ".corp.example", "build_box.lan"]
            #expect(throws: Never.self) { try configuration.validate() }
        }
    }

    @Test func theCLIReadsTheOptionAndItsVariable() async throws {
        let mock = try SpawnedMock(arguments: ["--host", "127.0.0.1", "--port", "0", "--db", ":memory:",
                                               "--allowed-host", "dev.example.com", "--allowed-host", ".corp.example"])
        defer { mock.terminate() }
        let fromVariable = try SpawnedMock(arguments: ["--host", "127.0.0.1", "--port", "0", "--db", ":memory:"],
                                           environment: ["REPAIRMINDER_MOCK_ALLOWED_HOST": "dev.example.com, .corp.example"])
        defer { fromVariable.terminate() }
        for port in [mock.port, fromVariable.port] {
            for (host, status) in [("dev.example.com", 200), ("x.corp.example", 200), ("evil.example", 403)] {
                let statusLine = LoopbackSocket.statusLine(try LoopbackSocket.exchange(
                    port: port, "GET /__mock/clock HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n"))
                #expect(statusLine.hasPrefix("HTTP/1.1 \(status) "), "\(host) on \(port): \(statusLine)")
            }
        }
    }

    // MARK: The document

    /// docs/openapi.yaml gives every control operation the 403 (`ControlForbidden`, or an operation's
    /// own 403 that lists its examples), and the examples are the answers, byte for byte.
    @Test func theDocumentGivesEveryControlOperationThe403() async throws {
        try await Self.withServer { server in
            let document = try Raw.send(server, "GET", "/openapi.json").json
            let shared = document["components"]?["responses"]?["ControlForbidden"]
            let examples = shared?["content"]?["application/json"]?["examples"]
            let methods: Set<String> = ["get", "put", "post", "delete", "patch"]
            var operations = 0
            for (path, item) in document["paths"]?.objectValue ?? [:] where path.hasPrefix("/__mock") {
                for (method, operation) in item.objectValue ?? [:] where methods.contains(method) {
                    operations += 1
                    let refusal = operation["responses"]?["403"]
                    if refusal?["$ref"] != nil {
                        #expect(refusal?["$ref"]?.string == "#/components/responses/ControlForbidden", "\(method) \(path)")
                    } else {
                        let own = refusal?["content"]?["application/json"]?["examples"]
                        #expect(own?["origin"] != nil && own?["origin"] == examples?["origin"], "\(method) \(path)")
                        #expect(own?["host"] != nil && own?["host"] == examples?["host"], "\(method) \(path)")
                    }
                }
            }
            #expect(operations >= 30)
            let origin = try Raw.send(server, "GET", "/__mock/clock", origin: Self.evil)
            let host = try Raw.send(server, "GET", "/__mock/clock", host: "evil.example:8787")
            #expect(examples?["origin"]?["value"] == origin.json)
            #expect(examples?["host"]?["value"] == host.json)
        }
    }
}
