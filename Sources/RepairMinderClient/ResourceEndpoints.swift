import Foundation

extension API {
    /// Enquiries: tickets, their actions (CONTRACT §6, seed 003 "Ticket Actions").
    public enum Tickets {
        /// `GET /api/tickets`. `assignedTo` is a user id or `"me"`; `awaitingReply` keeps the
        /// tickets whose last message is the customer's (or the others).
        public static func list(status: TicketStatus? = nil, ticketType: TicketType? = nil, assignedTo: String? = nil,
                                search: String? = nil, awaitingReply: Bool? = nil,
                                page: Int = 1, limit: Int = 20) -> Endpoint<[TicketListItem]> {
            var query = pageQuery(page, limit)
            query.append(optional: "status", status?.rawValue)
            query.append(optional: "ticket_type", ticketType?.rawValue)
            query.append(optional: "assigned_to", assignedTo)
            query.append(optional: "search", search)
            query.append(optional: "awaiting_reply", awaitingReply.map { $0 ? "true" : "false" })
            return Endpoint(.get, "/api/tickets", query: query, credential: .staff)
        }

        /// `GET /api/tickets/:id`.
        public static func detail(id: String) -> Endpoint<TicketDetail> {
            Endpoint(.get, "/api/tickets/\(pathComponent(id))", credential: .staff)
        }

        /// `PATCH /api/tickets/:id` (status, assignment, location).
        public static func update(id: String, _ changes: TicketChanges) -> Endpoint<TicketDetail> {
            Endpoint(.patch, "/api/tickets/\(pathComponent(id))", body: changes, credential: .staff)
        }

        /// `POST /api/tickets/:id/reply {html_body, text_body?, from_email_id?}`: a public reply,
        /// mailed to the client. Answers the ticket with the new outbound message.
        public static func reply(id: String, html: String, text: String? = nil,
                                 fromEmailID: String? = nil) -> Endpoint<TicketDetail> {
            Endpoint(.post, "/api/tickets/\(pathComponent(id))/reply",
                     body: TicketReply(htmlBody: html, textBody: text, fromEmailID: fromEmailID), credential: .staff)
        }

        /// `POST /api/tickets/:id/note {body}`: an internal note (never shown to the customer).
        public static func note(id: String, body: String) -> Endpoint<TicketDetail> {
            Endpoint(.post, "/api/tickets/\(pathComponent(id))/note", body: TicketNote(body: body), credential: .staff)
        }

        /// `POST /api/tickets/:id/generate-response {location_id?}` → a reply draft.
        public static func generateResponse(id: String, locationID: String? = nil) -> Endpoint<GeneratedResponse> {
            Endpoint(.post, "/api/tickets/\(pathComponent(id))/generate-response",
                     body: GenerateResponseRequest(locationID: locationID), credential: .staff)
        }

        /// `GET /api/tickets/:id/attachments/:attachmentId`: the attachment's bytes (what its
        /// `download_url` serves; the staff token is presented and refreshed as for any call).
        public static func attachment(ticketID: String, attachmentID: String) -> Endpoint<BinaryBody> {
            Endpoint(.get, "/api/tickets/\(pathComponent(ticketID))/attachments/\(pathComponent(attachmentID))",
                     credential: .staff)
        }

        /// `POST /api/tickets/:id/macro {macro_id, variable_overrides?}`: sends the macro's first
        /// stage now and schedules the rest.
        public static func runMacro(id: String, macroID: String,
                                    variableOverrides: MacroVariables? = nil) -> Endpoint<MacroRun> {
            Endpoint(.post, "/api/tickets/\(pathComponent(id))/macro",
                     body: MacroRunRequest(macroID: macroID, variableOverrides: variableOverrides), credential: .staff)
        }
    }

    /// Workflows (macros) the ticket view can run.
    public enum Macros {
        /// `GET /api/macros`: every macro of the company, active or not, with its stages.
        public static func list() -> Endpoint<[Macro]> {
            Endpoint(.get, "/api/macros", credential: .staff)
        }
    }

    /// Clients (CONTRACT §6).
    public enum Clients {
        /// `GET /api/clients`; `search` matches the name, email or phone.
        public static func list(search: String? = nil, page: Int = 1, limit: Int = 20) -> Endpoint<[ClientListItem]> {
            var query = pageQuery(page, limit)
            query.append(optional: "search", search)
            return Endpoint(.get, "/api/clients", query: query, credential: .staff)
        }

        /// `GET /api/clients/search?q=`: at most 20 matches, no pagination.
        public static func search(_ q: String) -> Endpoint<[ClientListItem]> {
            Endpoint(.get, "/api/clients/search", query: [QueryItem("q", q)], credential: .staff)
        }

        /// `GET /api/clients/:id`.
        public static func detail(id: String) -> Endpoint<ClientDetail> {
            Endpoint(.get, "/api/clients/\(pathComponent(id))", credential: .staff)
        }
    }

