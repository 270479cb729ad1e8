import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MCP
import Testing
@testable import MockServer
import MockTestSupport
import RepairMinderMockControl

/// What every MCP host accepts of a tool (docs/agents.md, "The rules"), checked on the tools as the
/// SDK's client lists them, and the tools that broke them before called as an agent would.
@Suite struct MCPToolRulesTests {
    /// Schema keywords an OpenAPI document has and JSON Schema 2020-12 does not (or a tool must not hold).
    static let openAPIOnly: Set<String> = ["example", "nullable", "discriminator", "xml", "externalDocs", "$ref"]

    /// Every keyword used in `schema`, at every depth (the names under `properties` are members, not keywords).
    static func keywords(_ schema: Value) -> Set<String> {
        guard case .object(let members) = schema else {
            if case .array(let items) = schema { return items.reduce(into: []) { $0.formUnion(keywords($1)) } }
            return []
        }
        var found = Set(members.keys)
        for (key, value) in members where !["enum", "const", "default", "examples"].contains(key) {
            if key == "properties" || key == "$defs", case .object(let named) = value {
                for member in named.values { found.formUnion(keywords(member)) }
            } else {
                found.formUnion(keywords(value))
            }
        }
        return found
    }

    /// The example of a tool's description (`Example: {…}`, its last line).
    static func example(_ description: String) throws -> [String: Any]? {
        guard let line = description.split(separator: "\n").last, line.hasPrefix("Example: ") else { return nil }
        return try JSONSerialization.jsonObject(with: Data(line.dropFirst("Example: ".count).utf8)) as? [String: Any]
    }

    @Test func everyToolIsOneObjectWithItsMembersAtTheRootAShortDescriptionAndAnExample() async throws {
        try await withStarted({ try MockServer.startedForTesting() }) { server in
            let client = try await MCPTests.connect(server.baseURL)
            let (tools, _) = try await client.listTools()
            #expect(tools.count > 30)
            for tool in tools {
                #expect(tool.name.range(of: "^[A-Za-z0-9_-]{1,64}$", options: .regularExpression) != nil, "\(tool.name)")
                #expect((tool.description ?? "").count <= 1024, "\(tool.name): \((tool.description ?? "").count) characters")
                let schema = try #require(tool.inputSchema.objectValue, "\(tool.name)")
                #expect(schema["type"] == "object", "\(tool.name)")
                for combinator in ["anyOf", "oneOf", "allOf", "not", "if", "then", "else"] {
                    #expect(schema[combinator] == nil, "\(tool.name) has \(combinator) at its root")
                }
                let used = Self.keywords(tool.inputSchema)
                #expect(used.isDisjoint(with: Self.openAPIOnly), "\(tool.name): \(used.intersection(Self.openAPIOnly))")
                #expect(!used.contains { $0.hasPrefix("x-") }, "\(tool.name)")
                let properties = schema["properties"]?.objectValue ?? [:]
                let required = schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
                #expect(required.allSatisfy { properties[$0] != nil }, "\(tool.name)")
                guard !properties.isEmpty else { continue }
                // A tool with arguments shows them: every required one, and only its own.
                let example = try #require(try Self.example(tool.description ?? ""), "\(tool.name) has no example")
                #expect(Set(example.keys).isSubset(of: Set(properties.keys)), "\(tool.name)")
                #expect(Set(required).isSubset(of: Set(example.keys)), "\(tool.name)")
                // A list takes a limit, 50 unless given.
                if tool.name.hasPrefix("mockList") {
                    #expect(properties["limit"]?.objectValue?["default"] == 50, "\(tool.name) has no limit")
                }
            }
        }
    }

    @Test func aBodyOfAlternativesIsOneObjectAndTheAPIStillRefusesABadCombination() async throws {
        try await withStarted({ try MockServer.startedForTesting() }) { server in
            let client = try await MCPTests.connect(server.baseURL)
            let (tools, _) = try await client.listTools()
            let event = try #require(tools.first { $0.name == "mockPlayEvent" })
            let properties = try #require(event.inputSchema.objectValue?["properties"]?.objectValue)
            #expect(Set(properties.keys) == ["type", "order_id", "amount_pence", "payment_method", "order"])
            #expect(event.inputSchema.objectValue?["required"] == .array(["type"]))
            #expect(event.description?.contains(
                "Give one of: type payment_received with order_id, amount_pence (payment_method optional); type order_created with order.") == true)
            let clock = try #require(tools.first { $0.name == "mockSetClock" })
            #expect(clock.description?.contains("Give at least one of: advance_seconds; now; frozen. Not together: advance_seconds and now.") == true)

