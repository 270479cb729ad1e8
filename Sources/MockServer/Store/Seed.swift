import Foundation
import MockSeeds

/// The decoded seed fixture (format: Seeds/README.md). Keys are snake_case like the columns;
/// children nest in their parent (locations in companies, devices/items/payments/signatures in
/// orders, messages in tickets, events and attachments in messages). Optional keys fall back to
/// the defaults the README gives; timestamps default to `now`.
public struct Seed: Sendable, Decodable {
    /// The file the seed came from, for error messages (`default.json`).
    public var sourceName: String = "seed"
    /// The fixture's reference time: timestamps are written relative to it, and missing
    /// `created_at`s default to it. The server's clock is separate.
    public var now: String
    public var companies: [Company]
    /// The device catalogue; devices whose `brand` and `model` name an entry are linked to it.
    public var brands: [Brand]?
    public var users: [User]
    public var clients: [Client]
    public var orders: [Order]
    public var tickets: [Ticket]
    public var macros: [Macro]

    enum CodingKeys: String, CodingKey {
        case now, companies, brands, users, clients, orders, tickets, macros
    }

    public struct Brand: Sendable, Decodable {
        public var id: String
        public var name: String
        public var models: [Model]
    }

    public struct Model: Sendable, Decodable {
        public var id: String
        public var name: String
    }

    public struct SubLocation: Sendable, Decodable {
        public var id: String
        public var location_id: String
        public var code: String
        public var description: String?
        public var type: SubLocationType
    }

    public struct Company: Sendable, Decodable {
        public var id: String
        public var name: String
        public var status: CompanyStatus
        public var currency_code: String?
        public var vat_number: String?
        public var logo_url: String?
        public var vat_rate_repair: String?
        public var vat_rate_device_sale: String?
        public var vat_rate_accessory: String?
        public var vat_rate_device_purchase: String?
        /// Default `professional`.
        public var subscription_plan: SubscriptionPlan?
        public var created_at: String?
        public var locations: [Location]
        public var sub_locations: [SubLocation]?
        /// Addresses the company sends and receives enquiries on.
        public var emails: [Email]?
    }

    public struct Email: Sendable, Decodable {
        public var id: String
        public var location_id: String?
        public var email_address: String
        public var display_name: String
    }

    public struct Location: Sendable, Decodable {
        public var id: String
        public var name: String
        public var address_line1: String
        public var address_line2: String?
        public var city: String
        public var postcode: String
        public var country: String?
        public var phone: String?
        public var email: String?
        public var is_primary: Bool?
        public var created_at: String?
    }

    public struct User: Sendable, Decodable {
        public var id: String
        public var company_id: String
        public var email: String
        public var first_name: String
        public var last_name: String
        public var role: UserRole
        /// Plain text in the fixture; stored as `hashPassword(password)`. Null: magic link only.
        public var password: String?
        public var two_factor_method: TwoFactorMethod?
        /// Base32 TOTP secret (required with `two_factor_method: "totp"`).
        public var totp_secret: String?
        /// Plain 8-character codes; stored as `StoreHashing.recoveryCodeHash`.
        public var recovery_codes: [String]?
        public var is_active: Bool?
        public var archived_at: String?
        public var magic_link_enabled: Bool?
        public var phi_access_level: String?
        public var data_classification: String?
        public var avatar_url: String?
        public var phone: String?
        public var job_title: String?
        public var last_login: String?
        public var created_at: String?
        /// Free text for the README / the CLI's account table ("email 2FA", "magic link only"…).
        public var note: String?
    }

    public struct Client: Sendable, Decodable {
        public var id: String
        public var email: String
        public var first_name: String
        public var last_name: String
        public var phone: String?
        public var address_line1: String?
        public var address_line2: String?
        public var city: String?
        public var postcode: String?
        public var email_suppressed: Bool?
        public var is_generated_email: Bool?
        /// Ids of the companies this person is a client of.
        public var companies: [String]
        public var created_at: String?
    }

    public struct Order: Sendable, Decodable {
        public var id: String
        public var company_id: String
        public var order_number: Int64
        public var client_id: String
        public var location_id: String?
        public var assigned_user_id: String?
        public var intake_method: IntakeMethod?
        public var notes: String?
        public var created_at: String
        public var updated_at: String?
        public var quote_sent_at: String?
        public var authorised_at: String?
        public var collected_at: String?
        public var devices: [Device]
        public var items: [Item]?
        public var payments: [Payment]?
        public var signatures: [Signature]?
    }

    public struct Device: Sendable, Decodable {
        public var id: String
        public var workflow_type: WorkflowType
        public var status: DeviceStatus
        public var priority: DevicePriority?
        public var assigned_engineer_id: String?
        public var brand: String
        public var model: String
        public var serial_number: String?
        public var imei: String?
        public var colour: String?
        public var storage_capacity: String?
        public var passcode_type: String?
        public var find_my_status: String?
        public var condition_grade: String?
        public var customer_reported_issues: String?
        public var technician_found_issues: String?
        public var diagnosis_notes: String?
        public var repair_notes: String?
        public var technician_notes: String?
        public var authorization_status: AuthorizationStatus?
        public var authorization_method: String?
        public var authorization_notes: String?
        public var created_at: String?
        public var updated_at: String?
        public var received_at: String?
        public var diagnosis_started_at: String?
        public var quote_sent_at: String?
        public var authorised_at: String?
        public var rejected_at: String?
        public var parts_ordered_at: String?
        public var parts_received_at: String?
        public var repair_started_at: String?
        public var repair_completed_at: String?
        public var qc_completed_at: String?
        public var ready_at: String?
        public var collected_at: String?
        public var despatched_at: String?
        public var paid_at: String?
        public var sub_location_id: String?
        public var images: [Image]?
        public var accessories: [Accessory]?
        public var parts: [Part]?
        public var device_notes: [Note]?
        public var checklist: [ChecklistItem]?
    }

