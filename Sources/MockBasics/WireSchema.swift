/// The OpenAPI schema of a value the server writes, as its declaration gives it: `@JSONObject`
/// writes one for every payload struct from its stored properties, so a response field is typed
/// once, on the server. docs/openapi.yaml's components named by `@JSONObject(component:)` are
/// generated from them, and OpenAPISchemaTests refuses a document that differs.
package indirect enum WireSchema: Sendable, Equatable {
    /// A string; `values` lists the only ones it takes, `examples` some it may.
    case string(format: String? = nil, values: [String]? = nil, pattern: String? = nil, maxLength: Int? = nil,
                examples: [String]? = nil)
    case integer(minimum: Int? = nil, maximum: Int? = nil)
    case number
    case boolean
    /// A component of the document, by name (`$ref`).
    case component(String)
    case array(WireSchema, minItems: Int? = nil)
    /// An object whose keys are data (`[String: T]`).
    case map(WireSchema)
    /// Any JSON object (a stored JSON document).
    case anyObject
    case object(WireObject)
    /// Always this value (`const`).
    case constant(JSONValue)
    /// Any JSON value.
    case any
    /// A type that declares no schema (the tests refuse it in a component).
    case unknown(String)

    /// A row's id: a UUID string (decided).
    package static let id = WireSchema.component("Id")
    /// `"129.99"`: money as a string with two decimals (decided).
    package static let money = WireSchema.component("Money")
    /// `"2026-11-21T10:15:00Z"`
    package static let timestamp = WireSchema.component("Timestamp")
    /// `0` or `1` (decided, like the real backend's SQLite booleans).
    package static let flag = WireSchema.component("Flag")
    /// `"20.00"`: a VAT rate in percent as a string (decided).
    package static let vatRate = WireSchema.component("VatRate")

    /// A string that is one of an enum's raw values, in declaration order.
    package static func values<Value: CaseIterable & RawRepresentable>(_ type: Value.Type) -> WireSchema
    where Value.RawValue == String {
        .string(values: type.allCases.map(\.rawValue))
    }

    /// The schema of a property's type where it declares one (by key path, so that `@JSONObject`
    /// need not spell the type).
    package static func of<Root, Value: WireSchemaDescribing>(_ property: KeyPath<Root, Value>) -> WireSchema {
        Value.wireSchema
    }

    /// A property whose type declares no schema: `.unknown`, named.
    package static func of<Root, Value>(_ property: KeyPath<Root, Value>) -> WireSchema {
        .unknown(String(describing: Value.self))
    }
}

extension WireSchema {
    /// The components this schema refers to, through arrays, maps and nested objects, each with
    /// whether a property refers to it as nullable (`Nullable<Name>` in the document).
    package var componentReferences: [(name: String, nullable: Bool)] {
        var found: [(name: String, nullable: Bool)] = []
        func visit(_ schema: WireSchema, nullable: Bool) {
            switch schema {
            case .component(let name): found.append((name, nullable))
            case .array(let element, _): visit(element, nullable: false)
            case .map(let value): visit(value, nullable: false)
            case .object(let object): object.properties.forEach { visit($0.schema, nullable: $0.nullable) }
            default: break
            }
        }
        visit(self, nullable: false)
        return found
    }
}

/// A JSON object's members, in the order they are written.
package struct WireObject: Sendable, Equatable {
    package let description: String?
    /// Marked `x-decided: true`: a point docs/contract.md decides where the seeds are silent.
    package let decided: Bool
    package let properties: [WireProperty]

    package init(description: String?, decided: Bool = false, properties: [WireProperty]) {
        self.description = description
        self.decided = decided
        self.properties = properties
    }
}

extension WireObject {
    /// The members of an `@Inline` property's object, as they stand in the enclosing one.
    package static func members<Root, Value: WireObjectDescribing>(of property: KeyPath<Root, Value>) -> [WireProperty] {
        Value.wireObject.properties
    }
}

