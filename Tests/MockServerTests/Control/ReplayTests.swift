import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import MockHTTP
import MockServer
import MockTestSupport
import RepairMinderMockControl

/// Replay seeds (docs/replay.md): one seed and the same requests give the same answers, byte for
/// byte, and the same journal digest — in two servers, in a child process, after a reset, and in
/// eight namespaces played at once in any interleaving; another seed or none gives other values.
@Suite struct ReplayTests {
    @Test func twoFreshServersWithOneSeedAnswerTheScenarioByteForByte() async throws {
        let first = try await Self.playOnFreshServer(seed: "golden")
        let second = try await Self.playOnFreshServer(seed: "golden")
        #expect(ReplayRun.difference(first.exchanges, second.exchanges) == nil)
        #expect(ReplayRun.difference(first.controlAnswers, second.controlAnswers) == nil)
        #expect(first.digest != nil && first.digest == second.digest)
        #expect(first.requests == 13 && first.journalDigests.count == 13)
        #expect(first.journalDigests == second.journalDigests)
        #expect(first.journalDigests.last == first.digest)
        // The clock stood at the seed's `now` throughout: the tokens were issued then.
        #expect(first.invented["staff iat"] == String(Int(MockSeed.referenceNow.timeIntervalSince1970)))
    }

    @Test func anotherSeedDiffersInEveryInventedValueAndNoSeedDiffersEveryRun() async throws {
        let golden = try await Self.playOnFreshServer(seed: "golden")
        let other = try await Self.playOnFreshServer(seed: "other")
        #expect(Set(golden.invented.keys) == Set(other.invented.keys))
        for (name, value) in golden.invented where !name.hasSuffix("iat") {
            #expect(other.invented[name] != value, "\(name) is the same under another seed")
        }
        #expect(golden.digest != other.digest)

        let random1 = try await Self.playOnFreshServer(seed: nil)
        let random2 = try await Self.playOnFreshServer(seed: nil)
        #expect(random1.digest == nil && random1.journalDigests.isEmpty)
        for (name, value) in random1.invented where !name.hasSuffix("iat") {
            #expect(random2.invented[name] != value, "\(name) is the same in two runs without a seed")
        }
    }

    @Test func aResetReplaysTheRunAndTheChildProcessAgrees() async throws {
        let spawned = try SpawnedMock(arguments: ["--host", "127.0.0.1", "--port", "0", "--db", ":memory:",
                                                  "--replay-seed", "golden", "--log-level", "error"])
        defer { spawned.terminate() }
        let base = try #require(URL(string: "http://127.0.0.1:\(spawned.port)"))
        let inProcess = try await Self.playOnFreshServer(seed: "golden")
        let child = try await ReplayScenario.play(at: base, fixtureSeed: "golden")
        #expect(ReplayRun.difference(child.exchanges, inProcess.exchanges) == nil)
        #expect(ReplayRun.difference(child.controlAnswers, inProcess.controlAnswers) == nil)
        #expect(child.digest == inProcess.digest)

        // After a reset the same requests are the same run again.
        _ = try await ReplayScenario.call("POST", base, "/__mock/reset")
        let again = try await ReplayScenario.play(at: base, fixtureSeed: "golden")
        #expect(ReplayRun.difference(again.exchanges, child.exchanges) == nil)
        #expect(again.digest == child.digest)
    }

    @Test func eightNamespacesPlayedAtOnceEachReplayTheirOwnRun() async throws {
        let names = (0..<8).map { "replay-\($0)" }
        // The reference: each namespace alone, one after another, on a server of its own.
        let reference = try await withStarted({ try MockServer.startedForTesting { $0.replaySeed = "golden" } }) { server in
            var runs: [String: ReplayRun] = [:]
            for name in names { runs[name] = try await ReplayScenario.play(at: server.baseURL.appendingPathComponent("ns/\(name)")) }
            return runs
        }
        // All eight at once on another server, each step after a random pause, in three rounds.
        try await withStarted({ try MockServer.startedForTesting { $0.replaySeed = "golden" } }) { server in
            for _ in 0..<3 {
                let runs = try await withThrowingTaskGroup(of: (String, ReplayRun).self) { group in
                    for name in names {
                        group.addTask {
                            let base = server.baseURL.appendingPathComponent("ns/\(name)")
                            _ = try await ReplayScenario.call("POST", base, "/__mock/reset")
                            return (name, try await ReplayScenario.play(at: base, jitter: true))
                        }
                    }
                    return try await group.reduce(into: [String: ReplayRun]()) { $0[$1.0] = $1.1 }
                }
                for name in names {
                    #expect(ReplayRun.difference(runs[name]?.exchanges, reference[name]?.exchanges) == nil, "\(name)")
                    #expect(runs[name]?.digest == reference[name]?.digest, "\(name)")
                }
            }
        }
        // No two namespaces share an invented value.
        var seen: [String: String] = [:]
        for name in names {
            for (kind, value) in reference[name]?.invented ?? [:] where !kind.hasSuffix("iat") && !kind.hasPrefix("fixture") {
                #expect(seen[value] == nil, "\(name)'s \(kind) is also \(seen[value] ?? "")")
                seen[value] = "\(name)'s \(kind)"
            }
        }
    }

