import Foundation
import MockHTTP
import MockBasics
import MockRouting
import MockStore

/// Enquiries: tickets, their actions and macros (CONTRACT §6); company-scoped, another company's id
/// is a 404 and changes nothing.
enum TicketRoutes {
    static let editableFields: Set<String> = ["status", "assigned_user_id", "location_id"]
    static let maxBodyCharacters = 100_000

    private struct ReplyBody: Decodable {
        let html_body: String
        let text_body: String?
        let from_email_id: String?
    }

    private struct NoteBody: Decodable { let body: String }

    private struct GenerateBody: Decodable { let location_id: String? }

    private struct MacroBody: Decodable {
        let macro_id: String
        let variable_overrides: [String: String]?
    }

    static func register(on router: inout Router) {
        router.get("/api/tickets", access: .staff) { context in
            let staff = try context.staff()
            let list = try context.listQuery()
            let filter = TicketFilter(status: try context.enumQuery("status", TicketStatus.self),
                                      ticketType: try context.enumQuery("ticket_type", TicketType.self),
                                      assignedTo: context.userQuery("assigned_to", caller: staff.userID),
                                      search: context.textQuery("search"),
                                      awaitingReply: try context.boolQuery("awaiting_reply"))
            let page = try context.store.tickets(company: staff.companyID, filter: filter, page: list.pageRequest)
            return JSONBody.success(page.items.map(TicketListItemPayload.init), pagination: list.pagination(total: page.total))
        }

        router.get("/api/tickets/:id", access: .staff) { context in
            let staff = try context.staff()
            guard let ticket = try context.store.ticket(id: try context.parameter("id"), company: staff.companyID) else {
                throw APIFailure.notFound
            }
            return JSONBody.success(TicketDetailPayload(ticket, baseURL: context.baseURL))
        }

        router.patch("/api/tickets/:id", access: .staff) { context in
            let staff = try context.staff()
            let id = try context.parameter("id")
            guard try context.store.ticketExists(id: id, company: staff.companyID) else { throw APIFailure.notFound }
            let body = try PatchBody(context.request.body, fields: editableFields)
            let change = TicketChange(status: try body.value("status", TicketStatus.self),
                                      assignedUserID: try body.nullableID("assigned_user_id"),
                                      locationID: try body.nullableID("location_id"))
            guard let ticket = try context.store.updateTicket(id: id, company: staff.companyID, change: change,
                                                              actor: staff.userID, now: context.now) else {
                throw APIFailure.notFound
            }
            return JSONBody.success(TicketDetailPayload(ticket, baseURL: context.baseURL))
        }

        router.post("/api/tickets/:id/reply", access: .staff) { context in
            let staff = try context.staff()
            let id = try context.parameter("id")
            guard try context.store.ticketExists(id: id, company: staff.companyID) else { throw APIFailure.notFound }
            let body = try context.body(ReplyBody.self)
            // The HTML must say something once its tags are gone (`<p></p>` is no reply).
            guard body.html_body.count <= maxBodyCharacters,
                  !MacroTemplate.plainText(body.html_body).isBlankText else {
                throw APIFailure.invalidField("html_body")
            }
            if let text = body.text_body, text.count > maxBodyCharacters { throw APIFailure.invalidField("text_body") }
            // A blank text part is no text part: it is derived from the HTML.
            let text = body.text_body.flatMap { $0.isBlankText ? nil : $0 }
            let message = OutgoingMessage(html: body.html_body, text: text, subject: nil, fromEmailID: body.from_email_id)
            guard let ticket = try context.store.reply(ticketID: id, company: staff.companyID, message: message,
                                                       actor: staff.userID, now: context.now) else { throw APIFailure.notFound }
            return JSONBody.success(TicketDetailPayload(ticket, baseURL: context.baseURL))
        }

        router.post("/api/tickets/:id/note", access: .staff) { context in
            let staff = try context.staff()
            let id = try context.parameter("id")
            guard try context.store.ticketExists(id: id, company: staff.companyID) else { throw APIFailure.notFound }
            let body = try context.body(NoteBody.self)
            guard !body.body.isBlankText, body.body.count <= maxBodyCharacters else {
                throw APIFailure.invalidField("body")
            }
            guard let ticket = try context.store.addNote(ticketID: id, company: staff.companyID, body: body.body,
                                                         actor: staff.userID, now: context.now) else { throw APIFailure.notFound }
            return JSONBody.success(TicketDetailPayload(ticket, baseURL: context.baseURL))
        }

        router.post("/api/tickets/:id/generate-response", access: .staff) { context in
            let staff = try context.staff()
            let id = try context.parameter("id")
            guard try context.store.ticketExists(id: id, company: staff.companyID) else { throw APIFailure.notFound }
            // The body is optional: none, `{}` or `{location_id}`.
            let body = context.request.body.isEmpty ? GenerateBody(location_id: nil) : try context.body(GenerateBody.self)
            guard let ticket = try context.store.ticketContext(ticketID: id, company: staff.companyID,
                                                               locationID: body.location_id) else { throw APIFailure.notFound }
            return JSONBody.success(GeneratedResponsePayload(response: ticket.generatedResponse))
        }

        router.post("/api/tickets/:id/macro", access: .staff) { context in
            let staff = try context.staff()
            let id = try context.parameter("id")
            guard try context.store.ticketExists(id: id, company: staff.companyID) else { throw APIFailure.notFound }
            let body = try context.body(MacroBody.self)
            let overrides = body.variable_overrides ?? [:]
            if let unknown = overrides.keys.sorted().first(where: { !TicketContext.variableNames.contains($0) }) {
                throw APIFailure.invalidField("variable_overrides.\(unknown)")
            }
            guard let run = try context.store.runMacro(ticketID: id, company: staff.companyID, macroID: body.macro_id,
                                                       overrides: overrides, actor: staff.userID, now: context.now) else {
                throw APIFailure.notFound
            }
            return JSONBody.success(MacroRunPayload(run, macroID: body.macro_id, baseURL: context.baseURL))
        }

        router.get("/api/macros", access: .staff) { context in
            let staff = try context.staff()
            return JSONBody.success(try context.store.macros(company: staff.companyID).map { MacroPayload($0.macro, stages: $0.stages) })
        }

        router.get("/api/tickets/:id/attachments/:attachmentId", access: .staff) { context in
            let staff = try context.staff()
            guard let attachment = try context.store.attachment(id: try context.parameter("attachmentId"),
                                                                ticketID: try context.parameter("id"), company: staff.companyID)
            else { throw APIFailure.notFound }
            var headers = HTTPHeaders()
            headers.add("Content-Type", attachment.contentType)
            headers.add("Content-Disposition", "attachment; filename=\"\(attachment.filename.replacingOccurrences(of: "\"", with: ""))\"")
            return HTTPResponse(status: 200, headers: headers, body: AttachmentContent.bytes(for: attachment))
        }
    }
}
