import Foundation
import Testing
@testable import RepairMinderClient

/// The resource models' wire conventions, each handled once: 0/1 flags, money and percentage
/// strings, timestamps, open enums (device statuses with seed 003's display names), strict
/// decoding, the illegal-move error and the list walk.
@Suite struct ResourceModelTests {
    // MARK: Device statuses (seed 003 "Device Statuses (Source of Truth)")

    static let seedStatuses: [(String, String)] = [
        ("device_received", "Device Received"), ("diagnosing", "Diagnosing"), ("ready_to_quote", "Ready to Quote"),
        ("company_rejected", "Company Rejected"), ("awaiting_authorisation", "Awaiting Authorisation"),
        ("authorised_source_parts", "Authorised - Source Parts"), ("authorised_awaiting_parts", "Awaiting Parts"),
        ("ready_to_repair", "Ready to Repair"), ("repairing", "Repairing"),
        ("awaiting_revised_quote", "Awaiting Revised Quote"), ("repaired_qc", "Repaired - QC"),
        ("repaired_ready", "Repaired - Ready"), ("rejected", "Rejected"), ("rejection_qc", "Rejection - QC"),
        ("rejection_ready", "Rejection - Ready"), ("collected", "Collected"), ("despatched", "Despatched"),
        ("ready_to_pay", "Ready to Pay"), ("payment_made", "Payment Made"), ("added_to_buyback", "Added to Buyback"),
    ]

    @Test(arguments: seedStatuses)
    func everyDeviceStatusMapsBothWaysWithItsDisplayName(raw: String, display: String) throws {
        let status = DeviceStatus(rawValue: raw)
        #expect(status.isKnown)
        #expect(status.rawValue == raw)
        #expect(status.displayName == display)
        let decoded = try JSONDecoder().decode([DeviceStatus].self, from: Data("[\"\(raw)\"]".utf8))
        #expect(decoded == [status])
        #expect(String(decoding: try JSONEncoder().encode([status]), as: UTF8.self) == "[\"\(raw)\"]")
    }

    @Test func thereAreTwentyStatusesSeventeenOfThemRepair() {
        #expect(DeviceStatus.knownCases.count == 20)
        #expect(Set(DeviceStatus.knownCases.map(\.rawValue)).count == 20)
        #expect(DeviceStatus.repairStatuses.count == 17)
        #expect(DeviceStatus.buybackOnlyStatuses == [.readyToPay, .paymentMade, .addedToBuyback])
        #expect(DeviceStatus.knownCases.filter(\.isFinal) == [.collected, .despatched, .addedToBuyback])
    }

