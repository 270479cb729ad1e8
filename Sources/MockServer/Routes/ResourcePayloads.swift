import MockBasics
import MockStore
/// Wire pieces the resource payloads share (snake_case, CONTRACT §6). Optional values are
/// `@Nullable`: the key is always present, `null` when empty, so every response of a type has
/// the same keys.

/// Money as a string with two decimals (decided, like the VAT rates): 12999 → `"129.99"`,
/// -1200 → `"-12.00"`.
enum Money {
    static func string(_ pence: Int64) -> String {
        let magnitude = pence.magnitude
        var pounds = magnitude / 100, digits = 1
        while pounds >= 10 { pounds /= 10; digits += 1 }
        let count = (pence < 0 ? 1 : 0) + digits + 3
        // Written straight into the string (a list page formats two amounts per row).
        return String(unsafeUninitializedCapacity: count) { out in
            var value = magnitude
            var i = count - 1
            for _ in 0..<2 {
                out[i] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                i -= 1
            }
            out[i] = UInt8(ascii: ".")
            i -= 1
            repeat {
                out[i] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                i -= 1
            } while value > 0
            if pence < 0 { out[0] = UInt8(ascii: "-") }
            return count
        }
    }
}

/// A person by name: the keys a staff member and a client share wherever a resource names one.
/*@JSONObject*/
struct PersonNamePayload: Sendable {
    /*@Schema(.id)*/ let id: String
    let first_name: String
    let last_name: String
    /// "first last".
    let name: String

    init(_ person: some PersonNamed) {
        id = person.id
        first_name = person.firstName
        last_name = person.lastName
        name = person.fullName
    }
}

/// A staff member where a resource names one (`assigned_user`, `assigned_engineer`, `created_by`,
/// `completed_by`).
/*@JSONObject(component: "UserRef")*/
struct UserRefPayload: Sendable {
    /*@Inline*/ let person: PersonNamePayload

    init(_ person: some PersonNamed) {
        self.person = PersonNamePayload(person)
    }
}

/// A client where a resource names one.
/*@JSONObject*/
struct ClientNamePayload: Sendable {
    /*@Inline*/ let person: PersonNamePayload
    let email: String

    init(_ client: some PersonWithEmail) {
        person = PersonNamePayload(client)
        email = client.email
    }
}

/// A client's postal address, as they gave it: any part may be missing.
/*@JSONObject*/
struct ClientAddressPayload: Sendable {
    /*@Nullable*/ var address_line1: String?
    /*@Nullable*/ var address_line2: String?
    /*@Nullable*/ var city: String?
    /*@Nullable*/ var postcode: String?

    init(_ client: ClientRecord) {
        address_line1 = client.addressLine1
        address_line2 = client.addressLine2
        city = client.city
        postcode = client.postcode
    }

    /// The parts there are, joined with ", " (seed 003's `address`); nil for none.
    var joined: String? { AddressLines.joined(address_line1, address_line2, city, postcode) }
}

/// A shop location's postal address: every location has a first line, a city and a postcode.
/*@JSONObject*/
struct LocationAddressPayload: Sendable {
    let address_line1: String
    /*@Nullable*/ var address_line2: String?
    let city: String
    let postcode: String

    init(_ location: CompanyLocationRecord) {
        address_line1 = location.addressLine1
        address_line2 = location.addressLine2
        city = location.city
        postcode = location.postcode
    }

    /// The parts, joined with ", " (seed 003's `address`).
    var joined: String { AddressLines.joined(address_line1, address_line2, city, postcode) ?? "" }
}

/// `"3 Mill Lane, Manchester, M1 1AA"`: an address's lines in one.
enum AddressLines {
    /// The parts that are there, trimmed of what Foundation's `.whitespaces` holds (below) and joined
    /// with ", "; nil for none. Not with `trimmingCharacters(in:)`, whose `CharacterSet` cost an order
    /// detail a tenth of its instructions (docs/performance.md).
    static func joined(_ parts: String?...) -> String? { joined(parts) }

    static func joined(_ parts: [String?]) -> String? {
        var joined = ""
        for case let part? in parts {
            let trimmed = Self.trimmed(part)
            guard !trimmed.isEmpty else { continue }
            if !joined.isEmpty { joined += ", " }
            joined += trimmed
        }
        return joined.isEmpty ? nil : joined
    }

    /// `part` without the spaces at either end: the whole of it, not walked, when it starts and
    /// ends with a visible ASCII character (as addresses do).
    static func trimmed(_ part: String) -> Substring {
        if let first = part.utf8.first, let last = part.utf8.last,
           first > 0x20, first < 0x80, last > 0x20, last < 0x80 {
            return part[...]
        }
        let scalars = part.unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, isSpace(scalars[start]) { start = scalars.index(after: start) }
        while start < end, isSpace(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return Substring(scalars[start..<end])   // by scalar: a space before a combining mark goes alone
    }

    /// Foundation's `.whitespaces` (CoreFoundation's set, on Linux and Apple's platforms alike): the
    /// tab, Unicode's space separators, and the zero-width space.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}

/// A device as the lists and the order detail show it: what it is and where it stands.
/*@JSONObject*/
struct DeviceGlancePayload: Sendable {
    /// "brand model".
    let display_name: String
    let brand: String
    let model: String
    /*@Nullable*/ var serial_number: String?
    /*@Nullable*/ var imei: String?
    let status: DeviceStatus
    let status_label: DisplayName<DeviceStatus>
    let workflow_type: WorkflowType
    let priority: DevicePriority

    init(_ device: some DeviceAtAGlance) {
        display_name = device.displayName
        brand = device.brand
        model = device.model
        serial_number = device.serialNumber
        imei = device.imei
        status = device.status
        status_label = DisplayName(device.status)
        workflow_type = device.workflowType
        priority = device.priority
    }
}

/// What a line item is and costs per unit, as every view of a line shows it.
/*@JSONObject(from: "OrderItemRecord")*/
struct LinePricePayload: Sendable {
    let description: String
    /*@Schema(.integer(minimum: 1))*/ let quantity: Int64
    /*@From(Money.string(source.unitPricePence))*/ /*@Schema(.money)*/ let unit_price: String
    /*@Schema(.vatRate)*/ let vat_rate: String
}

/// A signature where a customer or a device shows one: what was signed, by whom, when.
/*@JSONObject(from: "SignatureRecord")*/
struct SignatureBriefPayload: Sendable {
    let signature_type: SignatureType
    let typed_name: String
    /*@Schema(.flag)*/ let terms_agreed: Int
    /*@Schema(.timestamp)*/ let captured_at: String
}

/// A row named by its id and name (an order's or a ticket's location).
/*@JSONObject(component: "IdName")*/
struct IdNamePayload: Sendable {
    /*@Schema(.id)*/ let id: String
    let name: String

    init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    init(_ location: LocationName) {
        id = location.id
        name = location.name
    }

    init(_ location: CompanyLocationRecord) {
        id = location.id
        name = location.name
    }
}
