import MockBasics

/// RepairMinderClient's wire models as Swift text, made from the same `WireObject`s that write
/// docs/openapi.yaml's components (WireSchemaYAML): each app component is a public `Codable` struct
/// with its keys, in their order, optional where the server may leave a key out or write `null`,
/// and typed by its schema (a `Money`, a `Timestamp`, a `Percentage`, a 0/1 flag as `Bool`, an
/// enumeration as the client's ``OpenEnum``). Nested objects become nested structs named after
/// their key. ClientModelsTests keeps `Sources/RepairMinderClient/WireModels.generated.swift` equal
/// to it; what is hand-written (conveniences, display names) lives in extensions beside it.
enum ClientModelsSwift {
    /// A component the client names otherwise (a name the app reads better: `StaffCompany` for the
    /// staff answer's `Company`).
    static let clientNames: [String: String] = [
        "IdName": "LocationRef", "LoginStep": "StaffLoginChallenge", "Company": "StaffCompany",
        "Message": "MessagePayload", "CustomerToken": "CustomerSignIn", "Location": "CompanyLocation",
        "StatusOption": "WorkflowTransition", "ClientOrderBrief": "ClientOrderBrief", "CustomerItem": "CustomerItem",
    ]

    /// Components the client reads only inside the library (the refresher's answer).
    static let internalComponents: Set<String> = ["RefreshResponse"]

    /// A field whose Swift type says more than its schema: a count per key of an enumeration.
    static let fieldTypes: [String: String] = [
        "DashboardStats.devices.by_status": "CountsBy<DeviceStatus>",
        "DashboardStats.devices.by_workflow_type": "CountsBy<WorkflowType>",
        "DashboardStats.orders.by_status": "CountsBy<OrderStatus>",
        "EnquiryStats.by_status": "CountsBy<TicketStatus>",
        "EnquiryStats.by_type": "CountsBy<TicketType>",
    ]

    /// Words written in capitals inside a name (`device_id` → `deviceID`).
    static let acronyms: [String: String] = [
        "id": "ID", "ids": "IDs", "url": "URL", "vat": "VAT", "qc": "QC", "imei": "IMEI", "sms": "SMS",
        "oem": "OEM", "sku": "SKU", "2fa": "2FA", "api": "API",
    ]

    struct Enumeration {
        let name: String
        let values: [String]
        let description: String?
        /// The display names the server writes beside the values (`status_label`), in their order:
        /// the client's `displayName`.
        var labels: [String]? = nil
    }

    /// A request body the client names otherwise: the changes a PATCH or PUT sends.
    static let requestNames: [String: String] = [
        "ProfileChange": "ProfileChanges", "PushPreferencesChange": "PushPreferenceChanges", "OrderChange": "OrderChanges",
        "DeviceChange": "DeviceChanges", "TicketChange": "TicketChanges",
    ]

    /// The whole file: the answers' models, then the request bodies' types, then the enumerations
    /// either uses.
    static func file(objects: [(name: String, object: WireObject)], requests: [(name: String, object: WireObject)] = [],
                     enumerations: [Enumeration]) -> String {
        let enumNames = Set(enumerations.map(\.name))
        var blocks: [String] = []
        for (name, object) in objects {
            let access = internalComponents.contains(name) ? "" : "public "
            blocks.append(structText(clientNames[name] ?? name, object, path: name, access: access, enums: enumNames, indent: ""))
        }
        for (name, object) in requests {
            blocks.append(requestText(requestNames[name] ?? name, object, enums: enumNames, indent: ""))
        }
        let used = usedEnumerations(objects.map(\.object) + requests.map(\.object))
        for enumeration in enumerations where used.contains(enumeration.name) {
            blocks.append(enumText(enumeration))
        }
        let header = """
            // Generated from the mock's payload declarations (ResponseComponents, the same objects that
            // write docs/openapi.yaml's components): do not edit. ClientModelsTests fails when it is stale;
            // `REPAIRMINDER_MOCK_WRITE_GENERATED=1 swift test --filter ClientModelsTests` rewrites it.
            // What is hand-written about these types lives in extensions in the other files.

            import Foundation
            """
        return ([header] + blocks).joined(separator: "\n\n") + "\n"
    }

