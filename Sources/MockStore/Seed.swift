import Foundation
import MockSeeds
import MockBasics

/// The decoded seed fixture (format: Seeds/README.md). Keys are snake_case like the columns;
/// children nest in their parent (locations in companies, devices/items/payments/signatures in
/// orders, messages in tickets, events and attachments in messages). Optional keys fall back to
/// the defaults the README gives; timestamps default to `now`.
package struct Seed: Sendable, Decodable {
    /// The file the seed came from, for error messages (`default.json`).
    var sourceName: String = "seed"
    /// The fixture's reference time: timestamps are written relative to it, and missing
    /// `created_at`s default to it. The server's clock is separate.
    var now: String
    var companies: [Company]
    /// The device catalogue; devices whose `brand` and `model` name an entry are linked to it.
    var brands: [Brand]?
    var users: [User]
    var clients: [Client]
    var orders: [Order]
    var tickets: [Ticket]
    var macros: [Macro]

    enum CodingKeys: String, CodingKey {
        case now, companies, brands, users, clients, orders, tickets, macros
    }

    struct Brand: Sendable, Decodable {
        var id: String
        var name: String
        var models: [Model]
    }

    struct Model: Sendable, Decodable {
        var id: String
        var name: String
    }

    struct SubLocation: Sendable, Decodable {
        var id: String
        var location_id: String
        var code: String
        var description: String?
        var type: SubLocationType
    }

    struct Company: Sendable, Decodable {
        var id: String
        var name: String
        var status: CompanyStatus
        var currency_code: String?
        var vat_number: String?
        var logo_url: String?
        var vat_rate_repair: String?
        var vat_rate_device_sale: String?
        var vat_rate_accessory: String?
        var vat_rate_device_purchase: String?
        /// Default `professional`.
        var subscription_plan: SubscriptionPlan?
        var created_at: String?
        var locations: [Location]
        var sub_locations: [SubLocation]?
        /// Addresses the company sends and receives enquiries on.
        var emails: [Email]?
    }

    struct Email: Sendable, Decodable {
        var id: String
        var location_id: String?
        var email_address: String
        var display_name: String
    }

    struct Location: Sendable, Decodable {
        var id: String
        var name: String
        var address_line1: String
        var address_line2: String?
        var city: String
        var postcode: String
        var country: String?
        var phone: String?
        var email: String?
        var is_primary: Bool?
        var created_at: String?
    }

    struct User: Sendable, Decodable {
        var id: String
        var company_id: String
        var email: String
        var first_name: String
        var last_name: String
        var role: UserRole
        /// Plain text in the fixture; stored as `hashPassword(password)`. Null: magic link only.
        var password: String?
        var two_factor_method: TwoFactorMethod?
        /// Base32 TOTP secret (required with `two_factor_method: "totp"`).
        var totp_secret: String?
        /// Plain 8-character codes; stored as `StoreHashing.recoveryCodeHash`.
        var recovery_codes: [String]?
        var is_active: Bool?
        var archived_at: String?
        var magic_link_enabled: Bool?
        var phi_access_level: String?
        var data_classification: String?
        var avatar_url: String?
        var phone: String?
        var job_title: String?
        var last_login: String?
        var created_at: String?
        /// Free text for the README / the CLI's account table ("email 2FA", "magic link only"…).
        var note: String?
    }

    struct Client: Sendable, Decodable {
        var id: String
        var email: String
        var first_name: String
        var last_name: String
        var phone: String?
        var address_line1: String?
        var address_line2: String?
        var city: String?
        var postcode: String?
        var email_suppressed: Bool?
        var is_generated_email: Bool?
        /// Ids of the companies this person is a client of.
        var companies: [String]
        var created_at: String?
    }

    struct Order: Sendable, Decodable {
        var id: String
        var company_id: String
        var order_number: Int64
        var client_id: String
        var location_id: String?
        var assigned_user_id: String?
        var intake_method: IntakeMethod?
        var notes: String?
        var created_at: String
        var updated_at: String?
        var quote_sent_at: String?
        var authorised_at: String?
        var collected_at: String?
        var devices: [Device]
        var items: [Item]?
        var payments: [Payment]?
        var signatures: [Signature]?
    }

    struct Device: Sendable, Decodable {
        var id: String
        var workflow_type: WorkflowType
        var status: DeviceStatus
        var priority: DevicePriority?
        var assigned_engineer_id: String?
        var brand: String
        var model: String
        var serial_number: String?
        var imei: String?
        var colour: String?
        var storage_capacity: String?
        var passcode_type: String?
        var find_my_status: String?
        var condition_grade: String?
        var customer_reported_issues: String?
        var technician_found_issues: String?
        var diagnosis_notes: String?
        var repair_notes: String?
        var technician_notes: String?
        var authorization_status: AuthorizationStatus?
        var authorization_method: String?
        var authorization_notes: String?
        var created_at: String?
        var updated_at: String?
        var received_at: String?
        var diagnosis_started_at: String?
        var quote_sent_at: String?
        var authorised_at: String?
        var rejected_at: String?
        var parts_ordered_at: String?
        var parts_received_at: String?
        var repair_started_at: String?
        var repair_completed_at: String?
        var qc_completed_at: String?
        var ready_at: String?
        var collected_at: String?
        var despatched_at: String?
        var paid_at: String?
        var sub_location_id: String?
        var images: [Image]?
        var accessories: [Accessory]?
        var parts: [Part]?
        var device_notes: [Note]?
        var checklist: [ChecklistItem]?
    }

    struct Image: Sendable, Decodable {
        var id: String
        var image_type: DeviceImageType
        var filename: String
        var caption: String?
        var r2_key: String
        var created_at: String?
    }

    struct Accessory: Sendable, Decodable {
        var id: String
        var accessory_type: AccessoryType
        var description: String?
        var returned_at: String?
    }

    struct Part: Sendable, Decodable {
        var id: String
        var part_name: String
        var part_sku: String?
        var part_cost_pence: Int64
        var supplier: String?
        var is_oem: Bool?
    }

    struct Note: Sendable, Decodable {
        var id: String
        var body: String
        var created_by: String?
        var created_at: String
    }

    struct ChecklistItem: Sendable, Decodable {
        var id: String
        var label: String
        var completed_at: String?
        var completed_by: String?
    }

    struct Item: Sendable, Decodable {
        var id: String
        var device_id: String?
        var item_type: ItemType
        var description: String
        var quantity: Int64?
        var unit_price_pence: Int64
        /// Defaults to the company's rate for `item_type`.
        var vat_rate: String?
        var created_at: String?
    }

    struct Payment: Sendable, Decodable {
        var id: String
        var amount_pence: Int64
        var refunded_pence: Int64?
        var payment_method: PaymentMethod
        var payment_date: String
        var is_deposit: Bool?
        var recorded_by: String?
        var notes: String?
    }

    struct Signature: Sendable, Decodable {
        var id: String
        var device_id: String?
        var signature_type: SignatureType
        var typed_name: String
        var terms_agreed: Bool?
        var captured_at: String
    }

    struct Ticket: Sendable, Decodable {
        var id: String
        var company_id: String
        var ticket_number: Int64
        var ticket_type: TicketType
        var status: TicketStatus
        var subject: String
        var client_id: String?
        var order_id: String?
        var location_id: String?
        var assigned_user_id: String?
        var requires_location: Bool?
        /// The company address it came in on (`companies[].emails[].id`).
        var received_email_id: String?
        var created_at: String
        var updated_at: String?
        var messages: [Message]
        /// Ticket-level events (no message).
        var events: [Event]?
    }

    struct Message: Sendable, Decodable {
        var id: String
        var type: MessageType
        var from_email: String?
        var from_name: String?
        var to_email: String?
        var subject: String?
        var body_text: String
        var body_html: String?
        var device_id: String?
        var created_by: String?
        var created_at: String
        var events: [Event]?
        var attachments: [Attachment]?
    }

    struct Event: Sendable, Decodable {
        var id: String
        var event_type: String
        /// JSON text.
        var event_data: String?
        var created_at: String
    }

    struct Attachment: Sendable, Decodable {
        var id: String
        var filename: String
        var content_type: String
        var size_bytes: Int64
    }

    struct Macro: Sendable, Decodable {
        var id: String
        var company_id: String
        var name: String
        var description: String?
        var is_active: Bool?
        var created_at: String?
        var stages: [MacroStage]
    }

    struct MacroStage: Sendable, Decodable {
        var id: String
        var subject: String
        var body: String
        /// Minutes after the previous stage (the first stage is sent at once; default 0).
        var delay_minutes: Int64?
    }
}

