import Foundation
import MockBasics
import MockConcurrency
import MockHTTP
import MockMCP
import MockRouting

/// `POST /__mock/mcp` (and `/ns/<name>/__mock/mcp`): the control API as MCP tools for coding agents,
/// over the Streamable HTTP transport (MockMCP's `MCPEndpoint`; docs/agents.md). GET and DELETE are
/// 405 (no server-sent stream, no session). The tools come from this server's own OpenAPI document,
/// read once, with the control route of each by its `operationId` (`Catalog`); a tool's call runs that
/// route in the namespace the endpoint was reached in.
enum MCPRoutes {
    static func register(on router: inout ControlRouter) {
        router.post(MCPEndpoint.path) { context in
            let catalog = try catalog.get()
            // The Dispatcher judged the caller first: the browser boundary and the control token.
            return catalog.endpoint.respond(to: context.request, inNamespace: context.environment.namespace != nil) { call in
                guard let route = catalog.routes[call.operationID] else { return JSONBody.failure(.notFound) }
                return context.performControl(route, call)
            }
        }
    }

    /// The tools, and the one table from a tool's `operationId` to its control route.
    struct Catalog: Sendable {
        let endpoint: MCPEndpoint
        let routes: [String: ControlRouter.Route]
    }

    /// The catalog of the bundled document and the control API's routes; an operation of the
    /// document without a route is an error here, not a tool that answers 404.
    static let catalog: Result<Catalog, OpenAPIDocumentError> = ServerThread.withDeepStack("mcp tools") {
        do {
            let document = try OpenAPIDocument.bundled.get()
            guard let json = JSONValue.parse(Array(document.json(server: "/").utf8)) else {
                return .failure(OpenAPIDocumentError(message: "openapi.json does not parse"))
            }
            let tools = try ControlTools(document: json)
            let control = ControlAPIRoutes.all
            var routes: [String: ControlRouter.Route] = [:]
            for operation in tools.operations {
                let pattern = operation.path.replacingOccurrences(of: "{", with: ":").replacingOccurrences(of: "}", with: "")
                guard let route = control.route(operation.method, pattern) else {
                    return .failure(OpenAPIDocumentError(message: "\(operation.tool.name): no route \(operation.method) \(pattern)"))
                }
                routes[operation.tool.name] = route
            }
            return .success(Catalog(endpoint: MCPEndpoint(tools: tools, version: ControlAPI.version), routes: routes))
        } catch let error as OpenAPIDocumentError {
            return .failure(error)
        } catch {
            return .failure(OpenAPIDocumentError(message: "the MCP tools: \(error)"))
        }
    }
}