    // MARK: - Structs

    static func structText(_ name: String, _ object: WireObject, path: String, access: String, enums: Set<String>,
                           indent: String) -> String {
        let inner = indent + "    "
        var lines: [String] = []
        lines += docLines(object.description, indent: indent)
        let identifiable = object.properties.contains { $0.key == "id" && $0.required && !$0.nullable && $0.schema == .id }
        lines.append(indent + "\(access)struct \(name): Codable, Sendable, Hashable\(identifiable ? ", Identifiable" : "") {")
        var members: [(property: String, type: String, key: String, optional: Bool, flag: Bool, required: Bool)] = []
        var nested: [String] = []
        for property in object.properties {
            let swiftName = camel(property.key)
            var flag = false
            let type: String
            if let override = fieldTypes["\(path).\(property.key)"] {
                type = override
            } else {
                switch property.schema {
                case .object(let child):
                    let childName = upperCamel(property.key)
                    nested.append(structText(childName, child, path: "\(path).\(property.key)", access: access, enums: enums, indent: inner))
                    type = childName
                case .array(.object(let child), _):
                    let childName = singular(upperCamel(property.key))
                    nested.append(structText(childName, child, path: "\(path).\(property.key)", access: access, enums: enums, indent: inner))
                    type = "[\(childName)]"
                default:
                    (type, flag) = swiftType(property.schema, enums: enums)
                }
            }
            let optional = !property.required || property.nullable
            members.append((swiftName, type, property.key, optional, flag, property.required))
            lines += docLines(property.description, indent: inner)
            lines.append(inner + "\(access)var \(escaped(swiftName)): \(type)\(optional ? "?" : "")")
        }
        for block in nested {
            lines.append("")
            lines.append(block)
        }
        // The memberwise initializer, public.
        lines.append("")
        lines += initializerLines(members.map { ($0.property, $0.type, $0.optional) }, access: access, indent: inner)
        // The keys.
        lines.append("")
        if members.isEmpty {
            lines.append(inner + "\(access)init(from decoder: any Decoder) throws { _ = try decoder.container(keyedBy: AnyKey.self) }")
            lines.append("")
            lines.append(inner + "\(access)func encode(to encoder: any Encoder) throws { _ = encoder.container(keyedBy: AnyKey.self) }")
            lines.append(indent + "}")
            return lines.joined(separator: "\n")
        }
        lines += codingKeysLines(members.map { ($0.property, $0.key) }, indent: inner)
        // Decoding: a key the server always writes is required unless it may be null (the
        // `absent-nulls` variance leaves those out); a flag takes 0/1 or a boolean.
        lines.append("")
        lines.append(inner + "\(access)init(from decoder: any Decoder) throws {")
        lines.append(inner + "    let container = try decoder.container(keyedBy: CodingKeys.self)")
        for member in members {
            let key = ".\(escaped(member.property))"
            let value: String
            switch (member.flag, member.optional) {
            case (true, false): value = "try container.decodeFlag(forKey: \(key))"
            case (true, true): value = "try container.decodeFlagIfPresent(forKey: \(key))"
            case (false, false): value = "try container.decode(\(member.type).self, forKey: \(key))"
            case (false, true): value = "try container.decodeIfPresent(\(member.type).self, forKey: \(key))"
            }
            lines.append(inner + "    \(member.property) = \(value)")
        }
        lines.append(inner + "}")
        // Encoding: the server's form (a flag as 0/1, null where it writes null, an absent optional left out).
        lines.append("")
        lines.append(inner + "\(access)func encode(to encoder: any Encoder) throws {")
        lines.append(inner + "    var container = encoder.container(keyedBy: CodingKeys.self)")
        for member in members {
            let key = ".\(escaped(member.property))"
            var value = escaped(member.property)
            if member.flag { value = member.optional ? "\(value).map { $0 ? 1 : 0 }" : "\(value) ? 1 : 0" }
            let method = member.optional && !member.required ? "encodeIfPresent" : "encode"
            lines.append(inner + "    try container.\(method)(\(value), forKey: \(key))")
        }
        lines.append(inner + "}")
        lines.append(indent + "}")
        return lines.joined(separator: "\n")
    }

