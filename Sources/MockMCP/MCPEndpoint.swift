import Foundation
import MockBasics
import MockHTTP

/// `/__mock/mcp`: the control API for coding agents, over the Model Context Protocol's Streamable
/// HTTP transport (docs/agents.md), served statelessly: each POST carries one JSON-RPC message and is
/// answered with JSON (a notification with 202 and no body); no session id and no server-sent stream,
/// so GET and DELETE are the router's 405, as the specification allows.
///
/// A tool runs its control operation through `perform`, by `operationId`: the operation's own handler
/// in the namespace the endpoint was reached in, after the server judged the MCP request itself
/// (the control token, the browser boundary), so a call refused there runs nothing.
package struct MCPEndpoint: Sendable {
    package static let path = "/__mock/mcp"

    /// Runs one control operation in the endpoint's namespace.
    package typealias Perform = @Sendable (ControlCall) -> HTTPResponse

    /// The tools that act on other namespaces: a namespace's endpoint does not list them (their
    /// operations refuse a namespace's call: docs/namespaces.md).
    package static let rootOnly: Set<String> = ["mockListNamespaces"]

    package let tools: ControlTools
    let version: String

    package init(tools: ControlTools, version: String) {
        self.tools = tools
        self.version = version
    }

    /// Every tool: the control API's, then the agent's own (`AgentTools`); in a namespace, not the
    /// root's own.
    package func toolList(inNamespace: Bool = false) -> [MCPTool] {
        (tools.operations.map(\.tool) + AgentTools.tools).filter { !inNamespace || !Self.rootOnly.contains($0.name) }
    }

    /// Answers one POST to the endpoint, whose caller the server already judged (the control token,
    /// and the browser boundary: a foreign `Origin`, a rebound `Host`; MockRouting's `ControlBoundary`).
    /// The checks, in order: `Accept` (406), `Content-Type` (415), the body (400: not JSON, a batch),
    /// `MCP-Protocol-Version` (400).
    package func respond(to request: HTTPRequest, inNamespace: Bool = false, perform: @escaping Perform) -> HTTPResponse {
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
            return Self.answer(200, answer(id, method, params, inNamespace: inNamespace, perform: perform))
        }
    }

    /// The JSON-RPC answer to one request.
    private func answer(_ id: JSONValue, _ method: String, _ params: [String: JSONValue], inNamespace: Bool,
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
            return MCPProtocol.result(id, .object(["tools": .array(toolList(inNamespace: inNamespace).map(\.json))]))
        case "tools/call":
            guard let name = params["name"]?.stringValue else {
                return MCPProtocol.error(id, .invalidParams, "Invalid params: tools/call needs a tool's name")
            }
            guard params["arguments"] == nil || params["arguments"] == .null || params["arguments"]?.objectValue != nil else {
                return MCPProtocol.error(id, .invalidParams, "Invalid params: arguments must be an object")
            }
            // An unknown tool is a protocol error (the specification's "Error Handling"), not a tool's.
            guard AgentTools(rawValue: name) != nil || tools.operation(named: name) != nil else {
                return MCPProtocol.error(id, .invalidParams, "Unknown tool: \(name)")
            }
            let result = call(name, arguments: params["arguments"]?.objectValue ?? [:], perform: perform)
            return MCPProtocol.result(id, result.json)
        default:
            return MCPProtocol.error(id, .methodNotFound, "Method not found: \(method)")
        }
    }

    /// One tool call: its control operation, and the answer's `data` as the API wrote it, or its
    /// error as a tool error.
    package func call(_ name: String, arguments: [String: JSONValue], perform: @escaping Perform) -> MCPToolResult {
        let control = ControlClient(tools: tools, perform: perform)
        if let agentTool = AgentTools(rawValue: name) {
            return agentTool.call(arguments, control: control)
        }
        return control.call(name, arguments).result
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
}

