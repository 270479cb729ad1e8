import Foundation
import Testing
import MockServer
import RepairMinderMockControl
import MockTestSupport

/// `MockFixtures` and `addFixtures`: any screen's state in one call, as a UI test reaches it.
@Suite struct FixtureCallTests {
    /// "The customer approves a quote": a client of their own, an order with a device awaiting
    /// authorisation and its price, an enquiry about it; the customer signed in without the sign-in
    /// screens; the quote approved through the app API.
    @Test func aCustomerWithAQuoteToApproveInTwoCalls() async throws {
        try await withMock(.live) { mock in
            var fixtures = MockFixtures()
            let ada = fixtures.addClient(email: "ada@example.test", firstName: "Ada", lastName: "Lovelace",
                                         companyID: MockSeed.Company.acme, phone: "07700 900999")
            let order = fixtures.addOrder(companyID: MockSeed.Company.acme, clientID: ada.id, devices: [
                .init(brand: "Apple", model: "iPhone 15", status: .awaitingAuthorisation, customerReportedIssues: "Cracked back"),
                .init(brand: "Apple", model: "iPad Air", status: .repairing),
            ], items: [.init(description: "Back glass", unitPricePence: 8999, device: 0)])
            let enquiry = fixtures.addEnquiry(companyID: MockSeed.Company.acme, subject: "About my quote", clientID: ada.id,
                                              orderID: order.id, messages: [.inbound("Is the back glass OEM?"), .outbound("Yes it is.")])
            #expect(ada.path == "clients[0]")
            #expect(order.path == "orders[0]")
            #expect(enquiry.path == "tickets[0]")
            let quoted = try #require(fixtures.deviceID(0, of: order))

            let made = try await mock.control.addFixtures(fixtures)
            #expect(made.rows.map(\.path) == [
                "clients[0]", "orders[0]", "orders[0].devices[0]", "orders[0].devices[1]", "orders[0].items[0]",
                "tickets[0]", "tickets[0].messages[0]", "tickets[0].messages[1]",
            ])
            #expect(made.rows.map(\.table) == [
                "clients", "orders", "devices", "devices", "order_items", "tickets", "ticket_messages", "ticket_messages",
            ])
            #expect(made.row(at: "clients[0]")?.id == ada.id)
            #expect(made.row(at: "orders[0].devices[0]")?.id == quoted)
            #expect(made.number(of: order) == 10033)
            #expect(made.number(of: enquiry) == 1007)
            #expect(made.number(of: ada) == nil)
            #expect(made.row(at: "orders[0].items[0]")?.id == "00000007-f000-4000-8000-000000000001")

            let signIn = try await mock.control.createSession(email: "ada@example.test")
            let detail = try await mock.app("GET", "/api/customer/orders/\(order.id)", bearer: signIn.token)
            #expect(detail.status == 200)
            #expect(detail.data["order_number"] == 10033)
            #expect(detail.data["status"] == "awaiting_authorisation")
            #expect(detail.data["quote"]?["total"] == "107.99")
            #expect(detail.data["messages"]?.arrayValue?.map { $0["body_text"] } == ["Is the back glass OEM?", "Yes it is."])
            let approve = try await mock.app("POST", "/api/customer/orders/\(order.id)/approve",
                                             ["signature": ["typed_name": "Ada Lovelace", "terms_agreed": true]], bearer: signIn.token)
            #expect(approve.status == 200)
            let staff = try await mock.control.createSession(email: MockSeed.Staff.admin.email)
            let device = try await mock.app("GET", "/api/devices/\(quoted)", bearer: staff.token)
            #expect(device.data["status"] == "authorised_source_parts")
        }
    }

    /// A refused body names the field by its path and adds nothing.
    @Test func aBadBodyIsRefusedByPathAndAddsNothing() async throws {
        try await withMock(.live) { mock in
            var fixtures = MockFixtures()
            fixtures.addOrder(companyID: MockSeed.Company.beta, clientID: "00000004-0000-4000-8000-00000000e001", devices: [
                .init(brand: "Apple", model: "iPhone 15", status: "fixed"),
            ])
            let error = await controlError { try await mock.control.addFixtures(fixtures) }
            #expect(error?.status == 400)
            #expect(error?.message == #"orders[0].devices[0].status: unknown device status "fixed""#)
            // Raw JSON, any collection of the seed format.
            let made = try await mock.control.addFixtures(json: [
                "users": [["company_id": .string(MockSeed.Company.acme), "email": "temp@acme.test", "first_name": "Temp",
                           "last_name": "Staff", "role": "engineer", "password": .string(MockSeed.password)]],
            ])
            #expect(made.rows == [try JSONDecoder().decode(MockFixtureRow.self, from: Data(
                #"{"path":"users[0]","table":"users","id":"00000003-f000-4000-8000-000000000001"}"#.utf8))])
            #expect(try await mock.signInStaffToken("temp@acme.test").isEmpty == false)
        }
    }
}

/// `orders(limit:)` and `clients()`: what the console lists, typed.
@Suite struct OrderAndClientListCallTests {
    @Test func aFixtureOrderIsListedNewestWithItsDevicesMovesAndItsClient() async throws {
        try await withMock(.live) { mock in
            var fixtures = MockFixtures()
            let ada = fixtures.addClient(email: "ada@example.test", firstName: "Ada", lastName: "Lovelace",
                                         companyID: MockSeed.Company.acme, otherCompanyIDs: [MockSeed.Company.beta])
            let order = fixtures.addOrder(companyID: MockSeed.Company.acme, clientID: ada.id, devices: [
                .init(brand: "Apple", model: "iPhone 15", status: .readyToQuote),
                .init(brand: "Apple", model: "iPhone 12", status: .readyToPay, workflowType: "buyback"),
            ])
            let made = try await mock.control.addFixtures(fixtures)
            let all = try await mock.control.orders()
            let newest = try await mock.control.orders(limit: 1)
            #expect(newest.map(\.id) == [order.id])
            #expect(all.count == 37)   // the seed's 36 and this one
            let listed = try #require(newest.first)
            #expect(listed.orderNumber == made.number(of: order))
            #expect(listed.status == "in_progress")
            #expect(listed.companyName == "Acme Repairs")
            #expect(listed.companyStatus == .active)
            #expect([listed.client.id, listed.client.name, listed.client.email] == [ada.id, "Ada Lovelace", "ada@example.test"])
            #expect(listed.devices.map(\.name) == ["Apple iPhone 15", "Apple iPhone 12"])
            #expect(listed.devices.map { $0.availableTransitions.map(\.status) } == [[.awaitingAuthorisation], [.paymentMade]])
            #expect(listed.devices[1].workflowType == "buyback")

            let clients = try await mock.control.clients()
            let listedAda = try #require(clients.first { $0.id == ada.id })
            #expect([listedAda.name, listedAda.email] == ["Ada Lovelace", "ada@example.test"])
            #expect(listedAda.companyIDs == [MockSeed.Company.acme, MockSeed.Company.beta])
            let error = await controlError { _ = try await mock.control.orders(limit: 0) }
            #expect(error?.message == "Invalid query parameter: limit")
        }
    }
}
