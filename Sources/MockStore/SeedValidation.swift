import Foundation
import MockBasics

/// Checks a read seed beyond JSON types: ids, timestamps, references, uniqueness, workflow
/// membership. Every failure names the JSON path.
extension Seed {
    /// `world` holds the rows already in the database a fixture body is added to (empty for a
    /// seed file): references may name them, and ids, emails and numbers must not repeat them.
    func validate(against world: SeedWorld = SeedWorld()) throws {
        var v = SeedValidator(file: sourceName, known: world)
        try v.timestamp(now, "now")

        for company in companies {
            let c = company.row.record, p = company.row.path
            try v.row(company.row, label: "company")
            for (rate, key) in [(c.vatRateRepair, "vat_rate_repair"), (c.vatRateDeviceSale, "vat_rate_device_sale"),
                                (c.vatRateAccessory, "vat_rate_accessory"), (c.vatRateDevicePurchase, "vat_rate_device_purchase")] {
                try v.vatRate(rate, "\(p).\(key)")
            }
            if company.locations.isEmpty { throw v.error("\(p).locations", "a company needs at least one location") }
            for location in company.locations {
                try v.row(location, label: "location")
                v.known.locationCompany[location.record.id] = c.id
            }
            for email in company.emails {
                try v.row(email, label: "company email")
                if let l = email.record.locationID { try v.location(l, of: c.id, "\(email.path).location_id") }
                v.known.emailCompany[email.record.id] = c.id
            }
            for sub in company.subLocations {
                try v.row(sub, label: "sub-location")
                try v.location(sub.record.locationID, of: c.id, "\(sub.path).location_id")
                v.known.subLocationCompany[sub.record.id] = c.id
            }
        }

        for brand in brands {
            try v.row(brand.row, label: "brand")
            guard v.known.brandNames.insert(brand.row.record.name).inserted else {
                throw v.error("\(brand.row.path).name", "duplicate brand \"\(brand.row.record.name)\"")
            }
            var modelNames = Set<String>()
            for model in brand.models {
                try v.row(model, label: "model")
                guard modelNames.insert(model.record.name).inserted else {
                    throw v.error("\(model.path).name", "duplicate model \"\(model.record.name)\"")
                }
            }
        }

        for user in users {
            let u = user.row.record, p = user.row.path
            try v.row(user.row, label: "user")
            try v.company(u.companyID, "\(p).company_id")
            v.known.userCompany[u.id] = u.companyID
            guard v.known.userEmails.insert(u.email.lowercased()).inserted else {
                throw v.error("\(p).email", "duplicate email \"\(u.email)\"")
            }
            if u.twoFactorMethod == .totp {
                guard let secret = u.totpSecret, !secret.isEmpty else {
                    throw v.error("\(p).totp_secret", "required with two_factor_method \"totp\"")
                }
            }
            if let secret = u.totpSecret, !Self.isBase32(secret) {
                throw v.error("\(p).totp_secret", "not base32 (A–Z, 2–7)")
            }
        }

        for client in clients {
            let c = client.row.record, p = client.row.path
            try v.row(client.row, label: "client")
            guard v.known.clientEmails.insert(c.email.lowercased()).inserted else {
                throw v.error("\(p).email", "duplicate email \"\(c.email)\"")
            }
            for link in client.companies {
                try v.company(link.record.companyID, link.path)
                v.known.clientCompanies.insert(c.id + "|" + link.record.companyID)
            }
            v.known.clients.insert(c.id)
        }

        for order in orders {
            let o = order.row.record, p = order.row.path
            try v.row(order.row, label: "order")
            try v.company(o.companyID, "\(p).company_id")
            try v.number(o.orderNumber, of: "order", in: o.companyID, "\(p).order_number", known: \.orderNumbers)
            try v.client(o.clientID, of: o.companyID, "\(p).client_id")
            if let l = o.locationID { try v.location(l, of: o.companyID, "\(p).location_id") }
            if let u = o.assignedUserID { try v.user(u, of: o.companyID, "\(p).assigned_user_id") }
            v.known.orderCompany[o.id] = o.companyID
            if order.devices.isEmpty { throw v.error("\(p).devices", "an order needs at least one device") }
            var orderDevices = Set<String>()
            for device in order.devices {
                let r = device.row.record, d = r, dp = device.row.path
                try v.row(device.row, label: "device")
                orderDevices.insert(d.id)
                v.known.deviceCompany[d.id] = o.companyID
                guard d.status.belongs(to: d.workflowType) else {
                    throw v.error("\(dp).status", "\"\(d.status.rawValue)\" is not a status of the \(d.workflowType.rawValue) workflow")
                }
                if let u = r.assignedEngineerID { try v.user(u, of: o.companyID, "\(dp).assigned_engineer_id") }
                if let sub = r.subLocationID, v.known.subLocationCompany[sub] != o.companyID {
                    throw v.error("\(dp).sub_location_id", "unknown sub-location \"\(sub)\" in this company")
                }
                for image in device.images { try v.row(image, label: "image") }
                for accessory in device.accessories { try v.row(accessory, label: "accessory") }
                for part in device.parts {
                    try v.row(part, label: "part")
                    try v.pence(part.record.partCostPence, "\(part.path).part_cost_pence", allowNegative: false)
                }
                for note in device.notes {
                    try v.row(note, label: "device note")
                    if let u = note.record.createdBy { try v.user(u, of: o.companyID, "\(note.path).created_by") }
                }
                for item in device.checklist {
                    try v.row(item, label: "checklist item")
                    if let u = item.record.completedBy { try v.user(u, of: o.companyID, "\(item.path).completed_by") }
                }
            }
            for item in order.items {
                let i = item.record, ip = item.path
                try v.row(item, label: "item")
                if let d = i.deviceID, !orderDevices.contains(d) {
                    throw v.error("\(ip).device_id", "\"\(d)\" is not a device of this order")
                }
                try v.vatRate(i.vatRate, "\(ip).vat_rate")
                if i.quantity < 1 { throw v.error("\(ip).quantity", "must be at least 1") }
                if i.quantity > SeedValidator.maxQuantity {
                    throw v.error("\(ip).quantity", "must be at most \(SeedValidator.maxQuantity)")
                }
                try v.pence(i.unitPricePence, "\(ip).unit_price_pence", allowNegative: false)
            }
            for payment in order.payments {
                let pay = payment.record, pp = payment.path
                try v.row(payment, label: "payment")
                try v.pence(pay.amountPence, "\(pp).amount_pence", allowNegative: true)
                try v.pence(pay.refundedPence, "\(pp).refunded_pence", allowNegative: false)
                if let u = pay.recordedBy { try v.user(u, of: o.companyID, "\(pp).recorded_by") }
            }
            for signature in order.signatures {
                try v.row(signature, label: "signature")
                if let d = signature.record.deviceID, !orderDevices.contains(d) {
                    throw v.error("\(signature.path).device_id", "\"\(d)\" is not a device of this order")
                }
            }
        }

        for ticket in tickets {
            let t = ticket.row.record, p = ticket.row.path
            try v.row(ticket.row, label: "ticket")
            try v.company(t.companyID, "\(p).company_id")
            try v.number(t.ticketNumber, of: "ticket", in: t.companyID, "\(p).ticket_number", known: \.ticketNumbers)
            if let c = t.clientID { try v.client(c, of: t.companyID, "\(p).client_id") }
            if let o = t.orderID, v.known.orderCompany[o] != t.companyID {
                throw v.error("\(p).order_id", "unknown order \"\(o)\" in this company")
            }
            if let l = t.locationID { try v.location(l, of: t.companyID, "\(p).location_id") }
            if let u = t.assignedUserID { try v.user(u, of: t.companyID, "\(p).assigned_user_id") }
            if let e = t.receivedEmailID, v.known.emailCompany[e] != t.companyID {
                throw v.error("\(p).received_email_id", "unknown company email \"\(e)\" in this company")
            }
            for event in ticket.events { try v.row(event, label: "event") }
            for message in ticket.messages {
                let m = message.row.record, mp = message.row.path
                try v.row(message.row, label: "message")
                if let u = m.createdBy { try v.user(u, of: t.companyID, "\(mp).created_by") }
                if let d = m.deviceID, v.known.deviceCompany[d] != t.companyID {
                    throw v.error("\(mp).device_id", "unknown device \"\(d)\" in this company")
                }
                for event in message.events { try v.row(event, label: "event") }
                for attachment in message.attachments {
                    try v.row(attachment, label: "attachment")
                    if attachment.record.sizeBytes < 0 {
                        throw v.error("\(attachment.path).size_bytes", "must not be negative")
                    }
                }
            }
        }

        for macro in macros {
            let m = macro.row.record, p = macro.row.path
            try v.row(macro.row, label: "macro")
            try v.company(m.companyID, "\(p).company_id")
            if macro.stages.isEmpty { throw v.error("\(p).stages", "a macro needs at least one stage") }
            for stage in macro.stages {
                try v.row(stage, label: "macro stage")
                let delay = stage.record.delayMinutes
                if delay < 0 { throw v.error("\(stage.path).delay_minutes", "must not be negative") }
                if delay > SeedValidator.maxDelayMinutes {
                    throw v.error("\(stage.path).delay_minutes", "must be at most \(SeedValidator.maxDelayMinutes) (a year)")
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

    /// What every seeded row must be: its `id` a UUID not used before for `label`'s table, and
    /// every time it holds (a column named `…_at` or `…_date`) a timestamp. Read from the record's
    /// columns, so a new time column is checked as soon as it is declared.
    mutating func row<Record: ColumnEncodable>(_ row: SeedRow<Record>, label: String) throws {
        for (column, value) in zip(Record.databaseColumns, row.record.columnValues) {
            if column == "id", let id = value as? String { try self.id(id, "\(row.path).id", table: label) }
            if column.hasSuffix("_at") || column.hasSuffix("_date"), let text = value as? String {
                try timestamp(text, "\(row.path).\(column)")
            }
        }
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

    /// An order or ticket number (`noun`): in range, and not used before in its company.
    mutating func number(_ value: Int64, of noun: String, in company: String, _ path: String,
                         known numbers: WritableKeyPath<SeedWorld, Set<SeedWorld.CompanyNumber>>) throws {
        guard (1...Self.maxNumber).contains(value) else { throw error(path, "must be between 1 and \(Self.maxNumber)") }
        guard known[keyPath: numbers].insert(.init(company: company, number: value)).inserted else {
            throw error(path, "duplicate \(noun) number \(value) in this company")
        }
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
