import Foundation
import OpenAPIKit
import MockHTTP
import MockRouting
import MockBasics
import MockConcurrency

/// The app API's operations as `docs/openapi.yaml` declares them, read with OpenAPIKit (every
/// `$ref` resolved), for the proxy's drift check: which operation an exchange is, and the schema of
/// each documented status.
struct ContractOperations: Sendable {
    struct Operation: Sendable {
        let id: String?
        let method: String
        /// The document's path, e.g. `/api/orders/{id}`.
        let path: String
        /// The path's segments; nil where the document has a `{parameter}`.
        let segments: [String?]
        /// Documented statuses: exact codes, `4XX`-style ranges and `default`, in the document's order.
        let responses: [(status: StatusKey, schema: DereferencedJSONSchema?)]

        /// The schema of the answer `status`, or `.undocumented`: an exact code wins over a range,
        /// a range over `default`. A documented status without a JSON body is `.documented(nil)`.
        func schema(forStatus status: Int) -> SchemaLookup {
            if let exact = responses.first(where: { $0.status == .code(status) }) { return .documented(exact.schema) }
            if let range = responses.first(where: { $0.status == .range(status / 100) }) { return .documented(range.schema) }
            if let fallback = responses.first(where: { $0.status == .default }) { return .documented(fallback.schema) }
            return .undocumented
        }

        /// `200, 400, 401, 4XX`: the documented statuses as the document writes them.
        var documentedStatuses: String {
            responses.map(\.status.description).joined(separator: ", ")
        }
    }

    enum StatusKey: Sendable, Equatable, CustomStringConvertible {
        case code(Int)
        /// `4XX`: the first digit.
        case range(Int)
        case `default`

        var description: String {
            switch self {
            case .code(let code): String(code)
            case .range(let digit): "\(digit)XX"
            case .default: "default"
            }
        }
    }

    enum SchemaLookup {
        case documented(DereferencedJSONSchema?)
        case undocumented
    }

    let operations: [Operation]

    /// The document's `/api/` operations. Throws when the JSON is not an OpenAPI document OpenAPIKit
    /// reads, or a `$ref` does not resolve.
    init(json: Data) throws {
        guard let value = JSONValue.parse(json) else { throw ContractDocumentError(message: "the document is not JSON") }
        let folded = Data(Self.breakingReferenceCycles(Self.foldingCompositionSiblings(value)).encoded())
        let document = try JSONDecoder().decode(OpenAPI.Document.self, from: folded)
        let resolved = try document.locallyDereferenced().resolved()
        operations = resolved.endpoints.compactMap { endpoint -> Operation? in
            let path = endpoint.path.rawValue
            guard path.hasPrefix("/api/") else { return nil }
            let segments = path.split(separator: "/", omittingEmptySubsequences: true).map { segment -> String? in
                segment.hasPrefix("{") && segment.hasSuffix("}") ? nil : String(segment)
            }
            let responses = endpoint.responses.map { status, response -> (status: StatusKey, schema: DereferencedJSONSchema?) in
                (Self.key(status), response.content[.json]?.schema)
            }
            return Operation(id: endpoint.operationId, method: endpoint.method.rawValue.uppercased(), path: path,
                             segments: segments, responses: responses)
        }
    }

    private static func key(_ status: OpenAPI.Response.StatusCode) -> StatusKey {
        switch status.value {
        case .status(let code): return .code(code)
        case .default: return .default
        case .range(let range):
            switch range {
            case .information: return .range(1)
            case .success: return .range(2)
            case .redirect: return .range(3)
            case .clientError: return .range(4)
            case .serverError: return .range(5)
            }
        }
    }