    // MARK: - Request bodies

    /// A request body as the client sends it: a public `Encodable` struct whose members are the
    /// body's keys, in order. A key the server requires is a plain property; one it lets be left out
    /// is optional (and not sent when nil); one whose `null` clears a field is a `FieldUpdate`.
    static func requestText(_ name: String, _ object: WireObject, enums: Set<String>, indent: String) -> String {
        let inner = indent + "    "
        var lines = docLines(object.description, indent: indent)
        lines.append(indent + "public struct \(name): Encodable, Sendable, Hashable {")
        var members: [(property: String, type: String, key: String, optional: Bool)] = []
        var nested: [String] = []
        for property in object.properties {
            var type: String
            if case .object(let child) = property.schema {
                type = upperCamel(property.key)
                nested.append(requestText(type, child, enums: enums, indent: inner))
            } else {
                type = swiftType(property.schema, enums: enums).0
            }
            if let request = requestNames[type] { type = request }
            if property.clears { type = "FieldUpdate<\(type)>" }
            members.append((camel(property.key), type, property.key, !property.required))
            lines += docLines(property.description, indent: inner)
            lines.append(inner + "public var \(escaped(camel(property.key))): \(type)\(property.required ? "" : "?")")
        }
        for block in nested {
            lines.append("")
            lines.append(block)
        }
        lines.append("")
        lines += initializerLines(members.map { ($0.property, $0.type, $0.optional) }, access: "public ", indent: inner)
        lines.append("")
        lines += codingKeysLines(members.map { ($0.property, $0.key) }, indent: inner)
        lines.append("")
        lines.append(inner + "public func encode(to encoder: any Encoder) throws {")
        lines.append(inner + "    var container = encoder.container(keyedBy: CodingKeys.self)")
        for member in members {
            let method = member.optional ? "encodeIfPresent" : "encode"
            lines.append(inner + "    try container.\(method)(\(escaped(member.property)), forKey: .\(escaped(member.property)))")
        }
        lines.append(inner + "}")
        lines.append(indent + "}")
        return lines.joined(separator: "\n")
    }

    /// A memberwise initializer: an optional member's parameter defaults to nil.
    static func initializerLines(_ members: [(property: String, type: String, optional: Bool)], access: String,
                                 indent: String) -> [String] {
        guard !members.isEmpty else { return [indent + "\(access)init() {}"] }
        let parameters = members.map { "\($0.property): \($0.type)\($0.optional ? "? = nil" : "")" }
        return [indent + "\(access)init(\(parameters.joined(separator: ", "))) {"]
            + members.map { indent + "    self.\($0.property) = \(escaped($0.property))" } + [indent + "}"]
    }

    /// `enum CodingKeys`: each member's wire key, where it differs from its name.
    static func codingKeysLines(_ members: [(property: String, key: String)], indent: String) -> [String] {
        [indent + "enum CodingKeys: String, CodingKey {"]
            + members.map { indent + "    case \(escaped($0.property))" + ($0.property == $0.key ? "" : " = \"\($0.key)\"") }
            + [indent + "}"]
    }

    /// The Swift type of a schema, and whether it is a 0/1 flag.
    static func swiftType(_ schema: WireSchema, enums: Set<String>) -> (String, Bool) {
        switch schema {
        case .string: return ("String", false)
        case .integer: return ("Int", false)
        case .number: return ("Double", false)
        case .boolean: return ("Bool", false)
        case .component("Id"): return ("String", false)
        case .component("Money"): return ("Money", false)
        case .component("Timestamp"): return ("Timestamp", false)
        case .component("VatRate"): return ("Percentage", false)
        case .component("Flag"): return ("Bool", true)
        case .component(let name) where name.hasSuffix("Label") && enums.contains(String(name.dropLast(5))):
            return ("String", false)   // a display name: the enum's displayName says it in the app
        case .component(let name): return (clientNames[name] ?? name, false)
        case .array(let element, _): return ("[\(swiftType(element, enums: enums).0)]", false)
        case .map(let value): return ("[String: \(swiftType(value, enums: enums).0)]", false)
        case .anyObject: return ("[String: JSONValue]", false)
        case .any: return ("JSONValue", false)
        case .constant(.bool): return ("Bool", true)
        case .constant(.string): return ("String", false)
        case .constant(.int): return ("Int", false)
        case .constant: return ("JSONValue", false)
        case .object: return ("JSONValue", false)   // named where it is a property (structText)
        case .unknown(let name): return ("<\(name) declares no schema>", false)
        }
    }