/// A seed that cannot be loaded: `default.json: users[3].role: unknown role "boss"`.
package struct SeedError: Error, Sendable, CustomStringConvertible, LocalizedError {
    var file: String
    /// JSON path: `orders[2].devices[0].status`; `(root)` for the whole document.
    package var path: String
    package var message: String

    package var description: String { "\(file): \(path): \(message)" }
    package var errorDescription: String? { description }
}

extension Seed {
    /// Reads, decodes and checks a seed file. Errors are `SeedError`s naming the file and the
    /// JSON path.
    package static func load(from url: URL) throws -> Seed {
        let name = url.lastPathComponent
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SeedError(file: name, path: "(root)", message: "cannot read \(url.path)")
        }
        return try decode(data, sourceName: name)
    }

    /// Where the bundled `Seeds/default.json` is (nil if the bundle lacks it).
    static var bundledDefaultURL: URL? { SeedFiles.defaultSeed }

    /// The fixture bundled with the binary (`Seeds/default.json`).
    package static func bundledDefault() throws -> Seed {
        guard let url = bundledDefaultURL else {
            throw SeedError(file: "default.json", path: "(root)", message: "not found in the bundle")
        }
        return try load(from: url)
    }

    /// Decodes and checks seed JSON; `sourceName` names it in errors. `world`: the rows it is
    /// added to (fixtures on a running mock), which it may name and must not repeat.
    static func decode(_ data: Data, sourceName: String, against world: SeedWorld = SeedWorld()) throws -> Seed {
        var seed: Seed
        do {
            seed = try JSONDecoder().decode(Seed.self, from: data)
        } catch let error as DecodingError {
            throw SeedError(decoding: error, file: sourceName)
        }
        seed.sourceName = sourceName
        try seed.validate(against: world)
        return seed
    }
}