            // The body POST /__mock/events takes, as the tool's arguments.
            let paid = try await MCPTests.call(client, "mockPlayEvent", ["type": "payment_received", "order_id": .string(MockSeed.Order.janes10001),
                                                                         "amount_pence": 1050])
            #expect(!paid.isError, "\(paid.text)")
            #expect(paid.text.hasPrefix(#"{"type":"payment_received","order_id":"\#(MockSeed.Order.janes10001)""#), "\(paid.text)")
            let both = try await MCPTests.call(client, "mockSetClock", ["advance_seconds": 60, "now": "2026-11-22T09:00:00Z"])
            #expect(both.isError && both.text == "Give exactly one of advance_seconds or now")
        }
    }

    @Test func aNamespacesEndpointsCannotListOrDropOtherNamespaces() async throws {
        try await withStarted({ try MockServer.startedForTesting() }) { server in
            let a = server.baseURL.appendingPathComponent("ns/a"), b = server.baseURL.appendingPathComponent("ns/b")
            _ = try await MockControl(baseURL: b).clock()   // b exists
            let client = try await MCPTests.connect(a)
            let (tools, _) = try await client.listTools()
            #expect(!tools.contains { $0.name == "mockListNamespaces" })
            let message = "Namespace a cannot list or drop other namespaces: use the root control API (/__mock/namespaces)"
            let listed = try await MCPTests.call(client, "mockListNamespaces")
            #expect(listed.isError && listed.text == message)
            let dropped = try await MCPTests.call(client, "mockDropNamespace", ["name": "b"])
            #expect(dropped.isError && dropped.text == message)
            // The plain control API of the namespace: the same refusal.
            var drop = URLRequest(url: a.appendingPathComponent("__mock/namespaces/b"))
            drop.httpMethod = "DELETE"
            let (body, response) = try await URLSession.shared.data(for: drop)
            #expect((response as? HTTPURLResponse)?.statusCode == 403)
            #expect(String(decoding: body, as: UTF8.self) == #"{"success":false,"error":"\#(message)"}"#)
            let (listBody, listResponse) = try await URLSession.shared.data(from: a.appendingPathComponent("__mock/namespaces"))
            #expect((listResponse as? HTTPURLResponse)?.statusCode == 403)
            #expect(String(decoding: listBody, as: UTF8.self) == #"{"success":false,"error":"\#(message)"}"#)
            #expect(server.namespaces.list().map(\.name).contains("b"))
            // From the root both work, and a namespace may still drop itself.
            let root = try await MCPTests.connect(server.baseURL)
            #expect(try await MCPTests.call(root, "mockListNamespaces").text.contains(#""name":"b""#))
            #expect(try await MCPTests.call(client, "mockDropNamespace", ["name": "a"]).isError == false)
            #expect(try await MCPTests.call(root, "mockDropNamespace", ["name": "b"]).isError == false)
            #expect(!server.namespaces.list().map(\.name).contains("b"))
        }
    }

    @Test func theBridgeSaysWhetherTheTokenIsWrongOrMissingAndWarnsOfNoNotification() async throws {
        try await withStarted({ try MockServer.startedForTesting { $0.controlToken = "s3cret" } }) { server in
            let request = #"{"jsonrpc":"2.0","id":7,"method":"tools/list"}"# + "\n"
            let wrong = try CommandLineRun.runMCP(["--url", server.baseURL.absoluteString, "--control-token", "wrong-one"], input: request)
            #expect(wrong.output.contains(#""id":7"#), "\(wrong.output)")
            #expect(wrong.output.contains("refused the message: 401 Invalid control token (the control token given with --control-token"),
                    "\(wrong.output)")
            #expect(!wrong.output.contains("wrong-one") && !wrong.log.contains("wrong-one"))
            let missing = try CommandLineRun.runMCP(["--url", server.baseURL.absoluteString], input: request)
            #expect(missing.output.contains("refused the message: 401 Control token required (the mock has a control token: give it"),
                    "\(missing.output)")
            #expect(missing.status == 0)
            // A session's handshake: initialize, then its notification (202, no body), then a call.
            let session = [
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
                #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
                #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"mockGetClock","arguments":{}}}"#,
            ].joined(separator: "\n") + "\n"
            let run = try CommandLineRun.runMCP(["--url", server.baseURL.absoluteString, "--control-token", "s3cret",
                                                 "--log-level", "debug"], input: session)
            #expect(run.output.split(separator: "\n").count == 2, "\(run.output)")
            #expect(run.output.contains(#""id":2"#) && run.output.contains("offset_seconds"), "\(run.output)")
            #expect(!run.log.contains("Unexpected content type") && !run.log.contains("warning"), "\(run.log)")
        }
    }
}
