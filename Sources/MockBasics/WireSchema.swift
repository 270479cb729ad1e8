/// The OpenAPI schema of a value the server writes, as its declaration gives it: `@JSONObject`
/// writes one for every payload struct from its stored properties, so a response field is typed
/// once, on the server. docs/openapi.yaml's components named by `@JSONObject(component:)` are
/// generated from them, and OpenAPISchemaTests refuses a document that differs.
package indirect enum WireSchema: Sendable, Equatable {
    /// A string; `values` lists the only ones it takes, `examples` some it may. In a request body
    /// (``RequestValue``) the server holds a value to it: its values, `pattern`, and its length in
    /// Unicode scalars between `minLength` and `maxLength`; `notBlank`, something besides white
    /// space; `trimmed`, white space taken off both ends before the length is counted and the value
    /// used.
    case string(format: String? = nil, values: [String]? = nil, pattern: String? = nil, minLength: Int? = nil,
                maxLength: Int? = nil, examples: [String]? = nil, notBlank: Bool = false, trimmed: Bool = false)
    case integer(minimum: Int? = nil, maximum: Int? = nil)
    case number(minimum: Double? = nil, maximum: Double? = nil)
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
    package static let id = WireSchema.component(WireScalar.id.name)
    /// `"129.99"`: money as a string with two decimals (decided).
    package static let money = WireSchema.component(WireScalar.money.name)
    /// `"2026-11-21T10:15:00Z"`
    package static let timestamp = WireSchema.component(WireScalar.timestamp.name)
    /// `0` or `1` (decided, like the real backend's SQLite booleans).
    package static let flag = WireSchema.component(WireScalar.flag.name)
    /// `"20.00"`: a VAT rate in percent as a string (decided).
    package static let vatRate = WireSchema.component(WireScalar.vatRate.name)

    /// An email address as a request names one: a string with `@` in it.
    package static let emailAddress = WireSchema.string(pattern: #"^[^\u0000]*@[^\u0000]*(?![\s\S])"#)

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

/// A scalar format of docs/openapi.yaml: a component that is a string (or an integer) with a rule,
/// which payload fields and query parameters name (`@Schema(.money)`). Its component is generated
/// from here (OpenAPISchemaTests), and its `Nullable<Name>` form too where it has one.
package struct WireScalar: Sendable {
    package let name: String
    package let schema: WireSchema
    package let description: String
    package let decided: Bool
    /// The description of its `Nullable<Name>` form (a field that may be null); nil for none.
    package let nullableDescription: String?

    package init(_ name: String, _ schema: WireSchema, description: String, decided: Bool = true,
                 nullableDescription: String? = nil) {
        self.name = name
        self.schema = schema
        self.description = description
        self.decided = decided
        self.nullableDescription = nullableDescription
    }

    package static let id = WireScalar("Id", .string(format: "uuid"), description: "A UUID string (decided).", decided: false,
                                       nullableDescription: "A UUID string (decided), or null when there is none.")
    package static let money = WireScalar(
        "Money", .string(pattern: #"^-?[0-9]+\.[0-9]{2}$"#, examples: ["129.99", "-12.00"]),
        description: "Money as a string with two decimals (decided).")
    package static let timestamp = WireScalar(
        "Timestamp", .string(format: "date-time", pattern: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"#,
                             examples: ["2026-11-21T10:15:00Z"]),
        description: "ISO 8601 UTC with whole seconds (decided).",
        nullableDescription: "ISO 8601 UTC with whole seconds, or null when it has not happened (decided).")
    /// A list's date filter as a query parameter takes it (`Timestamp.date(from:)` after trimming).
    package static let queryTimestamp = WireScalar(
        "QueryTimestamp",
        .string(pattern: #"^[\t \u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]*(?:(?:[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]Z[\t \u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]*)?(?![\s\S])"#,
                examples: ["2026-11-21T10:15:00Z"]),
        description: "Exactly `YYYY-MM-DDTHH:MM:SSZ` (UTC, whole seconds, a real date), trimmed of spaces and tabs; blank "
            + "filters nothing. Anything else → 400 `Invalid query parameter: <name>`: offsets such as `+01:00`, fractions of a "
            + "second, bare dates and impossible dates (`2026-02-29T…`) are refused.")
    package static let vatRate = WireScalar(
        "VatRate", .string(pattern: #"^[0-9]+\.[0-9]{2}$"#, examples: ["20.00"]),
        description: "A VAT rate in percent, as a string with two decimals (decided).",
        nullableDescription: "A VAT rate in percent, as a string with two decimals (decided), or null when the company has none.")
    package static let flag = WireScalar("Flag", .integer(minimum: 0, maximum: 1),
                                         description: "SQLite integer flag, not a boolean (decided).")

    /// Every scalar format, in the document's order.
    package static let all: [WireScalar] = [id, money, timestamp, queryTimestamp, vatRate, flag]
}

/// A JSON object's members, in the order they are written (or, for a request body, read).
package struct WireObject: Sendable, Equatable {
    package let description: String?
    /// Marked `x-decided: true`: a point docs/contract.md decides where the seeds are silent.
    package let decided: Bool
    package let properties: [WireProperty]
    /// A request body's rules (``RequestObject``); nil for an object the server writes.
    package let body: BodyRules?

    package init(description: String?, decided: Bool = false, properties: [WireProperty], body: BodyRules? = nil) {
        self.description = description
        self.decided = decided
        self.properties = properties
        self.body = body
    }
}

/// What a request body's object says beyond its members.
package struct BodyRules: Sendable, Equatable {
    /// A key the object does not declare: ignored, or a 400 naming it.
    package enum UnknownKeys: Sendable, Equatable { case ignored, refused }

    package let unknownKeys: UnknownKeys
    /// At least one declared key must be given (a change of some fields), else a 400 with ``noneGiven``.
    /// A key whose `null` means "left out" (`@Nullable`) is not given when `null`.
    package let atLeastOne: Bool
    package let noneGiven: String
    /// Keys that may not be given together, and the 400 when they are.
    package let exclusive: [String]
    package let exclusiveMessage: String
    /// The keys whose `null` counts as left out.
    package let nullMeansAbsent: [String]

    package init(unknownKeys: UnknownKeys, atLeastOne: Bool, noneGiven: String = "No fields to update",
                 exclusive: [String] = [], exclusiveMessage: String = "", nullMeansAbsent: [String] = []) {
        self.unknownKeys = unknownKeys
        self.atLeastOne = atLeastOne
        self.noneGiven = noneGiven
        self.exclusive = exclusive
        self.exclusiveMessage = exclusiveMessage
        self.nullMeansAbsent = nullMeansAbsent
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
    /// A request body's member whose `null` clears the field (`FieldUpdate`), where `null` is not
    /// the same as leaving the key out.
    package let clears: Bool

    package init(key: String, schema: WireSchema, required: Bool, nullable: Bool, description: String?, clears: Bool = false) {
        self.key = key
        self.schema = schema
        self.required = required
        self.nullable = nullable
        self.description = description
        self.clears = clears
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
extension Double: WireSchemaDescribing { package static var wireSchema: WireSchema { .number() } }
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
package protocol WireEnumeration: RawRepresentable<String>, CaseIterable, Sendable, JSONWritable, WireSchemaDescribing,
    RequestValue {
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
