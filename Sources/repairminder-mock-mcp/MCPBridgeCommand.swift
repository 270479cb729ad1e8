import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import MCP
import MockCommandLine

/// `repairminder-mock-mcp --url URL [--control-token T]` (or `repairminder-mock mcp …`, which runs
/// it): an MCP server on standard input and output, for agents that launch a command, whose every
/// message goes to the mock's `/__mock/mcp` and whose every answer comes back (docs/agents.md). The
/// tools are the mock's: nothing is defined here. Logs go to standard error and never show the token.
@main
struct MCPBridgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: MCPBridgeProgram.name,
        abstract: MCPBridgeProgram.abstract,
        discussion: """
            The mock must be running (repairminder-mock, or a UI test's). --url is its base URL, with /ns/<name> \
            for a namespace of its own. REPAIRMINDER_MOCK_URL and REPAIRMINDER_MOCK_CONTROL_TOKEN set the \
            options from the environment (an agent's configuration can pass the token there, out of its \
            arguments); the command line wins.
            """)

    @Option(help: "The mock's base URL, e.g. http://127.0.0.1:8787 or http://127.0.0.1:8787/ns/checkout-1.")
    var url: String?

    @Option(help: "The mock's control token (--control-token of the mock), sent as Authorization: Bearer.")
    var controlToken: String?

    @Option(help: "Log level on standard error: trace, debug, info, notice, warning, error, critical. Default: warning.")
    var logLevel: String?

    func run() async throws {
        let env = OptionVariables(values: ProcessInfo.processInfo.environment)
        guard let text = url ?? env.text("URL") else {
            throw ValidationError("--url is required (or REPAIRMINDER_MOCK_URL): the running mock, e.g. http://127.0.0.1:8787")
        }
        guard let base = URL(string: text), let scheme = base.scheme, ["http", "https"].contains(scheme), base.host != nil else {
            throw ValidationError("--url \(text) is not an http:// or https:// URL")
        }
        let token = controlToken ?? env.text("CONTROL_TOKEN")
        var logger = Logger(label: MCPBridgeProgram.name) { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = try OptionVariables.logLevel(logLevel ?? env.text("LOG_LEVEL") ?? "warning")
        let endpoint = base.appendingPathComponent("__mock").appendingPathComponent("mcp")
        try await MCPBridge(endpoint: endpoint, token: token, logger: logger).run()
    }
}

/// Standard input and output (the SDK's `StdioTransport`) to the mock's endpoint (its
/// `HTTPClientTransport`), message by message, until standard input ends.
struct MCPBridge {
    let endpoint: URL
    let token: String?
    let logger: Logger

    func run() async throws {
        let token = token
        let http = HTTPClientTransport(endpoint: endpoint, streaming: false, requestModifier: { request in
            guard let token else { return request }
            var request = request
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            return request
        }, logger: logger)
        let stdio = StdioTransport(logger: logger)
        try await stdio.connect()
        try await http.connect()
        logger.info("bridging standard input and output to \(endpoint.absoluteString)")
        let answers = Task {
            for try await message in await http.receive() { try await stdio.send(message) }
        }
        for try await message in await stdio.receive() {
            do {
                try await http.send(message)
            } catch {
                // The mock did not answer this message: the client hears why, as this request's error.
                logger.warning("\(endpoint.absoluteString) did not take a message: \(error.localizedDescription)")
                if let refusal = Self.refusal(of: message, error: error, endpoint: endpoint) { try await stdio.send(refusal) }
            }
        }
        // Standard input ended: the answers already in go out, then the bridge stops.
        await http.disconnect()
        try await answers.value
        await stdio.disconnect()
    }

    /// A JSON-RPC error answering `message` (nothing for a notification, which has no `id`).
    static func refusal(of message: Data, error: Error, endpoint: URL) -> Data? {
        guard let object = try? JSONSerialization.jsonObject(with: message) as? [String: Any], let id = object["id"] else {
            return nil
        }
        let text = "The mock at \(endpoint.absoluteString) did not answer: \(error.localizedDescription)"
        let answer: [String: Any] = ["jsonrpc": "2.0", "id": id, "error": ["code": -32001, "message": text]]
        return try? JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys])
    }
}