    @Test func unknownStatusDecodesAsUnknownAndKeepsItsValue() throws {
        let decoded = try JSONDecoder().decode([DeviceStatus].self, from: Data(#"["sent_to_partner", "repairing"]"#.utf8))
        #expect(decoded == [.unknown("sent_to_partner"), .repairing])
        #expect(!decoded[0].isKnown)
        #expect(decoded[0].rawValue == "sent_to_partner")
        #expect(decoded[0].displayName == "Sent To Partner")
        #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #"["sent_to_partner","repairing"]"#)
        #expect(DeviceStatus(rawValue: "repairing") == .repairing, "a known value never becomes .unknown")
    }

    @Test func strictDecodingRejectsAnUnknownEnumValue() {
        #expect(throws: DecodingError.self) {
            _ = try StrictDecoding.decode([DeviceStatus].self, from: Data(#"["sent_to_partner"]"#.utf8))
        }
        #expect((try? StrictDecoding.decode([OrderStatus].self, from: Data(#"["collected"]"#.utf8))) == [.collected])
    }

    @Test func otherOpenEnumsKnowTheServersValues() {
        #expect(OrderStatus.knownCases.map(\.rawValue) == ["awaiting_device", "received", "in_progress",
                                                           "awaiting_authorisation", "ready_for_collection", "collected"])
        #expect(MessageType(rawValue: "internal_note") == .internalNote)
        #expect(MessageType(rawValue: "outbound_sms") == .outboundSMS)
        #expect(PaymentStatus(rawValue: "partially_paid") == .partiallyPaid)
        #expect(AccessoryType(rawValue: "case") == .case)
        #expect(TicketType(rawValue: "quote") == .unknown("quote"))
        #expect(DashboardPeriod.knownCases.map(\.rawValue) == ["today", "week", "month", "year"])
    }

    // MARK: Money, percentages, flags, timestamps

    struct Amounts: Codable, Equatable { let money: [Money] }

    @Test func moneyIsAnExactCountOfPenceFromATwoDecimalString() throws {
        let decoded = try JSONDecoder().decode(Amounts.self, from: Data(#"{"money": ["129.99", "-12.00", "0.05", "100000.00"]}"#.utf8))
        #expect(decoded.money.map(\.minorUnits) == [12999, -1200, 5, 10_000_000])
        #expect(decoded.money.map(\.description) == ["129.99", "-12.00", "0.05", "100000.00"])
        #expect(decoded.money[0].decimal == Decimal(string: "129.99"))
        #expect(decoded.money[0] + decoded.money[1] == Money("117.99"))
        #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self)
                == #"{"money":["129.99","-12.00","0.05","100000.00"]}"#)
    }

    @Test(arguments: [#""12.5""#, #""12""#, #""1,00""#, #"" 1.00""#, #""£1.00""#, #""-""#, "12.99", "null", #""1.000""#])
    func moneyThatIsNotATwoDecimalStringIsADecodingError(value: String) {
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(Amounts.self, from: Data(#"{"money": [\#(value)]}"#.utf8))
        }
    }

    @Test func moneyErrorsNameTheKeyPath() throws {
        let json = #"{"success": true, "data": {"subtotal": "1.00", "vat_total": "0.20", "grand_total": "1.2", "amount_paid": "0.00", "balance_due": "1.20"}}"#
        #expect(throws: RepairMinderError.decoding(keyPath: "data.grand_total",
                                                   message: "Expected money as a string with two decimals, found \"1.2\"")) {
            _ = try Fixture.decode(json, as: OrderTotals.self)
        }
    }

    @Test func percentagesAreHundredths() throws {
        let rates = try JSONDecoder().decode([Percentage].self, from: Data(#"["20.00", "0.00", "5.50"]"#.utf8))
        #expect(rates.map(\.hundredths) == [2000, 0, 550])
        #expect(rates[2].description == "5.50")
    }

    struct Flags: Codable, Equatable {
        @IntFlag var a: Bool
        @IntFlag var b: Bool
    }

    @Test func flagsAreZeroOrOneAndEncodeBackAsIntegers() throws {
        let flags = try JSONDecoder().decode(Flags.self, from: Data(#"{"a": 1, "b": 0}"#.utf8))
        #expect(flags.a && !flags.b)
        let booleans = try JSONDecoder().decode(Flags.self, from: Data(#"{"a": true, "b": false}"#.utf8))
        #expect(booleans == flags)
        #expect(String(decoding: try JSONEncoder().encode(flags), as: UTF8.self).contains(#""a":1"#))
        for bad in [#"{"a": 2, "b": 0}"#, #"{"a": "1", "b": 0}"#, #"{"a": null, "b": 0}"#, #"{"b": 0}"#] {
            #expect(throws: DecodingError.self, "\(bad)") { _ = try JSONDecoder().decode(Flags.self, from: Data(bad.utf8)) }
        }
    }

    @Test func flagErrorsNameTheKeyPath() {
        let json = #"{"success": true, "data": [{"id": "m", "name": "x", "description": null, "is_active": 2, "stages": []}]}"#
        #expect(throws: RepairMinderError.decoding(keyPath: "data[0].is_active", message: "Expected a 0/1 flag, found 2")) {
            _ = try Fixture.decode(json, as: [Macro].self)
        }
    }

    @Test func timestampsKeepTheServersTextAndParseOnce() throws {
        let stamp = try #require(Timestamp("2026-11-21T10:15:00Z"))
        #expect(stamp.rawValue == "2026-11-21T10:15:00Z")
        #expect(stamp.date == Date(timeIntervalSince1970: 1_795_256_100))
        #expect(Timestamp(stamp.date).rawValue == "2026-11-21T10:15:00Z")
        #expect(Timestamp("2026-11-21T11:15:00+01:00")?.date == stamp.date)
        #expect(Timestamp("2026-11-21T10:15:00.250Z")?.date == stamp.date.addingTimeInterval(0.25))
        #expect(Timestamp("2024-02-29T00:00:00Z")?.date == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(Timestamp(Date(timeIntervalSince1970: 0)).rawValue == "1970-01-01T00:00:00Z")
        for bad in ["2026-11-21", "2026-11-21 10:15:00Z", "2026-13-01T00:00:00Z", "2026-11-21T10:15:00", "yesterday", ""] {
            #expect(Timestamp(bad) == nil, "\(bad)")
        }
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode([Timestamp].self, from: Data(#"["soon"]"#.utf8)) }
        #expect(Timestamp("2026-11-21T10:15:00Z")! < Timestamp("2026-11-21T10:15:01Z")!)
    }

    // MARK: Strict decoding

    struct Pair: Decodable, Equatable {
        let a: Int
        let items: [Item]
        struct Item: Decodable, Equatable { let id: String; let note: String? }
    }

    @Test func strictDecodingNamesTheFirstKeyNoModelReads() throws {
        let ok = #"{"a": 1, "items": [{"id": "x", "note": null}, {"id": "y"}]}"#
        #expect(try StrictDecoding.decode(Pair.self, from: Data(ok.utf8)).items.count == 2)
        #expect(try StrictDecoding.unreadKeys(Pair.self, in: Data(ok.utf8)).isEmpty)

        let extra = #"{"a": 1, "b": 2, "items": [{"id": "x"}, {"id": "y", "colour": "red"}]}"#
        #expect(try StrictDecoding.unreadKeys(Pair.self, in: Data(extra.utf8)) == ["b", "items[1].colour"])
        do {
            _ = try StrictDecoding.decode(Pair.self, from: Data(extra.utf8))
            Issue.record("expected an error")
        } catch let error as DecodingError {
            #expect(RepairMinderError.from(error) == .decoding(keyPath: "b", message: "Key not decoded by any model (strict decoding)"))
        }
        // Lenient decoding of the same JSON works.
        #expect(try JSONDecoder().decode(Pair.self, from: Data(extra.utf8)).a == 1)
    }

    @Test func strictDecodingMatchesJSONDecoderOnTypesAndNulls() {
        #expect(throws: DecodingError.self) { _ = try StrictDecoding.decode(Pair.self, from: Data(#"{"a": 1.5, "items": []}"#.utf8)) }
        #expect(throws: DecodingError.self) { _ = try StrictDecoding.decode(Pair.self, from: Data(#"{"a": null, "items": []}"#.utf8)) }
        #expect(throws: DecodingError.self) { _ = try StrictDecoding.decode(Pair.self, from: Data(#"{"a": "1", "items": []}"#.utf8)) }
        #expect(throws: DecodingError.self) { _ = try StrictDecoding.decode(Pair.self, from: Data(#"{"items": []}"#.utf8)) }
        #expect(throws: DecodingError.self) { _ = try StrictDecoding.decode(Pair.self, from: Data("not json".utf8)) }
    }

    @Test func strictClientDecodingOfAnEnvelopeWithAnUnreadKeyFails() throws {
        let json = #"{"success": true, "data": {"response": "Hi", "model": "none"}}"#
        #expect(try Fixture.decode(json, as: GeneratedResponse.self).data.response == "Hi")
        #expect(throws: RepairMinderError.decoding(keyPath: "data.model", message: "Key not decoded by any model (strict decoding)")) {
            _ = try APIClient.decode(Fixture.response(json), as: GeneratedResponse.self, strict: true)
        }
        let list = #"{"success": true, "data": [], "pagination": {"page": 1, "limit": 20, "total": 0, "total_pages": 0}}"#
        #expect(try APIClient.decode(Fixture.response(list), as: [Macro].self, strict: true).pagination?.totalPages == 0)
    }

    // MARK: A whole order detail, as the mock serves it

    static let orderDetail = #"""
{
 "success": true,
 "data": {
  "id": "00000005-0000-4000-8000-00000000a001",
  "order_number": 10001,
  "status": "awaiting_authorisation",
  "payment_status": "partially_paid",
  "intake_method": "walk_in",
  "notes": null,
  "client": {
   "id": "00000004-0000-4000-8000-00000000e001",
   "first_name": "Jane",
   "last_name": "Doe",
   "name": "Jane Doe",
   "email": "jane@customer.test",
   "phone": "07700 900101",
   "address_line1": "3 Mill Lane",
   "address_line2": null,
   "city": "Manchester",
   "postcode": "M1 1AA",
   "email_suppressed": 0
  },
  "location": {
   "id": "00000002-0000-4000-8000-00000000a001",
   "name": "Acme Repairs Manchester",
   "address_line1": "12 Deansgate",
   "address_line2": null,
   "city": "Manchester",
   "postcode": "M3 2BW",
   "address": "12 Deansgate, Manchester, M3 2BW",
   "phone": "0161 496 0001"
  },
  "assigned_user": {
   "id": "00000003-0000-4000-8000-00000000a001",
   "first_name": "Alice",
   "last_name": "Admin",
   "name": "Alice Admin"
  },
  "devices": [
   {
    "id": "00000006-0000-4000-8000-00000000a001",
    "display_name": "Apple iPhone 14 Pro",
    "brand": "Apple",
    "model": "iPhone 14 Pro",
    "serial_number": "SNA0007310",
    "imei": "350000000000000",
    "status": "awaiting_authorisation",
    "status_label": "Awaiting Authorisation",
    "workflow_type": "repair",
    "priority": "normal",
    "authorization_status": "pending",
    "assigned_engineer": {
     "id": "00000003-0000-4000-8000-00000000a001",
     "first_name": "Alice",
     "last_name": "Admin",
     "name": "Alice Admin"
    }
   }
  ],
  "items": [
   {
    "id": "00000007-0000-4000-8000-00000000a001",
    "device_id": "00000006-0000-4000-8000-00000000a001",
    "item_type": "repair",
    "description": "Screen replacement - Apple iPhone 14 Pro",
    "quantity": 1,
    "unit_price": "129.99",
    "vat_rate": "20.00",
    "line_total": "129.99",
    "vat_amount": "26.00",
    "line_total_inc_vat": "155.99"
   },
   {
    "id": "00000007-0000-4000-8000-00000000a002",
    "device_id": "00000006-0000-4000-8000-00000000a001",
    "item_type": "accessory",
    "description": "Tempered glass screen protector",
    "quantity": 2,
    "unit_price": "9.99",
    "vat_rate": "20.00",
    "line_total": "19.98",
    "vat_amount": "4.00",
    "line_total_inc_vat": "23.98"
   }
  ],
  "payments": [
   {
    "id": "00000008-0000-4000-8000-00000000a012",
    "amount": "20.00",
    "payment_method": "card",
    "payment_date": "2026-11-11T12:05:00Z",
    "is_deposit": 1,
    "refunded_amount": "0.00",
    "refundable_amount": "20.00",
    "notes": "Diagnostic deposit"
   }
  ],
  "totals": {
   "subtotal": "149.97",
   "vat_total": "30.00",
   "grand_total": "179.97",
   "amount_paid": "20.00",
   "balance_due": "159.97"
  },
  "signatures": [
   {
    "id": "00000009-0000-4000-8000-00000000a001",
    "signature_type": "drop_off",
    "typed_name": "Jane Doe",
    "terms_agreed": 1,
    "captured_at": "2026-11-11T12:00:00Z",
    "device_id": null
   }
  ],
  "ticket": {
   "id": "0000000a-0000-4000-8000-00000000a001",
   "ticket_number": 1001,
   "subject": "Your repair quote for order #10001",
   "status": "open",
   "messages": [
    {
     "id": "0000000b-0000-4000-8000-00000000a001",
     "type": "outbound",
     "from_name": "Acme Repairs",
     "from_email": "manchester@acme.test",
     "subject": "Your repair quote for order #10001",
     "body_text": "Hi Jane,\n\nYour Apple iPhone 14 Pro needs a screen replacement. The quote is £179.97 inc. VAT. Please approve it in the app.\n\nAcme Repairs",
     "device_id": "00000006-0000-4000-8000-00000000a001",
     "created_by": {
      "id": "00000003-0000-4000-8000-00000000a001",
      "first_name": "Alice",
      "last_name": "Admin",
      "name": "Alice Admin"
     },
     "created_at": "2026-11-14T22:00:00Z"
    },
    {
     "id": "0000000b-0000-4000-8000-00000000a002",
     "type": "inbound",
     "from_name": "Jane Doe",
     "from_email": "jane@customer.test",
     "subject": "Re: Your repair quote for order #10001",
     "body_text": "Hi, does the quote include the screen protector? Thanks, Jane",
     "device_id": null,
     "created_by": null,
     "created_at": "2026-11-15T01:00:00Z"
    },
    {
     "id": "0000000b-0000-4000-8000-00000000a003",
     "type": "internal_note",
     "from_name": null,
     "from_email": null,
     "subject": null,
     "body_text": "Quote includes two screen protectors (2 x £9.99). Chase on Monday if no answer.",
     "device_id": null,
     "created_by": {
      "id": "00000003-0000-4000-8000-00000000a001",
      "first_name": "Alice",
      "last_name": "Admin",
      "name": "Alice Admin"
     },
     "created_at": "2026-11-15T02:00:00Z"
    },
    {
     "id": "0000000b-0000-4000-8000-00000000a004",
     "type": "outbound_sms",
     "from_name": null,
     "from_email": null,
     "subject": null,
     "body_text": "Acme Repairs: your quote is waiting for approval in the app.",
     "device_id": null,
     "created_by": {
      "id": "00000003-0000-4000-8000-00000000a002",
      "first_name": "Eddie",
      "last_name": "Engineer",
      "name": "Eddie Engineer"
     },
     "created_at": "2026-11-15T18:00:00Z"
    }
   ]
  },
  "dates": {
   "created_at": "2026-11-11T12:00:00Z",
   "updated_at": "2026-11-14T22:00:00Z",
   "quote_sent_at": "2026-11-14T22:00:00Z",
   "authorised_at": null,
   "collected_at": null
  }
 }
}
"""#

    @Test func orderDetailDecodesEverySectionStrictly() throws {
        let order = try APIClient.decode(Fixture.response(Self.orderDetail), as: OrderDetail.self, strict: true).data
        #expect(order.orderNumber == 10001)
        #expect(order.status == .awaitingAuthorisation)
        #expect(order.paymentStatus == .partiallyPaid)
        #expect(order.intakeMethod == .walkIn)
        #expect(order.client.emailSuppressed == false)
        #expect(order.client.addressLine2 == nil)
        #expect(order.devices[0].authorizationStatus == .pending)
        #expect(order.items.map(\.unitPrice) == [Money("129.99"), Money("9.99")])
        #expect(order.items[1].quantity == 2)
        #expect(order.items[0].vatAmount == Money("26.00"))
        #expect(order.payments[0].isDeposit)
        #expect(order.payments[0].paymentDate.rawValue == "2026-11-11T12:05:00Z")
        #expect(order.totals.grandTotal == Money(minorUnits: 17997))
        #expect(order.signatures[0].termsAgreed)
        #expect(order.signatures[0].deviceID == nil)
        #expect(order.ticket?.messages.isEmpty == false)
    }

    // MARK: Dashboard counts

    @Test func countsKeepTheWorkflowOrderAndUnknownKeys() throws {
        let json = Data(#"{"repairing": 3, "collected": 1, "device_received": 2, "on_hold": 4}"#.utf8)
        let counts = try JSONDecoder().decode(CountsBy<DeviceStatus>.self, from: json)
        #expect(counts.entries.map(\.key) == [.deviceReceived, .repairing, .collected, .unknown("on_hold")])
        #expect(counts[.repairing] == 3)
        #expect(counts[.despatched] == 0)
        #expect(counts.total == 10)
        #expect(throws: DecodingError.self) { _ = try StrictDecoding.decode(CountsBy<DeviceStatus>.self, from: json) }
    }

    // MARK: The illegal move

    @Test func illegalTransitionMessageBecomesATypedError() {
        #expect(RepairMinderError.map(status: 400,
                                      message: "Invalid status transition from repairing to collected. Allowed: repaired_qc, awaiting_revised_quote",
                                      code: nil)
                == .illegalTransition(from: .repairing, to: .collected, allowed: [.repairedQC, .awaitingRevisedQuote]))
        #expect(RepairMinderError.map(status: 400,
                                      message: "Invalid status transition from collected to repairing. Allowed: none (collected is final)",
                                      code: nil)
                == .illegalTransition(from: .collected, to: .repairing, allowed: []))
        #expect(RepairMinderError.map(status: 400, message: "Invalid or missing field: status", code: nil)
                == .validation(message: "Invalid or missing field: status"))
        #expect(RepairMinderError.illegalTransition(from: .repairing, to: .collected, allowed: [.repairedQC])
                    .localizedDescription == "Repairing cannot move to Collected. Allowed: Repaired - QC.")
    }

    // MARK: Endpoints and bodies

    static let configuration = APIClient.Configuration(baseURL: URL(string: "http://127.0.0.1:8787")!)

    func request<R>(_ endpoint: Endpoint<R>) throws -> APIClient.Request {
        try APIClient.makeRequest(endpoint, authorization: "t", configuration: Self.configuration)
    }

    func body<R>(_ endpoint: Endpoint<R>) throws -> String {
        String(decoding: try request(endpoint).body ?? Data(), as: UTF8.self)
    }

    @Test func listEndpointsSendTheirFilters() throws {
        #expect(try request(API.Devices.list(statuses: [.repairing, .repairedQC], workflowType: .repair, assignedTo: "me"))
                    .url.absoluteString
                == "http://127.0.0.1:8787/api/devices?page=1&limit=20&status=repairing,repaired_qc&workflow_type=repair&assigned_to=me")
        #expect(try request(API.Tickets.list(status: .open, awaitingReply: true, page: 3)).url.query
                == "page=3&limit=20&status=open&awaiting_reply=true")
        #expect(try request(API.Orders.list(createdFrom: Timestamp("2026-11-01T00:00:00Z"))).url.query
                == "page=1&limit=20&created_from=2026-11-01T00:00:00Z")
        #expect(try request(API.Clients.search("07700 900101")).url.query == "q=07700%20900101")
        #expect(try request(API.Devices.lookup(code: "SN/1")).url.query == "code=SN/1")
        #expect(try request(API.Dashboard.stats(period: .month)).url.query == "period=month")
        #expect(API.Customer.orders().credential == .customer)
        #expect(API.Orders.list().credential == .staff)
    }

    @Test func patchBodiesSendNullToClearAndOmitWhatIsUnchanged() throws {
        let move = try request(API.Devices.move(id: "d-1", to: .repairedQC))
        #expect(move.method == .patch)
        #expect(move.url.path == "/api/devices/d-1")
        #expect(String(decoding: move.body ?? Data(), as: UTF8.self) == #"{"status":"repaired_qc"}"#)
        #expect(try body(API.Devices.assign(id: "d", engineerID: nil)) == #"{"assigned_engineer_id":null}"#)
        #expect(try body(API.Orders.update(id: "o", OrderChanges(notes: .clear, intakeMethod: .mailIn)))
                == #"{"intake_method":"mail_in","notes":null}"#)
        #expect(try body(API.Tickets.update(id: "t", TicketChanges(status: .resolved, assignedUserID: .set("u"))))
                == #"{"assigned_user_id":"u","status":"resolved"}"#)
    }

    @Test func actionBodiesUseTheWireKeys() throws {
        #expect(try body(API.Tickets.reply(id: "t", html: "<p>Hi</p>", text: "Hi")) == #"{"html_body":"<p>Hi<\/p>","text_body":"Hi"}"#)
        #expect(try body(API.Tickets.note(id: "t", body: "n")) == #"{"body":"n"}"#)
        #expect(try body(API.Tickets.generateResponse(id: "t")) == "{}")
        #expect(try body(API.Tickets.runMacro(id: "t", macroID: "m", variableOverrides: MacroVariables(clientName: "b")))
                == #"{"macro_id":"m","variable_overrides":{"client_name":"b"}}"#)
        #expect(try body(API.Customer.approve(orderID: "o", typedName: "Jane Doe"))
                == #"{"signature":{"terms_agreed":true,"typed_name":"Jane Doe"}}"#)
        #expect(try request(API.Customer.approve(orderID: "o/1", typedName: "J")).url.absoluteString
                    .hasSuffix("/api/customer/orders/o%2F1/approve"))
        #expect(try body(API.Customer.reject(orderID: "o")) == "{}")
        #expect(try body(API.Customer.sendMessage(orderID: "o", body: "Hello")) == #"{"body":"Hello"}"#)
    }

    @Test func binaryAnswersAreBytesAndTheirErrorsStillMap() throws {
        let pdf = APIClient.Response(statusCode: 200, headers: ["Content-Type": "application/pdf",
                                                      "Content-Disposition": #"attachment; filename="price list.pdf""#],
                               body: Data("%PDF-1.4".utf8))
        let file = try APIClient.decode(pdf, as: BinaryBody.self, strict: true).data
        #expect(file.data == Data("%PDF-1.4".utf8))
        #expect(file.contentType == "application/pdf")
        #expect(file.filename == "price list.pdf")
        #expect(throws: RepairMinderError.notFound(message: "Not found")) {
            _ = try APIClient.decode(Fixture.response(#"{"success": false, "error": "Not found"}"#, status: 404), as: BinaryBody.self)
        }
        #expect(BinaryBody.filename(inDisposition: "attachment; filename=a.txt; size=3") == "a.txt")
        #expect(BinaryBody.filename(inDisposition: "inline") == nil)
    }

    // MARK: Walking pages

    /// Serves `/api/orders` from a fixed list, page by page, and records the pages asked for.
    actor PagedServer: HTTPTransport {
        let total: Int
        let omitPagination: Bool
        private(set) var asked: [String] = []

        init(total: Int, omitPagination: Bool = false) {
            self.total = total
            self.omitPagination = omitPagination
        }

        func send(_ request: APIClient.Request) async throws -> APIClient.Response {
            let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let page = Int(items.first { $0.name == "page" }?.value ?? "1")!
            let limit = Int(items.first { $0.name == "limit" }?.value ?? "20")!
            asked.append("\(page)/\(limit)")
            let start = (page - 1) * limit
            let ids = start < total ? Array(start..<min(total, start + limit)) : []
            let data = ids.map { #"{"response": "\#($0)"}"# }.joined(separator: ",")
            let pages = (total + limit - 1) / limit
            let pagination = #", "pagination": {"page": \#(page), "limit": \#(limit), "total": \#(total), "total_pages": \#(pages)}"#
            return Fixture.response(#"{"success": true, "data": [\#(data)]\#(omitPagination ? "" : pagination)}"#)
        }
    }

    static let list = Endpoint<[GeneratedResponse]>(.get, "/api/orders", query: API.pageQuery(1, 20), credential: .none)

    @Test func allPagesWalksToTheLastPageInOrder() async throws {
        let server = PagedServer(total: 12)
        let client = APIClient(configuration: Self.configuration, transport: server)
        let all = try await client.allPages(Self.list, limit: 5)
        #expect(all.map(\.response) == (0..<12).map(String.init))
        #expect(await server.asked == ["1/5", "2/5", "3/5"])

        var pages: [Int] = []
        for try await page in client.pages(Self.list.page(2, limit: 4)) { pages.append(page.pagination.page) }
        #expect(pages == [2, 3])
    }

    @Test func allPagesOfAnEmptyListAsksOnce() async throws {
        let server = PagedServer(total: 0)
        let client = APIClient(configuration: Self.configuration, transport: server)
        #expect(try await client.allPages(Self.list).isEmpty)
        #expect(await server.asked == ["1/100"])
    }

    @Test func aListWithoutPaginationIsOnePage() async throws {
        let server = PagedServer(total: 30, omitPagination: true)
        let client = APIClient(configuration: Self.configuration, transport: server)
        let page = try await client.page(Self.list)
        #expect(page.items.count == 20)
        #expect(!page.hasMore)
        #expect(try await client.allPages(Self.list, limit: nil).count == 20)
        #expect(await server.asked == ["1/20", "1/20"])
    }

    @Test func pageReplacesPageAndLimitOnly() {
        let endpoint = API.Orders.list(status: .collected, page: 1, limit: 20).page(4, limit: 50)
        #expect(endpoint.query.map(\.name) == ["page", "limit", "status"])
        #expect(endpoint.query.map(\.value) == ["4", "50", "collected"])
        #expect(API.Orders.list(limit: 7).page(2).query.map(\.value) == ["2", "7"])
    }
}
