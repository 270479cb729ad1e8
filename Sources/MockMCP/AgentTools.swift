import Foundation
import MockBasics

/// The few tools that only make sense to an agent, made of control calls: who it can sign in as, and
/// what the namespace holds now. Named like the control API's operations.
enum AgentTools: String, CaseIterable {
    case seededAccounts = "agentSeededAccounts"
    case namespaceState = "agentNamespaceState"

    /// What the server tells an agent when it connects.
    static let instructions = """
        RepairMinder Mock: a local emulation of the Repair Minder API that an iOS app is developed and \
        tested against. These tools are its control API (/__mock/…): set up the state a screen needs \
        (sign someone in with mockCreateSession, add orders with mockAddFixtures, freeze or move the \
        clock with mockSetClock, flip a company's status, inject faults), then read back what the app \
        did (the request journal, the outbox's codes, the pushes). agentSeededAccounts lists who can \
        sign in and how; agentNamespaceState summarises what this namespace holds now. Every tool acts \
        on the namespace its endpoint belongs to (/ns/<name>/__mock/mcp for a namespace of its own). \
        Each tool's description ends with an example of its arguments; a list answers 50 rows unless \
        given a limit, and says when there are more.
        """

    static var tools: [MCPTool] { allCases.map(\.tool) }

    var tool: MCPTool {
        let empty = JSONValue.object(["type": "object", "properties": .object([:]), "additionalProperties": false])
        switch self {
        case .seededAccounts:
            return MCPTool(name: rawValue, description: """
                The accounts of the seed that can sign in: each one's email, kind (staff or customer), role, \
                company and how it signs in (the seed's password and the second factor, or a magic-link code). \
                Sign one in without the app's steps with mockCreateSession.
                """, inputSchema: empty, readOnly: true)
        case .namespaceState:
            return MCPTool(name: rawValue, description: """
                What this namespace holds now, in one call: its clock and replay seed, the companies and their \
                status, how many orders there are in each status, how many live sessions (and the newest 20), the \
                newest 5 mails (with codes), how many pushes, the faults waiting and how many app requests it \
                answered since the last reset.
                """, inputSchema: empty, readOnly: true)
        }
    }

    func call(_ arguments: [String: JSONValue], control: ControlClient) -> MCPToolResult {
        if let unknown = arguments.keys.sorted().first { return .failure("Unknown argument: \(unknown)") }
        switch self {
        case .seededAccounts:
            return control.call("mockListAccounts", ["limit": 1000]).result
        case .namespaceState:
            return namespaceState(control)
        }
    }

    private func namespaceState(_ control: ControlClient) -> MCPToolResult {
        // Counts are the lists' totals (X-Total-Count); only what is shown is read whole.
        let reads: [(name: String, operation: String, arguments: [String: JSONValue])] = [
            ("clock", "mockGetClock", [:]), ("replay", "mockGetReplay", [:]), ("companies", "mockListCompanies", ["limit": 1000]),
            ("orders", "mockListOrders", ["limit": 1000]), ("sessions", "mockListSessions", ["status": "live", "limit": 20]),
            ("outbox", "mockListOutbox", ["limit": 5]), ("pushes", "mockListPushes", ["limit": 1]),
            ("faults", "mockListFaults", ["limit": 1000]), ("requests", "mockListRequests", ["limit": 1]),
        ]
        var data: [String: JSONValue] = [:]
        var totals: [String: Int] = [:]
        for read in reads {
            let answer = control.call(read.operation, read.arguments)
            guard let value = answer.data else { return answer.result }   // the API's own refusal
            data[read.name] = value
            totals[read.name] = answer.total ?? value.arrayValue?.count ?? 0
        }
        var statuses: [String: JSONValue] = [:]
        for order in data["orders"]?.arrayValue ?? [] {
            let status = order["status"]?.stringValue ?? "unknown"
            statuses[status] = .int((statuses[status]?.intValue ?? 0) + 1)
        }
        let state: JSONValue = .object([
            "namespace": data["replay"]?["namespace"] ?? .null,
            "clock": data["clock"] ?? .null,
            "replay_seed": data["replay"]?["seed"] ?? .null,
            "companies": .array((data["companies"]?.arrayValue ?? []).map { company in
                .object(["id": company["id"] ?? .null, "name": company["name"] ?? .null, "status": company["status"] ?? .null])
            }),
            "orders": .object(["count": .int(Int64(totals["orders"] ?? 0)), "by_status": .object(statuses)]),
            "live_session_count": .int(Int64(totals["sessions"] ?? 0)),
            "live_sessions": .array((data["sessions"]?.arrayValue ?? []).map { session in
                .object(["id": session["id"] ?? .null, "kind": session["kind"] ?? .null, "email": session["email"] ?? .null])
            }),
            "newest_mail": .array((data["outbox"]?.arrayValue ?? []).prefix(5).map { mail in
                .object(["to": mail["to"] ?? .null, "kind": mail["kind"] ?? .null, "code": mail["code"] ?? .null,
                         "sent_at": mail["sent_at"] ?? .null])
            }),
            "pushes": .int(Int64(totals["pushes"] ?? 0)),
            "faults": data["faults"] ?? .array([]),
            "app_requests": .int(Int64(totals["requests"] ?? 0)),
        ])
        return .success(state)
    }
}
