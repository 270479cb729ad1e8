import Foundation
import Testing
import RepairMinderClient
import RepairMinderMockControl
import MockTestSupport

/// The customer app's screens (seeds 000/004) through the typed client, against the real mock,
/// with strict decoding.
@Suite("Customer portal through the typed client")
@MainActor
struct CustomerPortalClientTests {
    @Test func ordersListAndDetailShowTheCustomersViewOnly() async throws {
        try await withMock(.live) { mock in
            let jane = try await mock.signedInCustomer(email: MockSeed.Customer.jane.email)
            let orders = try await jane.orders()
            #expect(orders.map(\.orderNumber).sorted() == [10001, 10002])
            let quoted = try #require(orders.first { $0.orderNumber == 10001 })
            #expect(quoted.awaitingAuthorisation)
            #expect(quoted.status == .awaitingAuthorisation)
            #expect(quoted.statusLabel == "Awaiting Authorisation")
            #expect(quoted.devices.map(\.status) == [.awaitingAuthorisation])

            let detail = try await jane.order(quoted.id)
            #expect(detail.location?.name == "Acme Repairs Manchester")
            #expect(detail.totals.grandTotal == quoted.grandTotal)
            #expect(detail.totals.balanceDue == quoted.balanceDue)
            #expect(!detail.messages.isEmpty)
            #expect(detail.messages.allSatisfy { $0.type != .internalNote }, "internal notes are staff-only")
            let quote = try #require(detail.quote)
            #expect(quote.devices.map(\.id) == [SeedIDs.device(1)])
            #expect(quote.total == quote.items.reduce(Money.zero) { $0 + $1.lineTotalIncVAT })
            #expect(quote.sentAt != nil)

            let collected = try await jane.order(SeedIDs.order(2))
            #expect(collected.status == .collected)
            #expect(collected.quote == nil)

            // Another client's order, or one of another company, is a 404.
            let other = await typedError { _ = try await jane.order(SeedIDs.order(3)) }
            #expect(other == .notFound(message: "Not found"))
        }
    }

    @Test func quoteApprovalMovesTheDeviceOnAndRecordsTheSignature() async throws {
        try await withMock(.live) { mock in
            let jane = try await mock.signedInCustomer(email: MockSeed.Customer.jane.email)
            let waiting = try await jane.ordersAwaitingApproval()
            #expect(waiting.map(\.orderNumber) == [10001])
            let before = waiting[0]

            let refused = await typedError {
                _ = try await jane.send(API.Customer.approve(orderID: before.id, typedName: "Jane Doe", termsAgreed: false))
            }
            #expect(refused == .validation(message: "Invalid or missing field: signature.terms_agreed"))

            let approved = try await jane.approveQuote(orderID: before.id, typedName: "Jane Doe")
            #expect(approved.quote == nil)
            #expect(approved.devices.map(\.status) == [.authorisedSourceParts])
            #expect(approved.devices[0].authorizationStatus == .approved)
            #expect(approved.status == .inProgress)
            #expect(approved.signatures.count == before.signatures.count + 1)
            let signature = try #require(approved.signatures.last)
            #expect(signature.typedName == "Jane Doe")
            #expect(signature.signatureType == .authorisation)
            #expect(signature.termsAgreed)
            #expect(approved.dates.authorisedAt != nil)
            #expect(try await jane.ordersAwaitingApproval().isEmpty)

            // Nothing awaits authorisation any more.
            let again = await typedError { _ = try await jane.approveQuote(orderID: before.id, typedName: "Jane Doe") }
            guard case .validation = again else {
                Issue.record("expected a validation error, got \(String(describing: again))")
                return
            }

            // Staff see the move.
            let staff = try await mock.signedInStaff()
            let device = try await staff.send(API.Devices.detail(id: SeedIDs.device(1)))
            #expect(device.status == .authorisedSourceParts)
            #expect(device.authorization.status == .approved)
            #expect(device.authorization.signature?.typedName == "Jane Doe")
        }
    }

