import Foundation
import MockBasics

/// Checks a decoded seed beyond JSON types: ids, timestamps, references, uniqueness, workflow
/// membership. Every failure names the JSON path.
extension Seed {
    /// `world` holds the rows already in the database a fixture body is added to (empty for a
    /// seed file): references may name them, and ids, emails and numbers must not repeat them.
    func validate(against world: SeedWorld = SeedWorld()) throws {
        var v = SeedValidator(file: sourceName, known: world)
        try v.timestamp(now, "now")

        for (i, c) in companies.enumerated() {
            let p = "companies[\(i)]"
            try v.id(c.id, "\(p).id", table: "company")
            for field in [("vat_rate_repair", c.vat_rate_repair), ("vat_rate_device_sale", c.vat_rate_device_sale),
                          ("vat_rate_accessory", c.vat_rate_accessory), ("vat_rate_device_purchase", c.vat_rate_device_purchase)] {
                if let rate = field.1 { try v.vatRate(rate, "\(p).\(field.0)") }
            }
            try v.optionalTimestamp(c.created_at, "\(p).created_at")
            if c.locations.isEmpty { throw v.error("\(p).locations", "a company needs at least one location") }
            for (j, l) in c.locations.enumerated() {
                let lp = "\(p).locations[\(j)]"
                try v.id(l.id, "\(lp).id", table: "location")
                v.known.locationCompany[l.id] = c.id
                try v.optionalTimestamp(l.created_at, "\(lp).created_at")
            }
            for (j, e) in (c.emails ?? []).enumerated() {
                let ep = "\(p).emails[\(j)]"
                try v.id(e.id, "\(ep).id", table: "company email")
                if let l = e.location_id { try v.location(l, of: c.id, "\(ep).location_id") }
                v.known.emailCompany[e.id] = c.id
            }
            for (j, sub) in (c.sub_locations ?? []).enumerated() {
                let sp = "\(p).sub_locations[\(j)]"
                try v.id(sub.id, "\(sp).id", table: "sub-location")
                try v.location(sub.location_id, of: c.id, "\(sp).location_id")
                v.known.subLocationCompany[sub.id] = c.id
            }
        }

        for (i, b) in (brands ?? []).enumerated() {
            try v.id(b.id, "brands[\(i)].id", table: "brand")
            guard v.known.brandNames.insert(b.name).inserted else { throw v.error("brands[\(i)].name", "duplicate brand \"\(b.name)\"") }
            var modelNames = Set<String>()
            for (j, m) in b.models.enumerated() {
                try v.id(m.id, "brands[\(i)].models[\(j)].id", table: "model")
                guard modelNames.insert(m.name).inserted else {
                    throw v.error("brands[\(i)].models[\(j)].name", "duplicate model \"\(m.name)\"")
                }
            }
        }

        for (i, u) in users.enumerated() {
            let p = "users[\(i)]"
            try v.id(u.id, "\(p).id", table: "user")
            try v.company(u.company_id, "\(p).company_id")
            v.known.userCompany[u.id] = u.company_id
            guard v.known.userEmails.insert(u.email.lowercased()).inserted else {
                throw v.error("\(p).email", "duplicate email \"\(u.email)\"")
            }
            if (u.two_factor_method ?? .email) == .totp {
                guard let secret = u.totp_secret, !secret.isEmpty else {
                    throw v.error("\(p).totp_secret", "required with two_factor_method \"totp\"")
                }
            }
            if let secret = u.totp_secret, !Self.isBase32(secret) {
                throw v.error("\(p).totp_secret", "not base32 (A–Z, 2–7)")
            }
            for (j, code) in (u.recovery_codes ?? []).enumerated() where !Self.isRecoveryCode(code) {
                throw v.error("\(p).recovery_codes[\(j)]", "a recovery code is 8 upper-case letters or digits")
            }
            try v.optionalTimestamp(u.archived_at, "\(p).archived_at")
            try v.optionalTimestamp(u.last_login, "\(p).last_login")
            try v.optionalTimestamp(u.created_at, "\(p).created_at")
        }

        for (i, c) in clients.enumerated() {
            let p = "clients[\(i)]"
            try v.id(c.id, "\(p).id", table: "client")
            guard v.known.clientEmails.insert(c.email.lowercased()).inserted else {
                throw v.error("\(p).email", "duplicate email \"\(c.email)\"")
            }
            for (j, company) in c.companies.enumerated() {
                try v.company(company, "\(p).companies[\(j)]")
                v.known.clientCompanies.insert(c.id + "|" + company)
            }
            v.known.clients.insert(c.id)
            try v.optionalTimestamp(c.created_at, "\(p).created_at")
        }

        for (i, o) in orders.enumerated() {
            let p = "orders[\(i)]"
            try v.id(o.id, "\(p).id", table: "order")
            try v.company(o.company_id, "\(p).company_id")
            try v.number(o.order_number, "\(p).order_number")
            guard v.known.orderNumbers.insert(.init(company: o.company_id, number: o.order_number)).inserted else {
                throw v.error("\(p).order_number", "duplicate order number \(o.order_number) in this company")
            }
            try v.client(o.client_id, of: o.company_id, "\(p).client_id")
            if let l = o.location_id { try v.location(l, of: o.company_id, "\(p).location_id") }
            if let u = o.assigned_user_id { try v.user(u, of: o.company_id, "\(p).assigned_user_id") }
            v.known.orderCompany[o.id] = o.company_id
            for (value, key) in [(o.created_at as String?, "created_at"), (o.updated_at, "updated_at"),
                                 (o.quote_sent_at, "quote_sent_at"), (o.authorised_at, "authorised_at"),
                                 (o.collected_at, "collected_at")] {
                try v.optionalTimestamp(value, "\(p).\(key)")
            }
            if o.devices.isEmpty { throw v.error("\(p).devices", "an order needs at least one device") }
            var orderDevices = Set<String>()
            for (j, d) in o.devices.enumerated() {
                let dp = "\(p).devices[\(j)]"
                try v.id(d.id, "\(dp).id", table: "device")
                orderDevices.insert(d.id)
                v.known.deviceCompany[d.id] = o.company_id
                guard d.status.belongs(to: d.workflow_type) else {
                    throw v.error("\(dp).status", "\"\(d.status.rawValue)\" is not a status of the \(d.workflow_type.rawValue) workflow")
                }
                if let u = d.assigned_engineer_id { try v.user(u, of: o.company_id, "\(dp).assigned_engineer_id") }
                for (value, key) in d.timestampFields { try v.optionalTimestamp(value, "\(dp).\(key)") }
                if let sub = d.sub_location_id, v.known.subLocationCompany[sub] != o.company_id {
                    throw v.error("\(dp).sub_location_id", "unknown sub-location \"\(sub)\" in this company")
                }
                for (k, image) in (d.images ?? []).enumerated() {
                    try v.id(image.id, "\(dp).images[\(k)].id", table: "image")
                    try v.optionalTimestamp(image.created_at, "\(dp).images[\(k)].created_at")
                }
                for (k, a) in (d.accessories ?? []).enumerated() {
                    try v.id(a.id, "\(dp).accessories[\(k)].id", table: "accessory")
                    try v.optionalTimestamp(a.returned_at, "\(dp).accessories[\(k)].returned_at")
                }
                for (k, part) in (d.parts ?? []).enumerated() {
                    try v.id(part.id, "\(dp).parts[\(k)].id", table: "part")
                    try v.pence(part.part_cost_pence, "\(dp).parts[\(k)].part_cost_pence", allowNegative: false)
                }
                for (k, note) in (d.device_notes ?? []).enumerated() {
                    let np = "\(dp).device_notes[\(k)]"
                    try v.id(note.id, "\(np).id", table: "device note")
                    if let u = note.created_by { try v.user(u, of: o.company_id, "\(np).created_by") }
                    try v.timestamp(note.created_at, "\(np).created_at")
                }
                for (k, item) in (d.checklist ?? []).enumerated() {
                    let cp = "\(dp).checklist[\(k)]"
                    try v.id(item.id, "\(cp).id", table: "checklist item")
                    if let u = item.completed_by { try v.user(u, of: o.company_id, "\(cp).completed_by") }
                    try v.optionalTimestamp(item.completed_at, "\(cp).completed_at")
                }
            }
            for (j, item) in (o.items ?? []).enumerated() {
                let ip = "\(p).items[\(j)]"
                try v.id(item.id, "\(ip).id", table: "item")
                if let d = item.device_id, !orderDevices.contains(d) {
                    throw v.error("\(ip).device_id", "\"\(d)\" is not a device of this order")
                }
                if let rate = item.vat_rate { try v.vatRate(rate, "\(ip).vat_rate") }
                if let q = item.quantity, q < 1 { throw v.error("\(ip).quantity", "must be at least 1") }
                if let q = item.quantity, q > SeedValidator.maxQuantity {
                    throw v.error("\(ip).quantity", "must be at most \(SeedValidator.maxQuantity)")
                }
                try v.pence(item.unit_price_pence, "\(ip).unit_price_pence", allowNegative: false)
                try v.optionalTimestamp(item.created_at, "\(ip).created_at")
            }
            for (j, pay) in (o.payments ?? []).enumerated() {
                let pp = "\(p).payments[\(j)]"
                try v.id(pay.id, "\(pp).id", table: "payment")
                try v.timestamp(pay.payment_date, "\(pp).payment_date")
                try v.pence(pay.amount_pence, "\(pp).amount_pence", allowNegative: true)
                if let refunded = pay.refunded_pence { try v.pence(refunded, "\(pp).refunded_pence", allowNegative: false) }
                if let u = pay.recorded_by { try v.user(u, of: o.company_id, "\(pp).recorded_by") }
            }
            for (j, s) in (o.signatures ?? []).enumerated() {
                let sp = "\(p).signatures[\(j)]"
                try v.id(s.id, "\(sp).id", table: "signature")
                if let d = s.device_id, !orderDevices.contains(d) {
                    throw v.error("\(sp).device_id", "\"\(d)\" is not a device of this order")
                }
                try v.timestamp(s.captured_at, "\(sp).captured_at")
            }
        }

        for (i, t) in tickets.enumerated() {
            let p = "tickets[\(i)]"
            try v.id(t.id, "\(p).id", table: "ticket")
            try v.company(t.company_id, "\(p).company_id")
            try v.number(t.ticket_number, "\(p).ticket_number")
            guard v.known.ticketNumbers.insert(.init(company: t.company_id, number: t.ticket_number)).inserted else {
                throw v.error("\(p).ticket_number", "duplicate ticket number \(t.ticket_number) in this company")
            }
            if let c = t.client_id { try v.client(c, of: t.company_id, "\(p).client_id") }
            if let o = t.order_id, v.known.orderCompany[o] != t.company_id {
                throw v.error("\(p).order_id", "unknown order \"\(o)\" in this company")
            }
            if let l = t.location_id { try v.location(l, of: t.company_id, "\(p).location_id") }
            if let u = t.assigned_user_id { try v.user(u, of: t.company_id, "\(p).assigned_user_id") }
            if let e = t.received_email_id, v.known.emailCompany[e] != t.company_id {
                throw v.error("\(p).received_email_id", "unknown company email \"\(e)\" in this company")
            }
            try v.timestamp(t.created_at, "\(p).created_at")
            try v.optionalTimestamp(t.updated_at, "\(p).updated_at")
            for (j, e) in (t.events ?? []).enumerated() {
                try v.id(e.id, "\(p).events[\(j)].id", table: "event")
                try v.timestamp(e.created_at, "\(p).events[\(j)].created_at")
            }
            for (j, m) in t.messages.enumerated() {
                let mp = "\(p).messages[\(j)]"
                try v.id(m.id, "\(mp).id", table: "message")
                if let u = m.created_by { try v.user(u, of: t.company_id, "\(mp).created_by") }
                if let d = m.device_id, v.known.deviceCompany[d] != t.company_id {
                    throw v.error("\(mp).device_id", "unknown device \"\(d)\" in this company")
                }
                try v.timestamp(m.created_at, "\(mp).created_at")
                for (k, e) in (m.events ?? []).enumerated() {
                    try v.id(e.id, "\(mp).events[\(k)].id", table: "event")
                    try v.timestamp(e.created_at, "\(mp).events[\(k)].created_at")
                }
                for (k, a) in (m.attachments ?? []).enumerated() {
                    try v.id(a.id, "\(mp).attachments[\(k)].id", table: "attachment")
                    if a.size_bytes < 0 { throw v.error("\(mp).attachments[\(k)].size_bytes", "must not be negative") }
                }
            }
        }

        for (i, m) in macros.enumerated() {
            let p = "macros[\(i)]"
            try v.id(m.id, "\(p).id", table: "macro")
            try v.company(m.company_id, "\(p).company_id")
            try v.optionalTimestamp(m.created_at, "\(p).created_at")
            if m.stages.isEmpty { throw v.error("\(p).stages", "a macro needs at least one stage") }
            for (j, stage) in m.stages.enumerated() {
                try v.id(stage.id, "\(p).stages[\(j)].id", table: "macro stage")
                if let delay = stage.delay_minutes, delay < 0 { throw v.error("\(p).stages[\(j)].delay_minutes", "must not be negative") }
                if let delay = stage.delay_minutes, delay > SeedValidator.maxDelayMinutes {
                    throw v.error("\(p).stages[\(j)].delay_minutes", "must be at most \(SeedValidator.maxDelayMinutes) (a year)")
                }
            }
        }
    }

