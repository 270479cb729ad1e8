import Foundation
import MockHTTP
import MockBasics
import MockRouting
import MockStore

/// Enquiries: tickets, their actions and macros (CONTRACT §6); company-scoped, another company's id
/// is a 404 and changes nothing.
enum TicketRoutes {
    /// The ticket `:id` a route acts on, which must be of the caller's company: another company's
    /// ticket is a 404 before the body is judged.
    private static func companyTicket(_ context: StaffContext) throws -> String {
        let id = try context.parameter("id")
        guard try context.store.ticketExists(id: id, company: context.staff.companyID) else { throw APIFailure.notFound }
        return id
    }

    static func register(on router: inout Router) {
        router.get("/api/tickets") { (context: StaffContext) in
            let list = try context.listQuery()
            let filter = TicketFilter(status: try context.enumQuery("status", TicketStatus.self),
                                      ticketType: try context.enumQuery("ticket_type", TicketType.self),
                                      assignedTo: context.userQuery("assigned_to", caller: context.staff.userID),
                                      search: context.textQuery("search"),
                                      awaitingReply: try context.boolQuery("awaiting_reply"))
            let page = try context.store.tickets(company: context.staff.companyID, filter: filter, page: list.pageRequest)
            return JSONBody.success(page.items.map(TicketListItemPayload.init), pagination: list.pagination(total: page.total))
        }

        router.get("/api/tickets/:id") { (context: StaffContext) in
            guard let ticket = try context.store.ticket(id: try context.parameter("id"), company: context.staff.companyID) else {
                throw APIFailure.notFound
            }
            return JSONBody.success(TicketDetailPayload(ticket, baseURL: context.baseURL))
        }

        router.patch("/api/tickets/:id") { (context: StaffContext) in
            let id = try companyTicket(context)
            let body = try context.body(TicketChangeBody.self)
            let change = TicketChange(status: body.status, assignedUserID: body.assigned_user_id.change(),
                                      locationID: body.location_id.change())
            guard let ticket = try context.store.updateTicket(id: id, company: context.staff.companyID, change: change,
                                                              actor: context.staff.userID, now: context.now) else {
                throw APIFailure.notFound
            }
            return JSONBody.success(TicketDetailPayload(ticket, baseURL: context.baseURL))
        }

        router.post("/api/tickets/:id/reply") { (context: StaffContext) in
            let id = try companyTicket(context)
            let body = try context.body(TicketReplyBody.self)
            // The HTML must say something once its tags are gone (`<p></p>` is no reply).
            guard !MacroTemplate.plainText(body.html_body).isBlankText else { throw APIFailure.invalidField("html_body") }
            // A blank text part is no text part: it is derived from the HTML.
            let text = body.text_body.flatMap { $0.isBlankText ? nil : $0 }
            let message = OutgoingMessage(html: body.html_body, text: text, subject: nil, fromEmailID: body.from_email_id)
            guard let ticket = try context.store.reply(ticketID: id, company: context.staff.companyID, message: message,
                                                       actor: context.staff.userID, now: context.now) else { throw APIFailure.notFound }
            return JSONBody.success(TicketDetailPayload(ticket, baseURL: context.baseURL))
        }

        router.post("/api/tickets/:id/note") { (context: StaffContext) in
            let id = try companyTicket(context)
            let body = try context.body(TicketNoteBody.self)
            guard let ticket = try context.store.addNote(ticketID: id, company: context.staff.companyID, body: body.body,
                                                         actor: context.staff.userID, now: context.now) else { throw APIFailure.notFound }
            return JSONBody.success(TicketDetailPayload(ticket, baseURL: context.baseURL))
        }

        router.post("/api/tickets/:id/generate-response") { (context: StaffContext) in
            let id = try companyTicket(context)
            // The body is optional: none, `{}` or `{location_id}`.
            let body = context.request.body.isEmpty ? GenerateResponseBody(location_id: nil)
                : try context.body(GenerateResponseBody.self)
            guard let ticket = try context.store.ticketContext(ticketID: id, company: context.staff.companyID,
                                                               locationID: body.location_id) else { throw APIFailure.notFound }
            return JSONBody.success(GeneratedResponsePayload(response: ticket.generatedResponse))
        }

        router.post("/api/tickets/:id/macro") { (context: StaffContext) in
            let id = try companyTicket(context)
            let body = try context.body(MacroRunBody.self)
            let overrides = body.variable_overrides?.values ?? [:]
            guard let run = try context.store.runMacro(ticketID: id, company: context.staff.companyID, macroID: body.macro_id,
                                                       overrides: overrides, actor: context.staff.userID, now: context.now) else {
                throw APIFailure.notFound
            }
            return JSONBody.success(MacroRunPayload(run, macroID: body.macro_id, baseURL: context.baseURL))
        }

        router.get("/api/macros") { (context: StaffContext) in
            return JSONBody.success(try context.store.macros(company: context.staff.companyID).map { MacroPayload($0.macro, stages: $0.stages) })
        }

        router.get("/api/tickets/:id/attachments/:attachmentId") { (context: StaffContext) in
            guard let attachment = try context.store.attachment(id: try context.parameter("attachmentId"),
                                                                ticketID: try context.parameter("id"), company: context.staff.companyID)
            else { throw APIFailure.notFound }
            var headers = HTTPHeaders()
            headers.add("Content-Type", attachment.contentType)
            headers.add("Content-Disposition", "attachment; filename=\"\(attachment.filename.replacingOccurrences(of: "\"", with: ""))\"")
            return HTTPResponse(status: 200, headers: headers, body: AttachmentContent.bytes(for: attachment))
        }
    }
}

