import MockBasics

/// A generated component of docs/openapi.yaml as YAML text, in the document's own style: block
/// mappings, flow lists, `type: [T, 'null']` for a nullable value (the form
/// swift-openapi-generator reads), `Nullable<Name>` for a nullable reference, lines folded at 120.
enum WireSchemaYAML {
    static let width = 120

    /// `    Name:` and its schema, one line each, without the final newline.
    static func component(named name: String, _ object: WireObject, nullable: Bool) -> [String] {
        ["    \(name):"] + objectLines(object, nullable: nullable, description: object.description, indent: 6)
    }

    /// `    Name:` and a schema that is not an object (an enumeration's string), one line each.
    static func component(named name: String, _ schema: WireSchema, nullable: Bool = false, description: String?,
                          decided: Bool) -> [String] {
        ["    \(name):"] + schemaLines(schema, nullable: nullable, description: description, indent: 6)
            + (decided ? ["      x-decided: true"] : [])
    }

    /// A request body's string without a pattern of its own: no U+0000 (a NUL anywhere in a body is a 400).
    static let withoutNUL = #"^[^\u0000]*(?![\s\S])"#
    /// A request body's `notBlank` string: no U+0000, and a code point outside White_Space.
    static let notBlank = #"^[^\u0000]*[^\u0000\t\n\u000B\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000][^\u0000]*(?![\s\S])"#

