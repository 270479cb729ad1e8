import Foundation
import MockBasics
import MockHTTP

/// `/__mock/mcp`: the control API for coding agents, over the Model Context Protocol's Streamable
/// HTTP transport (docs/agents.md), served statelessly: each POST carries one JSON-RPC message and is
/// answered with JSON (a notification with 202 and no body); no session id and no server-sent stream,
/// so GET and DELETE are the router's 405, as the specification allows.
///
/// A tool runs its control request through `perform`: the same pipeline as `/__mock/…` over HTTP, in
/// the namespace the endpoint was reached in, after the control token was judged for the MCP request
/// itself (so a call without it is refused before anything runs).
package struct MCPEndpoint: Sendable {
    package static let path = "/__mock/mcp"

    /// Runs one control request (`/__mock/…`) in the endpoint's namespace.
    package typealias Perform = @Sendable (HTTPRequest) -> HTTPResponse

    package let tools: ControlTools
    let version: String

    package init(tools: ControlTools, version: String) {
        self.tools = tools
        self.version = version
    }

    /// Every tool: the control API's, then the agent's own (`AgentTools`).
    package var toolList: [MCPTool] { tools.operations.map(\.tool) + AgentTools.tools }

    /// Answers one POST to the endpoint. `checkOrigin`: the DNS-rebinding guard for a mock that
    /// listens on loopback without a control token (the `Host` must be a loopback address with a port,
    /// an `Origin` a loopback one); with a token the token is the guard. The checks, in order: the
    /// host and origin (421, 403), `Accept` (406), `Content-Type` (415), the body (400: not JSON, a
    /// batch), `MCP-Protocol-Version` (400).
    package func respond(to request: HTTPRequest, checkOrigin: Bool, perform: @escaping Perform) -> HTTPResponse {
        if checkOrigin {
            if let host = request.headers["host"], !Self.isLoopback(host: host) {
                return Self.answer(421, MCPProtocol.error(.null, .invalidRequest, "Misdirected Request: Host \(host) is not this machine's loopback"))
            }
            if let origin = request.headers["origin"], !Self.isLoopback(origin: origin) {
                return Self.answer(403, MCPProtocol.error(.null, .invalidRequest, "Forbidden: Origin \(origin) is not this machine's"))
            }
        }
        if let accept = request.headers["accept"], !Self.accepts(accept) {
            return Self.answer(406, MCPProtocol.error(.null, .invalidRequest, "Not Acceptable: Accept must include application/json"))
        }
        let mediaType = request.headers["content-type"]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard mediaType == "application/json" else {
            return Self.answer(415, MCPProtocol.error(.null, .invalidRequest, "Unsupported Media Type: Content-Type must be application/json"))
        }
        guard let json = JSONValue.parse(request.body) else {
            return Self.answer(400, MCPProtocol.error(.null, .parse, "Parse error: the body is not JSON"))
        }
        if case .array = json {
            return Self.answer(400, MCPProtocol.error(.null, .invalidRequest, "Invalid Request: one message per POST, not a batch"))
        }
        if let version = request.headers["mcp-protocol-version"], !MCPProtocol.versions.contains(version) {
            return Self.answer(400, MCPProtocol.error(json["id"] ?? .null, .invalidRequest,
                                                      "Bad Request: unsupported MCP-Protocol-Version \(version) (supported: \(MCPProtocol.versions.joined(separator: ", ")))"))
        }
        switch MCPProtocol.Message(json) {
        case .noAnswer:
            return HTTPResponse(status: 202)
        case .invalid(let id, let message):
            return Self.answer(400, MCPProtocol.error(id, .invalidRequest, message))
        case .request(let id, let method, let params):
            return Self.answer(200, answer(id, method, params, request: request, perform: perform))
        }
    }

    /// The JSON-RPC answer to one request.
    private func answer(_ id: JSONValue, _ method: String, _ params: [String: JSONValue], request: HTTPRequest,
                        perform: @escaping Perform) -> JSONValue {
        switch method {
        case "initialize":
            let asked = params["protocolVersion"]?.stringValue ?? ""
            return MCPProtocol.result(id, .object([
                "protocolVersion": .string(MCPProtocol.versions.contains(asked) ? asked : MCPProtocol.versions[0]),
                "capabilities": .object(["tools": .object(["listChanged": false])]),
                "serverInfo": .object(["name": "repairminder-mock", "version": .string(version)]),
                "instructions": .string(AgentTools.instructions),
            ]))
        case "ping":
            return MCPProtocol.result(id, .object([:]))
        case "tools/list":
            return MCPProtocol.result(id, .object(["tools": .array(toolList.map(\.json))]))
        case "tools/call":
            guard let name = params["name"]?.stringValue else {
                return MCPProtocol.error(id, .invalidParams, "Invalid params: tools/call needs a tool's name")
            }
            guard params["arguments"] == nil || params["arguments"] == .null || params["arguments"]?.objectValue != nil else {
                return MCPProtocol.error(id, .invalidParams, "Invalid params: arguments must be an object")
            }
            let result = call(name, arguments: params["arguments"]?.objectValue ?? [:], outer: request, perform: perform)
            return MCPProtocol.result(id, result.json)
        default:
            return MCPProtocol.error(id, .methodNotFound, "Method not found: \(method)")
        }
    }

    /// One tool call: its control request, and the answer's `data` as JSON text, or its error as a
    /// tool error.
    package func call(_ name: String, arguments: [String: JSONValue], outer: HTTPRequest,
                      perform: @escaping Perform) -> MCPToolResult {
        let control = ControlClient(outer: outer, perform: perform)
        if let agentTool = AgentTools(rawValue: name) {
            return agentTool.call(arguments, control: control)
        }
        guard let operation = tools.operation(named: name) else { return .failure("Unknown tool: \(name)") }
        do {
            let (method, target, body) = try operation.request(arguments)
            return control.send(method, target, body: body).result
        } catch {
            return .failure(error.message)
        }
    }

    private static func answer(_ status: Int, _ json: JSONValue) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/json")
        return HTTPResponse(status: status, headers: headers, body: Data(JSONWriter.bytes(json)))
    }

    /// `application/json`, `application/*` or `*/*` among the media ranges of `Accept`.
    static func accepts(_ accept: String) -> Bool {
        accept.split(separator: ",").contains { range in
            let type = range.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            return type == "application/json" || type == "application/*" || type == "*/*"
        }
    }

    static let loopbackHosts = ["127.0.0.1", "localhost", "[::1]"]

    /// `127.0.0.1:<port>`, `localhost:<port>` or `[::1]:<port>`.
    static func isLoopback(host: String) -> Bool {
        loopbackHosts.contains { name in
            host.lowercased().hasPrefix(name + ":") && !host.dropFirst(name.count + 1).isEmpty
                && host.dropFirst(name.count + 1).allSatisfy(\.isASCII) && host.dropFirst(name.count + 1).allSatisfy(\.isNumber)
        }
    }

    /// `http://` or `https://` and a loopback name, with or without a port.
    static func isLoopback(origin: String) -> Bool {
        let lowered = origin.lowercased()
        for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
            let rest = lowered.dropFirst(scheme.count)
            return loopbackHosts.contains { rest == $0 || isLoopback(host: String(rest)) && rest.hasPrefix($0 + ":") }
        }
        return false
    }
}

/// The control API as a tool calls it: requests made in process, the MCP request's `Host` and
/// `Authorization` passed on.
struct ControlClient: Sendable {
    let outer: HTTPRequest
    let perform: MCPEndpoint.Perform

    struct Answer {
        let status: Int
        let json: JSONValue?

        /// The answer's `data` (`null` when it has none) as JSON text, or the API's message as a
        /// tool error.
        var result: MCPToolResult {
            guard let json, json["success"]?.boolValue == true else {
                return .failure(json?["error"]?.stringValue ?? "The control API answered \(status)")
            }
            return .success(json["data"] ?? .null)
        }

        var data: JSONValue? { json?["success"]?.boolValue == true ? json?["data"] : nil }
    }

    func send(_ method: String, _ target: String, body: JSONValue? = nil) -> Answer {
        var headers = HTTPHeaders()
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
    static func request(_ method: String, _ target: String, headers: HTTPHeaders, body: Data) -> HTTPRequest {
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
        return HTTPRequest(method: method, target: target, path: path, query: query, headers: headers, body: body)
    }
}
