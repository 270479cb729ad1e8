import Foundation
import Testing
import RepairMinderClient
import RepairMinderMockControl
import MockTestSupport

/// `APIClient.response(_:)` hands back the HTTP status code and headers the mock actually sent,
/// beside the decoded `data`.
@Suite("Status and headers of the client's answers")
@MainActor
struct ResponseMetadataTests {
    @Test func aStaffAnswerCarriesItsStatusAndContentType() async throws {
        try await withMock(.live) { mock in
            let staff = try await mock.signedInStaff()
            let me = try await staff.client.response(API.StaffAuth.me())
            #expect(me.statusCode == 200)
            #expect(me.data.user.email == MockSeed.Staff.admin.email)
            let contentType = try #require(me.header("Content-Type"))
            #expect(contentType.hasPrefix("application/json"))
            #expect(me.headers["content-type"] == contentType)
            #expect(me.pagination == nil)

            let orders = try await staff.client.response(API.Orders.list(limit: 5))
            #expect(orders.statusCode == 200)
            #expect(orders.header("content-type")?.hasPrefix("application/json") == true)
            #expect(orders.pagination?.limit == 5)
            #expect(orders.data.count == 5)
        }
    }

    @Test func aCreatedMessageIsA201() async throws {
        try await withMock(.live) { mock in
            let jane = try await mock.signedInCustomer(email: MockSeed.Customer.jane.email)
            let sent = try await jane.client.response(API.Customer.sendMessage(orderID: SeedIDs.order(1), body: "Is it ready?"))
            #expect(sent.statusCode == 201)
            #expect(sent.data.bodyText == "Is it ready?")
            #expect(sent.header("Content-Type")?.hasPrefix("application/json") == true)
        }
    }

    @Test func anAttachmentAnswerCarriesTheFilesContentType() async throws {
        try await withMock(.live) { mock in
            let staff = try await mock.signedInStaff()
            let ticket = try await staff.send(API.Tickets.detail(id: SeedIDs.ticket(2)))
            let found = try #require(ticket.messages.flatMap(\.attachments).first)
            let file = try await staff.client.response(API.Tickets.attachment(ticketID: ticket.id, attachmentID: found.id))
            #expect(file.statusCode == 200)
            #expect(file.header("Content-Type") == found.contentType)
            #expect(file.data.contentType == found.contentType)
            #expect(file.data.data.count == found.sizeBytes)
        }
    }
}
