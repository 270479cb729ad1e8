import Foundation
import MockBasics

/// The control API as MCP tools, read from its one description: each `/__mock` operation of the
/// OpenAPI document whose request and answer are JSON becomes a tool named by its `operationId`,
/// described by its summary and description, whose input schema is its path and query parameters
/// and its request body's members (under `body` when they would collide or are not an object's).
/// So the tools cannot drift from the API: a new control operation is a new tool.
package struct ControlTools: Sendable {
    /// One control operation as a tool.
    package struct Operation: Sendable {
        package let tool: MCPTool
        let method: String
        /// `/__mock/companies/{id}`.
        let path: String
        let pathParameters: [String]
        let queryParameters: [String]
        /// How the arguments make the body: none, some of them by name, or the argument `body`.
        let body: Body

        enum Body: Sendable {
            case none
            case members([String])
            case whole
        }
    }

    package let operations: [Operation]
    /// The operations left out, and why (a binary body or answer, the console's page, this endpoint).
    package let leftOut: [String]

    /// From the document as JSON (`openapi.json`).
    package init(document: JSONValue) throws(ControlToolsError) {
        guard let paths = document["paths"]?.objectValue else { throw ControlToolsError("the document has no paths") }
        let resolver = SchemaResolver(document: document)
        var operations: [Operation] = []
        var leftOut: [String] = []
        for path in paths.keys.sorted() where path == "/__mock" || path.hasPrefix("/__mock/") {
            guard let item = paths[path]?.objectValue else { continue }
            for method in ["get", "put", "post", "patch", "delete"] {
                guard let operation = item[method]?.objectValue else { continue }
                let name = "\(method.uppercased()) \(path)"
                if path == MCPEndpoint.path {
                    leftOut.append("\(name): this endpoint")
                    continue
                }
                guard let id = operation["operationId"]?.stringValue else { throw ControlToolsError("\(name) has no operationId") }
                if let reason = Self.whyLeftOut(operation) {
                    leftOut.append("\(name) (\(id)): \(reason)")
                    continue
                }
                operations.append(try Self.operation(id: id, method: method.uppercased(), path: path, operation: operation,
                                                     pathItem: item, resolver: resolver))
            }
        }
        self.operations = operations
        self.leftOut = leftOut
    }

    /// A reason to leave an operation out: the tools speak JSON, as the answers' `data`.
    private static func whyLeftOut(_ operation: [String: JSONValue]) -> String? {
        if let content = operation["requestBody"]?["content"]?.objectValue, content["application/json"] == nil {
            return "its body is not JSON (\(content.keys.sorted().joined(separator: ", ")))"
        }
        let responses = operation["responses"]?.objectValue ?? [:]
        let success = responses.keys.sorted().first { $0.hasPrefix("2") }.flatMap { responses[$0] }
        if let content = success?["content"]?.objectValue, content["application/json"] == nil {
            return "its answer is not JSON (\(content.keys.sorted().joined(separator: ", ")))"
        }
        return nil
    }

    private static func operation(id: String, method: String, path: String, operation: [String: JSONValue],
                                  pathItem: [String: JSONValue], resolver: SchemaResolver) throws(ControlToolsError) -> Operation {
        var properties: [String: JSONValue] = [:]
        var required: [String] = []
        var pathParameters: [String] = []
        var queryParameters: [String] = []
        let parameters = (pathItem["parameters"]?.arrayValue ?? []) + (operation["parameters"]?.arrayValue ?? [])
        for parameter in parameters.map(resolver.resolve) {
            guard let name = parameter["name"]?.stringValue, let place = parameter["in"]?.stringValue else { continue }
            var schema = resolver.inline(parameter["schema"] ?? .object([:]))
            if let description = parameter["description"]?.stringValue, schema["description"] == nil {
                schema = schema.setting("description", to: .string(description))
            }
            switch place {
            case "path":
                pathParameters.append(name)
                required.append(name)
            case "query":
                queryParameters.append(name)
                if parameter["required"]?.boolValue == true { required.append(name) }
            default:
                continue   // headers and cookies: the endpoint's own
            }
            properties[name] = schema
        }
        var body = Operation.Body.none
        var constraints: [String: JSONValue] = [:]
        if let requestBody = operation["requestBody"].map(resolver.resolve),
           let schema = requestBody["content"]?["application/json"]?["schema"].map(resolver.inline) {
            let bodyRequired = requestBody["required"]?.boolValue == true
            if schema["type"]?.stringValue == "object", let members = schema["properties"]?.objectValue,
               schema["allOf"] == nil, !members.keys.contains(where: { properties[$0] != nil }) {
                for (name, member) in members { properties[name] = member }
                if bodyRequired {
                    required += schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
                    // "One of these members" (the clock's move or `frozen`) holds for the arguments too.
                    for combinator in ["anyOf", "oneOf"] { if let branches = schema[combinator] { constraints[combinator] = branches } }
                }
                body = .members(members.keys.sorted())
            } else {
                properties["body"] = schema
                if bodyRequired { required.append("body") }
                body = .whole
            }
        }
        var input: [String: JSONValue] = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if !required.isEmpty { input["required"] = .array(required.map(JSONValue.string)) }
        input.merge(constraints) { first, _ in first }
        let summary = operation["summary"]?.stringValue ?? id
        let description = [summary, operation["description"]?.stringValue, "(\(method) \(path))"]
            .compactMap { $0 }.joined(separator: "\n\n")
        let tool = MCPTool(name: id, description: description, inputSchema: .object(input), readOnly: method == "GET")
        return Operation(tool: tool, method: method, path: path, pathParameters: pathParameters,
                         queryParameters: queryParameters, body: body)
    }

    package func operation(named name: String) -> Operation? { operations.first { $0.tool.name == name } }
}

