import Dispatch
import Foundation
import Logging
import MCP
import MockBasics
import MockConcurrency
import MockHTTP

/// `/__mock/mcp`: the control API for coding agents, over MCP's Streamable HTTP transport
/// (docs/agents.md). Stateless: each POST carries one JSON-RPC message and is answered with JSON
/// (the SDK's `StatelessHTTPServerTransport`, and a `Server` of its own, which needs no `initialize`
/// before a call); GET (a server-sent stream) and DELETE (a session's end) are 405, as the
/// specification allows a server that sends nothing of its own and keeps no session.
///
/// A tool runs its control request through `perform`: the same pipeline as `/__mock/…` over HTTP, in
/// the namespace the endpoint was reached in, after the control token was judged for the MCP request
/// itself (so a call without it is refused before anything runs).
package struct MCPEndpoint: Sendable {
    package static let path = "/__mock/mcp"

    /// Runs one control request (`/__mock/…`) in the endpoint's namespace.
    package typealias Perform = @Sendable (MockHTTP.HTTPRequest) -> MockHTTP.HTTPResponse

    package let tools: ControlTools
    let version: String

    package init(tools: ControlTools, version: String) {
        self.tools = tools
        self.version = version
    }

    /// Every tool: the control API's, then the agent's own (`AgentTools`).
    package var toolList: [Tool] { tools.operations.map(\.tool) + AgentTools.tools }

    /// Answers one HTTP request to the endpoint. `checkOrigin`: the DNS-rebinding guard for a server
    /// that listens on loopback without a control token (the `Host` must be a loopback address with a
    /// port, an `Origin` a loopback one); with a token the token is the guard.
    package func respond(to request: MockHTTP.HTTPRequest, checkOrigin: Bool, perform: @escaping Perform) -> MockHTTP.HTTPResponse {
        let answer = Locked<MCP.HTTPResponse?>(nil)
        let done = DispatchSemaphore(value: 0)
        let message = MCP.HTTPRequest(method: request.method, headers: Self.headers(request.headers), body: request.body,
                                      path: request.path)
        // The connection's thread waits; the SDK's actors run on Swift's pool, which it never blocks.
        Task.detached { [self] in
            let response = await handle(message, request: request, checkOrigin: checkOrigin, perform: perform)
            answer.withLock { $0 = response }
            done.signal()
        }
        done.wait()
        guard let response = answer.withLock({ $0 }) else { return MockHTTP.HTTPResponse(status: 500) }
        var headers = MockHTTP.HTTPHeaders()
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { headers.add(name, value) }
        if request.method != "POST" || response.statusCode == 405 { headers.set("Allow", "POST") }
        return MockHTTP.HTTPResponse(status: response.statusCode, headers: headers, body: response.bodyData ?? Data())
    }

    private func handle(_ message: MCP.HTTPRequest, request: MockHTTP.HTTPRequest, checkOrigin: Bool,
                        perform: @escaping Perform) async -> MCP.HTTPResponse {
        let server = Server(name: "repairminder-mock", version: version,
                            instructions: AgentTools.instructions, capabilities: .init(tools: .init(listChanged: false)))
        let tools = toolList
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: tools) }
        await server.withMethodHandler(CallTool.self) { [self] call in
            self.call(call.name, arguments: call.arguments ?? [:], outer: request, perform: perform)
        }
        let transport = StatelessHTTPServerTransport(validationPipeline: StandardValidationPipeline(validators: [
            checkOrigin ? OriginValidator.localhost() : OriginValidator.disabled,
            AcceptHeaderValidator(mode: .jsonOnly),
            ContentTypeValidator(),
            ProtocolVersionValidator(),
        ]))
        do {
            try await server.start(transport: transport)
        } catch {
            return .error(statusCode: 500, .internalError("The MCP server did not start: \(error)"))
        }
        let response = await transport.handleRequest(message)
        await server.stop()
        return response
    }

    /// One tool call: its control request, and the answer's `data` as JSON text, or its error as a
    /// tool error.
    func call(_ name: String, arguments: [String: Value], outer: MockHTTP.HTTPRequest, perform: @escaping Perform) -> CallTool.Result {
        let control = ControlClient(outer: outer, perform: perform)
        if let agentTool = AgentTools(rawValue: name) {
            return agentTool.call(arguments, control: control)
        }
        guard let operation = tools.operation(named: name) else {
            return .failure("Unknown tool: \(name)")
        }
        do {
            let (method, target, body) = try operation.request(arguments)
            return control.send(method, target, body: body).result
        } catch {
            return .failure(error.message)
        }
    }

    /// Header fields as the SDK takes them: one value a name (repeated ones joined with `, `).
    private static func headers(_ headers: MockHTTP.HTTPHeaders) -> [String: String] {
        var out: [String: String] = [:]
        for (name, value) in headers { out[name] = out[name].map { "\($0), \(value)" } ?? value }
        return out
    }
}

/// The control API as a tool calls it: requests made in process, the MCP request's `Host` and
/// `Authorization` passed on.
struct ControlClient: Sendable {
    let outer: MockHTTP.HTTPRequest
    let perform: MCPEndpoint.Perform

    struct Answer {
        let status: Int
        let json: JSONValue?

        /// The answer's `data` (`null` when it has none) as JSON text, or the API's message as a
        /// tool error.
        var result: CallTool.Result {
            guard let json, json["success"]?.boolValue == true else {
                let message = json?["error"]?.stringValue ?? "The control API answered \(status)"
                return .failure(message)
            }
            return CallTool.Result(content: [.text(text: String(decoding: JSONWriter.bytes(json["data"] ?? .null), as: UTF8.self),
                                                   annotations: nil, _meta: nil)], isError: false)
        }

        var data: JSONValue? { json?["success"]?.boolValue == true ? json?["data"] : nil }
    }

    func send(_ method: String, _ target: String, body: JSONValue? = nil) -> Answer {
        var headers = MockHTTP.HTTPHeaders()
        for name in ["host", "authorization", "user-agent"] {
            if let value = outer.headers[name] { headers.add(name, value) }
        }
        var bytes = Data()
        if let body {
            headers.add("Content-Type", "application/json")
            bytes = Data(JSONWriter.bytes(body))
        }
        let response = perform(Self.request(method, target, headers: headers, body: bytes))
        return Answer(status: response.status, json: JSONValue.parse(response.body))
    }

    /// A request for `target` (`/__mock/outbox?to=a%40b`): the path and the query decoded as the
    /// parser would.
    static func request(_ method: String, _ target: String, headers: MockHTTP.HTTPHeaders, body: Data) -> MockHTTP.HTTPRequest {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        var query: [(name: String, value: String)] = []
        if parts.count > 1 {
            for item in parts[1].split(separator: "&") {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let decode = { (text: Substring) in
                    String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
                }
                query.append((decode(pair[0]), pair.count > 1 ? decode(pair[1]) : ""))
            }
        }
        return MockHTTP.HTTPRequest(method: method, target: target, path: path, query: query, headers: headers, body: body)
    }
}

extension CallTool.Result {
    /// A tool error saying `message`.
    static func failure(_ message: String) -> CallTool.Result {
        CallTool.Result(content: [.text(text: message, annotations: nil, _meta: nil)], isError: true)
    }
}
