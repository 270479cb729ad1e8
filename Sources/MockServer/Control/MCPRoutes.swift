import Foundation
import MockBasics
import MockConcurrency
import MockHTTP
import MockMCP
import MockRouting

/// `POST /__mock/mcp` (and `/ns/<name>/__mock/mcp`): the control API as MCP tools for coding agents,
/// over the Streamable HTTP transport (MockMCP's `MCPEndpoint`; docs/agents.md). GET and DELETE are
/// 405 (no server-sent stream, no session). The tools come from this server's own OpenAPI document,
/// read once; each runs its control request in the namespace the endpoint was reached in.
enum MCPRoutes {
    static func register(on router: inout Router) {
        router.post(MCPEndpoint.path, access: .open) { context in
            let endpoint = try endpoint.get()
            // Without a control token the mock trusts loopback: guard it against DNS rebinding.
            let checkOrigin = context.environment.configuration.controlToken == nil
            return endpoint.respond(to: context.request, checkOrigin: checkOrigin, perform: context.performControl)
        }
    }

    /// The endpoint with the tools of the bundled document.
    static let endpoint: Result<MCPEndpoint, OpenAPIDocumentError> = ServerThread.withDeepStack("mcp tools") {
        do {
            let document = try OpenAPIDocument.bundled.get()
            guard let json = JSONValue.parse(Array(document.json(server: "/").utf8)) else {
                return .failure(OpenAPIDocumentError(message: "openapi.json does not parse"))
            }
            return .success(MCPEndpoint(tools: try ControlTools(document: json), version: ControlAPI.version))
        } catch let error as OpenAPIDocumentError {
            return .failure(error)
        } catch {
            return .failure(OpenAPIDocumentError(message: "the MCP tools: \(error)"))
        }
    }
}
