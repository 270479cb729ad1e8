import Foundation
import Testing
import MockHTTP
@testable import MockServer
@testable import MockBasics
@testable import MockRouting
import RepairMinderMockControl
import MockTestSupport

/// `--control-token`: every control call but health and the console page needs
/// `Authorization: Bearer <token>`, in every namespace; a refused call changes nothing; and the
/// start-up warning for a control API open to the network.
@Suite struct ControlTokenTests {
    static let token = "mock-control-7f3a9c"
    static let required = #"{"success":false,"error":"Control token required","code":"CONTROL_TOKEN_REQUIRED"}"#
    static let invalid = #"{"success":false,"error":"Invalid control token","code":"CONTROL_TOKEN_INVALID"}"#

    /// A mock whose control API asks for `token`.
    static func guarded(_ configuration: inout MockServerConfiguration) {
        configuration.controlToken = token
    }

    static func text(_ reply: MockHarness.Reply) -> String { String(decoding: reply.body, as: UTF8.self) }

    @Test func aControlCallNeedsTheTokenAndTheRightOneIsAccepted() async throws {
        try await withMock(Self.guarded) { mock in
            let missing = try await mock.get("/__mock/outbox")
            #expect(missing.status == 401)
            #expect(Self.text(missing) == Self.required)
            #expect(missing.header("Content-Type") == "application/json; charset=utf-8")
            #expect(missing.header("WWW-Authenticate") == #"Bearer realm="__mock""#)

            for wrong in ["mock-control-7f3a9d", "mock-control-7f3a9", Self.token + "0", Self.token.uppercased()] {
                let reply = try await mock.get("/__mock/outbox", bearer: wrong)
                #expect(reply.status == 401, "\(wrong)")
                #expect(Self.text(reply) == Self.invalid, "\(wrong)")
                #expect(reply.header("WWW-Authenticate") == #"Bearer realm="__mock", error="invalid_token""#)
            }
            // Another scheme, or a bearer without a token, is no token at all.
            for header in ["Basic \(Data("admin:\(Self.token)".utf8).base64EncodedString())", "Bearer", Self.token] {
                let reply = try await mock.send("GET", "/__mock/outbox", headers: ["Authorization": header])
                #expect(reply.status == 401, "\(header)")
                #expect(Self.text(reply) == Self.required, "\(header)")
            }

            let accepted = try await mock.get("/__mock/outbox", bearer: Self.token)
            #expect(accepted.status == 200)
            #expect(accepted.json == ["success": true, "data": []])
            // The scheme is case-insensitive (RFC 7235), the token is not.
            let lowerCase = try await mock.send("GET", "/__mock/clock", headers: ["Authorization": "bearer \(Self.token)"])
            #expect(lowerCase.status == 200)
        }
    }