    public struct Image: Sendable, Decodable {
        public var id: String
        public var image_type: DeviceImageType
        public var filename: String
        public var caption: String?
        public var r2_key: String
        public var created_at: String?
    }

    public struct Accessory: Sendable, Decodable {
        public var id: String
        public var accessory_type: AccessoryType
        public var description: String?
        public var returned_at: String?
    }

    public struct Part: Sendable, Decodable {
        public var id: String
        public var part_name: String
        public var part_sku: String?
        public var part_cost_pence: Int64
        public var supplier: String?
        public var is_oem: Bool?
    }

    public struct Note: Sendable, Decodable {
        public var id: String
        public var body: String
        public var created_by: String?
        public var created_at: String
    }

    public struct ChecklistItem: Sendable, Decodable {
        public var id: String
        public var label: String
        public var completed_at: String?
        public var completed_by: String?
    }

    public struct Item: Sendable, Decodable {
        public var id: String
        public var device_id: String?
        public var item_type: ItemType
        public var description: String
        public var quantity: Int64?
        public var unit_price_pence: Int64
        /// Defaults to the company's rate for `item_type`.
        public var vat_rate: String?
        public var created_at: String?
    }

    public struct Payment: Sendable, Decodable {
        public var id: String
        public var amount_pence: Int64
        public var refunded_pence: Int64?
        public var payment_method: PaymentMethod
        public var payment_date: String
        public var is_deposit: Bool?
        public var recorded_by: String?
        public var notes: String?
    }

    public struct Signature: Sendable, Decodable {
        public var id: String
        public var device_id: String?
        public var signature_type: SignatureType
        public var typed_name: String
        public var terms_agreed: Bool?
        public var captured_at: String
    }

    public struct Ticket: Sendable, Decodable {
        public var id: String
        public var company_id: String
        public var ticket_number: Int64
        public var ticket_type: TicketType
        public var status: TicketStatus
        public var subject: String
        public var client_id: String?
        public var order_id: String?
        public var location_id: String?
        public var assigned_user_id: String?
        public var requires_location: Bool?
        /// The company address it came in on (`companies[].emails[].id`).
        public var received_email_id: String?
        public var created_at: String
        public var updated_at: String?
        public var messages: [Message]
        /// Ticket-level events (no message).
        public var events: [Event]?
    }

    public struct Message: Sendable, Decodable {
        public var id: String
        public var type: MessageType
        public var from_email: String?
        public var from_name: String?
        public var to_email: String?
        public var subject: String?
        public var body_text: String
        public var body_html: String?
        public var device_id: String?
        public var created_by: String?
        public var created_at: String
        public var events: [Event]?
        public var attachments: [Attachment]?
    }

    public struct Event: Sendable, Decodable {
        public var id: String
        public var event_type: String
        /// JSON text.
        public var event_data: String?
        public var created_at: String
    }

    public struct Attachment: Sendable, Decodable {
        public var id: String
        public var filename: String
        public var content_type: String
        public var size_bytes: Int64
    }

    public struct Macro: Sendable, Decodable {
        public var id: String
        public var company_id: String
        public var name: String
        public var description: String?
        public var is_active: Bool?
        public var created_at: String?
        public var stages: [MacroStage]
    }

    public struct MacroStage: Sendable, Decodable {
        public var id: String
        public var subject: String
        public var body: String
        /// Minutes after the previous stage (the first stage is sent at once; default 0).
        public var delay_minutes: Int64?
    }
}

/// A seed that cannot be loaded: `default.json: users[3].role: unknown role "boss"`.
public struct SeedError: Error, Sendable, CustomStringConvertible, LocalizedError {
    public var file: String
    /// JSON path: `orders[2].devices[0].status`; `(root)` for the whole document.
    public var path: String
    public var message: String

    public var description: String { "\(file): \(path): \(message)" }
    public var errorDescription: String? { description }
}

extension Seed {
    /// Reads, decodes and checks a seed file. Errors are `SeedError`s naming the file and the
    /// JSON path.
    public static func load(from url: URL) throws -> Seed {
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
    public static var bundledDefaultURL: URL? { SeedFiles.defaultSeed }

    /// The fixture bundled with the binary (`Seeds/default.json`).
    public static func bundledDefault() throws -> Seed {
        guard let url = bundledDefaultURL else {
            throw SeedError(file: "default.json", path: "(root)", message: "not found in the bundle")
        }
        return try load(from: url)
    }

    /// Decodes and checks seed JSON; `sourceName` names it in errors.
    public static func decode(_ data: Data, sourceName: String) throws -> Seed {
        var seed: Seed
        do {
            seed = try JSONDecoder().decode(Seed.self, from: data)
        } catch let error as DecodingError {
            throw SeedError(decoding: error, file: sourceName)
        }
        seed.sourceName = sourceName
        try seed.validate()
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
