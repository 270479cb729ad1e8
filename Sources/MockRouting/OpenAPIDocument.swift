import Foundation
import Yams
import MockBasics
import MockConcurrency

/// The contract this server speaks: the mock serves it (`GET /openapi.yaml`, `GET /openapi.json`:
/// MockServer's `OpenAPIRoutes`) and reads its MCP tools from it; the proxy checks answers against it.
///
/// The one source is `Sources/MockRouting/Resources/openapi.yaml` (`docs/openapi.yaml` is a link to
/// it): a resource inside the target's folder, which SwiftPM and Xcode's package build both copy
/// into MockRouting's bundle, so the binary reads it from any folder. Parsed once and kept as text
/// with a hole where the server URL goes: the YAML is the file as written with only its `servers`
/// block replaced, the JSON the same document converted by Yams, keys in the file's order.
package struct OpenAPIDocument: Sendable {
    /// The YAML before and after the top-level `servers` block.
    let yamlHead: String
    let yamlTail: String
    /// The JSON text before and after the value of `servers`.
    let jsonHead: String
    let jsonTail: String

    static let serverDescription = "This server (the URL this document was fetched from)."

    /// The copy in the resource bundle; a failure (a build without the resource, a YAML error)
    /// answers 500 and is logged, like any other unexpected error. Read on a thread with a deep
    /// stack: Yams recurses over the document, and the first reader may be a connection thread, which
    /// has 512 KiB of stack on Apple platforms.
    package static let bundled: Result<OpenAPIDocument, OpenAPIDocumentError> = ServerThread.withDeepStack("openapi.yaml", read)

    private static func read() -> Result<OpenAPIDocument, OpenAPIDocumentError> {
        guard let url = MockRoutingResources.bundle?.url(forResource: "openapi", withExtension: "yaml"),
              let data = try? Data(contentsOf: url) else {
            return .failure(OpenAPIDocumentError(message: "openapi.yaml is missing from the MockRouting resources" + MockRoutingResources.whyMissing))
        }
        do {
            return .success(try OpenAPIDocument(yaml: String(decoding: data, as: UTF8.self)))
        } catch let error as OpenAPIDocumentError {
            return .failure(error)
        } catch {
            return .failure(OpenAPIDocumentError(message: "openapi.yaml: \(error)"))
        }
    }

    init(yaml: String) throws {
        // YAML: the lines of the top-level `servers:` block (up to the next top-level key) go.
        var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == "servers:" || $0.hasPrefix("servers: ") }) else {
            throw OpenAPIDocumentError(message: "openapi.yaml has no top-level servers")
        }
        var end = start + 1
        while end < lines.count, lines[end].isEmpty || lines[end].hasPrefix(" ") || lines[end].hasPrefix("-") {
            end += 1
        }
        let tail = lines[end...].joined(separator: "\n")
        lines.removeSubrange(start...)
        yamlHead = lines.map { $0 + "\n" }.joined()
        yamlTail = tail

        // JSON: the whole document, with a marker as the value of `servers`.
        guard let root = try Yams.compose(yaml: yaml), case .mapping = root else {
            throw OpenAPIDocumentError(message: "openapi.yaml is not a mapping")
        }
        let marker = "servers-marker"
        if let refusal = YAMLAsJSON.refusal(root) { throw refusal }
        let json = String(decoding: JSONWriter.bytes(YAMLAsJSON(node: root, servers: marker)), as: UTF8.self)
        guard let hole = json.range(of: "\"\(marker)\"") else {
            throw OpenAPIDocumentError(message: "openapi.yaml has no servers")
        }
        jsonHead = String(json[..<hole.lowerBound])
        jsonTail = String(json[hole.upperBound...])
    }

    package func yaml(server: String) -> String {
        let quoted = "'" + server.replacingOccurrences(of: "'", with: "''") + "'"
        return yamlHead + "servers:\n- url: \(quoted)\n  description: \(Self.serverDescription)\n" + yamlTail
    }

    package func json(server: String) -> String {
        let servers = [Server(url: server, description: Self.serverDescription)]
        return jsonHead + String(decoding: JSONWriter.bytes(servers), as: UTF8.self) + jsonTail
    }

    /*@JSONObject*/
    struct Server {
        let url: String
        let description: String
    }
}

/// A YAML node as JSON, keys in the file's order. Scalars keep the type YAML gives them (null,
/// booleans, integers, floats); everything else, timestamps included, is its text. `servers`, when
/// set, is the string that replaces the top-level `servers` value.
private struct YAMLAsJSON: JSONWritable {
    let node: Node
    var servers: String?

    func writeJSON(to out: inout [UInt8]) {
        switch node {
        case .scalar(let scalar):
            switch Tag.Name(rawValue: node.tag.rawValue) {
            case .null:
                out.appendLiteral("null")
            case .bool:
                (node.bool ?? false).writeJSON(to: &out)
            case .int:
                if let value = node.int { value.writeJSON(to: &out) } else { scalar.string.writeJSON(to: &out) }
            case .float:
                if let value = node.float, value.isFinite { value.writeJSON(to: &out) } else { scalar.string.writeJSON(to: &out) }
            default:
                scalar.string.writeJSON(to: &out)
            }
        case .mapping(let mapping):
            out.append(UInt8(ascii: "{"))
            for (i, pair) in mapping.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                (pair.key.string ?? "").writeJSON(to: &out)   // a key that is not a scalar is refused before
                out.append(UInt8(ascii: ":"))
                if pair.key.string == "servers", let servers {
                    servers.writeJSON(to: &out)
                } else {
                    YAMLAsJSON(node: pair.value).writeJSON(to: &out)
                }
            }
            out.append(UInt8(ascii: "}"))
        case .sequence(let sequence):
            sequence.map { YAMLAsJSON(node: $0) }.writeJSON(to: &out)
        case .alias:
            out.appendLiteral("null")   // refused before
        }
    }

    /// Why the document cannot be written as JSON: a mapping key that is not a scalar, or an alias.
    static func refusal(_ node: Node) -> OpenAPIDocumentError? {
        switch node {
        case .scalar: return nil
        case .mapping(let mapping):
            for pair in mapping {
                if pair.key.string == nil { return OpenAPIDocumentError(message: "openapi.yaml: a mapping key is not a scalar") }
                if let refusal = refusal(pair.value) { return refusal }
            }
            return nil
        case .sequence(let sequence): return sequence.lazy.compactMap(refusal).first
        case .alias: return OpenAPIDocumentError(message: "openapi.yaml: aliases are not supported")
        }
    }
}

/// Why the bundled document cannot be served: missing from the bundle, or not a document we can write.
package struct OpenAPIDocumentError: Error, Sendable, CustomStringConvertible {
    let message: String
    package init(message: String) { self.message = message }
    package var description: String { message }
}