    /// The members of a schema at `indent`; `request`: a request body's member (its strings say
    /// that they hold no NUL).
    static func schemaLines(_ schema: WireSchema, nullable: Bool, description: String?, indent: Int,
                            request: Bool = false) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        func type(_ name: String) { lines.append(pad + "type: " + (nullable ? "[\(name), 'null']" : name)) }
        switch schema {
        case .string(let format, let values, var pattern, let minLength, let maxLength, let examples, let notBlank, _):
            type("string")
            if let format { lines.append(pad + "format: " + scalar(format)) }
            if let values { lines += flowList("enum", values.map(flowScalar) + (nullable ? ["null"] : []), indent: indent) }
            if request, pattern == nil, values == nil { pattern = notBlank ? Self.notBlank : withoutNUL }
            if let pattern { lines.append(pad + "pattern: " + scalar(pattern)) }
            if let minLength { lines.append(pad + "minLength: \(minLength)") }
            if let maxLength { lines.append(pad + "maxLength: \(maxLength)") }
            if let examples { lines += flowList("examples", examples.map(flowScalar), indent: indent) }
        case .integer(let minimum, let maximum):
            type("integer")
            if let minimum { lines.append(pad + "minimum: \(minimum)") }
            if let maximum { lines.append(pad + "maximum: \(maximum)") }
        case .number(let minimum, let maximum):
            type("number")
            if let minimum { lines.append(pad + "minimum: \(number(minimum))") }
            if let maximum { lines.append(pad + "maximum: \(number(maximum))") }
        case .boolean:
            type("boolean")
        case .component(let name):
            lines.append(pad + "$ref: '#/components/schemas/\(nullable ? "Nullable" + name : name)'")
        case .array(let element, let minItems):
            type("array")
            if let minItems { lines.append(pad + "minItems: \(minItems)") }
            if let description { lines += scalarLines("description", description, indent: indent) }
            lines.append(pad + "items:")
            lines += schemaLines(element, nullable: false, description: nil, indent: indent + 2, request: request)
            return lines
        case .map(let value):
            type("object")
            if let description { lines += scalarLines("description", description, indent: indent) }
            lines.append(pad + "additionalProperties:")
            lines += schemaLines(value, nullable: false, description: nil, indent: indent + 2)
            return lines
        case .anyObject:
            type("object")
        case .object(let object):
            return objectLines(object, nullable: nullable, description: description ?? object.description, indent: indent)
        case .constant(let value):
            lines.append(pad + "const: " + constant(value))
        case .any:
            if description == nil { lines.append(pad + "{}") }
        case .unknown(let name):
            lines.append(pad + "x-unknown: " + scalar(name))
        }
        if let description { lines += scalarLines("description", description, indent: indent) }
        return lines
    }

    /// An object's members; a request body's (``WireObject/body``) also say what its unknown keys do
    /// and, for a change, that one declared key must be there.
    static func objectLines(_ object: WireObject, nullable: Bool, description: String?, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        let request = object.body != nil
        var lines = [pad + "type: " + (nullable ? "[object, 'null']" : "object")]
        if let description { lines += scalarLines("description", description, indent: indent) }
        let required = object.properties.filter(\.required).map(\.key)
        if !required.isEmpty { lines += flowList("required", required.map(flowScalar), indent: indent) }
        func propertyLines(_ property: WireProperty, indent: Int, description: Bool) -> [String] {
            [String(repeating: " ", count: indent) + scalar(property.key) + ":"]
                + schemaLines(property.schema, nullable: property.nullable, description: description ? property.description : nil,
                              indent: indent + 2, request: request)
        }
        if !object.properties.isEmpty {
            lines.append(pad + "properties:")
            for property in object.properties { lines += propertyLines(property, indent: indent + 2, description: true) }
        }
        if let rules = object.body, rules.unknownKeys == .ignored {
            // Unknown keys are ignored, but their values and names hold no NUL either.
            lines += [pad + "additionalProperties:", pad + "  $ref: '#/components/schemas/JSONValueWithoutNUL'",
                      pad + "propertyNames:", pad + "  pattern: " + scalar(withoutNUL)]
            if rules.atLeastOne {
                // One of the keys given (not null, where null means left out).
                lines.append(pad + "anyOf:")
                for property in object.properties {
                    let given = WireProperty(key: property.key, schema: property.schema, required: true,
                                             nullable: property.nullable && !rules.nullMeansAbsent.contains(property.key),
                                             description: nil)
                    lines += [pad + "- type: object", pad + "  required: [\(flowScalar(property.key))]", pad + "  properties:"]
                    lines += propertyLines(given, indent: indent + 4, description: false)
                }
            }
        } else {
            lines.append(pad + "additionalProperties: false")
            if object.body?.atLeastOne == true { lines.append(pad + "minProperties: 1") }
        }
        if let exclusive = object.body?.exclusive, !exclusive.isEmpty {
            // Each key typed where it is required (swift-openapi-generator warns of a bare name).
            lines += [pad + "not:", pad + "  required: [\(exclusive.map(flowScalar).joined(separator: ", "))]", pad + "  properties:"]
            for property in object.properties where exclusive.contains(property.key) {
                let given = WireProperty(key: property.key, schema: property.schema, required: true, nullable: false, description: nil)
                lines += propertyLines(given, indent: indent + 4, description: false)
            }
        }
        if object.decided { lines.append(pad + "x-decided: true") }
        return lines
    }

    /// A bound as YAML reads it back as the same number (`3153600000`, `0.5`).
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// `key: [a, b, …]`, folded at the width with continuation lines two deeper.
    static func flowList(_ key: String, _ items: [String], indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = pad + key + ": ["
        for (index, item) in items.enumerated() {
            let piece = item + (index == items.count - 1 ? "]" : ",")
            if line.count + 1 + piece.count > width, !line.hasSuffix("[") {
                lines.append(line)
                line = pad + "  " + piece
            } else {
                line += (line.hasSuffix("[") ? "" : " ") + piece
            }
        }
        if items.isEmpty { line += "]" }
        lines.append(line)
        return lines
    }

    /// `key: text`, folded at spaces at the width (a folded flow scalar reads back as one line).
    static func scalarLines(_ key: String, _ text: String, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        let written = scalar(text)
        var lines: [String] = []
        var line = pad + key + ":"
        for word in written.split(separator: " ", omittingEmptySubsequences: false) {
            if line.count + 1 + word.count > width, lines.isEmpty ? line.count > pad.count + key.count + 1 : line.count > pad.count + 2 {
                lines.append(line)
                line = pad + "  " + word
            } else {
                line += " " + word
            }
        }
        lines.append(line)
        return lines
    }

    /// A constant's YAML: a scalar as JSON writes it (YAML reads JSON's scalars), a string quoted.
    static func constant(_ value: JSONValue) -> String {
        if case .string(let text) = value { return quoted(text) }
        return String(decoding: JSONWriter.bytes(value), as: UTF8.self)
    }

    /// Plain where YAML reads it back as the same string, else single-quoted.
    static func scalar(_ text: String) -> String { isPlain(text, flow: false) ? text : quoted(text) }

    /// The same inside a flow list (`,`, `[`, `]`, `{`, `}` end a plain item there).
    static func flowScalar(_ text: String) -> String { isPlain(text, flow: true) ? text : quoted(text) }

    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    static func isPlain(_ text: String, flow: Bool) -> Bool {
        guard let first = text.first, let last = text.last else { return false }
        if "-?:,[]{}#&*!|>'\"%@` ".contains(first) || last == " " || last == ":" { return false }
        if text.contains(": ") || text.contains(" #") || text.contains("  ") { return false }
        if flow, text.contains(where: { ",[]{}".contains($0) }) { return false }
        let lowered = text.lowercased()
        if ["true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"].contains(lowered) { return false }
        if Double(text) != nil || Int(text) != nil || text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" || $0 == ":" }) {
            return false
        }
        return true
    }
}