    static func isBase32(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { ($0 >= 65 && $0 <= 90) || ($0 >= 50 && $0 <= 55) || $0 == 61 }
    }

    static func isRecoveryCode(_ text: String) -> Bool {
        text.utf8.count == 8 && text.utf8.allSatisfy { ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) }
    }
}

extension Seed.Device {
    var timestampFields: [(String?, String)] {
        [(created_at, "created_at"), (updated_at, "updated_at"), (received_at, "received_at"),
         (diagnosis_started_at, "diagnosis_started_at"), (quote_sent_at, "quote_sent_at"),
         (authorised_at, "authorised_at"), (rejected_at, "rejected_at"),
         (parts_ordered_at, "parts_ordered_at"), (parts_received_at, "parts_received_at"),
         (repair_started_at, "repair_started_at"), (repair_completed_at, "repair_completed_at"),
         (qc_completed_at, "qc_completed_at"), (ready_at, "ready_at"), (collected_at, "collected_at"),
         (despatched_at, "despatched_at"), (paid_at, "paid_at")]
    }
}

struct SeedValidator {
    let file: String
    var known: SeedWorld

    init(file: String, known: SeedWorld) {
        self.file = file
        self.known = known
    }

    func error(_ path: String, _ message: String) -> SeedError {
        SeedError(file: file, path: path, message: message)
    }

