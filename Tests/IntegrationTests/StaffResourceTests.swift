import Foundation
import RepairMinderMockControl
import Testing
import RepairMinderClient
import MockTestSupport

/// The staff app's screens (seed 003) through the typed client, against the real mock. Every
/// client here decodes strictly: a key no model reads, or an unknown enum value, fails the call.
@Suite("Staff screens through the typed client")
@MainActor
struct StaffResourceTests {
    // MARK: Dashboard

    @Test(arguments: DashboardPeriod.knownCases)
    func dashboardDecodesForEachPeriodAndAgreesWithTheLists(period: DashboardPeriod) async throws {
        try await withMock(.live) { mock in
            // Frozen, so that the window's end is exactly the clock's now however long signing in takes
            // on a busy machine (a running clock gave a window of up to 60 s, which a loaded run outlasted).
            _ = try await mock.control.freezeClock(at: MockSeed.referenceNow)
            let staff = try await mock.signedInStaff()
            let stats = try await staff.send(API.Dashboard.stats(period: period))
            #expect(stats.period == period)
            // The window ends at the mock clock's now.
            #expect(stats.to.date == MockSeed.referenceNow, "\(stats.to)")
            let start = ["today": "2026-11-21", "week": "2026-11-16", "month": "2026-11-01", "year": "2026-01-01"]
            #expect(stats.from.rawValue == "\(start[period.rawValue]!)T00:00:00Z")
            #expect(stats.devices.byStatus.entries.map(\.key) == DeviceStatus.knownCases, "every status, in workflow order")
            #expect(stats.devices.byStatus.total == stats.devices.total)

            let devices = try await staff.page(API.Devices.list(limit: 1))
            #expect(stats.devices.total == devices.pagination.total)
            for status in [DeviceStatus.repairing, .awaitingAuthorisation, .collected] {
                let listed = try await staff.page(API.Devices.list(statuses: [status], limit: 1))
                #expect(stats.devices.byStatus[status] == listed.pagination.total, "\(status)")
            }
            #expect(stats.workInProgress.awaitingAuthorisation
                    == stats.devices.byStatus[.awaitingAuthorisation] + stats.devices.byStatus[.awaitingRevisedQuote])
            #expect(stats.revenue.outstanding >= .zero)
            #expect(stats.orders.created >= 0 && stats.orders.collected >= 0)

            let enquiries = try await staff.send(API.Dashboard.enquiryStats())
            let tickets = try await staff.page(API.Tickets.list(limit: 1))
            #expect(enquiries.total == tickets.pagination.total)
            #expect(enquiries.byStatus.total == enquiries.total)
            #expect(enquiries.byType.total == enquiries.total)
            let open = try await staff.page(API.Tickets.list(status: .open, limit: 1))
            #expect(enquiries.byStatus[.open] == open.pagination.total)
            let awaiting = try await staff.page(API.Tickets.list(awaitingReply: true, limit: 1))
            #expect(enquiries.awaitingReply == awaiting.pagination.total)
        }
    }

    /// Seed 000's `refreshHeaderCounts()`: the badges, each the total of the list it summarises, and
    /// they move when a payment or an order arrives through the backend's own events.
    @Test func headerCountsAreTheTotalsOfTheListsTheyBadge() async throws {
        try await withMock(.live) { mock in
            let staff = try await mock.signedInStaff()
            let counts = try await staff.send(API.Dashboard.headerCounts())
            let queue = try await staff.page(API.Devices.myQueue(limit: 1))
            let open = try await staff.page(API.Orders.list(statuses: [.awaitingDevice, .received, .inProgress,
                                                                       .awaitingAuthorisation, .readyForCollection], limit: 1))
            let awaiting = try await staff.page(API.Tickets.list(awaitingReply: true, limit: 1))
            #expect(counts == HeaderCounts(devices: queue.pagination.total, orders: open.pagination.total,
                                           enquiries: awaiting.pagination.total))
            #expect(counts == HeaderCounts(devices: 6, orders: 26, enquiries: 1))

            _ = try await mock.control.createOrder(companyID: MockSeed.Company.acme, clientID: MockSeed.Customer.jane.id,
                                                   devices: [.init(brand: "Apple", model: "iPhone 15")])
            #expect(try await staff.send(API.Dashboard.headerCounts()).orders == 27)
        }
    }

    @Test func dashboardMovesWithADeviceMove() async throws {
        try await withMock(.live) { mock in
            let staff = try await mock.signedInStaff()
            let before = try await staff.send(API.Dashboard.stats(period: .week))
            _ = try await staff.moveDevice(SeedIDs.device(14), to: .repairedReady)
            let after = try await staff.send(API.Dashboard.stats(period: .week))
            #expect(after.devices.byStatus[.repairedQC] == before.devices.byStatus[.repairedQC] - 1)
            #expect(after.devices.byStatus[.repairedReady] == before.devices.byStatus[.repairedReady] + 1)
            #expect(after.workInProgress.readyForCollection == before.workInProgress.readyForCollection + 1)
        }
    }

    // MARK: My Queue

    @Test func myQueueListsTheCallersDevicesThatStillNeedWork() async throws {
        try await withMock(.live) { mock in
            let staff = try await mock.signedInStaff()
            let queue = try await staff.myQueue()
            #expect(!queue.isEmpty)
            for device in queue {
                #expect(device.assignedEngineer?.id == MockSeed.Staff.admin.id)
                #expect(!device.status.isFinal)
                #expect(device.statusLabel == device.status.displayName)
            }
            let mine = try await staff.allPages(API.Devices.list(assignedTo: "me"))
            #expect(Set(queue.map(\.id)).isSubset(of: Set(mine.map(\.id))))

            let active = try await staff.allPages(API.Devices.myActiveWork())
            #expect(Set(active.map(\.id)).isSubset(of: Set(queue.map(\.id))))
            #expect(active.contains { $0.id == SeedIDs.device(3) }, "Sam's MacBook is on Alice's bench (repairing)")

            // Another engineer's queue is theirs.
            let tara = try await mock.signedInStaff(email: MockSeed.Staff.totp.email)
            let theirs = try await tara.myQueue()
            #expect(theirs.allSatisfy { $0.assignedEngineer?.id == MockSeed.Staff.totp.id })
            #expect(Set(theirs.map(\.id)).isDisjoint(with: Set(queue.map(\.id))))
        }
    }

    // MARK: Device detail and the workflow

    @Test func deviceDetailThenLegalMoveThenTheOrdersNewStatus() async throws {
        try await withMock(.live) { mock in
            let staff = try await mock.signedInStaff()
            let device = try await staff.send(API.Orders.device(orderID: SeedIDs.order(13), deviceID: SeedIDs.device(14)))
            #expect(device.status == .repairedQC)
            #expect(device.statusLabel == "Repaired - QC")
            #expect(device.availableTransitions.map(\.status) == [.repairedReady])
            #expect(device.availableTransitions.map(\.label) == ["Repaired - Ready"])
            #expect(device.canMove(to: .repairedReady))
            #expect(device.timestamps.readyAt == nil)
            let order = try await staff.send(API.Orders.detail(id: device.orderID))
            #expect(order.status == .inProgress)

            let move = try await staff.moveDevice(device.id, to: .repairedReady)
            #expect(move.device.status == .repairedReady)
            #expect(move.device.timestamps.readyAt != nil)
            #expect(move.device.availableTransitions.map(\.status) == [.collected, .despatched])
            #expect(move.order.id == SeedIDs.order(13))
            #expect(move.order.status == .readyForCollection)
            #expect(move.order.devices.first { $0.id == device.id }?.status == .repairedReady)

            let ready = try await staff.allPages(API.Orders.list(status: .readyForCollection))
            #expect(ready.contains { $0.id == SeedIDs.order(13) })

            // Same detail through /api/devices/:id.
            let again = try await staff.send(API.Devices.detail(id: device.id))
            #expect(again == move.device)
        }
    }

    @Test func illegalMoveIsATypedErrorNamingTheAllowedStatusesAndChangesNothing() async throws {
        try await withMock(.live) { mock in
            let staff = try await mock.signedInStaff()
            let error = await typedError { _ = try await staff.moveDevice(SeedIDs.device(3), to: .collected) }
            #expect(error == .illegalTransition(from: .repairing, to: .collected,
                                                allowed: [.repairedQC, .awaitingRevisedQuote]))
            #expect(staff.lastError == error)
            #expect(staff.isAuthenticated)
            let device = try await staff.send(API.Devices.detail(id: SeedIDs.device(3)))
            #expect(device.status == .repairing)

            let final = await typedError { _ = try await staff.send(API.Devices.move(id: SeedIDs.device(2), to: .repairing)) }
            #expect(final == .illegalTransition(from: .collected, to: .repairing, allowed: []))
        }
    }

    @Test func deviceChangesOtherThanStatus() async throws {
        try await withMock(.live) { mock in
            let staff = try await mock.signedInStaff()
            let assigned = try await staff.send(API.Devices.assign(id: SeedIDs.device(4), engineerID: MockSeed.Staff.engineer.id))
            #expect(assigned.assignedEngineer?.id == MockSeed.Staff.engineer.id)
            let changed = try await staff.send(API.Devices.update(id: SeedIDs.device(4), DeviceChanges(
                priority: .urgent, diagnosisNotes: .set("Cracked screen confirmed"), technicianNotes: .clear)))
            #expect(changed.priority == .urgent)
            #expect(changed.diagnosisNotes == "Cracked screen confirmed")
            #expect(changed.technicianNotes == nil)
            let unassigned = try await staff.send(API.Devices.assign(id: SeedIDs.device(4), engineerID: nil))
            #expect(unassigned.assignedEngineer == nil)
        }
    }

    // MARK: Scanner

    @Test func scannerLooksUpThenLoadsTheDevice() async throws {
        try await withMock(.live) { mock in
            let staff = try await mock.signedInStaff()
            let bySerial = try await staff.scan("SNA0207336")
            #expect(bySerial.id == SeedIDs.device(3))
            #expect(bySerial.orderID == SeedIDs.order(3))
            #expect(bySerial.brandName == "Apple")
            let byIMEI = try await staff.scan("350000000000000")
            #expect(byIMEI.id == SeedIDs.device(1))
            let byId = try await staff.scan(SeedIDs.device(14))
            #expect(byId.id == SeedIDs.device(14))
            let byOrderNumber = try await staff.scan("10003")
            #expect(byOrderNumber.id == SeedIDs.device(3))
            let lookup = try await staff.send(API.Devices.lookup(code: "SNA0207336"))
            #expect(lookup.deviceID == SeedIDs.device(3))
            #expect(lookup.orderID == SeedIDs.order(3))

            let unknown = await typedError { _ = try await staff.scan("NOT-A-CODE") }
            guard case .notFound = unknown else {
                Issue.record("expected notFound, got \(String(describing: unknown))")
                return
            }
        }
    }

    // MARK: Orders

    @Test func orderListWithFiltersAndEveryPageWalked() async throws {
        try await withMock(.live) { mock in
            let staff = try await mock.signedInStaff()
            let first = try await staff.page(API.Orders.list(limit: 5))
            #expect(first.items.count == 5)
            #expect(first.pagination.totalPages == (first.pagination.total + 4) / 5)

            let all = try await staff.allPages(API.Orders.list(), limit: 5)
            #expect(all.count == first.pagination.total)
            #expect(Set(all.map(\.id)).count == all.count, "no order twice across pages")

            var pages: [Page<OrderListItem>] = []
            for try await page in staff.client.pages(API.Orders.list(limit: 5)) { pages.append(page) }
            #expect(pages.count == first.pagination.totalPages)
            #expect(pages.map(\.pagination.page) == Array(1...first.pagination.totalPages))
            #expect(pages.flatMap(\.items).map(\.id) == all.map(\.id))

            let awaiting = try await staff.allPages(API.Orders.list(status: .awaitingAuthorisation), limit: 2)
            #expect(!awaiting.isEmpty)
            #expect(awaiting.allSatisfy { $0.status == .awaitingAuthorisation })
            #expect(awaiting.count == all.filter { $0.status == .awaitingAuthorisation }.count)

            let jane = try await staff.allPages(API.Orders.list(search: "jane@customer.test"))
            #expect(Set(jane.map(\.orderNumber)) == [10001, 10002])
            let byNumber = try await staff.allPages(API.Orders.list(search: "10003"))
            #expect(byNumber.map(\.orderNumber) == [10003])

            let mine = try await staff.allPages(API.Orders.list(assignedTo: "me"))
            #expect(!mine.isEmpty && mine.allSatisfy { $0.assignedUser?.id == MockSeed.Staff.admin.id })
            let leeds = try await staff.allPages(API.Orders.list(locationID: SeedIDs.location(2)))
            #expect(!leeds.isEmpty && leeds.allSatisfy { $0.location?.id == SeedIDs.location(2) })

            for item in all {
                #expect(item.deviceCount == item.devices.count)
                #expect(item.balanceDue <= item.grandTotal || item.grandTotal.isNegative)
            }
            // A bad filter value is the server's 400, typed.
            let bad = await typedError { _ = try await staff.send(API.Orders.list(status: .unknown("lost"))) }
            #expect(bad == .validation(message: "Invalid query parameter: status"))
        }
    }

    @Test func orderDetailHasEverySection() async throws {
        try await withMock(.live) { mock in
            let staff = try await mock.signedInStaff()
            let order = try await staff.send(API.Orders.detail(id: SeedIDs.order(1)))
            #expect(order.orderNumber == 10001)
            #expect(order.status == .awaitingAuthorisation)
            #expect(order.client.email == MockSeed.Customer.jane.email)
            #expect(order.client.emailSuppressed == false)
            #expect(order.location?.name == "Acme Repairs Manchester")
            #expect(order.assignedUser?.id == MockSeed.Staff.admin.id)
            #expect(order.devices.map(\.status) == [.awaitingAuthorisation])
            #expect(order.devices[0].authorizationStatus == .pending)
            #expect(order.items.count == 2)
            #expect(order.payments.contains { $0.isDeposit })
            #expect(order.signatures.count == 1)
            #expect(order.signatures[0].termsAgreed)
            let ticket = try #require(order.ticket)
            #expect(ticket.ticketNumber == 1001)
            #expect(Set(ticket.messages.map(\.type)) == [.outbound, .inbound, .internalNote, .outboundSMS])
            #expect(order.dates.quoteSentAt != nil)

            // Totals add up, to the penny.
            let t = order.totals
            #expect(t.grandTotal == t.subtotal + t.vatTotal)
            #expect(t.balanceDue == t.grandTotal - t.amountPaid)
            #expect(order.items.reduce(Money.zero) { $0 + $1.lineTotalIncVAT } == t.grandTotal)
            #expect(order.items.reduce(Money.zero) { $0 + $1.lineTotal } == t.subtotal)
            #expect(order.payments.reduce(Money.zero) { $0 + $1.amount - $1.refundedAmount } == t.amountPaid)
            #expect(order.paymentStatus == .partiallyPaid)
            #expect(order.items.allSatisfy { $0.vatRate == Percentage("20.00") })

            let unknown = await typedError { _ = try await staff.send(API.Orders.detail(id: "00000005-0000-4000-8000-00000000b001")) }
            #expect(unknown == .notFound(message: "Not found"), "another company's order is a 404")
        }
    }

    @Test func orderPatchChangesNotesAndRefusesNothingElse() async throws {
        try await withMock(.live) { mock in
            let staff = try await mock.signedInStaff()
            let updated = try await staff.send(API.Orders.update(id: SeedIDs.order(4), OrderChanges(
                notes: .set("Customer will collect on Friday"), assignedUserID: .clear, intakeMethod: .mailIn)))
            #expect(updated.notes == "Customer will collect on Friday")
            #expect(updated.assignedUser == nil)
            #expect(updated.intakeMethod == .mailIn)
            let cleared = try await staff.send(API.Orders.update(id: SeedIDs.order(4), OrderChanges(notes: .clear)))
            #expect(cleared.notes == nil)
            #expect(cleared.intakeMethod == .mailIn)
        }
    }

    // MARK: Clients

    @Test func clientsSearchAndDetail() async throws {
        try await withMock(.live) { mock in
            let staff = try await mock.signedInStaff()
            let all = try await staff.allPages(API.Clients.list(), limit: 3)
            let first = try await staff.page(API.Clients.list(limit: 3))
            #expect(all.count == first.pagination.total)
            #expect(all.contains { $0.isGeneratedEmail }, "the walk-in client")

            let found = try await staff.send(API.Clients.search("jane"))
            #expect(found.map(\.email) == [MockSeed.Customer.jane.email])
            let byPhone = try await staff.send(API.Clients.search("900101"))
            #expect(byPhone.map(\.id) == [MockSeed.Customer.jane.id])
            let listed = try await staff.allPages(API.Clients.list(search: "Doe"))
            #expect(listed.map(\.id) == [MockSeed.Customer.jane.id])

            let jane = try await staff.send(API.Clients.detail(id: MockSeed.Customer.jane.id))
            #expect(jane.name == "Jane Doe")
            #expect(jane.orders.map(\.orderNumber) == [10001, 10002])
            #expect(jane.orders.count == found[0].orderCount)
            #expect(jane.orders[0].status == .awaitingAuthorisation)
            let order = try await staff.send(API.Orders.detail(id: jane.orders[0].id))
            #expect(order.totals.grandTotal == jane.orders[0].grandTotal)

            // Sam is a client of Acme and Beta: Acme sees only its orders of his.
            let sam = try await staff.send(API.Clients.detail(id: MockSeed.Customer.sam.id))
            #expect(sam.orders.allSatisfy { $0.orderNumber < 20000 })

            let empty = await typedError { _ = try await staff.send(API.Clients.search("  ")) }
            #expect(empty == .validation(message: "Invalid query parameter: q"))
        }
    }

    /// A `+` in a search: the backend reads a query as `URLSearchParams` does (`+` is a space), so
    /// the client must send `%2B`. An app that builds the query with `URLComponents.queryItems`
    /// alone sends `+` and finds nothing — here as in production.
    @Test func aPlusSignInASearchReachesTheMockAsAPlusSign() async throws {
        try await withMock(.live) { mock in
            var fixtures = MockFixtures()
            let plus = fixtures.addClient(email: "jane+repairs@customer.test", firstName: "Jane", lastName: "Plus",
                                          companyID: MockSeed.Company.acme)
            try await mock.control.addFixtures(fixtures)
            let staff = try await mock.signedInStaff()
            #expect(try await staff.send(API.Clients.search("jane+repairs")).map(\.id) == [plus.id])
            #expect(try await staff.allPages(API.Clients.list(search: "jane+repairs@")).map(\.id) == [plus.id])

            // The app-side mistake, made on purpose: the query as `queryItems` writes it.
            var components = URLComponents(string: mock.baseURL.absoluteString + "/api/clients/search")!
            components.queryItems = [URLQueryItem(name: "q", value: "jane+repairs")]
            #expect(components.percentEncodedQuery == "q=jane+repairs")
            let token = try await mock.control.createSession(email: MockSeed.Staff.admin.email).token
            let naive = try await mock.raw("GET", "/api/clients/search?" + components.percentEncodedQuery!, bearer: token)
            #expect(naive.status == 200)
            #expect((naive.object["data"] as? [Any])?.isEmpty == true, "searched for \"jane repairs\"")
        }
    }

    // MARK: Enquiries

    @Test func ticketReplyAndNoteThenTheDetail() async throws {
        try await withMock(.live) { mock in
            let staff = try await mock.signedInStaff()
            let before = try await staff.send(API.Tickets.detail(id: SeedIDs.ticket(1)))
            #expect(before.ticketNumber == 1001)
            #expect(before.client?.email == MockSeed.Customer.jane.email)
            #expect(before.messages.contains { !$0.events.isEmpty }, "delivery events on messages")

            let replied = try await staff.send(API.Tickets.reply(id: SeedIDs.ticket(1), html: "<p>Yes, it is included.</p>",
                                                                 text: "Yes, it is included."))
            let reply = try #require(replied.messages.last)
            #expect(reply.type == .outbound)
            #expect(reply.bodyHtml == "<p>Yes, it is included.</p>")
            #expect(reply.bodyText == "Yes, it is included.")
            #expect(reply.createdBy?.id == MockSeed.Staff.admin.id)
            #expect(reply.toEmail == MockSeed.Customer.jane.email)

            let noted = try await staff.send(API.Tickets.note(id: SeedIDs.ticket(1), body: "Customer called, happy to wait."))
            let note = try #require(noted.messages.last)
            #expect(note.type == .internalNote)
            #expect(note.bodyText == "Customer called, happy to wait.")

            let detail = try await staff.send(API.Tickets.detail(id: SeedIDs.ticket(1)))
            #expect(detail.messages.count == before.messages.count + 2)
            #expect(detail.messages.suffix(2).map(\.id) == [reply.id, note.id])
            #expect(detail == noted)

            // The reply is in the order view's conversation too, the note as a note.
            let order = try await staff.send(API.Orders.detail(id: SeedIDs.order(1)))
            #expect(order.ticket?.messages.suffix(2).map(\.type) == [.outbound, .internalNote])

            let blank = await typedError { _ = try await staff.send(API.Tickets.note(id: SeedIDs.ticket(1), body: " ")) }
            #expect(blank == .validation(message: "Invalid or missing field: body"))
        }
    }

    @Test func ticketListFiltersAndStatusChange() async throws {
        try await withMock(.live) { mock in
            let staff = try await mock.signedInStaff()
            let all = try await staff.allPages(API.Tickets.list(), limit: 2)
            let total = try await staff.page(API.Tickets.list()).pagination.total
            #expect(all.count == total)
            #expect(all.contains { $0.client == nil }, "a lead without a known client")
            let leads = try await staff.allPages(API.Tickets.list(ticketType: .lead))
            #expect(!leads.isEmpty && leads.allSatisfy { $0.ticketType == .lead })
            let searched = try await staff.allPages(API.Tickets.list(search: "1001"))
            #expect(searched.map(\.ticketNumber).contains(1001))

            let changed = try await staff.send(API.Tickets.update(id: SeedIDs.ticket(3), TicketChanges(
                status: .pending, assignedUserID: .set(MockSeed.Staff.engineer.id))))
            #expect(changed.status == .pending)
            #expect(changed.assignedUser?.id == MockSeed.Staff.engineer.id)
            #expect(changed.events.count > 0, "status change and assignment are ticket events")
        }
    }

    @Test func ticketAttachmentDownloads() async throws {
        try await withMock(.live) { mock in
            let staff = try await mock.signedInStaff()
            let ticket = try await staff.send(API.Tickets.detail(id: SeedIDs.ticket(2)))
            let attachment = try #require(ticket.messages.flatMap(\.attachments).first)
            #expect(attachment.downloadURL.hasSuffix("/api/tickets/\(ticket.id)/attachments/\(attachment.id)"))
            let file = try await staff.send(API.Tickets.attachment(ticketID: ticket.id, attachmentID: attachment.id))
            #expect(file.data.count == attachment.sizeBytes)
            #expect(file.contentType == attachment.contentType)
            #expect(file.filename == attachment.filename)
            #expect(file.data.prefix(5) == Data("%PDF-".utf8))
            let missing = await typedError {
                _ = try await staff.send(API.Tickets.attachment(ticketID: SeedIDs.ticket(1), attachmentID: attachment.id))
            }
            #expect(missing == .notFound(message: "Not found"), "an attachment of another ticket")
        }
    }

    @Test func generateResponseDraftsAReplyFromTheTicket() async throws {
        try await withMock(.live) { mock in
            let staff = try await mock.signedInStaff()
            let draft = try await staff.send(API.Tickets.generateResponse(id: SeedIDs.ticket(1)))
            #expect(draft.response.hasPrefix("Hi Jane,"))
            #expect(draft.response.contains("#10001"))
            let leeds = try await staff.send(API.Tickets.generateResponse(id: SeedIDs.ticket(1), locationID: SeedIDs.location(2)))
            #expect(leeds.response.hasSuffix("Acme Repairs Leeds"))
            // Generating sends nothing.
            let detail = try await staff.send(API.Tickets.detail(id: SeedIDs.ticket(1)))
            #expect(detail.messages.count == 4)
        }
    }

    @Test func macroSendsItsFirstStageAndSchedulesTheRest() async throws {
        try await withMock(.live) { mock in
            let staff = try await mock.signedInStaff()
            let macros = try await staff.send(API.Macros.list())
            let followUp = try #require(macros.first { $0.id == SeedIDs.macro(1) })
            #expect(followUp.isActive)
            #expect(followUp.stages.map(\.position) == followUp.stages.map(\.position).sorted())
            #expect(macros.contains { !$0.isActive })

            let run = try await staff.send(API.Tickets.runMacro(id: SeedIDs.ticket(1), macroID: followUp.id,
                                                                variableOverrides: MacroVariables(clientFirstName: "Janet")))
            #expect(run.macroID == followUp.id)
            #expect(run.sent.type == .outbound)
            #expect(run.sent.bodyText.contains("Janet"))
            #expect(!run.sent.bodyText.contains("{{"))
            #expect(run.scheduled.count == followUp.stages.count - 1)
            #expect(run.scheduled.allSatisfy { $0.scheduledFor > run.sent.createdAt })
            #expect(run.ticket.messages.last?.id == run.sent.id)

            let inactive = try #require(macros.first { !$0.isActive })
            let refused = await typedError {
                _ = try await staff.send(API.Tickets.runMacro(id: SeedIDs.ticket(1), macroID: inactive.id))
            }
            #expect(refused == .validation(message: "Macro is inactive: Old holiday notice"))
            // A name that is not a variable: MacroVariables cannot spell one, so the body is sent by hand.
            struct UnknownVariable: Encodable, Sendable {
                let macro_id: String
                let variable_overrides = ["nope": "x"]
            }
            let badVariable = await typedError {
                _ = try await staff.send(Endpoint<MacroRun>(.post, "/api/tickets/\(SeedIDs.ticket(1))/macro",
                                                            body: UnknownVariable(macro_id: followUp.id), credential: .staff))
            }
            #expect(badVariable == .validation(message: "Invalid or missing field: variable_overrides.nope"))
        }
    }

    // MARK: Account (the quarantine allow-list) and push preferences

    @Test func accountEndpointsDecode() async throws {
        try await withMock(.live) { mock in
            let staff = try await mock.signedInStaff()
            let profile = try await staff.send(API.Account.profile())
            #expect(profile.id == MockSeed.Staff.admin.id)
            #expect(profile.isActive)
            let renamed = try await staff.send(API.Account.updateProfile(ProfileChanges(jobTitle: .set("Shop manager"))))
            #expect(renamed.jobTitle == "Shop manager")
            let company = try await staff.send(API.Account.company(id: MockSeed.Company.acme))
            #expect(company.name == "Acme Repairs")
            let locations = try await staff.send(API.Account.locations())
            #expect(locations.first?.isPrimary == true)
            let location = try await staff.send(API.Account.location(id: locations[0].id))
            #expect(location == locations[0])
            _ = try await staff.send(API.Account.avatar())
            let features = try await staff.send(API.Account.subscriptionFeatures())
            #expect(features.status == "active")
            let preferences = try await staff.send(API.PushSettings.get(role: .staff))
            #expect(preferences.pushEnabled)
            let quieter = try await staff.send(API.PushSettings.update(PushPreferenceChanges(marketing: false), role: .staff))
            #expect(quieter.marketing == false)
        }
    }

    // MARK: Failures on resource routes

    /// Seed 002's one answer for both statuses; `quarantine-codes` tells a suspended company apart.
    @Test(arguments: [("suspended", nil, QuarantineCode.pendingApproval), ("suspended", "quarantine-codes", .suspended),
                      ("pending_approval", nil, .pendingApproval)])
    func quarantineOnAResourceRouteIsTheTypedQuarantineError(status: String, vary: String?, code: QuarantineCode) async throws {
        try await withMock(.live, { $0.vary = vary }) { mock in
            let staff = try await mock.signedInStaff()
            _ = try await staff.myQueue()
            try await mock.setCompanyStatus(MockSeed.Company.acme, status)
            for error in [
                await typedError { _ = try await staff.allPages(API.Orders.list()) },
                await typedError { _ = try await staff.myQueue() },
                await typedError { _ = try await staff.scan("SNA0207336") },
                await typedError { _ = try await staff.send(API.Dashboard.stats()) },
                await typedError { _ = try await staff.send(API.Tickets.detail(id: SeedIDs.ticket(1))) },
                await typedError { _ = try await staff.send(API.Clients.search("jane")) },
            ] {
                guard case .quarantined(code, _) = error else {
                    Issue.record("expected quarantined(\(code)), got \(String(describing: error))")
                    continue
                }
            }
            #expect(staff.isAuthenticated, "quarantine does not end the session")
            let profile = try await staff.send(API.Account.profile())
            #expect(profile.companyStatus.isQuarantined)
            let features = try await staff.send(API.Account.subscriptionFeatures())
            #expect(features.features.isEmpty)
        }
    }

    @Test func aFourOhOneMidListRefreshesOnceAndTheWalkResumes() async throws {
        try await withMock(.live) { mock in
            // After the second page has been answered, the mock's clock jumps past the access
            // token's 15 minutes: the third page is answered 401.
            let hook = HookTransport { request, _, count in
                if request.url.path == "/api/orders", count == 2 { try await mock.advanceClock(seconds: 901) }
            }
            let staff = try await mock.signedInStaff(transport: hook)
            let expected = try await staff.allPages(API.Orders.list(), limit: 100)
            await hook.reset()
            try await mock.clearJournal()

            let walked = try await staff.allPages(API.Orders.list(), limit: 5)
            #expect(walked.map(\.id) == expected.map(\.id))
            let refreshes = try await mock.journal(method: "POST", path: "/api/auth/refresh")
            #expect(refreshes.map(\.status) == [200])
            let lists = try await mock.journal(method: "GET", path: "/api/orders")
            let pages = (expected.count + 4) / 5
            #expect(lists.map(\.status) == Array(repeating: 200, count: 2) + [401] + Array(repeating: 200, count: pages - 2),
                    "page 3 is rejected once, asked for again after the refresh, and the walk goes on")
            #expect(staff.isAuthenticated)

            // The page stream resumes the same way.
            await hook.reset()
            try await mock.clearJournal()
            var streamed: [OrderListItem] = []
            for try await page in staff.client.pages(API.Orders.list(limit: 5)) { streamed += page.items }
            #expect(streamed.map(\.id) == expected.map(\.id))
            #expect(try await mock.journal(method: "POST", path: "/api/auth/refresh").map(\.status) == [200])
        }
    }
}
