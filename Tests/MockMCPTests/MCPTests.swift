import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MCP
import SystemPackage
import Testing
@testable import MockServer
import MockTestSupport
import RepairMinderMockControl
#if canImport(Glibc)
import Glibc
#endif

/// The control API as MCP tools (docs/agents.md), driven by the MCP Swift SDK's own client over both
/// transports: Streamable HTTP at `/__mock/mcp`, and stdio through `repairminder-mock-mcp`.
@Suite struct MCPTests {
    /// The operations of the served document that are not tools: a binary body or answer, the
    /// console's page, the endpoint itself.
    static let leftOut: Set<String> = ["mockExportSnapshot", "mockImportSnapshot", "mockConsole", "mockMCP"]
    static let agentTools: Set<String> = ["agentSeededAccounts", "agentNamespaceState"]

    static func connect(_ base: URL, token: String? = nil) async throws -> Client {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 20
        let transport = HTTPClientTransport(endpoint: base.appendingPathComponent("__mock/mcp"), configuration: configuration,
                                            streaming: false, requestModifier: { request in
            guard let token else { return request }
            var request = request
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            return request
        })
        let client = Client(name: "MCPTests", version: "1.0")
        try await client.connect(transport: transport)
        return client
    }

    /// The tool's one text content, and whether it was an error.
    static func call(_ client: Client, _ name: String, _ arguments: [String: Value] = [:]) async throws -> (text: String, isError: Bool) {
        let (content, isError) = try await client.callTool(name: name, arguments: arguments)
        guard content.count == 1, case .text(let text, _, _) = content[0] else { throw TestFailure("not one text: \(content)") }
        return (text, isError ?? false)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func get(_ url: URL, bearer: String? = nil) async throws -> (status: Int, body: Data) {
        var request = URLRequest(url: url)
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    @Test func theToolsAreTheControlAPIsOperationsFromTheDocument() async throws {
        try await withStarted({ try MockServer.startedForTesting() }) { server in
            let client = try await Self.connect(server.baseURL)
            let (tools, _) = try await client.listTools()
            // Every /__mock operation of the document the mock serves, by its operationId.
            let document = try Self.json(String(decoding: try await Self.get(server.baseURL.appendingPathComponent("openapi.json")).body,
                                                as: UTF8.self))
            var operations: Set<String> = []
            for (path, item) in try #require(document["paths"] as? [String: [String: Any]]) where path.hasPrefix("/__mock") {
                for (_, operation) in item { if let id = (operation as? [String: Any])?["operationId"] as? String { operations.insert(id) } }
            }
            #expect(Set(tools.map(\.name)) == operations.subtracting(Self.leftOut).union(Self.agentTools))
            #expect(tools.count == Set(tools.map(\.name)).count)
            // A tool's input schema is its operation's: path parameters required, the body's members beside them.
            let status = try #require(tools.first { $0.name == "mockSetCompanyStatus" })
            #expect(status.inputSchema.objectValue?["required"] == .array(["id", "status"]))
            #expect(status.inputSchema.objectValue?["properties"]?.objectValue?["status"]?.objectValue?["enum"]
                    == .array(["active", "pending_approval", "suspended"]))
            #expect(status.description == """
                Set a company's status (quarantine on/off)

                Takes effect on the next request, with no new login.

                (PATCH /__mock/companies/{id}; docs/control-api.md)

                Example: {"id":"00000001-0000-4000-8000-00000000a000","status":"suspended"}
                """)
            #expect(status.annotations.readOnlyHint == false)
            #expect(tools.first { $0.name == "mockListOutbox" }?.annotations.readOnlyHint == true)
        }
    }

    @Test func aMintedSessionsTokenSignsTheAppInAndResetEndsIt() async throws {
        try await withStarted({ try MockServer.startedForTesting() }) { server in
            let client = try await Self.connect(server.baseURL)
            let minted = try await Self.call(client, "mockCreateSession", ["email": "admin@acme.test"])
            #expect(!minted.isError)
            let token = try #require(try Self.json(minted.text)["token"] as? String)
            let me = try await Self.get(server.baseURL.appendingPathComponent("api/auth/me"), bearer: token)
            #expect(me.status == 200)

            let reset = try await Self.call(client, "mockReset")
            #expect(!reset.isError)
            #expect(try Self.json(reset.text)["now"] is String)
            #expect(try await Self.get(server.baseURL.appendingPathComponent("api/auth/me"), bearer: token).status == 401)

            // A body's "one of these" members are the tool's arguments too: the clock's move and `frozen`.
            let clock = try await Self.call(client, "mockSetClock", ["now": "2026-11-22T09:00:00Z", "frozen": true])
            #expect(!clock.isError)
            #expect(try Self.json(clock.text)["now"] as? String == "2026-11-22T09:00:00Z")
            #expect(try await Self.call(client, "mockSetClock", [:]).text == "Give advance_seconds, now or frozen")
            // The answer's data as the API wrote it: its keys in the API's order, not sorted.
            #expect(try await Self.call(client, "mockGetClock").text.hasPrefix(#"{"now":"2026-11-22T09:00:00Z","offset_seconds":"#))

            // The agent's own: who can sign in, and what the namespace holds.
            let accounts = try await Self.call(client, "agentSeededAccounts")
            #expect(accounts.text.contains(#""email":"admin@acme.test""#) && accounts.text.contains("password123"))
            let state = try Self.json(try await Self.call(client, "agentNamespaceState").text)
            #expect((state["orders"] as? [String: Any])?["count"] as? Int == 36)   // the seed's
            #expect((state["companies"] as? [Any])?.count == 4)
            #expect(state["namespace"] is NSNull)
        }
    }

    @Test func aRefusedCallIsAToolErrorWithTheAPIsMessageAndChangesNothing() async throws {
        try await withStarted({ try MockServer.startedForTesting() }) { server in
            let client = try await Self.connect(server.baseURL)
            let before = try server.environment.store.dumpAllTables()
            for (name, arguments, message) in [
                ("mockSetCompanyStatus", ["id": Value.string(MockSeed.Company.acme), "status": "bogus"], "Invalid or missing field: status"),
                ("mockSetCompanyStatus", ["id": "no-such-company", "status": "suspended"], "Company not found"),
                ("mockAddFault", ["path": "no-slash", "status": 500], "Invalid or missing field: path"),
                ("mockSetCompanyStatus", ["status": "suspended"], "Missing argument: id"),
                ("mockReset", ["everything": true], "Unknown argument: everything"),
                ("mockPlayEvent", ["type": "payment_received", "order_id": .string(MockSeed.Order.janes10001)], "Invalid or missing field: amount_pence"),
            ] as [(String, [String: Value], String)] {
                let answer = try await Self.call(client, name, arguments)
                #expect(answer.isError, "\(name)")
                #expect(answer.text == message, "\(name)")
            }
            // An unknown tool is a protocol error (-32602), not a tool's.
            await #expect(throws: MCPError.invalidParams("Unknown tool: noSuchTool")) {
                _ = try await client.callTool(name: "noSuchTool", arguments: [:])
            }
            #expect(try server.environment.store.dumpAllTables() == before)
            #expect(try await Self.call(client, "mockListFaults").text == "[]")
        }
    }

    @Test func theControlTokenGuardsTheEndpointBeforeAnythingRuns() async throws {
        try await withStarted({ try MockServer.startedForTesting { $0.controlToken = "s3cret" } }) { server in
            await #expect(throws: (any Error).self) { _ = try await Self.connect(server.baseURL) }
            await #expect(throws: (any Error).self) { _ = try await Self.connect(server.baseURL, token: "wrong") }
            let client = try await Self.connect(server.baseURL, token: "s3cret")
            #expect(try await Self.call(client, "mockSetCompanyStatus", ["id": .string(MockSeed.Company.acme), "status": "suspended"]).isError == false)
            // Over plain HTTP, a tool call without the token: 401, and the company stays as it is.
            var request = URLRequest(url: server.baseURL.appendingPathComponent("__mock/mcp"))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue("application/json, text/event-stream", forHTTPHeaderField: "Accept")
            request.httpBody = Data(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"mockSetCompanyStatus","arguments":{"id":"\#(MockSeed.Company.acme)","status":"active"}}}"#.utf8)
            let (_, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 401)
            // With the token, a foreign Origin is still refused (403), and nothing runs.
            request.setValue("Bearer s3cret", forHTTPHeaderField: "Authorization")
            request.setValue("https://evil.example", forHTTPHeaderField: "Origin")
            let (_, foreign) = try await URLSession.shared.data(for: request)
            #expect((foreign as? HTTPURLResponse)?.statusCode == 403)
            #expect((foreign as? HTTPURLResponse)?.value(forHTTPHeaderField: "Access-Control-Allow-Origin") == nil)
            let companies = try await MockControl(baseURL: server.baseURL, token: "s3cret").companies()
            #expect(companies.first { $0.id == MockSeed.Company.acme }?.status == "suspended")
        }
    }

    @Test func aNamespacesEndpointActsInTheNamespaceAndTheTransportRulesHold() async throws {
        try await withStarted({ try MockServer.startedForTesting() }) { server in
            let namespace = server.baseURL.appendingPathComponent("ns/agent-1")
            let client = try await Self.connect(namespace)
            _ = try await Self.call(client, "mockCreateSession", ["email": "jane@customer.test"])
            #expect(try await MockControl(baseURL: namespace).sessions().count == 1)
            #expect(try await MockControl(baseURL: server.baseURL).sessions().isEmpty)
            #expect(try Self.json(try await Self.call(client, "agentNamespaceState").text)["namespace"] as? String == "agent-1")

            // GET (a server-sent stream) and DELETE (a session's end): 405, as the specification allows.
            for method in ["GET", "DELETE"] {
                var request = URLRequest(url: namespace.appendingPathComponent("__mock/mcp"))
                request.httpMethod = method
                let (_, response) = try await URLSession.shared.data(for: request)
                #expect((response as? HTTPURLResponse)?.statusCode == 405)
                #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Allow") == "POST")
            }
            // Without a control token a Host that names a domain is refused: DNS rebinding. The
            // control API's boundary (the Dispatcher, ControlBoundary) answers 403 before the endpoint.
            var rebound = URLRequest(url: server.baseURL.appendingPathComponent("__mock/mcp"))
            rebound.httpMethod = "POST"
            rebound.setValue("evil.example:80", forHTTPHeaderField: "Host")
            rebound.setValue("application/json", forHTTPHeaderField: "Content-Type")
            rebound.setValue("application/json, text/event-stream", forHTTPHeaderField: "Accept")
            rebound.httpBody = Data(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#.utf8)
            let (_, response) = try await URLSession.shared.data(for: rebound)
            #expect((response as? HTTPURLResponse)?.statusCode == 403)
        }
    }

    /// `repairminder-mock mcp --url … --control-token …`, spawned with pipes for its standard input
    /// and output, driven by the SDK's client over its StdioTransport.
    @Test func theStdioBridgeCarriesTheToolsAndNeverPrintsTheToken() async throws {
        try await withStarted({ try MockServer.startedForTesting { $0.controlToken = "bridge-s3cret" } }) { server in
            var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
            #expect(pipe(&toChild) == 0 && pipe(&fromChild) == 0)
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-bridge-\(UUID().uuidString).log")
            defer { try? FileManager.default.removeItem(at: log) }
            let child = try ChildProcess(executable: try BuiltPrograms.mock(),
                                         arguments: ["mcp", "--url", server.baseURL.absoluteString, "--control-token", "bridge-s3cret",
                                                     "--log-level", "debug"],
                                         environment: ChildProcess.environment([:]), output: log,
                                         standardInput: toChild[0], standardOutput: fromChild[1])
            close(toChild[0])
            close(fromChild[1])
            defer { _ = child.terminate() }
            let transport = StdioTransport(input: FileDescriptor(rawValue: fromChild[0]), output: FileDescriptor(rawValue: toChild[1]))
            let client = Client(name: "MCPTests", version: "1.0")
            try await client.connect(transport: transport)
            let (tools, _) = try await client.listTools()
            #expect(tools.contains { $0.name == "mockReset" } && tools.contains { $0.name == "agentNamespaceState" })
            let minted = try await Self.call(client, "mockCreateSession", ["email": "admin@acme.test"])
            let token = try #require(try Self.json(minted.text)["token"] as? String)
            #expect(try await Self.get(server.baseURL.appendingPathComponent("api/auth/me"), bearer: token).status == 200)
            #expect(try await Self.call(client, "mockReset").isError == false)
            #expect(try await Self.get(server.baseURL.appendingPathComponent("api/auth/me"), bearer: token).status == 401)
            await client.disconnect()
            close(toChild[1])   // standard input ends: the bridge stops
            #expect(child.waitUntilExit() == 0)
            close(fromChild[0])
            let written = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            #expect(written.contains("bridging standard input and output to"), "\(written)")
            #expect(!written.contains("bridge-s3cret"))
        }
    }

    @Test func aBridgeWithoutTheTokenAnswersEachRequestWithAnErrorSayingWhy() async throws {
        try await withStarted({ try MockServer.startedForTesting { $0.controlToken = "s3cret" } }) { server in
            let run = try CommandLineRun.runMCP(["--url", server.baseURL.absoluteString, "--control-token", "wrong-one"],
                                                input: #"{"jsonrpc":"2.0","id":7,"method":"tools/list"}"# + "\n")
            #expect(run.output.contains(#""id":7"#) && run.output.contains("refused the message: 401 Invalid control token"), "\(run.output)")
            #expect(!run.output.contains("wrong-one") && !run.log.contains("wrong-one"))
            #expect(run.status == 0)
        }
    }
}