/// A member of a JSON object.
package struct WireProperty: Sendable, Equatable {
    package let key: String
    package let schema: WireSchema
    /// Always written (an optional without `@Nullable` is left out when nil).
    package let required: Bool
    /// Written as `null` when there is no value (`@Nullable`).
    package let nullable: Bool
    package let description: String?

    package init(key: String, schema: WireSchema, required: Bool, nullable: Bool, description: String?) {
        self.key = key
        self.schema = schema
        self.required = required
        self.nullable = nullable
        self.description = description
    }
}

/// A value whose JSON has a schema.
package protocol WireSchemaDescribing {
    static var wireSchema: WireSchema { get }
}

/// A `@JSONObject` struct: an object with its members.
package protocol WireObjectDescribing: WireSchemaDescribing {
    static var wireObject: WireObject { get }
}

/// A `@JSONObject(component:)` struct: a named component of docs/openapi.yaml.
package protocol WireComponent: WireObjectDescribing {
    static var componentName: String { get }
}

extension String: WireSchemaDescribing { package static var wireSchema: WireSchema { .string() } }
extension Int: WireSchemaDescribing { package static var wireSchema: WireSchema { .integer() } }
extension Int64: WireSchemaDescribing { package static var wireSchema: WireSchema { .integer() } }
extension Double: WireSchemaDescribing { package static var wireSchema: WireSchema { .number } }
extension Bool: WireSchemaDescribing { package static var wireSchema: WireSchema { .boolean } }
extension JSONValue: WireSchemaDescribing { package static var wireSchema: WireSchema { .any } }

extension Optional: WireSchemaDescribing where Wrapped: WireSchemaDescribing {
    /// The value's: whether nil is written as `null` or left out is the property's (`WireProperty`).
    package static var wireSchema: WireSchema { Wrapped.wireSchema }
}

extension Array: WireSchemaDescribing where Element: WireSchemaDescribing {
    package static var wireSchema: WireSchema { .array(Element.wireSchema) }
}

extension Dictionary: WireSchemaDescribing where Key == String, Value: WireSchemaDescribing {
    package static var wireSchema: WireSchema { .map(Value.wireSchema) }
}

/// An enum the server writes as its raw value: a payload's field holds the enum itself, and the
/// enum is a string component of docs/openapi.yaml that lists its raw values in declaration order
/// (generated from it, OpenAPISchemaTests), so no field is a `String` beside an enum's name.
package protocol WireEnumeration: RawRepresentable<String>, CaseIterable, Sendable, JSONWritable, WireSchemaDescribing {
    /// Its component's name in the document (and the client's enum's).
    static var componentName: String { get }
    /// Its component's description; nil for none.
    static var wireDescription: String? { get }
    /// Marked `x-decided: true`: the set is the mock's decision (docs/contract.md).
    static var decided: Bool { get }
}

extension WireEnumeration {
    package static var wireDescription: String? { nil }
    package static var decided: Bool { false }
    package static var wireSchema: WireSchema { .component(componentName) }
    /// The raw values, in declaration order.
    package static var rawValues: [String] { allCases.map(\.rawValue) }
    /// The component: a string that is one of the raw values.
    package static var componentSchema: WireSchema { .string(values: rawValues) }
    package func writeJSON(to out: inout [UInt8]) { rawValue.writeJSON(to: &out) }
}

/// An enumeration whose display names are on the wire too (`status_label`): a component of their
/// own, listing them in the enum's order.
package protocol WireLabelledEnumeration: WireEnumeration {
    var displayName: String { get }
    static var labelComponentName: String { get }
    static var labelDescription: String? { get }
}

extension WireLabelledEnumeration {
    package static var labelComponentSchema: WireSchema { .string(values: allCases.map(\.displayName)) }
}

/// An enumeration's display name, as a payload writes it: `"Ready to Quote"` for `ready_to_quote`.
package struct DisplayName<Value: WireLabelledEnumeration>: JSONWritable, WireSchemaDescribing, Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
    package func writeJSON(to out: inout [UInt8]) { value.displayName.writeJSON(to: &out) }
    package static var wireSchema: WireSchema { .component(Value.labelComponentName) }
}