// MARK: - Request bodies

/// `PATCH /api/tickets/{id}`: at least one field; an unknown field is a 400. `null` clears, an
/// absent key leaves the field.
/*@RequestBody(component: "TicketChange", unknownKeys: .refused, atLeastOne: true)*/
struct TicketChangeBody {
    var status: TicketStatus?
    /// An active, unarchived staff user of the caller's company (else 400), or null. At most 64 characters.
    /*@Schema(.requestID)*/ var assigned_user_id: FieldUpdate<String>?
    /// A location of the caller's company (else 400), or null. At most 64 characters.
    /*@Schema(.requestID)*/ var location_id: FieldUpdate<String>?
}

/// `POST /api/tickets/{id}/reply`. Unknown keys are ignored.
/*@RequestBody(component: "TicketReply")*/
struct TicketReplyBody {
    /// Must say something once its tags are removed (`<p></p>` is no reply), else 400.
    /*@Schema(.string(maxLength: 100_000))*/ let html_body: String
    /// The plain-text part; absent, null or blank = derived from `html_body`.
    /*@Schema(.string(maxLength: 100_000))*/ /*@Nullable*/ var text_body: String?
    /// One of the company's addresses (`received_custom_email.id`), else 400; absent or null = the
    /// default choice (see the operation).
    /*@Nullable*/ var from_email_id: String?
}

/// `POST /api/tickets/{id}/note`. Unknown keys are ignored.
/*@RequestBody(component: "TicketNote")*/
struct TicketNoteBody {
    /// Not blank; at most 100,000 characters.
    /*@Schema(.string(maxLength: 100_000, notBlank: true))*/ let body: String
}

/// `POST /api/tickets/{id}/generate-response` (the body may be left out). Unknown keys are ignored.
/*@RequestBody(component: "GenerateResponseRequest")*/
struct GenerateResponseBody {
    /// Sign off as this location of the company (else 400); absent or null = the ticket's location,
    /// else its order's, else the company.
    /*@Nullable*/ var location_id: String?
}

/// `POST /api/tickets/{id}/macro`. Unknown keys are ignored.
/*@RequestBody(component: "MacroRunRequest")*/
struct MacroRunBody {
    /// An active macro of the caller's company, else 400.
    let macro_id: String
    /// Values that win over the ticket's; a name that is not a macro variable → 400 naming it
    /// (`variable_overrides.<name>`).
    /*@Nullable*/ var variable_overrides: MacroVariables?
}

/// The values a macro's `{{name}}` placeholders take (a value the ticket lacks is the empty
/// string); in a request, the ones that win over the ticket's.
/*@RequestBody(component: "MacroVariables", unknownKeys: .refused)*/
struct MacroVariables {
    var client_first_name: String?
    var client_name: String?
    var order_number: String?
    var device_name: String?
    var company_name: String?
    var location_name: String?
    var ticket_number: String?

    /// The variables given, by name.
    var values: [String: String] {
        let given: [String?] = [client_first_name, client_name, order_number, device_name, company_name, location_name,
                                ticket_number]
        return Dictionary(uniqueKeysWithValues: zip(Self.bodyKeys, given).compactMap { key, value in value.map { (key, $0) } })
    }
}
