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

/// Standard input and output (the SDK's `StdioTransport`) to the mock's endpoint, message by message,
/// until standard input ends. Each message is one POST (the endpoint is stateless); its answer goes
/// back as the mock wrote it, a `202` (a notification's) sends nothing, and a refusal the transport
/// itself makes (the control token's 401, the browser boundary's 403) or a mock that does not answer
/// becomes a JSON-RPC error saying which. Not the SDK's `HTTPClientTransport`: it reports a 401 without
/// the mock's words (a wrong token and a missing one alike) and warns of every body-less 202.
struct MCPBridge {
    let endpoint: URL
    let token: String?
    let logger: Logger

    func run() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 120
        let session = URLSession(configuration: configuration)
        let stdio = StdioTransport(logger: logger)
        try await stdio.connect()
        logger.info("bridging standard input and output to \(endpoint.absoluteString)")
        for try await message in await stdio.receive() {
            if let answer = await forward(message, over: session) { try await stdio.send(answer) }
        }
        // Standard input ended: every answer is already out.
        await stdio.disconnect()
    }

    /// What the client is sent for `message`: the mock's answer, nothing (a notification, a 202), or
    /// an error saying why there is no answer.
    func forward(_ message: Data, over session: URLSession) async -> Data? {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.httpBody = message
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json, text/event-stream", forHTTPHeaderField: "Accept")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let status: Int
        let body: Data
        do {
            let (data, response) = try await session.data(for: request)
            status = (response as? HTTPURLResponse)?.statusCode ?? 0
            body = data
        } catch {
            logger.warning("\(endpoint.absoluteString) did not answer: \(error.localizedDescription)")
            return Self.refusal(of: message, "The mock at \(endpoint.absoluteString) did not answer: \(error.localizedDescription)")
        }
        if status == 202 || body.isEmpty && (200..<300).contains(status) { return nil }
        // The endpoint's own answers, errors included, are JSON-RPC messages: they go as they are.
        if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any], object["jsonrpc"] as? String == "2.0" {
            return body
        }
        let said = (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["error"] as? String
        logger.warning("\(endpoint.absoluteString) refused a message: \(status) \(said ?? "")")
        return Self.refusal(of: message, Self.explanation(status: status, said: said, endpoint: endpoint, tokenGiven: token != nil))
    }

    /// Why the mock refused, in words a person can act on.
    static func explanation(status: Int, said: String?, endpoint: URL, tokenGiven: Bool) -> String {
        let what = "The mock at \(endpoint.absoluteString) refused the message: \(status)\(said.map { " " + $0 } ?? "")"
        switch (status, tokenGiven) {
        case (401, true):
            return what + " (the control token given with --control-token or REPAIRMINDER_MOCK_CONTROL_TOKEN is not the mock's)"
        case (401, false):
            return what + " (the mock has a control token: give it with --control-token or REPAIRMINDER_MOCK_CONTROL_TOKEN)"
        default:
            return what
        }
    }

    /// A JSON-RPC error answering `message` (nothing for a notification, which has no `id`).
    static func refusal(of message: Data, _ text: String) -> Data? {
        guard let object = try? JSONSerialization.jsonObject(with: message) as? [String: Any], let id = object["id"] else {
            return nil
        }
        let answer: [String: Any] = ["jsonrpc": "2.0", "id": id, "error": ["code": -32001, "message": text]]
        return try? JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys])
    }
}