    /// The enumerations the objects refer to.
    static func usedEnumerations(_ objects: [WireObject]) -> Set<String> {
        Set(objects.flatMap { WireSchema.object($0).componentReferences.map(\.name) })
    }

    // MARK: - Enumerations

    static func enumText(_ enumeration: Enumeration) -> String {
        let name = clientNames[enumeration.name] ?? enumeration.name
        var lines = docLines(enumeration.description, indent: "")
        lines.append("public enum \(name): OpenEnum {")
        for value in enumeration.values { lines.append("    case \(escaped(camel(value)))") }
        lines.append("    /// A value this client does not know (a newer backend).")
        lines.append("    case unknown(String)")
        lines.append("")
        let cases = enumeration.values.map { "." + escaped(camel($0)) }
        lines.append("    public static let knownCases: [\(name)] = [\(cases.joined(separator: ", "))]")
        lines.append("")
        lines.append("    public var rawValue: String {")
        lines.append("        switch self {")
        for value in enumeration.values {
            lines.append("        case .\(escaped(camel(value))): \"\(value)\"")
        }
        lines.append("        case .unknown(let raw): raw")
        lines.append("        }")
        lines.append("    }")
        if let labels = enumeration.labels {
            lines.append("")
            lines.append("    /// The name the apps show, as the server writes it (`status_label`).")
            lines.append("    public var displayName: String {")
            lines.append("        switch self {")
            for (value, label) in zip(enumeration.values, labels) {
                lines.append("        case .\(escaped(camel(value))): \(swiftString(label))")
            }
            lines.append("        case .unknown(let raw): OpenEnumDisplay.humanize(raw)")
            lines.append("        }")
            lines.append("    }")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    // MARK: - Names

    /// `line_total_inc_vat` → `lineTotalIncVAT`; `ACCOUNT_SUSPENDED` → `accountSuspended`;
    /// `timestamps-ms` → `timestampsMs`.
    static func camel(_ key: String) -> String {
        let shouting = key == key.uppercased() && key != key.lowercased()
        let parts = key.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { shouting ? $0.lowercased() : String($0) }
        guard let first = parts.first else { return key }
        if parts.count == 1 {   // camelCase already: its humps are the words (`logoUrl` → `logoURL`)
            let humps = first.matches(of: /[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])/).map { String($0.output) }
            guard humps.count > 1 else { return first }
            return humps[0] + humps.dropFirst().map { acronyms[$0.lowercased()] ?? $0 }.joined()
        }
        return first + parts.dropFirst().map { acronyms[$0] ?? ($0.prefix(1).uppercased() + $0.dropFirst()) }.joined()
    }

    static func upperCamel(_ key: String) -> String {
        let name = camel(key)
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// `Devices` → `Device`, `Companies` → `Company`.
    static func singular(_ name: String) -> String {
        if name.hasSuffix("ies") { return String(name.dropLast(3)) + "y" }
        if name.hasSuffix("sses") || name.hasSuffix("ches") { return String(name.dropLast(2)) }
        if name.hasSuffix("s") && !name.hasSuffix("ss") { return String(name.dropLast()) }
        return name
    }

    static let keywords: Set<String> = ["case", "default", "class", "struct", "enum", "protocol", "extension", "func", "var",
                                        "let", "in", "is", "as", "if", "else", "for", "while", "switch", "return",
                                        "import", "init", "self", "Self", "Type", "repeat", "where", "operator"]

    static func escaped(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

    /// `text` as a Swift string literal.
    static func swiftString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func docLines(_ text: String?, indent: String) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, indent.count + 4 + line.count + 1 + word.count > 110 {
                lines.append(indent + "/// " + line)
                line = String(word)
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        if !line.isEmpty { lines.append(indent + "/// " + line) }
        return lines
    }
}
