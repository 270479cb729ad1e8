import Foundation
import Testing
@testable import MockProxy
@testable import MockServer
@testable import MockBasics
import MockHTTP
import RepairMinderMockControl
import MockTestSupport

/// Proxy mode (docs/drift.md), against upstreams on loopback: the mock itself (the app sees what it
/// would see direct, and nothing drifts), the mock altered on purpose (each kind of drift at its
/// pointer and nothing else), an upstream that is down or slow, bodies over the limits, and secrets
/// kept out of the report, the log and the recordings.
@Suite(.serialized) struct ProxyTests {
    static let acmeOrder = SeedIDs.order(1)

    @Test func theAppSeesTheMocksOwnAnswersThroughTheProxyAndNothingDrifts() async throws {
        try await withProxyRig { rig in
            let staff = try await rig.signInStaff()
            let orderDevices = try await rig.get("/api/orders/\(Self.acmeOrder)", bearer: staff.token).data["devices"]?.array ?? []
            let device = try #require(orderDevices.first?["id"]?.string)
            let tickets = try await rig.get("/api/tickets", bearer: staff.token).data.array ?? []
            let ticket = try #require(tickets.first?["id"]?.string)
            let clients = try await rig.get("/api/clients", bearer: staff.token).data.array ?? []
            let client = try #require(clients.first?["id"]?.string)
            let staffReads = [
                "/api/auth/me", "/api/orders", "/api/orders?status=awaiting_authorisation&limit=5", "/api/orders/\(Self.acmeOrder)",
                "/api/orders/\(Self.acmeOrder)/devices/\(device)", "/api/devices", "/api/devices/\(device)", "/api/devices/my-queue",
                "/api/devices/my-active-work", "/api/tickets", "/api/tickets/\(ticket)", "/api/macros", "/api/clients",
                "/api/clients/\(client)", "/api/clients/search?q=jane", "/api/dashboard/stats", "/api/dashboard/enquiry-stats",
                "/api/company-locations", "/api/users/me", "/api/subscription/features", "/api/user/push-preferences",
                "/api/companies/\(MockSeed.Company.acme)", "/api/orders/\(SeedIDs.order(1, "b"))",
            ]
            for path in staffReads {
                let (proxied, direct) = try await rig.getThroughAndDirect(path, bearer: staff.token)
                #expect(proxied.status == direct[0].status, "\(path)")
                #expect(direct.contains { $0.body == proxied.body }, "\(path): the proxy passes the upstream's bytes on")
                #expect(proxied.header("content-type") == direct[0].header("content-type"), "\(path)")
            }

            let customer = try await rig.signInCustomer()
            let orders = try await rig.get("/api/customer/orders", bearer: customer.token).data.array ?? []
            let customerOrder = try #require(orders.first?["id"]?.string)
            for path in ["/api/customer/auth/me", "/api/customer/orders", "/api/customer/orders/\(customerOrder)"] {
                let (proxied, direct) = try await rig.getThroughAndDirect(path, bearer: customer.token)
                #expect(proxied.status == 200 && direct.contains { $0.body == proxied.body },
                        "\(path): \(String(decoding: proxied.body, as: UTF8.self)) vs \(String(decoding: direct[0].body, as: UTF8.self))")
            }
            // A write, and a refusal: both documented.
            let renamed = try await rig.send("PATCH", "/api/users/me", json: ["first_name": "Alicia"], bearer: staff.token)
            #expect(renamed.status == 200)
            let refused = try await rig.post("/api/auth/login", ["email": "admin@acme.test", "password": "wrong"])
            #expect(refused.status == 401 && refused.error == "Invalid credentials")

            let report = try await rig.report()
            #expect(ProxyRig.findings(report) == [])
            let exchanges = try #require(report["exchanges"]?.intValue)
            #expect(exchanges == Int64(3 + 3 + staffReads.count + 2 + 1 + 3 + 2))
            #expect(report["matched"]?.intValue == exchanges)
            #expect(report["upstream_errors"]?.intValue == 0)
            #expect(report["upstream"]?.string == "http://127.0.0.1:\(rig.upstream.port)")
            let getOrder = try #require(report["operations"]?.array?.first { $0["operation_id"]?.string == "getOrder" })
            #expect(getOrder["path"]?.string == "/api/orders/{id}" && getOrder["method"]?.string == "GET")
            #expect(getOrder["exchanges"]?.intValue == 3 && getOrder["matched"]?.intValue == 3)
            #expect(report["unseen_operations"]?.array?.contains("getAvatar") == true)
            #expect(report["unseen_operations"]?.array?.contains("getOrder") == false)
        }
    }

    @Test func eachKindOfDriftIsFoundAtItsPointerAndNothingElse() async throws {
        try await withProxyRig { rig in
            let staff = try await rig.signInStaff()

            // The login step: a key gone, a key unknown, a wrong type, a null, all in one answer.
            rig.alterJSON("POST", "/api/auth/login") { value in
                value = value.setting(["data", "userId"], to: nil)
                    .setting(["data", "loginAttempt"], to: 1)
                    .setting(["data", "user", "firstName"], to: 42)
                    .setting(["data", "user", "email"], to: .null)
            }
            let login = try await rig.post("/api/auth/login", ["email": "admin@acme.test", "password": "password123"])
            #expect(login.status == 200 && login.data["user"]?["firstName"]?.intValue == 42, "the app gets the upstream's answer")
            // A value outside its enum in every item of a list: one finding, at `*`.
            rig.alterJSON("GET", "/api/orders") { $0 = $0.setting(["data", "*", "status"], to: "lost_in_post") }
            _ = try await rig.get("/api/orders", bearer: staff.token)
            _ = try await rig.get("/api/orders", bearer: staff.token)
            // A status the document does not give the operation.
            rig.alter("GET", "/api/macros") { response in
                var response = response
                response.status = 418
                return response
            }
            _ = try await rig.get("/api/macros", bearer: staff.token)
            // Not JSON where JSON is documented.
            rig.alter("GET", "/api/dashboard/enquiry-stats") { response in
                var response = response
                response.body = Data("<html>Bad gateway</html>".utf8)
                response.headers.set("Content-Type", "text/html")
                return response
            }
            _ = try await rig.get("/api/dashboard/enquiry-stats", bearer: staff.token)
            // The envelope: `success` missing, `ok` unknown.
            rig.alterJSON("GET", "/api/subscription/features") { $0 = $0.setting(["success"], to: nil).setting(["ok"], to: true) }
            _ = try await rig.get("/api/subscription/features", bearer: staff.token)
            // A path the document does not know (the id stays out of the report).
            _ = try await rig.get("/api/warranty-claims/8c1d0f7e-1111-4000-8000-000000000001", bearer: staff.token)

            let report = try await rig.report()
            #expect(ProxyRig.findings(report) == [
                "getEnquiryStats invalid_json 200 ",
                "getSubscriptionFeatures missing_key 200 /success",
                "getSubscriptionFeatures unknown_key 200 /ok",
                "listMacros undocumented_status 418 ",
                "listOrders not_in_enum 200 /data/*/status",
                "loginStaff missing_key 200 /data/userId",
                "loginStaff unexpected_null 200 /data/user/email",
                "loginStaff unknown_key 200 /data/loginAttempt",
                "loginStaff wrong_type 200 /data/user/firstName",
                "undocumented undocumented_operation - ",
            ])
            let operations = report["operations"]?.array ?? []
            let listOrders = try #require(operations.first { $0["operation_id"]?.string == "listOrders" })
            #expect(listOrders["exchanges"]?.intValue == 2 && listOrders["matched"]?.intValue == 0)
            let notInEnum = try #require(listOrders["findings"]?[0])
            #expect(notInEnum["count"]?.intValue == 2, "a finding seen twice is counted, not repeated")
            #expect(notInEnum["actual"]?.string == "string of 12 characters", "the value itself is never shown")
            #expect(notInEnum["expected"]?.string?.hasPrefix("one of \"") == true)
            let login0 = try #require(operations.first { $0["operation_id"]?.string == "loginStaff" })
            let wrongType = try #require(login0["findings"]?.array?.first { $0["kind"]?.string == "wrong_type" })
            #expect(wrongType["expected"]?.string == "string" && wrongType["actual"]?.string == "integer")
            let undocumented = try #require(operations.first { $0["operation_id"] == .null })
            #expect(undocumented["path"]?.string == "/api/warranty-claims/{}")
            #expect(undocumented["findings"]?[0]?["actual"]?.string == "GET /api/warranty-claims/{}")
            let macros = try #require(operations.first { $0["operation_id"]?.string == "listMacros" })
            #expect(macros["findings"]?[0]?["actual"]?.string == "status 418")
            #expect(report["exchanges"]?.intValue == 3 + 7 && report["matched"]?.intValue == 3, "the sign-in matched")

            // One log line per new finding, none for a repeat.
            let driftLines = rig.logLines.withLock { $0 }.filter { $0.contains("drift:") }
            #expect(driftLines.count == 10, "\(driftLines.joined(separator: "\n"))")
            #expect(driftLines.contains { $0.contains("GET /api/orders (listOrders) 200 not_in_enum at /data/*/status") })
        }
    }

    @Test func secretsNeverReachTheReportTheLogOrTheRecordings() async throws {
        try await withProxyRig { rig in
            let staff = try await rig.signInStaff()
            let refreshed = try await rig.post("/api/auth/refresh", ["refreshToken": .string(staff.refreshToken)])
            let newToken = try #require(refreshed.data["token"]?.string)
            let customer = try await rig.signInCustomer()
            // A drift whose value is a secret: reported by type and size only.
            rig.alterJSON("GET", "/api/auth/me") { $0 = $0.setting(["data", "sessionToken"], to: .string(staff.token)) }
            _ = try await rig.get("/api/auth/me", bearer: newToken)
            _ = try await rig.get("/api/customer/orders?token=\(customer.code)", bearer: customer.token)
            let report = try await rig.proxy.driftReport()
            rig.proxy.stop()   // writes --report; the recordings are finished

            let secrets = [staff.token, staff.refreshToken, staff.code, newToken, customer.token, customer.code, "password123"]
            var texts = ["report": String(decoding: report, as: UTF8.self),
                         "log": rig.logLines.withLock { $0 }.joined(separator: "\n"),
                         "report file": try String(contentsOf: rig.reportFile, encoding: .utf8)]
            let recordings = try FileManager.default.contentsOfDirectory(at: rig.recordDirectory, includingPropertiesForKeys: nil)
            #expect(recordings.count == 8)
            for file in recordings { texts[file.lastPathComponent] = try String(contentsOf: file, encoding: .utf8) }
            for (name, text) in texts {
                for secret in secrets { #expect(!text.contains(secret), "\(name) holds a secret") }
            }
            #expect(texts["report"]!.contains("unknown_key") && texts["report"]!.contains("/data/sessionToken"))

            // What a recording keeps: a replayable HAR 1.2 entry with the credentials marked.
            let verify = try #require(recordings.first { $0.lastPathComponent.hasSuffix("-POST-verifyStaffTwoFactor.har") })
            let har = try #require(JSONValue.parse(try Data(contentsOf: verify)))
            #expect(har["log"]?["version"]?.string == "1.2")
            let entry = try #require(har["log"]?["entries"]?[0])
            #expect(entry["request"]?["method"]?.string == "POST")
            #expect(entry["request"]?["url"]?.string == "http://127.0.0.1:\(rig.upstream.port)/api/auth/2fa/verify")
            let posted = try #require(JSONValue(json: entry["request"]?["postData"]?["text"]?.string ?? ""))
            #expect(posted["code"]?.string == "[redacted]" && posted["userId"]?.string == MockSeed.Staff.admin.id)
            #expect(entry["response"]?["status"]?.intValue == 200)
            let answer = try #require(JSONValue(json: entry["response"]?["content"]?["text"]?.string ?? ""))
            #expect(answer["data"]?["token"]?.string == "[redacted]" && answer["data"]?["refreshToken"]?.string == "[redacted]")
            #expect(answer["data"]?["user"]?["email"]?.string == "admin@acme.test", "what is not a credential stays")
            let me = try #require(recordings.first { $0.lastPathComponent.hasSuffix("-GET-getStaffSession.har") })
            let meEntry = try #require(JSONValue.parse(try Data(contentsOf: me))?["log"]?["entries"]?[0])
            let authorization = meEntry["request"]?["headers"]?.array?.first { $0["name"]?.string == "authorization" }
            #expect(authorization?["value"]?.string == "[redacted]")
            let orders = try #require(recordings.first { $0.lastPathComponent.hasSuffix("-GET-listCustomerOrders.har") })
            let ordersEntry = try #require(JSONValue.parse(try Data(contentsOf: orders))?["log"]?["entries"]?[0])
            #expect(ordersEntry["request"]?["queryString"]?[0]?["value"]?.string == "[redacted]")
        }
    }

    @Test func theUpstreamGetsWhatTheAppSentAndNothingElse() async throws {
        try await withProxyRig { rig in
            let body = Data(#"{"email":"admin@acme.test","password":"password123"}"#.utf8)
            _ = try await rig.send("POST", "/api/auth/login?trace=a+b&plus=%2B", body: body,
                                   headers: ["Content-Type": "application/json", "X-App-Trace": "t-1",
                                             "Accept": "application/json", "Accept-Encoding": "gzip, deflate",
                                             "Accept-Language": "en-GB"])
            let seen = try #require(rig.received.withLock { $0 }.first)
            #expect(seen.method == "POST")
            #expect(seen.target == "/api/auth/login?trace=a+b&plus=%2B", "the target as the app wrote it")
            #expect(seen.body == body)
            var sent: [String: String] = ["content-type": "application/json", "x-app-trace": "t-1", "accept": "application/json",
                                          "accept-encoding": "gzip, deflate", "accept-language": "en-GB",
                                          "user-agent": "RepairMinder/1.0 (iPhone; iOS 17.0)"]
            sent["host"] = "127.0.0.1:\(rig.upstream.port)"
            sent["content-length"] = String(body.count)
            var fields: [String: String] = [:]
            for field in seen.headers { fields[field.name] = field.value }
            fields["connection"] = nil   // URLSession's connection management, not content
            #expect(fields == sent)
            #expect(rig.received.withLock { $0.count } == 1, "one request upstream for one from the app")
        }
    }

    @Test func anUpstreamThatIsDownAnswers502AndIsCountedNotDrift() async throws {
        // A port nobody listens on: bound, read back, closed.
        let probe = HTTPServer(configuration: HTTPServerConfiguration(hosts: ["127.0.0.1"])) { _ in HTTPResponse(status: 200) }
        try probe.start()
        let port = probe.port
        probe.stop()
        try await withProxyRig({ $0.upstream = URL(string: "http://127.0.0.1:\(port)")! }) { rig in
            let reply = try await rig.get("/api/orders")
            #expect(reply.status == 502)
            #expect(reply.json == ["success": false, "error": "Bad gateway: the upstream could not be reached (connection refused)",
                                   "code": "UPSTREAM_UNREACHABLE"])
            let report = try await rig.report()
            #expect(report["upstream_errors"]?.intValue == 1 && ProxyRig.findings(report) == [])
            #expect(report["operations"]?[0]?["upstream_errors"]?.intValue == 1)
            #expect(report["operations"]?[0]?["exchanges"]?.intValue == 0)
        }
    }

    @Test func anHTTPSUpstreamThatSpeaksNoTLSAnswers502() async throws {
        let plain = HTTPServer(configuration: HTTPServerConfiguration(hosts: ["127.0.0.1"])) { _ in HTTPResponse(status: 200) }
        try await withStarted(plain) { plain in
            try await withProxyRig({ $0.upstream = URL(string: "https://127.0.0.1:\(plain.port)")! }) { rig in
                let reply = try await rig.get("/api/auth/me")
                #expect(reply.status == 502)
                #expect(reply.json["code"]?.string == "UPSTREAM_TLS")
                #expect(reply.error?.hasPrefix("Bad gateway: TLS with the upstream failed (") == true, "\(reply.error ?? "")")
                #expect(try await rig.report()["upstream_errors"]?.intValue == 1)
            }
        }
    }

    @Test func anUpstreamSlowerThanTheTimeoutAnswers502() async throws {
        try await withProxyRig({ $0.upstreamTimeout = 1 }) { rig in
            let release = DispatchSemaphore(value: 0)
            rig.alter("GET", "/api/auth/me") { response in
                _ = release.wait(timeout: .now() + 10)   // longer than the proxy waits
                return response
            }
            let started = ContinuousClock.now
            let reply = try await rig.get("/api/auth/me")
            release.signal()
            #expect(reply.status == 502)
            #expect(reply.json == ["success": false, "error": "Bad gateway: the upstream did not answer within 1 s", "code": "UPSTREAM_TIMEOUT"])
            #expect(started.duration(to: .now) < .seconds(9), "the proxy gave up, the upstream did not answer")
            #expect(try await rig.report()["upstream_errors"]?.intValue == 1)
        }
    }

    @Test func bodiesOverTheLimitsAreRefused() async throws {
        try await withProxyRig({ $0.maxBodyBytes = 1024; $0.maxUpstreamBodyBytes = 2048 }) { rig in
            let big = Data(("{\"email\":\"" + String(repeating: "a", count: 2000) + "\"}").utf8)
            let tooBig = try await rig.send("POST", "/api/auth/magic-link/request", body: big, headers: ["Content-Type": "application/json"])
            #expect(tooBig.status == 413)
            #expect(tooBig.json["success"] == false)
            #expect(rig.received.withLock { $0.isEmpty }, "nothing reaches the upstream")

            let staff = try await rig.signInStaff()
            let answer = try await rig.get("/api/orders", bearer: staff.token)   // a page of orders is more than 2 KiB
            #expect(answer.status == 502)
            #expect(answer.json == ["success": false, "error": "Bad gateway: the upstream's answer is larger than 2048 bytes",
                                    "code": "UPSTREAM_TOO_LARGE"])
        }
    }

    @Test func onlyHealthTheDriftReportAndTheConsoleAnswerUnderMock() async throws {
        try await withProxyRig({ $0.controlToken = "drift-token" }) { rig in
            let health = try await rig.get("/__mock/health")
            #expect(health.status == 200 && health.data["status"]?.string == "ok")
            let console = try await rig.get("/__mock/")
            #expect(console.status == 200 && console.header("content-type")?.hasPrefix("text/html") == true)
            let noToken = try await rig.get("/__mock/drift")
            #expect(noToken.status == 401)
            #expect(noToken.json == ["success": false, "error": "Control token required", "code": "CONTROL_TOKEN_REQUIRED"])
            #expect(noToken.header("www-authenticate") == #"Bearer realm="__mock""#)
            let wrongToken = try await rig.send("GET", "/__mock/drift", headers: ["Authorization": "Bearer other"])
            #expect(wrongToken.status == 401)
            #expect(wrongToken.json == ["success": false, "error": "Invalid control token", "code": "CONTROL_TOKEN_INVALID"])
            // As on the mock: only GET and HEAD of health and the console are open; any other call
            // needs the token first, then meets the router's 405 with the methods the path has.
            let postHealth = try await rig.send("POST", "/__mock/health")
            #expect(postHealth.status == 401 && postHealth.error == "Control token required")
            for path in ["/__mock/health", "/__mock/drift", "/__mock/"] {
                let wrongMethod = try await rig.send("DELETE", path, headers: ["Authorization": "Bearer drift-token"])
                #expect(wrongMethod.status == 405, "\(path)")
                #expect(wrongMethod.json == ["success": false, "error": "Method not allowed"], "\(path)")
                #expect(wrongMethod.header("allow") == "GET, HEAD", "\(path)")
            }
            let head = try await rig.send("HEAD", "/__mock/health")
            #expect(head.status == 200)
            #expect(try await rig.report(token: "drift-token")["exchanges"]?.intValue == 0)
            for path in ["/__mock/reset", "/__mock/outbox", "/__mock/fixtures", "/openapi.json", "/ns/a/api/orders"] {
                let reply = try await rig.send(path == "/__mock/reset" ? "POST" : "GET", path,
                                               headers: ["Authorization": "Bearer drift-token"])
                #expect(reply.status == 404 && reply.error == "Not found", "\(path)")
            }
            #expect(rig.received.withLock { $0.isEmpty }, "none of them went upstream")
        }
    }

    /// The mock's browser boundary (docs/control-api.md#the-browser-boundary) on the proxy's control
    /// calls: a foreign Origin is refused and not echoed, a rebound Host is refused without a token
    /// unless `--allowed-host` names it; the app's requests keep their open CORS.
    @Test func theControlCallsRefuseAForeignPageAndAReboundHost() async throws {
        let foreign = #"{"success":false,"error":"Forbidden: Origin https://evil.example is not this mock's page or loopback"}"#
        try await withProxyRig({ $0.allowedHosts = ["proxy.example.test"] }) { rig in
            for (method, path) in [("GET", "/__mock/drift"), ("GET", "/__mock/health"), ("OPTIONS", "/__mock/drift")] {
                let reply = try await rig.send(method, path, headers: ["Origin": "https://evil.example",
                                                                      "Access-Control-Request-Method": "GET"])
                #expect(reply.status == 403, "\(method) \(path)")
                #expect(String(decoding: reply.body, as: UTF8.self) == foreign, "\(method) \(path)")
                #expect(reply.header("access-control-allow-origin") == nil, "\(method) \(path)")
            }
            let loopback = try await rig.send("GET", "/__mock/drift", headers: ["Origin": "http://localhost:5173"])
            #expect(loopback.status == 200)
            #expect(loopback.header("access-control-allow-origin") == "http://localhost:5173")
            let app = try await rig.send("GET", "/api/auth/me", headers: ["Origin": "https://evil.example"])
            #expect(app.status == 401)
            #expect(app.header("access-control-allow-origin") == "https://evil.example")

            func status(host: String) throws -> String {
                LoopbackSocket.statusLine(try LoopbackSocket.exchange(
                    port: rig.proxy.port, "GET /__mock/drift HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n"))
            }
            #expect(try status(host: "evil.example:8787") == "HTTP/1.1 403 Forbidden")
            #expect(try status(host: "proxy.example.test:8787") == "HTTP/1.1 200 OK")
            #expect(try status(host: "proxy:8787") == "HTTP/1.1 200 OK")
            #expect(rig.received.withLock { $0.count } == 1, "only the app's request went upstream")
        }
    }

    @Test func theBundledDocumentIsReadWithEveryAppOperationNamed() throws {
        let contract = try ContractOperations.bundled.get()
        let ids = contract.operations.map(\.id)
        #expect(ids.count >= 50 && ids.allSatisfy { $0 != nil }, "\(ids)")
        #expect(Set(ids).count == ids.count)
        #expect(contract.operation(method: "GET", path: "/api/devices/my-queue")?.id == "listMyQueue", "a literal segment wins over {id}")
        #expect(contract.operation(method: "GET", path: "/api/orders/abc/")?.path == "/api/orders/{id}", "one trailing slash")
        #expect(contract.operation(method: "DELETE", path: "/api/orders") == nil)
    }

    /// A schema made of itself (a JSON value of JSON values) cannot be inlined: the reference back to
    /// itself stands for any value, and everything down to it is still checked.
    @Test func aRecursiveSchemaIsCheckedToTheDepthOfOneCycle() throws {
        let document = #"""
        {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
         "paths": {"/api/tree": {"get": {"operationId": "getTree", "responses": {"200": {"description": "ok",
           "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Node"}}}}}}}},
         "components": {"schemas": {"Node": {"type": "object", "required": ["name"], "additionalProperties": false,
           "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}}}}}}
        """#
        let contract = try ContractOperations(json: Data(document.utf8))
        let operation = try #require(contract.operation(method: "GET", path: "/api/tree"))
        guard case .documented(let schema?) = operation.schema(forStatus: 200) else { Issue.record("no schema"); return }
        let tree = try #require(JSONValue(json: #"{"name": 1, "children": [{"name": "b", "extra": 1, "children": [{"deep": true}]}]}"#))
        #expect(SchemaCheck.deviations(of: tree, against: schema).map { "\($0.kind.rawValue) \($0.pointer)" }
                == ["wrong_type /name"], "children are any value: their unknown key and what is below pass")
    }

    /// Keys are written into a pointer as RFC 6901 says (`/` as `~1`, `~` as `~0`), and a nullable,
    /// required, enumerated property is judged by its own schema, not its neighbours'.
    @Test func pointersEscapeKeysAndEachPropertyKeepsItsOwnRules() throws {
        let document = #"""
        {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
         "paths": {"/api/thing": {"get": {"operationId": "getThing", "responses": {"200": {"description": "ok",
           "content": {"application/json": {"schema": {"type": "object", "additionalProperties": false,
             "required": ["kind", "note", "plain"],
             "properties": {"kind": {"type": "string", "enum": ["a", "b"]}, "note": {"type": ["string", "null"]},
                            "plain": {"type": "string"}, "maybe": {"type": "integer"}}}}}}}}}}}
        """#
        let contract = try ContractOperations(json: Data(document.utf8))
        let operation = try #require(contract.operation(method: "GET", path: "/api/thing"))
        guard case .documented(let schema?) = operation.schema(forStatus: 200) else { Issue.record("no schema"); return }
        func found(_ json: String) throws -> [String] {
            let value = try #require(JSONValue(json: json))
            return SchemaCheck.deviations(of: value, against: schema).map { "\($0.kind.rawValue) \($0.pointer) \($0.expected)" }
        }
        #expect(try found(#"{"kind": "a", "note": null, "plain": "x"}"#) == [])
        #expect(try found(#"{"kind": "c", "note": null, "plain": null, "maybe": null, "a/b~c": 1}"#) == [
            "unknown_key /a~1b~0c no such key", "not_in_enum /kind one of \"a\", \"b\"",
            "unexpected_null /maybe integer", "unexpected_null /plain string",
        ])
        let missing = try found(#"{"note": "n"}"#)
        #expect(missing == ["missing_key /kind required string", "missing_key /plain required string"], "\(missing)")
    }

    /// Which keys' values a recording replaces: case and separators ignored, any key holding a
    /// credential word (so `postcode` too: redacting more is the safe side); non-ASCII keys are
    /// read by Character (the Kelvin sign lowercases to `k`).
    @Test func secretKeysAreKnownWhateverTheirCaseOrSeparators() {
        let secret = ["accessToken", "refresh_token", "X-Api-Key", "code", "postcode", "TOKEN", "tok-en", "sessionId",
                      "new_password", "OTP", "jwt", "signatureData", "to\u{212A}en", "passwordé", "pass word-less"]
        let plain = ["name", "status", "id", "email", "tök", "to_ke", "", "ＴＯＫＥＮ", "pässwort"]
        for key in secret { #expect(Redaction.isSecretKey(key), "\(key)") }
        for key in plain { #expect(!Redaction.isSecretKey(key), "\(key)") }
    }

    @Test func theReportFileIsWrittenWhenTheProxyStops() async throws {
        try await withProxyRig { rig in
            _ = try await rig.get("/api/orders")
            let served = try await rig.report()
            rig.proxy.stop()
            let written = try #require(JSONValue.parse(try Data(contentsOf: rig.reportFile)))
            #expect(written == served)
            #expect(ProxyRig.findings(written) == [] && written["exchanges"]?.intValue == 1)
        }
    }
}
