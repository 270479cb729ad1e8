/// The stdio bridge for MCP clients that launch a command (docs/agents.md) is a program of its own,
/// `repairminder-mock-mcp`, beside `repairminder-mock`, for the proxy's reason (ProxyProgram.swift):
/// its HTTP client is the MCP SDK's, on URLSession, which on Linux is FoundationNetworking.
/// `repairminder-mock mcp …` runs it in this one's place (ProgramLauncher.swift).
package enum MCPBridgeProgram {
    package static let name = "repairminder-mock-mcp"
    package static let abstract = "Bridge an MCP client on standard input and output to a running mock's control API tools."
}