package struct ControlToolsError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}

extension ControlTools.Operation {
    /// The control request these arguments make: its method, its target (`/__mock/…?…`, before any
    /// namespace prefix) and its JSON body. A missing or unknown argument throws, saying which.
    func request(_ arguments: [String: JSONValue]) throws(ToolArgumentError) -> (method: String, target: String, body: JSONValue?) {
        let known = Set(pathParameters + queryParameters + {
            switch body {
            case .none: return []
            case .members(let names): return names
            case .whole: return ["body"]
            }
        }())
        if let unknown = arguments.keys.sorted().first(where: { !known.contains($0) }) {
            throw ToolArgumentError("Unknown argument: \(unknown)")
        }
        var target = path
        for name in pathParameters {
            guard let value = arguments[name], let text = value.plainText else {
                throw ToolArgumentError("Missing argument: \(name)")
            }
            target = target.replacingOccurrences(of: "{\(name)}", with: Self.percentEncoded(text))
        }
        let query = queryParameters.compactMap { name -> String? in
            guard let value = arguments[name], value != .null, let text = value.plainText else { return nil }
            return Self.percentEncoded(name) + "=" + Self.percentEncoded(text)
        }
        if !query.isEmpty { target += "?" + query.joined(separator: "&") }
        switch body {
        case .none:
            return (method, target, nil)
        case .members(let names):
            var members: [String: JSONValue] = [:]
            for name in names { if let value = arguments[name] { members[name] = value } }
            return (method, target, .object(members))
        case .whole:
            return (method, target, arguments["body"])
        }
    }

    private static func percentEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

struct ToolArgumentError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// `$ref`s of the document followed (`#/components/…`), and a schema's made whole: an MCP client
/// reads a tool's input schema on its own, without the document.
struct SchemaResolver: Sendable {
    let document: JSONValue

    /// `value` itself, or what its `$ref` names.
    func resolve(_ value: JSONValue) -> JSONValue {
        var value = value
        var seen = 0
        while let reference = value["$ref"]?.stringValue, reference.hasPrefix("#/"), seen < 32 {
            var target: JSONValue? = document
            for part in reference.dropFirst(2).split(separator: "/") {
                target = target?[String(part).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")]
            }
            guard let found = target else { break }
            value = found
            seen += 1
        }
        return value
    }

    /// `schema` with every `$ref` inside it replaced by what it names (8 levels deep at most: the
    /// control API's schemas are not recursive), and OpenAPI's own keys (`example`) left out.
    func inline(_ schema: JSONValue) -> JSONValue { inline(schema, depth: 0) }

    private func inline(_ schema: JSONValue, depth: Int) -> JSONValue {
        guard depth < 8 else { return .object([:]) }
        switch resolve(schema) {
        case .object(let members):
            var out: [String: JSONValue] = [:]
            for (key, value) in members where key != "example" && key != "$ref" {
                out[key] = inline(value, depth: depth + 1)
            }
            return .object(out)
        case .array(let items):
            return .array(items.map { inline($0, depth: depth + 1) })
        case let other:
            return other
        }
    }
}

extension JSONValue {
    func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard var members = objectValue else { return self }
        members[key] = value
        return .object(members)
    }
}

extension JSONValue {
    /// A path or query value as text: a string as it is, a number or a flag written out.
    var plainText: String? {
        switch self {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }
}
