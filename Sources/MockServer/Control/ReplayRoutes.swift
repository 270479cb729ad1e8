import Foundation
import MockHTTP
import MockBasics
import MockRouting

/// `GET|PUT /__mock/replay`: the namespace's replay seed and the digest of its journal
/// (docs/replay.md). On a seed, every value the namespace invents comes from the seed, its name, the
/// kind of value and its place in that kind's sequence, and its clock starts frozen: the same
/// requests get the same answers, byte for byte, and the same digest.
enum ReplayRoutes {
    static func register(on router: inout ControlRouter) {
        router.get("/__mock/replay") { context in
            JSONBody.success(ReplayState(context.environment))
        }

        router.put("/__mock/replay") { context in
            guard case .object(let members)? = JSONValue.parse(context.request.body) else { throw APIFailure.invalidJSON }
            if let unknown = members.keys.sorted().first(where: { $0 != "seed" }) {
                throw APIFailure.badRequest("Unknown key: \(unknown)")
            }
            let seed: String?
            switch members["seed"] {
            case .string(let text)? where MockServerConfiguration.isReplaySeed(text): seed = text
            case .null?: seed = nil
            default: throw APIFailure.invalidField("seed")
            }
            let configuration = context.environment.configuration
            if seed != nil, configuration.controlToken == nil,
               configuration.hosts.contains(where: { !ControlToken.isLoopback($0) }) {
                throw APIFailure.replaySeedExposed
            }
            try context.environment.replay(seed: seed)
            return JSONBody.success(ReplayState(context.environment))
        }
    }
}

extension APIFailure {
    /// `PUT /__mock/replay` on a server that answers beyond loopback without a control token.
    static let replaySeedExposed = APIFailure(
        status: 403,
        message: "A replay seed makes tokens predictable: start the mock with --control-token, or bind it to loopback only",
        code: .replaySeedExposed)
}

/// `GET|PUT /__mock/replay`: the namespace's replay seed, and where its run has got to.
/*@JSONObject(component: "ReplayState")*/
struct ReplayState {
    /// null while the namespace's values are random.
    /*@Nullable*/ var seed: String?
    /// null for the default namespace.
    /*@Nullable*/ var namespace: String?
    /// Where the clock starts, frozen, at every reset while on the seed; null without one.
    /*@Schema(.timestamp)*/ /*@Nullable*/ var clock_start: String?
    /// The journal's entries since the last reset (older ones may have left the journal's ring).
    /*@Schema(.integer(minimum: 0))*/ let requests: Int
    /// SHA-256 (hex) over the journal since the last reset; null without a seed.
    /*@Schema(.string(pattern: "^[0-9a-f]{64}$"))*/ /*@Nullable*/ var digest: String?

    init(_ environment: ServerEnvironment) {
        let seed = environment.invented.seed
        self.seed = seed
        namespace = environment.namespace
        clock_start = seed == nil ? nil : Timestamp.string(environment.replayStart)
        let journal = environment.journal.digest
        requests = journal.requests
        digest = journal.digest
    }
}