    /// The staff home screen (CONTRACT §6, decided shapes).
    public enum Dashboard {
        /// `GET /api/dashboard/stats?period=` (the server's default is `today`).
        public static func stats(period: DashboardPeriod = .today) -> Endpoint<DashboardStats> {
            Endpoint(.get, "/api/dashboard/stats", query: [QueryItem("period", period.rawValue)], credential: .staff)
        }

        /// `GET /api/dashboard/enquiry-stats`.
        public static func enquiryStats() -> Endpoint<EnquiryStats> {
            Endpoint(.get, "/api/dashboard/enquiry-stats", credential: .staff)
        }

        /// `GET /api/header-counts`: the Devices, Orders and Enquiries tabs' badges (seed 000's
        /// `.headerCounts()`, when the staff tabs appear).
        public static func headerCounts() -> Endpoint<HeaderCounts> {
            Endpoint(.get, "/api/header-counts", credential: .staff)
        }
    }

    /// The customer portal: the signed-in client's orders at the token's company (CONTRACT §6).
    public enum Customer {
        /// `GET /api/customer/orders`.
        public static func orders(page: Int = 1, limit: Int = 20) -> Endpoint<[CustomerOrderListItem]> {
            Endpoint(.get, "/api/customer/orders", query: pageQuery(page, limit), credential: .customer)
        }

        /// `GET /api/customer/orders/:id`.
        public static func order(id: String) -> Endpoint<CustomerOrderDetail> {
            Endpoint(.get, "/api/customer/orders/\(pathComponent(id))", credential: .customer)
        }

        /// `POST /api/customer/orders/:id/approve {signature: {typed_name, terms_agreed}}`: the
        /// devices awaiting authorisation move on. `termsAgreed` must be true (400 otherwise);
        /// nothing awaiting authorisation → 400.
        public static func approve(orderID: String, typedName: String,
                                   termsAgreed: Bool = true) -> Endpoint<CustomerOrderDetail> {
            Endpoint(.post, "/api/customer/orders/\(pathComponent(orderID))/approve",
                     body: QuoteApproval(signature: .init(typedName: typedName, termsAgreed: termsAgreed)),
                     credential: .customer)
        }

        /// `POST /api/customer/orders/:id/reject {reason?}`: the devices awaiting authorisation
        /// move to `rejected`.
        public static func reject(orderID: String, reason: String? = nil) -> Endpoint<CustomerOrderDetail> {
            Endpoint(.post, "/api/customer/orders/\(pathComponent(orderID))/reject",
                     body: QuoteRejection(reason: reason), credential: .customer)
        }

        /// `POST /api/customer/orders/:id/messages {body}` → the new message (201).
        public static func sendMessage(orderID: String, body: String) -> Endpoint<CustomerMessage> {
            Endpoint(.post, "/api/customer/orders/\(pathComponent(orderID))/messages",
                     body: CustomerMessageRequest(body: body), credential: .customer)
        }
    }
}

extension API {
    /// The staff account endpoints that stay open in quarantine (CONTRACT §5).
    public enum Account {
        /// `GET /api/companies/:id` (own company only; another id is 404).
        public static func company(id: String) -> Endpoint<StaffCompany> {
            Endpoint(.get, "/api/companies/\(pathComponent(id))", credential: .staff)
        }
        /// `GET /api/company-locations`.
        public static func locations() -> Endpoint<[CompanyLocation]> {
            Endpoint(.get, "/api/company-locations", credential: .staff)
        }
        /// `GET /api/company-locations/:id`.
        public static func location(id: String) -> Endpoint<CompanyLocation> {
            Endpoint(.get, "/api/company-locations/\(pathComponent(id))", credential: .staff)
        }
        /// `GET /api/users/me`.
        public static func profile() -> Endpoint<StaffProfile> {
            Endpoint(.get, "/api/users/me", credential: .staff)
        }
        /// `PATCH /api/users/me`.
        public static func updateProfile(_ changes: ProfileChanges) -> Endpoint<StaffProfile> {
            Endpoint(.patch, "/api/users/me", body: changes, credential: .staff)
        }
        /// `GET /api/users/me/avatar`.
        public static func avatar() -> Endpoint<Avatar> {
            Endpoint(.get, "/api/users/me/avatar", credential: .staff)
        }
        /// `GET /api/subscription/features`.
        public static func subscriptionFeatures() -> Endpoint<SubscriptionFeatures> {
            Endpoint(.get, "/api/subscription/features", credential: .staff)
        }
    }

    /// Push preferences of the signed-in staff member or customer (CONTRACT §7).
    public enum PushSettings {
        /// `GET /api/user/push-preferences`.
        public static func get(role: AppRole) -> Endpoint<PushPreferences> {
            Endpoint(.get, "/api/user/push-preferences", credential: role.credential)
        }
        /// `PUT /api/user/push-preferences` with the switches to change.
        public static func update(_ changes: PushPreferenceChanges, role: AppRole) -> Endpoint<PushPreferences> {
            Endpoint(.put, "/api/user/push-preferences", body: changes, credential: role.credential)
        }
    }
}
