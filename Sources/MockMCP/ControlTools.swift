import Foundation
import MockBasics

/// The control API as MCP tools, read from its one description: each `/__mock` operation of the
/// OpenAPI document whose request and answer are JSON becomes a tool named by its `operationId`,
/// described by its summary and description, whose input schema is its path and query parameters
/// and its request body's members (under `body` when they would collide or are not an object's).
/// So the tools cannot drift from the API: a new control operation is a new tool.
///
/// What every host accepts (`ToolRules`, docs/agents.md "The rules"): an input schema is one object
/// at its root, with every member the tool takes in its root `properties` (a body's `oneOf`,
/// `anyOf` and `not` are said in the description instead, and the API keeps refusing a bad
/// combination with its 400), no `$ref` and no OpenAPI-only keyword; a description of at most
/// 1,024 characters that ends with an example of the arguments; a list takes `limit`, 50 unless
/// given, and says when there are more.
package struct ControlTools: Sendable {
    /// One control operation as a tool.
    package struct Operation: Sendable {
        package let tool: MCPTool
        package let method: String
        /// `/__mock/companies/{id}`.
        package let path: String
        let pathParameters: [String]
        let queryParameters: [String]
        /// How the arguments make the body: none, some of them by name, or the argument `body`.
        let body: Body

        enum Body: Sendable {
            case none
            case members([String])
            case whole
        }

        /// The operation lists, and takes `limit`: the tool gives one when the arguments do not.
        var lists: Bool { queryParameters.contains("limit") }
    }

    /// How many rows a listing tool answers unless told: at a busy state (3,000 journal entries,
    /// hundreds of sessions, mails and pushes) any list's 50 rows stay under 100 KB.
    package static let defaultLimit = 50
    /// A tool's description is at most this long (hosts backed by OpenAI's API refuse longer ones).
    package static let maxDescription = 1024

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
        guard ToolRules.isValidName(id) else { throw ControlToolsError("\(id): not a tool name (\(ToolRules.namePattern))") }
        var properties: [String: JSONValue] = [:]
        var required: [String] = []
        var pathParameters: [String] = []
        var queryParameters: [String] = []
        var example: [String: JSONValue] = [:]
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
                if let value = parameter["example"] ?? parameter["schema"].map(resolver.resolve)?["example"] { example[name] = value }
            case "query":
                queryParameters.append(name)
                if parameter["required"]?.boolValue == true { required.append(name) }
            default:
                continue   // headers and cookies: the endpoint's own
            }
            if name == "limit", place == "query" {
                schema = schema.setting("default", to: .int(Int64(defaultLimit)))
                    .setting("description", to: .string("""
                        \(schema["description"]?.stringValue.map { $0 + " " } ?? "")This tool answers \(defaultLimit) unless given a \
                        limit, and says when there are more: give a larger limit (up to \(schema["maximum"]?.intValue ?? 1000)) \
                        or narrow the list with the other arguments.
                        """))
            }
            properties[name] = schema
        }
        var body = Operation.Body.none
        var alternatives: String?
        if let requestBody = operation["requestBody"].map(resolver.resolve),
           let media = requestBody["content"]?["application/json"]?.objectValue,
           let schema = media["schema"].map(resolver.inline) {
            let bodyRequired = requestBody["required"]?.boolValue == true
            let bodyExample = media["example"] ?? media["examples"]?.objectValue.flatMap { examples in
                examples.keys.sorted().first.flatMap { examples[$0].map(resolver.resolve)?["value"] }
            } ?? media["schema"].map(resolver.resolve)?["example"]
            let flat = FlatObject(schema)
            if let flat, !flat.properties.keys.contains(where: { properties[$0] != nil }) {
                properties.merge(flat.properties) { first, _ in first }
                if bodyRequired { required += flat.required }
                alternatives = flat.alternatives
                body = .members(flat.properties.keys.sorted())
                for (name, value) in bodyExample?.objectValue ?? [:] { example[name] = value }
            } else {
                properties["body"] = schema
                if bodyRequired { required.append("body") }
                body = .whole
                if let bodyExample { example["body"] = bodyExample }
            }
        }
        if let given = operation["x-mcp-example"]?.objectValue { example = given }
        var input: [String: JSONValue] = ["type": "object", "properties": .object(properties.mapValues(ToolRules.plain)),
                                          "additionalProperties": false]
        if !required.isEmpty { input["required"] = .array(required.map(JSONValue.string)) }
        let tool = MCPTool(name: id, description: ToolRules.description(
            summary: operation["summary"]?.stringValue ?? id, detail: operation["description"]?.stringValue,
            alternatives: alternatives, call: "\(method) \(path)", example: properties.isEmpty ? nil : .object(example)),
            inputSchema: .object(input), readOnly: method == "GET")
        return Operation(tool: tool, method: method, path: path, pathParameters: pathParameters,
                         queryParameters: queryParameters, body: body)
    }

    package func operation(named name: String) -> Operation? { operations.first { $0.tool.name == name } }
}