    @Test func aRefusedCallChangesNothing() async throws {
        try await withMock(Self.guarded) { mock in
            // The app API needs no control token: a magic link puts a mail in the outbox.
            #expect(try await mock.post("/api/auth/magic-link/request", ["email": "admin@acme.test"]).status == 200)
            _ = try MockHarness(namespace: "kept", of: mock)   // a namespace the refused DELETE must leave
            let before = try mock.dump()
            let clockBefore = try await mock.get("/__mock/clock", bearer: Self.token).data["offset_seconds"]?.number

            let refused: [(String, String, String?)] = [
                ("POST", "/__mock/reset", nil),
                ("POST", "/__mock/clock", #"{"advance_seconds":86400}"#),
                ("PATCH", "/__mock/companies/\(MockSeed.Company.acme)", #"{"status":"suspended"}"#),
                ("POST", "/__mock/faults", #"{"path":"/api/auth/me","status":503}"#),
                ("DELETE", "/__mock/namespaces/kept", nil),
                ("POST", "/__mock/inbound-email", #"{"to":"hello@acme.test","from":"a@b.test","subject":"x","body":"y"}"#),
                ("PUT", "/__mock/snapshot", "not a database"),
                ("POST", "/__mock/snapshot/pin", nil),
                ("DELETE", "/__mock/requests", nil),
            ]
            for (method, path, body) in refused {
                for bearer in [nil, "not-the-token"] {
                    var headers: [String: String] = [:]
                    if let bearer { headers["Authorization"] = "Bearer \(bearer)" }
                    let reply = try await mock.send(method, path, body: body, headers: headers)
                    #expect(reply.status == 401, "\(method) \(path)")
                    #expect(Self.text(reply) == (bearer == nil ? Self.required : Self.invalid), "\(method) \(path)")
                }
            }

            #expect(try mock.dump() == before, "the database is as it was")
            let clockAfter = try await mock.get("/__mock/clock", bearer: Self.token).data["offset_seconds"]?.number
            #expect(abs((clockAfter ?? 99) - (clockBefore ?? 0)) < 60, "the clock did not move a day")
            #expect(try await mock.get("/__mock/faults", bearer: Self.token).data == [])
            let namespaces = try await mock.get("/__mock/namespaces", bearer: Self.token).data["namespaces"]?.array
            #expect(namespaces?.compactMap { $0["name"]?.string } == ["kept"])
            #expect(try await mock.get("/api/auth/me").status == 401, "the app API is unchanged (and unfaulted)")

            // With the token the same reset does its work.
            let reset = try await mock.post("/__mock/reset", bearer: Self.token)
            #expect(reset.status == 200)
            #expect(try await mock.get("/__mock/outbox", bearer: Self.token).data == [])
        }
    }

    @Test func healthAndTheConsolePageStayOpen() async throws {
        try await withMock(Self.guarded) { mock in
            for path in ["/__mock/health", "/__mock/health/"] {
                let health = try await mock.get(path)
                #expect(health.status == 200, "\(path)")
                #expect(health.data["status"] == "ok")
            }
            #expect(try await mock.send("HEAD", "/__mock/health").status == 200)
            for path in ["/__mock/", "/__mock"] {
                let console = try await mock.get(path)
                #expect(console.status == 200, "\(path)")
                #expect(console.header("Content-Type")?.hasPrefix("text/html") == true, "\(path)")
            }
            // Only reading them is open: another method needs the token, then meets the usual 405.
            let post = try await mock.send("POST", "/__mock/health", body: "{}")
            #expect(post.status == 401)
            #expect(Self.text(post) == Self.required)
            #expect(try await mock.send("POST", "/__mock/health", body: "{}", bearer: Self.token).status == 405)
            // The data the console shows is not open.
            #expect(try await mock.get("/__mock/accounts").status == 401)
            #expect(try await mock.get("/__mock/accounts", bearer: Self.token).status == 200)
        }
    }

    @Test func everyNamespaceNeedsTheSameToken() async throws {
        try await withMock(Self.guarded) { mock in
            let namespace = try MockHarness(namespace: "guarded", of: mock)
            let refused = try await namespace.post("/__mock/reset")
            #expect(refused.status == 401)
            #expect(Self.text(refused) == Self.required)
            #expect(try await namespace.get("/__mock/outbox", bearer: "wrong").status == 401)
            #expect(try await namespace.get("/__mock/outbox", bearer: Self.token).status == 200)
            #expect(try await namespace.get("/__mock/health").status == 200)
            #expect(try await namespace.get("/__mock/").status == 200)
        }
    }

    @Test func aRefusedControlCallToAnUnknownNamespaceDoesNotMakeIt() async throws {
        try await withMock(Self.guarded) { mock in
            for path in ["/ns/stranger/__mock/reset", "/ns/stranger/__mock/outbox"] {
                #expect(try await mock.post(path).status == 401)
                #expect(try await mock.get(path, bearer: "wrong").status == 401)
            }
            let listed = try await mock.get("/__mock/namespaces", bearer: Self.token).data["namespaces"]?.array
            #expect(listed?.isEmpty == true)
            // The open calls and an authorised one do make it, as any first request does.
            #expect(try await mock.get("/ns/stranger/__mock/health").status == 200)
            let after = try await mock.get("/__mock/namespaces", bearer: Self.token).data["namespaces"]?.array
            #expect(after?.compactMap { $0["name"]?.string } == ["stranger"])
        }
    }

    @Test func theControlTokenIsNoAppTokenAndAppTokensOpenNoControlCall() async throws {
        try await withMock(Self.guarded) { mock in
            let app = try await mock.get("/api/auth/me", bearer: Self.token)
            #expect(app.status == 401)
            #expect(app.error == "Unauthorized")
            // A staff access token is not the control token.
            let outbox = try await mock.get("/__mock/outbox?kind=staff_2fa", bearer: "eyJhbGciOiJIUzI1NiJ9.e30.x")
            #expect(Self.text(outbox) == Self.invalid)
        }
    }

    @Test func withTheControlAPIOffAControlPathIsUnknownRatherThanRefused() async throws {
        try await withMock({ Self.guarded(&$0); $0.controlAPI = false }) { mock in
            let reset = try await mock.post("/__mock/reset")
            #expect(reset.status == 404)
            #expect(reset.error == "Not found")
            #expect(try await mock.get("/__mock/health").status == 200)
        }
    }

    /// docs/openapi.yaml gives every guarded control operation the 401 (check-openapi runs without
    /// a token, so it never meets one), with these very bodies as its examples.
    @Test func theDocumentGivesEveryGuardedControlOperationThe401() async throws {
        try await withMock(Self.guarded) { mock in
            let document = try JSONDecoder().decode(JSONValue.self, from: try await mock.get("/openapi.json").body)
            let methods: Set<String> = ["get", "put", "post", "delete", "patch"]
            let shared = document["components"]?["responses"]?["ControlTokenRequired"]
            var guardedOperations = 0
            for (path, item) in document["paths"]?.objectValue ?? [:] where path.hasPrefix("/__mock") {
                for (method, operation) in item.objectValue ?? [:] where methods.contains(method) {
                    let open = method == "get" && (path == "/__mock/health" || path == "/__mock/")
                    let refusal = operation["responses"]?["401"]
                    if open || refusal?["$ref"] != nil {
                        #expect(refusal?["$ref"]?.string == (open ? nil : "#/components/responses/ControlTokenRequired"),
                                "\(method) \(path)")
                    } else {
                        // A 401 of the operation's own (POST /__mock/sessions: an account that cannot sign
                        // in) lists the control token's refusals among its examples, and their header.
                        let own = refusal?["content"]?["application/json"]?["examples"]
                        let control = shared?["content"]?["application/json"]?["examples"]
                        #expect(own?["missing"] != nil && own?["missing"] == control?["missing"], "\(method) \(path)")
                        #expect(own?["wrong"] != nil && own?["wrong"] == control?["wrong"], "\(method) \(path)")
                        #expect(refusal?["headers"]?["WWW-Authenticate"] != nil, "\(method) \(path)")
                    }
                    #expect(operation["security"] == (open ? [] : [[:], ["controlToken": []]]), "\(method) \(path)")
                    if !open { guardedOperations += 1 }
                }
            }
            #expect(guardedOperations >= 20)

            let response = document["components"]?["responses"]?["ControlTokenRequired"]
            let examples = response?["content"]?["application/json"]?["examples"]
            let missing = try await mock.get("/__mock/outbox")
            let wrong = try await mock.get("/__mock/outbox", bearer: "wrong")
            #expect(examples?["missing"]?["value"] == missing.json)
            #expect(examples?["wrong"]?["value"] == wrong.json)
            #expect(response?["headers"]?["WWW-Authenticate"]?["example"]?.string == missing.header("WWW-Authenticate"))
            #expect(document["components"]?["securitySchemes"]?["controlToken"]?["scheme"] == "bearer")
        }
    }

    @Test(arguments: [
        ("127.0.0.1", true), ("127.8.9.10", true), ("::1", true), ("[::1]", true), ("0:0:0:0:0:0:0:1", true),
        ("::ffff:127.0.0.1", true), ("localhost", true), ("LocalHost", true),
        ("0.0.0.0", false), ("::", false), ("192.168.1.20", false), ("10.0.0.1", false), ("128.0.0.1", false),
        ("::2", false), ("fe80::1", false), ("mac.local", false),
    ])
    func loopbackAddressesAreKnown(host: String, loopback: Bool) {
        #expect(ControlToken.isLoopback(host) == loopback)
    }

    @Test func aTokenTheHeaderCannotCarryStopsTheStart() {
        for bad in ["", "two words", "tab\there", "naïve", "line\nbreak"] {
            var configuration = MockServerConfiguration()
            configuration.controlToken = bad
            #expect(throws: MockServerConfigurationError.invalidControlToken, "\(bad)") {
                _ = try MockServer(configuration: configuration)
            }
        }
        var configuration = MockServerConfiguration()
        configuration.controlToken = "A-Za-z0-9._~+/=!#$%&'*^`|"
        #expect(throws: Never.self) { try configuration.validate() }
    }

    @Test func theBannerWarnsOnlyWhenTheControlAPIIsOpenBeyondLoopback() {
        var configuration = MockServerConfiguration()
        configuration.hosts = ["127.0.0.1", "0.0.0.0", "::"]
        #expect(ControlToken.exposureWarning(configuration, port: 8787) == """
              WARNING: the control API (/__mock/) is open to anyone who can reach 0.0.0.0:8787, [::]:8787: \
            reset, the clock, faults, snapshots and every login code in the outbox.
                Set --control-token (or REPAIRMINDER_MOCK_CONTROL_TOKEN) to require a token, or --no-control-api to turn it off.
            """)
        configuration.controlToken = Self.token
        #expect(ControlToken.exposureWarning(configuration, port: 8787) == nil)
        configuration.controlToken = nil
        configuration.controlAPI = false
        #expect(ControlToken.exposureWarning(configuration, port: 8787) == nil)
        configuration.controlAPI = true
        configuration.hosts = ["127.0.0.1", "::1", "localhost"]
        #expect(ControlToken.exposureWarning(configuration, port: 8787) == nil)
    }
}

/// The same through the `repairminder-mock` binary: the warning printed at start, the token read
/// from the environment, and bad values refused.
@Suite(.serialized) struct ControlTokenCommandLineTests {
    static let warning = "WARNING: the control API (/__mock/) is open to anyone who can reach"

    @Test func aWildcardHostWithoutATokenPrintsTheWarning() async throws {
        let running = try SpawnedMock(arguments: ["--host", "0.0.0.0", "--port", "0", "--db", ":memory:"])
        defer { _ = running.terminate() }
        let banner = await running.bannerText()
        #expect(banner.contains("""
              \(Self.warning) 0.0.0.0:\(running.port): reset, the clock, faults, snapshots and every login code in the outbox.
                Set --control-token (or REPAIRMINDER_MOCK_CONTROL_TOKEN) to require a token, or --no-control-api to turn it off.
            """), "\(banner)")
        #expect(try await CLIClient(port: running.port).send("POST", "/__mock/reset").status == 200, "no token, no guard")
    }

    @Test func aTokenFromTheEnvironmentSilencesTheWarningAndGuardsTheControlAPI() async throws {
        let token = "from-the-environment-1"
        let running = try SpawnedMock(arguments: ["--port", "0", "--db", ":memory:"], environment: [
            "REPAIRMINDER_MOCK_HOST": "0.0.0.0", "REPAIRMINDER_MOCK_CONTROL_TOKEN": token])
        defer { _ = running.terminate() }
        let banner = await running.bannerText()
        #expect(!banner.contains("WARNING"), "\(banner)")
        #expect(banner.contains("  control token: required on every /__mock/ call but health and the console page"))
        #expect(!banner.contains(token), "the banner never prints the token")
        let client = CLIClient(port: running.port)
        let refused = try await client.send("POST", "/__mock/reset")
        #expect(refused.status == 401)
        #expect(refused.json == ["success": false, "error": "Control token required", "code": "CONTROL_TOKEN_REQUIRED"])
        #expect(try await client.send("GET", "/__mock/health").status == 200)
        #expect(try await CLIClient(port: running.port, controlToken: token).send("POST", "/__mock/reset").status == 200)
        #expect(running.terminate() == 0, "SIGTERM stops it gracefully")
    }

    @Test(arguments: [["--host", "127.0.0.1"], ["--host", "::1"], ["--host", "0.0.0.0", "--no-control-api"]])
    func loopbackOrNoControlAPIPrintsNoWarning(arguments: [String]) async throws {
        let running = try SpawnedMock(arguments: arguments + ["--port", "0", "--db", ":memory:"])
        defer { _ = running.terminate() }
        let banner = await running.bannerText()
        #expect(banner.contains("  database: :memory:"))
        #expect(!banner.contains("WARNING"), "\(banner)")
    }

    @Test func aTokenWithASpaceStopsTheStart() throws {
        let result = try CommandLineRun.run(["--db", ":memory:", "--control-token", "two words"])
        #expect(result.status == 64)
        #expect(result.output.hasPrefix("Error: control token must be 1 or more visible ASCII characters, without spaces"),
                "\(result.output)")
    }
}