extension SeedError {
    init(decoding error: DecodingError, file: String) {
        func render(_ path: [any CodingKey]) -> String {
            var out = ""
            for key in path {
                if let index = key.intValue, key.stringValue.hasPrefix("Index") || key.stringValue == "\(index)" {
                    out += "[\(index)]"
                } else {
                    out += out.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return out.isEmpty ? "(root)" : out
        }
        switch error {
        case let .keyNotFound(key, context):
            let parent = render(context.codingPath)
            let path = parent == "(root)" ? key.stringValue : "\(parent).\(key.stringValue)"
            self.init(file: file, path: path, message: "missing")
        case let .typeMismatch(type, context):
            self.init(file: file, path: render(context.codingPath), message: "expected \(Self.jsonName(type))")
        case let .valueNotFound(type, context):
            self.init(file: file, path: render(context.codingPath), message: "expected \(Self.jsonName(type)), found null")
        case let .dataCorrupted(context):
            var message = context.debugDescription
            if context.codingPath.isEmpty, let underlying = context.underlyingError {
                message += " (\((underlying as NSError).userInfo[NSDebugDescriptionErrorKey] ?? underlying.localizedDescription))"
            }
            self.init(file: file, path: render(context.codingPath), message: message)
        @unknown default:
            self.init(file: file, path: "(root)", message: "cannot decode")
        }
    }

    private static func jsonName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int64.Type, is Int.Type: return "an integer"
        case is Array<Any>.Type: return "an array"
        default:
            let name = "\(type)"
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return "an object"
        }
    }
}