package struct ControlToolsError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}

/// A request body's schema as one object: the members of its root and of every branch of its
/// `allOf`, `anyOf` and `oneOf`, and what those combinators (and `not`) said, in words.
struct FlatObject {
    var properties: [String: JSONValue] = [:]
    /// Required by the root, by every `allOf` branch, or by every branch of a `oneOf`/`anyOf`.
    var required: [String] = []
    /// "Give one of: …", "at least one of: …", "not together: …"; nil for a plain object.
    var alternatives: String?

    /// Nil when `schema` is not an object with members.
    init?(_ schema: JSONValue) {
        guard schema["type"]?.stringValue == "object" || schema["properties"] != nil else { return nil }
        add(schema["properties"]?.objectValue ?? [:])
        required = schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
        for branch in schema["allOf"]?.arrayValue ?? [] {
            add(branch["properties"]?.objectValue ?? [:])
            for name in branch["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where !required.contains(name) {
                required.append(name)
            }
        }
        var said: [String] = []
        for (combinator, lead) in [("oneOf", "Give one of"), ("anyOf", "Give at least one of")] {
            guard let branches = schema[combinator]?.arrayValue, !branches.isEmpty else { continue }
            var choices: [String] = []
            var inEvery: Set<String>?
            for branch in branches {
                let members = branch["properties"]?.objectValue ?? [:]
                add(members)
                let needed = branch["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
                inEvery = inEvery.map { $0.intersection(needed) } ?? Set(needed)
                choices.append(Self.choice(members: members, required: needed))
            }
            for name in (inEvery ?? []).sorted() where !required.contains(name) { required.append(name) }
            said.append("\(lead): " + choices.joined(separator: "; ") + ".")
        }
        if let together = schema["not"]?["required"]?.arrayValue?.compactMap(\.stringValue), !together.isEmpty {
            said.append("Not together: " + together.joined(separator: " and ") + ".")
        }
        guard !properties.isEmpty else { return nil }
        alternatives = said.isEmpty ? nil : said.joined(separator: " ")
    }

    /// `type payment_received with order_id, amount_pence (payment_method optional)`, or `now`.
    private static func choice(members: [String: JSONValue], required: [String]) -> String {
        let fixed = members.keys.sorted().compactMap { name in members[name]?["const"]?.plainText.map { "\(name) \($0)" } }
        let needed = required.filter { members[$0]?["const"] == nil }
        let optional = members.keys.sorted().filter { !required.contains($0) && members[$0]?["const"] == nil }
        var words = fixed.joined(separator: ", ")
        if !needed.isEmpty { words += (words.isEmpty ? "" : " with ") + needed.joined(separator: ", ") }
        if !optional.isEmpty { words += " (" + optional.joined(separator: ", ") + " optional)" }
        return words
    }

    /// A member met again: the first schema stays, but two `const`s become an `enum` of both.
    private mutating func add(_ members: [String: JSONValue]) {
        for (name, schema) in members {
            guard let known = properties[name] else {
                properties[name] = schema
                continue
            }
            let values = (known["enum"]?.arrayValue ?? known["const"].map { [$0] } ?? [])
            if let value = schema["const"], !values.isEmpty, known["enum"] != nil || known["const"] != nil {
                var merged = known.removing("const").setting("enum", to: .array(values.contains(value) ? values : values + [value]))
                if merged["type"] == nil, let type = schema["type"] ?? (value.stringValue != nil ? .string("string") : nil) {
                    merged = merged.setting("type", to: type)
                }
                properties[name] = merged
            }
        }
    }
}

/// What every MCP host accepts of a tool, stated once (docs/agents.md, "The rules").
package enum ToolRules {
    package static let namePattern = "^[A-Za-z0-9_-]{1,64}$"

    package static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count) && name.utf8.allSatisfy { byte in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 45 || byte == 95
        }
    }

    /// Keys of OpenAPI's schema object that JSON Schema 2020-12 does not have, or that a tool's
    /// schema must not hold (a reference, a vendor extension).
    static func isOpenAPIOnly(_ key: String) -> Bool {
        key == "example" || key == "nullable" || key == "discriminator" || key == "xml" || key == "externalDocs"
            || key == "$ref" || key.hasPrefix("x-")
    }

    /// `schema` without OpenAPI's own keywords, at every depth (a member named like one stays:
    /// the names under `properties` are the schema's members, not keywords).
    static func plain(_ schema: JSONValue) -> JSONValue {
        guard case .object(let members) = schema else {
            if case .array(let items) = schema { return .array(items.map(plain)) }
            return schema
        }
        var out: [String: JSONValue] = [:]
        for (key, value) in members where !isOpenAPIOnly(key) {
            switch key {
            case "properties", "patternProperties", "$defs":
                out[key] = .object((value.objectValue ?? [:]).mapValues(plain))
            case "enum", "const", "default", "examples":
                out[key] = value
            default:
                out[key] = plain(value)
            }
        }
        return .object(out)
    }

    /// The summary, the description (cut at a sentence to fit), the body's alternatives, the call
    /// and an example of the arguments: at most `ControlTools.maxDescription` characters.
    static func description(summary: String, detail: String?, alternatives: String?, call: String,
                            example: JSONValue?) -> String {
        let exampleLine = example.map { "Example: " + String(decoding: JSONWriter.bytes($0), as: UTF8.self) }
        let fixed = [alternatives, "(\(call); docs/control-api.md)", exampleLine].compactMap { $0 }
        let room = ControlTools.maxDescription - summary.count - fixed.reduce(0) { $0 + $1.count + 2 } - 2
        var parts = [summary]
        if let detail, room > 0 { parts.append(cut(detail, to: room)) }
        return (parts + fixed).filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// `text`, or its first sentences that fit in `limit` characters and an ellipsis.
    static func cut(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        var kept = ""
        for sentence in text.split(separator: ". ", omittingEmptySubsequences: false).map(String.init) {
            let next = kept.isEmpty ? sentence + "." : kept + " " + sentence + "."
            guard next.count + 2 <= limit else { break }
            kept = next
        }
        return kept.isEmpty ? "" : kept + " …"
    }
}