    mutating func id(_ id: String, _ path: String, table: String) throws {
        guard UUID(uuidString: id) != nil else { throw error(path, "\"\(id)\" is not a UUID") }
        let key = table + "|" + id.lowercased()
        if let first = known.ids[key] {
            throw error(path, first.isEmpty ? "\"\(id)\" is already the id of another \(table)"
                                            : "duplicate \(table) id (first at \(first))")
        }
        known.ids[key] = path
        if table == "company" { known.companies.insert(id) }
    }

    func timestamp(_ text: String, _ path: String) throws {
        guard Timestamp.isValid(text) else {
            throw error(path, "\"\(text)\" is not a timestamp like 2026-11-21T10:15:00Z")
        }
    }

    func optionalTimestamp(_ text: String?, _ path: String) throws {
        if let text { try timestamp(text, path) }
    }

    func vatRate(_ text: String, _ path: String) throws {
        let b = Array(text.utf8)
        let ok = b.count >= 4 && b[b.count - 3] == 46
            && b.enumerated().allSatisfy { $0.offset == b.count - 3 || ($0.element >= 48 && $0.element <= 57) }
        guard ok else { throw error(path, "\"\(text)\" is not a VAT rate like \"20.00\"") }
        guard let rate = Double(text), rate <= 100 else { throw error(path, "a VAT rate is at most \"100.00\"") }
    }