/// The control API as a tool calls it: operations by `operationId`, run in process.
struct ControlClient: Sendable {
    let tools: ControlTools
    let perform: MCPEndpoint.Perform

    /// `operationID` with these arguments (a tool's, checked as a tool's are): the API's answer, or
    /// the refusal of arguments that make no call (nothing is sent).
    func call(_ operationID: String, _ arguments: [String: JSONValue] = [:]) -> Answer {
        guard let operation = tools.operation(named: operationID) else { return Answer(refusal: "Unknown tool: \(operationID)") }
        let call: ControlCall
        do {
            call = try operation.call(arguments)
        } catch {
            return Answer(refusal: error.message)
        }
        let response = perform(call)
        return Answer(status: response.status, body: Array(response.body),
                      total: response.headers["x-total-count"].flatMap { Int($0) },
                      limit: call.query.first { $0.name == "limit" }.flatMap { Int($0.value) })
    }

    /// A control answer: its status, its bytes, and for a list, how many there were before its limit;
    /// or the refusal of a call that was never sent.
    struct Answer {
        var status = 0
        var body: [UInt8] = []
        /// `X-Total-Count`: a list's length before its limit.
        var total: Int?
        var limit: Int?
        /// Why no call was sent (a missing or unknown argument).
        var refusal: String?

        static let successPrefix = Array(#"{"success":true"#.utf8)
        static let dataPrefix = Array(#"{"success":true,"data":"#.utf8)

        /// The bytes of the answer's `data` as the API wrote them (its keys in the API's order), `null`
        /// for a bare success, or nil when the API refused.
        var dataText: ArraySlice<UInt8>? {
            if body.starts(with: Self.dataPrefix) {
                let start = Self.dataPrefix.count
                guard let end = JSONScan.endOfValue(in: body, from: start) else { return nil }
                return body[start..<end]
            }
            return body.starts(with: Self.successPrefix) ? ArraySlice(Array("null".utf8)) : nil
        }

        /// The answer's `data` as a value.
        var data: JSONValue? { dataText.flatMap { JSONValue.parse($0) } }

        /// The answer's `data` as JSON text (with a note when a list was cut at its limit), or the
        /// API's message as a tool error.
        var result: MCPToolResult {
            if let refusal { return .failure(refusal) }
            guard let text = dataText else {
                let message = JSONValue.parse(body)?["error"]?.stringValue
                return .failure(message ?? "The control API answered \(status)")
            }
            var note: String?
            if let total, let limit, total > limit {
                note = """
                    \(limit) of \(total) shown. For more, give a larger limit (up to 1000), or narrow the list with the \
                    tool's other arguments.
                    """
            }
            return MCPToolResult(text: String(decoding: text, as: UTF8.self), isError: false, note: note)
        }
    }
}

/// Where a JSON value ends, found without decoding it.
enum JSONScan {
    /// The index just past the value that starts at `start` (after any whitespace), or nil when the
    /// bytes end first.
    static func endOfValue(in bytes: [UInt8], from start: Int) -> Int? {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var index = start
        while index < bytes.count, bytes[index] == 32 || bytes[index] == 9 || bytes[index] == 10 || bytes[index] == 13 { index += 1 }
        guard index < bytes.count else { return nil }
        var depth = 0
        var inString = false
        repeat {
            let byte = bytes[index]
            index += 1
            if inString {
                if byte == backslash {
                    index += 1
                } else if byte == quote {
                    inString = false
                    if depth == 0 { return index }
                }
            } else if byte == quote {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                if depth == 0 { return index - 1 }   // a number, true, false or null ends before this
                depth -= 1
                if depth == 0 { return index }
            } else if depth == 0, byte == UInt8(ascii: ",") || byte == 32 || byte == 10 || byte == 13 || byte == 9 {
                return index - 1
            }
        } while index < bytes.count
        return depth == 0 && !inString ? index : nil
    }
}
