import Foundation
import GRDB

/// What a ticket is about, gathered once: for `generate-response` and for macro variables.
package struct TicketContext: Sendable {
    var ticket: TicketRecord
    var client: ClientRecord?
    var order: OrderRecord?
    /// The device the conversation is about: the one the latest inbound message names, else the
    /// order's first.
    var device: DeviceRecord?
    var company: CompanyRecord?
    var location: CompanyLocationRecord?
    var latestInbound: TicketMessageRecord?

    static func load(_ db: Database, ticket: TicketRecord, locationID: String?) throws -> TicketContext {
        let client = try ticket.clientID.flatMap { try db.record(ClientRecord.self, "SELECT * FROM clients WHERE id = ?", [$0]) }
        let order = try ticket.orderID.flatMap { try db.record(OrderRecord.self, "SELECT * FROM orders WHERE id = ?", [$0]) }
        let inbound = try db.record(TicketMessageRecord.self, """
            SELECT * FROM ticket_messages WHERE ticket_id = ? AND type = 'inbound' ORDER BY created_at DESC, rowid DESC LIMIT 1
            """, [ticket.id])
        var device = try inbound?.deviceID.flatMap { try db.record(DeviceRecord.self, "SELECT * FROM devices WHERE id = ?", [$0]) }
        if device == nil, let order {
            device = try db.record(DeviceRecord.self, "SELECT * FROM devices WHERE order_id = ? ORDER BY created_at, rowid LIMIT 1",
                                   [order.id])
        }
        let company = try db.record(CompanyRecord.self, "SELECT * FROM companies WHERE id = ?", [ticket.companyID])
        // The chosen location, else the ticket's, else its order's. No guess beyond that: an enquiry
        // still waiting for a location is signed by the company, not by whichever shop is primary.
        let wanted = locationID ?? ticket.locationID ?? order?.locationID
        let location = try wanted.flatMap {
            try db.record(CompanyLocationRecord.self, "SELECT * FROM company_locations WHERE id = ?", [$0])
        }
        return TicketContext(ticket: ticket, client: client, order: order, device: device, company: company,
                             location: location, latestInbound: inbound)
    }

    /// Who the conversation is with: the client, else (an enquiry from someone who is not a client
    /// yet) the name the latest inbound message was signed with.
    var correspondentName: String? {
        if let client { return client.fullName }
        guard let name = latestInbound?.fromName?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { return nil }
        return name
    }

    var correspondentFirstName: String? {
        if let client { return client.firstName }
        return correspondentName?.split(separator: " ").first.map(String.init)
    }

    /// The variables a macro's stages may use; a value the ticket lacks is the empty string.
    var variables: [String: String] {
        [
            "client_first_name": correspondentFirstName ?? "",
            "client_name": correspondentName ?? "",
            "order_number": order.map { String($0.orderNumber) } ?? "",
            "device_name": device?.displayName ?? "",
            "company_name": company?.name ?? "",
            "location_name": location?.name ?? "",
            "ticket_number": String(ticket.ticketNumber),
        ]
    }

    package static let variableNames: Set<String> = [
        "client_first_name", "client_name", "order_number", "device_name", "company_name", "location_name", "ticket_number",
    ]

    /// `generate-response` (decided: the mock has no model): a reply built only from the ticket —
    /// the client's first name (for a sender who is not a client, the first name they signed
    /// with), the device and order, the gist of the latest inbound message, the order's status, and
    /// the location (or, with none chosen yet, the company) signing off. The same ticket and
    /// location always give the same text.
    package var generatedResponse: String {
        var lines = ["Hi \(correspondentFirstName ?? "there"),", ""]
        var thanks = "Thank you for your message"
        if let device { thanks += " about your \(device.displayName)" }
        if let order { thanks += " (order #\(order.orderNumber))" }
        lines.append(thanks + ".")
        if let gist = latestInbound.map({ Self.gist($0.bodyText) }), !gist.isEmpty {
            lines.append("You wrote: \"\(gist)\"")
        }
        if let device {
            lines.append("Your \(device.displayName) is currently at the \"\(device.status.displayName)\" stage.")
        } else if let order {
            lines.append("Your order is currently \(order.status.displayName.lowercased()).")
        }
        lines.append("We will get back to you shortly with an update.")
        lines += ["", "Kind regards,", location?.name ?? company?.name ?? "The team"]
        return lines.joined(separator: "\n")
    }

    /// The first sentence of `text`, at most 160 characters, on one line.
    static func gist(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasSuffix(",") }.joined(separator: " ")
        var sentence = flat
        if let end = flat.firstIndex(where: { ".!?".contains($0) }) { sentence = String(flat[...end]) }
        return sentence.count > 160 ? String(sentence.prefix(157)) + "..." : sentence
    }
}

/// `{{variable}}` templates of macros, and the text/HTML forms of a message.
package enum MacroTemplate {
    /// Replaces each `{{name}}` (spaces inside the braces allowed) with its value; unknown names
    /// become the empty string.
    package static func fill(_ template: String, _ values: [String: String]) -> String {
        var out = ""
        var rest = template[...]
        while let open = rest.range(of: "{{") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                out += rest[open.lowerBound...]
                return out
            }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            out += values[name] ?? ""
            rest = rest[close.upperBound...]
        }
        return out + rest
    }

    /// Plain text as HTML: escaped, blank-line paragraphs as `<p>`, single newlines as `<br>`.
    static func html(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        return escaped.components(separatedBy: "\n\n").map {
            "<p>" + $0.replacingOccurrences(of: "\n", with: "<br>") + "</p>"
        }.joined()
    }

    /// HTML as plain text: paragraphs and line breaks become newlines, tags go, basic entities decode.
    package static func plainText(_ html: String) -> String {
        var text = html
        for (pattern, replacement) in [("</p>", "\n\n"), ("<br>", "\n"), ("<br/>", "\n"), ("<br />", "\n")] {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .caseInsensitive)
        }
        var out = ""
        var inTag = false
        for c in text {
            if c == "<" { inTag = true } else if c == ">" && inTag { inTag = false } else if !inTag { out.append(c) }
        }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "), ("&amp;", "&")] {
            out = out.replacingOccurrences(of: entity, with: character)
        }
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