    /// Money in pence: at most £10,000,000 either way, so that totals can never overflow.
    static let maxPence: Int64 = 1_000_000_000
    static let maxQuantity: Int64 = 10_000
    static let maxDelayMinutes: Int64 = 525_600
    static let maxNumber: Int64 = 999_999_999

    func pence(_ value: Int64, _ path: String, allowNegative: Bool) throws {
        guard value <= Self.maxPence, value >= (allowNegative ? -Self.maxPence : 0) else {
            throw error(path, allowNegative ? "must be between -\(Self.maxPence) and \(Self.maxPence) pence"
                                            : "must be between 0 and \(Self.maxPence) pence")
        }
    }

    /// An order or ticket number.
    func number(_ value: Int64, _ path: String) throws {
        guard (1...Self.maxNumber).contains(value) else { throw error(path, "must be between 1 and \(Self.maxNumber)") }
    }

    func company(_ id: String, _ path: String) throws {
        guard known.companies.contains(id) else { throw error(path, "unknown company \"\(id)\"") }
    }

    func client(_ id: String, of company: String, _ path: String) throws {
        guard known.clients.contains(id) else { throw error(path, "unknown client \"\(id)\"") }
        guard known.clientCompanies.contains(id + "|" + company) else {
            throw error(path, "client \"\(id)\" is not a client of company \"\(company)\"")
        }
    }

    func location(_ id: String, of company: String, _ path: String) throws {
        guard known.locationCompany[id] == company else { throw error(path, "unknown location \"\(id)\" in this company") }
    }

    func user(_ id: String, of company: String, _ path: String) throws {
        guard known.userCompany[id] == company else { throw error(path, "unknown user \"\(id)\" in this company") }
    }
}
