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

/// A staff member where a resource names one (`assigned_user`, `assigned_engineer`, `created_by`,
/// `completed_by`).
@JSONObject(component: "UserRef")
struct UserRefPayload: Sendable {
    @Schema(.id) let id: String
    let first_name: String
    let last_name: String
    /// "first last".
    let name: String

    init(_ user: UserRecord) {
        self.init(id: user.id, firstName: user.firstName, lastName: user.lastName)
    }

    init(_ user: StaffName) {
        self.init(id: user.id, firstName: user.firstName, lastName: user.lastName)
    }

    private init(id: String, firstName: String, lastName: String) {
        self.id = id
        first_name = firstName
        last_name = lastName
        name = "\(firstName) \(lastName)"
    }

}

/// A signature where a customer or a device shows one: what was signed, by whom, when.
@JSONObject
struct SignatureBriefPayload: Sendable {
    @Schema(.values(SignatureType.self)) let signature_type: String
    let typed_name: String
    @Schema(.flag) let terms_agreed: Int
    @Schema(.timestamp) let captured_at: String

    init(_ signature: SignatureRecord) {
        signature_type = signature.signatureType.rawValue
        typed_name = signature.typedName
        terms_agreed = signature.termsAgreed
        captured_at = signature.capturedAt
    }
}

/// A row named by its id and name (an order's or a ticket's location).
@JSONObject(component: "IdName")
struct IdNamePayload: Sendable {
    @Schema(.id) let id: String
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