extension ControlTools.Operation {
    /// The control call these arguments make: its path parameters, its query items and its JSON body,
    /// as values (nothing to encode here and decode again). A missing or unknown argument throws,
    /// saying which. A list is given `ControlTools.defaultLimit` when the arguments give no limit.
    func call(_ arguments: [String: JSONValue]) throws(ToolArgumentError) -> ControlCall {
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
        var parameters: [String: String] = [:]
        var shownPath = path
        for name in pathParameters {
            guard let value = arguments[name], let text = value.plainText else {
                throw ToolArgumentError("Missing argument: \(name)")
            }
            parameters[name] = text
            shownPath = shownPath.replacingOccurrences(of: "{\(name)}", with: text)
        }
        var query: [(name: String, value: String)] = []
        for name in queryParameters {
            guard let value = arguments[name], value != .null, let text = value.plainText else { continue }
            query.append((name, text))
        }
        if lists, !query.contains(where: { $0.name == "limit" }) {
            query.append(("limit", String(ControlTools.defaultLimit)))
        }
        var json: JSONValue?
        switch body {
        case .none:
            json = nil
        case .members(let names):
            var members: [String: JSONValue] = [:]
            for name in names { if let value = arguments[name] { members[name] = value } }
            json = .object(members)
        case .whole:
            json = arguments["body"]
        }
        return ControlCall(operationID: tool.name, method: method, path: shownPath, parameters: parameters, query: query,
                           body: json.map { Data(JSONWriter.bytes($0)) })
    }
}

/// One control operation as a tool calls it, by its `operationId`: the server runs the operation's
/// handler with these values, without a request line to write or parse.
package struct ControlCall: Sendable {
    package let operationID: String
    package let method: String
    /// `/__mock/companies/<id>`: the operation's path with its parameters in place, for the log.
    package let path: String
    package let parameters: [String: String]
    /// Decoded values, as a handler reads them.
    package let query: [(name: String, value: String)]
    /// The JSON body, written once from the arguments.
    package let body: Data?

    package init(operationID: String, method: String, path: String, parameters: [String: String] = [:],
                 query: [(name: String, value: String)] = [], body: Data? = nil) {
        self.operationID = operationID
        self.method = method
        self.path = path
        self.parameters = parameters
        self.query = query
        self.body = body
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
    /// control API's schemas are not recursive). OpenAPI's own keywords are left for
    /// `ToolRules.plain`, which knows a member's name from a keyword.
    func inline(_ schema: JSONValue) -> JSONValue { inline(schema, depth: 0) }

    private func inline(_ schema: JSONValue, depth: Int) -> JSONValue {
        guard depth < 8 else { return .object([:]) }
        switch resolve(schema) {
        case .object(let members):
            return .object(members.mapValues { inline($0, depth: depth + 1) })
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

    func removing(_ key: String) -> JSONValue {
        guard var members = objectValue else { return self }
        members[key] = nil
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