    /// The operation for `method` and `path` (percent-decoded, no query): the path split at `/`
    /// (one trailing slash ignored), a literal segment winning over a `{parameter}` at the first
    /// place they differ, as the mock's router matches. Nil when the document has none.
    func operation(method: String, path: String) -> Operation? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let segments = parts.last == "" ? Array(parts.dropLast()) : Array(parts)
        var best: Operation?
        for operation in operations where operation.method == method && operation.segments.count == segments.count {
            guard zip(operation.segments, segments).allSatisfy({ $0 == nil ? !$1.isEmpty : $0! == $1 }) else { continue }
            if let current = best {
                // More specific: a literal where the other has a parameter, at the first difference.
                for (a, b) in zip(operation.segments, current.segments) where (a == nil) != (b == nil) {
                    if a != nil { best = operation }
                    break
                }
            } else {
                best = operation
            }
        }
        return best
    }

    /// `allOf`/`anyOf`/`oneOf` beside constraints of their own (`type`, `properties`, `required`…)
    /// rewritten as one `allOf` of the constraints and each composition. The same schema for JSON
    /// Schema; OpenAPIKit keeps only the composition and drops its siblings, which would leave the
    /// `data` of every answer (`allOf: [SuccessEnvelope]` beside `properties: {data: …}`) unchecked.
    static func foldingCompositionSiblings(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let items):
            return .array(items.map(foldingCompositionSiblings))
        case .object(let members):
            var members = members.mapValues(foldingCompositionSiblings)
            let compositions = ["allOf", "anyOf", "oneOf"].filter { members[$0] != nil }
            let constraints = members.keys.filter { constraintKeywords.contains($0) }
            guard !compositions.isEmpty, !constraints.isEmpty else { return .object(members) }
            var own: [String: JSONValue] = [:]
            for key in constraints { own[key] = members.removeValue(forKey: key) }
            var parts: [JSONValue] = [.object(own)]
            for key in compositions {
                let composition = members.removeValue(forKey: key)!
                if key == "allOf", case .array(let branches) = composition { parts += branches } else { parts.append([key: composition]) }
            }
            members["allOf"] = .array(parts)
            return .object(members)
        default:
            return value
        }
    }

    /// The document with every `$ref` that closes a cycle of component schemas (a JSON value made of
    /// JSON values) replaced by `{}`, any value: OpenAPIKit resolves references by inlining them and
    /// refuses a cycle. A recursive schema is then checked down to where it refers back to itself;
    /// from there on, anything passes (docs/drift.md).
    static func breakingReferenceCycles(_ document: JSONValue) -> JSONValue {
        let prefix = "#/components/schemas/"
        guard case .object(var root) = document, case .object(var components)? = root["components"],
              case .object(var schemas)? = components["schemas"] else { return document }
        func references(_ value: JSONValue, into found: inout Set<String>) {
            switch value {
            case .object(let members):
                if let target = members["$ref"]?.stringValue, target.hasPrefix(prefix) { found.insert(String(target.dropFirst(prefix.count))) }
                for member in members.values { references(member, into: &found) }
            case .array(let items):
                for item in items { references(item, into: &found) }
            default:
                break
            }
        }
        var edges: [String: Set<String>] = [:]
        for (name, schema) in schemas {
            var found = Set<String>()
            references(schema, into: &found)
            edges[name] = found
        }
        // Depth-first over the names; an edge to a name still on the stack closes a cycle.
        var state: [String: Bool] = [:]   // false: on the stack, true: done
        var closing: [String: Set<String>] = [:]
        func visit(_ name: String) {
            state[name] = false
            for target in (edges[name] ?? []).sorted() {
                switch state[target] {
                case false?: closing[name, default: []].insert(target)
                case nil: if schemas[target] != nil { visit(target) }
                case true?: break
                }
            }
            state[name] = true
        }
        for name in schemas.keys.sorted() where state[name] == nil { visit(name) }
        guard !closing.isEmpty else { return document }
        func replacing(_ value: JSONValue, _ targets: Set<String>) -> JSONValue {
            switch value {
            case .object(var members):
                if let target = members["$ref"]?.stringValue, target.hasPrefix(prefix), targets.contains(String(target.dropFirst(prefix.count))) {
                    members["$ref"] = nil
                    return .object(members)
                }
                return .object(members.mapValues { replacing($0, targets) })
            case .array(let items):
                return .array(items.map { replacing($0, targets) })
            default:
                return value
            }
        }
        for (name, targets) in closing { schemas[name] = replacing(schemas[name]!, targets) }
        components["schemas"] = .object(schemas)
        root["components"] = .object(components)
        return .object(root)
    }

    /// The keywords that constrain an instance (annotations such as `description` stay where they are).
    private static let constraintKeywords: Set<String> = [
        "type", "properties", "required", "additionalProperties", "patternProperties", "items", "prefixItems",
        "enum", "const", "minItems", "maxItems", "minLength", "maxLength", "pattern", "minimum", "maximum",
        "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minProperties", "maxProperties", "format", "not",
    ]

    /// The bundled `docs/openapi.yaml` (as JSON, the form `GET /openapi.json` serves), read once.
    /// Read on a thread with a deep stack: OpenAPIKit's decoding and dereferencing recurse with
    /// large frames, more than a secondary thread's 512 KiB on Apple platforms.
    static let bundled: Result<ContractOperations, ContractDocumentError> = ServerThread.withDeepStack("openapi.yaml for the proxy") {
        do {
            let document = try OpenAPIDocument.bundled.get()
            return .success(try ContractOperations(json: Data(document.json(server: "/").utf8)))
        } catch {
            return .failure(ContractDocumentError(message: "openapi.yaml could not be read as OpenAPI: \(error)"))
        }
    }
}

struct ContractDocumentError: Error, Sendable, CustomStringConvertible {
    let message: String
    var description: String { message }
}
