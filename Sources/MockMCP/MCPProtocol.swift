import MockBasics

/// A tool as `tools/list` lists it.
package struct MCPTool: Sendable {
    package let name: String
    package let description: String
    package let inputSchema: JSONValue
    /// A read of the control API (a GET), which changes nothing.
    package let readOnly: Bool

    var json: JSONValue {
        .object(["name": .string(name), "description": .string(description), "inputSchema": inputSchema,
                 "annotations": .object(["readOnlyHint": .bool(readOnly), "openWorldHint": .bool(false)])])
    }
}

/// A tool's answer: its text content (the data, or the error), whether it is an error, and a note
/// (a list cut at its limit says so in a second text).
package struct MCPToolResult: Sendable, Equatable {
    package let text: String
    package let isError: Bool
    package var note: String? = nil

    package static func success(_ data: JSONValue) -> MCPToolResult {
        MCPToolResult(text: String(decoding: JSONWriter.bytes(data), as: UTF8.self), isError: false)
    }

    package static func failure(_ message: String) -> MCPToolResult { MCPToolResult(text: message, isError: true) }

    var json: JSONValue {
        let texts = [text] + (note.map { [$0] } ?? [])
        return .object(["content": .array(texts.map { .object(["type": "text", "text": .string($0)]) }), "isError": .bool(isError)])
    }
}

/// The Model Context Protocol's messages the endpoint answers (JSON-RPC 2.0): `initialize`, `ping`,
/// `tools/list`, `tools/call`; notifications and responses are taken without an answer. The MCP Swift
/// SDK is not used here: its one module also holds its HTTP client, which on Linux is
/// FoundationNetworking, and linking it would load libcurl and some thirty libraries into every start
/// of the mock (the proxy's reason, ProxyProgram.swift). The SDK's client, in the stdio bridge and the
/// tests, speaks to this.
package enum MCPProtocol {
    /// Newest first; `initialize` answers the client's when it is one of these, else the first.
    package static let versions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]

    /// What a message asks for.
    enum Message {
        case request(id: JSONValue, method: String, params: [String: JSONValue])
        /// A notification, or a response to a request of ours (we send none): no answer.
        case noAnswer
        case invalid(id: JSONValue, message: String)

        init(_ json: JSONValue) {
            guard case .object(let members) = json, members["jsonrpc"] == .string("2.0") else {
                self = .invalid(id: json["id"] ?? .null, message: "Invalid Request: not a JSON-RPC 2.0 message")
                return
            }
            let id = members["id"]
            switch (members["method"], id) {
            case (.string(let method)?, let id?) where id.isRequestID:
                guard members["params"] == nil || members["params"]?.objectValue != nil else {
                    self = .invalid(id: id, message: "Invalid Request: params must be an object")
                    return
                }
                self = .request(id: id, method: method, params: members["params"]?.objectValue ?? [:])
            case (.string?, nil):
                self = .noAnswer
            case (nil, _?) where members["result"] != nil || members["error"] != nil:
                self = .noAnswer
            default:
                self = .invalid(id: id ?? .null, message: "Invalid Request: a request needs a method and a string or integer id")
            }
        }
    }

    /// JSON-RPC 2.0's error codes.
    enum ErrorCode: Int64 {
        case parse = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
    }

    static func result(_ id: JSONValue, _ result: JSONValue) -> JSONValue {
        .object(["jsonrpc": "2.0", "id": id, "result": result])
    }

    static func error(_ id: JSONValue, _ code: ErrorCode, _ message: String) -> JSONValue {
        .object(["jsonrpc": "2.0", "id": id, "error": .object(["code": .int(code.rawValue), "message": .string(message)])])
    }
}

extension JSONValue {
    /// JSON-RPC's id: a string or an integer.
    var isRequestID: Bool {
        switch self {
        case .string, .int: return true
        default: return false
        }
    }
}