    @Test func quoteRejectionMovesTheDeviceToRejected() async throws {
        try await withMock(.live) { mock in
            let amelia = try await mock.signedInCustomer(email: "amelia.jones@customer.test")
            let waiting = try await amelia.ordersAwaitingApproval()
            let buyback = try #require(waiting.first { $0.orderNumber == 10031 })
            #expect(buyback.devices.map(\.workflowType) == [.buyback])

            let rejected = try await amelia.rejectQuote(orderID: buyback.id, reason: "The offer is too low")
            #expect(rejected.devices.map(\.status) == [.rejected])
            #expect(rejected.devices[0].authorizationStatus == .rejected)
            #expect(rejected.quote == nil)
            #expect(rejected.status == .inProgress)

            let staff = try await mock.signedInStaff()
            let device = try await staff.send(API.Devices.detail(id: SeedIDs.device(34)))
            #expect(device.status == .rejected)
            #expect(device.availableTransitions.map(\.status) == [.rejectionQC])
        }
    }

    @Test func customerMessagesReachTheShopAndRepliesComeBack() async throws {
        try await withMock(.live) { mock in
            let jane = try await mock.signedInCustomer(email: MockSeed.Customer.jane.email)
            let sent = try await jane.sendMessage(orderID: SeedIDs.order(1), body: "Can I drop by on Saturday?")
            #expect(sent.type == .inbound)
            #expect(sent.isFromCustomer)
            #expect(sent.bodyText == "Can I drop by on Saturday?")
            let detail = try await jane.order(SeedIDs.order(1))
            #expect(detail.messages.last?.id == sent.id)

            let staff = try await mock.signedInStaff()
            let ticket = try await staff.send(API.Tickets.detail(id: SeedIDs.ticket(1)))
            #expect(ticket.messages.last?.id == sent.id)
            #expect(ticket.messages.last?.type == .inbound)
            #expect(ticket.awaitingReply)

            _ = try await staff.send(API.Tickets.reply(id: SeedIDs.ticket(1), html: "<p>Yes, we are open 9 to 5.</p>",
                                                       text: "Yes, we are open 9 to 5."))
            _ = try await staff.send(API.Tickets.note(id: SeedIDs.ticket(1), body: "Staff only"))
            let after = try await jane.order(SeedIDs.order(1))
            #expect(after.messages.last?.bodyText == "Yes, we are open 9 to 5.")
            #expect(after.messages.last?.isFromCustomer == false)
            #expect(!after.messages.contains { $0.bodyText == "Staff only" })

            let blank = await typedError { _ = try await jane.sendMessage(orderID: SeedIDs.order(1), body: "  ") }
            #expect(blank == .validation(message: "Invalid or missing field: body"))
        }
    }

    @Test func customerOfTwoCompaniesSeesOnlyTheChosenCompanysOrders() async throws {
        try await withMock(.live) { mock in
            let samAtBeta = try await mock.signedInCustomer(email: MockSeed.Customer.sam.email, companyId: MockSeed.Company.beta)
            let beta = try await samAtBeta.orders()
            #expect(!beta.isEmpty && beta.allSatisfy { $0.orderNumber >= 20000 })
            let samAtAcme = try await mock.signedInCustomer(email: MockSeed.Customer.sam.email, companyId: MockSeed.Company.acme)
            let acme = try await samAtAcme.orders()
            #expect(!acme.isEmpty && acme.allSatisfy { $0.orderNumber < 20000 })
            let crossed = await typedError { _ = try await samAtBeta.order(acme[0].id) }
            #expect(crossed == .notFound(message: "Not found"))
        }
    }

    @Test func customerOrdersPageByPage() async throws {
        try await withMock(.live) { mock in
            let oliver = try await mock.signedInCustomer(email: "oliver.brown@customer.test")
            let first = try await oliver.client.page(API.Customer.orders(limit: 1))
            #expect(first.pagination.total > 1)
            let all = try await oliver.client.allPages(API.Customer.orders(), limit: 1)
            #expect(all.count == first.pagination.total)
            #expect(Set(all.map(\.id)).count == all.count)
            #expect(try await oliver.orders().map(\.id) == all.map(\.id))
        }
    }
}