    /// Faults and shape variants are as deterministic as the rest: a dropped connection, a latency
    /// and reordered answers make the same journal and digest in two fresh servers.
    @Test func faultsAndVariantsReplayToo() async throws {
        func play() async throws -> (digest: String?, journal: [MockJournalEntry]) {
            try await withStarted({ try MockServer.startedForTesting { $0.replaySeed = "faults" } }) { server in
                let base = server.baseURL
                let control = MockControl(baseURL: base)
                let variance = try await ReplayScenario.call("PUT", base, "/__mock/variance", body: #"{"vary":["reordered-keys","timestamps-ms"]}"#)
                #expect(variance.status == 200)
                try await control.addFault(.on("GET", "/api/auth/me").droppingConnection().times(1))
                try await control.addFault(.on("/api/auth/2fa/*").delayed(by: .milliseconds(30)).times(1))
                // The dropped request over a bare socket: what a client does after a drop is not the point.
                let socket = try LoopbackSocket(port: server.port, receiveTimeout: 5)
                try socket.send(Array("GET /api/auth/me HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
                var buffer = [UInt8](repeating: 0, count: 256)
                #expect(socket.receive(into: &buffer) == 0)   // closed, no answer
                _ = try await ReplayScenario.call("POST", base, "/api/auth/login", body: #"{"email":"admin@acme.test","password":"password123"}"#)
                _ = try await ReplayScenario.call("POST", base, "/api/auth/2fa/request",
                                                  body: #"{"userId":"\#(MockSeed.Staff.admin.id)","email":"admin@acme.test"}"#)
                return (try await control.replay().digest, try await control.journal())
            }
        }
        let first = try await play()
        let second = try await play()
        #expect(first.journal.map(\.status) == [0, 200, 200])
        #expect(first.journal.map(\.durationMs) == [0, 0, 30])   // the injected latency alone
        #expect(second.journal == first.journal)
        #expect(first.digest != nil && first.digest == second.digest)
    }

    @Test func aNamespacePutOnASeedStartsFromItAndLeavesItsNeighboursAlone() async throws {
        try await withStarted({ try MockServer.startedForTesting() }) { server in
            let control = MockControl(baseURL: server.baseURL)
            let name = MockNamespace.name(for: "-[LoginSnapshotTests testSignIn]")
            #expect(name == "LoginSnapshotTests-testSignIn")
            let namespace = try await control.namespace(named: name, replaySeed: "golden")
            let replay = try await namespace.control.replay()
            #expect(replay.seed == "golden" && replay.namespace == name && replay.requests == 0)
            #expect(replay.clockStart == MockSeed.referenceNow)
            #expect(try await namespace.control.clock().frozen)
            let seeded = try await ReplayScenario.play(at: namespace.baseURL)

            // The same on a server whose every namespace is on the seed.
            let whole = try await withStarted({ try MockServer.startedForTesting { $0.replaySeed = "golden" } }) { other in
                try await ReplayScenario.play(at: other.baseURL.appendingPathComponent("ns/\(name)"))
            }
            #expect(ReplayRun.difference(seeded.exchanges, whole.exchanges) == nil)
            #expect(seeded.digest == whole.digest)
            // The default namespace stayed random, and off the seed again the namespace is too.
            #expect(try await control.replay().seed == nil)
            let off = try await namespace.control.setReplaySeed(nil)
            #expect(off.seed == nil && off.digest == nil && off.clockStart == nil)
            #expect(try await namespace.control.clock().frozen == false)
        }
    }

    @Test func aBadSeedIsRefusedAndChangesNothing() async throws {
        try await withStarted({ try MockServer.startedForTesting() }) { server in
            let base = server.baseURL
            for body in [#"{"seed": ""}"#, #"{"seed": 7}"#, #"{}"#, #"{"seed": "a\u0001b"}"#,
                         "{\"seed\": \"\(String(repeating: "x", count: 257))\"}"] {
                let reply = try await ReplayScenario.call("PUT", base, "/__mock/replay", body: body)
                #expect(reply.status == 400)
                #expect(String(decoding: reply.body, as: UTF8.self) == #"{"success":false,"error":"Invalid or missing field: seed"}"#)
            }
            let unknown = try await ReplayScenario.call("PUT", base, "/__mock/replay", body: #"{"seed": "a", "salt": 1}"#)
            #expect(String(decoding: unknown.body, as: UTF8.self) == #"{"success":false,"error":"Unknown key: salt"}"#)
            let state = try await ReplayScenario.call("GET", base, "/__mock/replay")
            #expect(String(decoding: state.body, as: UTF8.self)
                    == #"{"success":true,"data":{"seed":null,"namespace":null,"clock_start":null,"requests":0,"digest":null}}"#)
        }
    }

    @Test func aSeedBeyondLoopbackNeedsTheControlToken() throws {
        var configuration = MockServerConfiguration.forTesting { $0.replaySeed = "golden" }
        configuration.hosts = ["0.0.0.0"]
        #expect(throws: MockServerConfigurationError.replaySeedExposed(hosts: ["0.0.0.0"])) { try configuration.validate() }
        #expect("\(MockServerConfigurationError.replaySeedExposed(hosts: ["0.0.0.0"]))" == """
            --replay-seed makes every token, code and id predictable, and the mock would answer on 0.0.0.0, \
            beyond this machine: set --control-token too, or bind to loopback only
            """)
        configuration.controlToken = "secret"
        try configuration.validate()
        configuration.replaySeed = ""
        #expect(throws: MockServerConfigurationError.invalidReplaySeed) { try configuration.validate() }
    }

    /// A mock that answers beyond loopback without a control token refuses a seed set at run time
    /// too, and stays random.
    @Test func aSeedSetAtRunTimeOnAnExposedMockIsRefused() throws {
        let server = try MockServer(configuration: .forTesting { $0.hosts = ["0.0.0.0"] })
        let put = HTTPRequest(method: "PUT", target: "/__mock/replay", path: "/__mock/replay",
                              headers: HTTPHeaders([("Content-Type", "application/json")]), body: Data(#"{"seed":"golden"}"#.utf8))
        let refused = server.respond(to: put)
        #expect(refused.status == 403)
        #expect(String(decoding: refused.body, as: UTF8.self) == """
            {"success":false,"error":"A replay seed makes tokens predictable: start the mock with --control-token, \
            or bind it to loopback only","code":"REPLAY_SEED_EXPOSED"}
            """)
        let state = server.respond(to: HTTPRequest(method: "GET", target: "/__mock/replay", path: "/__mock/replay"))
        #expect(String(decoding: state.body, as: UTF8.self).contains(#""seed":null"#))
        // With a token, the same call is taken.
        let guarded = try MockServer(configuration: .forTesting { $0.hosts = ["0.0.0.0"]; $0.controlToken = "t" })
        var authorized = put
        authorized.headers.add("Authorization", "Bearer t")
        #expect(guarded.respond(to: authorized).status == 200)
    }

    /// The CLI refuses what the configuration refuses, from a flag or from the environment, and says why.
    @Test(arguments: [
        (["--host", "0.0.0.0", "--replay-seed", "golden"], [String: String](),
         "Error: --replay-seed makes every token, code and id predictable, and the mock would answer on 0.0.0.0, beyond this machine: set --control-token too, or bind to loopback only"),
        (["--host", "0.0.0.0"], ["REPAIRMINDER_MOCK_REPLAY_SEED": "golden"],
         "Error: --replay-seed makes every token, code and id predictable, and the mock would answer on 0.0.0.0, beyond this machine: set --control-token too, or bind to loopback only"),
        (["--replay-seed", ""], [:], "Error: --replay-seed must be 1 to 256 bytes of text without control characters"),
    ])
    func theCommandLineRefusesAnExposedOrEmptySeed(arguments: [String], environment: [String: String], message: String) throws {
        let result = try CommandLineRun.run(["--db", ":memory:", "--port", "0"] + arguments, environment: environment)
        #expect(result.status == 64)
        #expect(result.output.hasPrefix(message), "\(result.output)")
    }

    @Test func theBannerSaysTheTokensArePredictable() throws {
        let server = try MockServer(configuration: .forTesting { $0.replaySeed = "golden" })
        let banner = try server.banner()
        #expect(banner.contains("""
              replay seed: "golden": every id, token and code is predictable, and every namespace's clock
                starts frozen at 2026-11-21T12:00:00Z (docs/replay.md); for tests, never for real data
            """))
    }

    static func playOnFreshServer(seed: String?) async throws -> ReplayRun {
        try await withStarted({ try MockServer.startedForTesting { $0.replaySeed = seed } }) { server in
            try await ReplayScenario.play(at: server.baseURL, fixtureSeed: seed)
        }
    }
}

/// What one play of the scenario saw.
struct ReplayRun: Sendable {
    /// Each app-API request and its answer: `POST /api/auth/login → 200` and the body.
    var exchanges: [String] = []
    /// The control API's answers that carry invented values (codes, the minted session, the
    /// fixtures made, the payment, the pushes).
    var controlAnswers: [String] = []
    /// Every invented value by name, to compare across seeds.
    var invented: [String: String] = [:]
    var digest: String?
    var requests = 0
    var journalDigests: [String] = []

    /// nil when `a` and `b` are the same; else the first place they differ, short enough to read.
    static func difference(_ a: [String]?, _ b: [String]?) -> String? {
        guard let a, let b else { return a == nil && b == nil ? nil : "one run is missing" }
        for (index, (x, y)) in zip(a, b).enumerated() where x != y {
            let at = zip(x, y).prefix { $0 == $1 }.count
            return "#\(index) differs at \(at): …\(x.dropFirst(max(0, at - 40)).prefix(120))… against …\(y.dropFirst(max(0, at - 40)).prefix(120))…"
        }
        return a.count == b.count ? nil : "\(a.count) against \(b.count) entries"
    }
}

/// The scenario of issue 44, over raw HTTP against `base` (a server's URL or a namespace's): staff
/// sign-in with an emailed 2FA code, a refresh, a reuse of the old refresh token, a minted session
/// registering a device token, an order by fixture, a payment event and its push, a customer's magic
/// link and their orders.
enum ReplayScenario {
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
    }()

    struct Reply { let status: Int; let body: Data }

    static func call(_ method: String, _ base: URL, _ path: String, body: String? = nil, bearer: String? = nil) async throws -> Reply {
        var request = URLRequest(url: try #require(URL(string: base.absoluteString + path)))
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await session.data(for: request)
        return Reply(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
    }

    static func json(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func claims(_ jwt: String) throws -> [String: Any] {
        let part = String(jwt.split(separator: ".")[1])
        var base64 = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return try json(try #require(Data(base64Encoded: base64)))
    }

    /// `fixtureSeed` names the fixture builder's ids (`MockFixtures(idSeed:)`); nil: random ids.
    static func play(at base: URL, fixtureSeed: String? = "replay", jitter: Bool = false) async throws -> ReplayRun {
        var run = ReplayRun()
        // The answers name the origin the request did (a logo's URL): the port is not the run's.
        let origin = "http://\(base.host ?? ""):\(base.port ?? 80)"
        func text(_ data: Data) -> String {
            String(decoding: data, as: UTF8.self).replacingOccurrences(of: origin, with: "http://{host}")
        }
        func pause() async throws {
            if jitter { try await Task.sleep(for: .microseconds(Int.random(in: 0...3_000))) }
        }
        func app(_ method: String, _ path: String, body: String? = nil, bearer: String? = nil) async throws -> Reply {
            try await pause()
            let reply = try await call(method, base, path, body: body, bearer: bearer)
            run.exchanges.append("\(method) \(path) → \(reply.status)\n" + text(reply.body))
            return reply
        }
        func control(_ method: String, _ path: String, body: String? = nil) async throws -> [String: Any] {
            try await pause()
            let reply = try await call(method, base, path, body: body)
            run.controlAnswers.append("\(method) \(path) → \(reply.status)\n" + text(reply.body))
            return try json(reply.body)
        }
        func code(to email: String, kind: String) async throws -> String {
            let mail = try await control("GET", "/__mock/outbox?to=\(email)&kind=\(kind)")
            return try #require(((mail["data"] as? [[String: Any]])?.first?["code"]) as? String)
        }
        let admin = MockSeed.Staff.admin
        let jane = MockSeed.Customer.jane

        // Staff: password, an emailed code, a refresh, and the old refresh token again.
        let login = try json(try await app("POST", "/api/auth/login",
                                           body: #"{"email":"\#(admin.email)","password":"\#(MockSeed.password)"}"#).body)
        let userID = try #require((login["data"] as? [String: Any])?["userId"] as? String)
        _ = try await app("POST", "/api/auth/2fa/request", body: #"{"userId":"\#(userID)","email":"\#(admin.email)"}"#)
        let staffCode = try await code(to: admin.email, kind: "staff_2fa")
        let verified = try json(try await app("POST", "/api/auth/2fa/verify", body: #"{"userId":"\#(userID)","code":"\#(staffCode)"}"#).body)
        let tokens = try #require(verified["data"] as? [String: Any])
        let firstRefresh = try #require(tokens["refreshToken"] as? String)
        let firstClaims = try claims(try #require(tokens["token"] as? String))
        let refreshed = try json(try await app("POST", "/api/auth/refresh", body: #"{"refreshToken":"\#(firstRefresh)"}"#).body)
        let secondRefresh = try #require((refreshed["data"] as? [String: Any])?["refreshToken"] as? String)
        let reuse = try await app("POST", "/api/auth/refresh", body: #"{"refreshToken":"\#(firstRefresh)"}"#)
        try #require(reuse.status == 401)

        // A minted session registers the staff phone; an order by fixture is paid, which pushes to it.
        let minted = try #require(try await control("POST", "/__mock/sessions", body: #"{"email":"\#(admin.email)"}"#)["data"] as? [String: Any])
        let staffToken = try #require(minted["token"] as? String)
        let phone = String(repeating: "5a", count: 32)
        _ = try await app("POST", "/api/user/device-token", body: #"{"device_token":"\#(phone)","platform":"ios","app_type":"staff"}"#,
                          bearer: staffToken)
        var fixtures = fixtureSeed.map { MockFixtures(idSeed: $0) } ?? MockFixtures()
        let order = fixtures.addOrder(companyID: MockSeed.Company.acme, clientID: jane.id, devices: [
            .init(brand: "Apple", model: "iPhone 15", status: .awaitingAuthorisation),
        ], items: [.init(description: "Screen replacement", unitPricePence: 12_999, device: 0)])
        _ = try await control("POST", "/__mock/fixtures", body: String(decoding: fixtures.json.data, as: UTF8.self))
        let payment = try #require(try await control("POST", "/__mock/events", body: """
            {"type":"payment_received","order_id":"\(order.id)","amount_pence":5000}
            """)["data"] as? [String: Any])
        _ = try await app("GET", "/api/orders/\(order.id)", bearer: staffToken)
        let pushes = try #require(try await control("GET", "/__mock/push")["data"] as? [[String: Any]])

        // The customer: a magic link, its code, and their orders.
        _ = try await app("POST", "/api/customer/auth/request-magic-link", body: #"{"email":"\#(jane.email)"}"#)
        let customerCode = try await code(to: jane.email, kind: "customer_magic_link")
        let signedIn = try json(try await app("POST", "/api/customer/auth/verify-code",
                                              body: #"{"email":"\#(jane.email)","code":"\#(customerCode)"}"#).body)
        let customerToken = try #require((signedIn["data"] as? [String: Any])?["token"] as? String)
        let customerClaims = try claims(customerToken)
        _ = try await app("GET", "/api/customer/orders", bearer: customerToken)
        _ = try await app("GET", "/api/customer/auth/me", bearer: customerToken)
        _ = try await app("GET", "/api/auth/me", bearer: staffToken)
        _ = try await app("GET", "/api/orders/\(order.id)", bearer: customerToken)   // a customer token on a staff route

        run.invented = [
            "staff 2FA code": staffCode, "first refresh token": firstRefresh, "second refresh token": secondRefresh,
            "staff jti": "\(firstClaims["jti"] ?? "")", "staff family": "\(firstClaims["familyId"] ?? "")",
            "staff iat": "\(firstClaims["iat"] ?? "")",
            "minted refresh token": "\(minted["refreshToken"] ?? "")",
            "minted jti": "\(try claims(staffToken)["jti"] ?? "")",
            "payment id": "\((payment["payment"] as? [String: Any])?["id"] ?? "")",
            "push id": "\(pushes.first?["id"] ?? "")",
            "customer code": customerCode, "customer jti": "\(customerClaims["jti"] ?? "")",
            "customer session": "\(customerClaims["sessionId"] ?? "")",
            "fixture order id": order.id,
        ]
        let replay = try #require(try json(try await call("GET", base, "/__mock/replay").body)["data"] as? [String: Any])
        run.digest = replay["digest"] as? String
        run.requests = replay["requests"] as? Int ?? -1
        let journal = try #require(try json(try await call("GET", base, "/__mock/requests").body)["data"] as? [[String: Any]])
        run.journalDigests = journal.compactMap { $0["digest"] as? String }
        return run
    }
}
