import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import RepairMinderMockControl
import MockTestSupport

/// The console's orders panel and add-order form in headless Chromium (part of the serialized
/// `ConsoleBrowserTests` suite: one browser at a time). What the page shows is checked in the page;
/// what a move or the form did is checked over HTTP, through the app API.
extension ConsoleBrowserTests {
    @Test func theOrdersPanelListsSeededAndFixtureOrdersAndOpensToExactlyTheirLegalMoves() async throws {
        try await withMock(.live) { mock in   // a browser needs a socket
            let made = try await mock.post("/__mock/fixtures", ["orders": [[
                "company_id": .string(MockSeed.Company.acme), "client_id": .string(MockSeed.Customer.sam.id),
                "devices": [["workflow_type": "repair", "brand": "Apple", "model": "iPhone 15", "status": "awaiting_authorisation"],
                            ["workflow_type": "buyback", "brand": "Samsung", "model": "Galaxy S23", "status": "ready_to_pay"]],
            ]]])
            #expect(made.status == 201, "\(made.json)")
            let number = Int(try #require(made.data["rows"]?[0]?["number"]?.number))
            let repair = try #require(made.data["rows"]?[1]?["id"]?.string), buyback = try #require(made.data["rows"]?[2]?["id"]?.string)

            try await ChromeBrowser.run { browser in
                try await open(browser, mock)
                // The seeded #10001 (Jane Doe, awaiting authorisation) and the fixture order, the newest, first.
                try await browser.waitUntil("""
                    const row = (n) => document.querySelector('#orders tr.order-row[data-order-number="' + n + '"]');
                    const jane = row(10001), fixture = row(arguments[0]);
                    return !!jane && !!fixture
                        && jane.querySelector('.order-client').firstChild.textContent === 'Jane Doe'
                        && jane.querySelector('.order-status .chip').dataset.status === 'awaiting_authorisation'
                        && jane.querySelector('.order-status').textContent === 'Awaiting Authorisation'
                        && jane.querySelector('.order-company').textContent === 'Acme Repairs'
                        && fixture.querySelector('.order-client').firstChild.textContent === 'Sam Smith'
                        && fixture.querySelector('.order-status .chip').dataset.status === 'awaiting_authorisation'
                        && document.querySelector('#orders tr.order-row') === fixture
                        && document.querySelectorAll('#orders tr.order-row').length === 37;
                    """, [.int(Int64(number))], for: "#10001 and the fixture order in the orders panel")

                // Opened: each device with its status and a button for each legal move, enabled.
                try await browser.click("#orders tr.order-row[data-order-number='\(number)'] button.order-toggle")
                try await browser.click("#orders tr.order-row[data-order-number='10001'] button.order-toggle")
                try await browser.waitUntil("""
                    const buttons = [...document.querySelectorAll('#orders tr.device-row button.move')];
                    return document.querySelectorAll('#orders tr.device-row').length === 3
                        && buttons.length > 0 && buttons.every((b) => !b.disabled);
                    """, for: "three devices with their moves")
                let shown = try await browser.evaluate("""
                    return [...document.querySelectorAll('#orders tr.device-row')].map((row) => ({
                        id: row.dataset.deviceId, status: row.dataset.status,
                        moves: [...row.querySelectorAll('button.move')].map((b) => ({status: b.dataset.status, label: b.textContent}))}));
                    """)
                // Opening mints nothing: a session is made at the first move only.
                #expect(try await mock.get("/__mock/sessions").data == .array([]))

                let staff = try #require(try await mock.post("/__mock/sessions", ["email": "admin@acme.test"]).data["token"]?.string)
                var devices: [String: JSONValue] = [:]
                for row in shown.array ?? [] {
                    let id = try #require(row["id"]?.string)
                    let detail = try await mock.get("/api/devices/\(id)", bearer: staff)
                    devices[id] = detail.data["status"]
                    #expect(row["status"] == detail.data["status"], "\(id)")
                    #expect(row["moves"] == detail.data["available_transitions"], "\(id): exactly the legal moves")
                }
                #expect(devices == [SeedIDs.device(1): "awaiting_authorisation", repair: "awaiting_authorisation",
                                    buyback: "ready_to_pay"])

                // A quarantined company's orders stay readable, their moves off, and the page says why.
                try await mock.setCompanyStatus(MockSeed.Company.acme, "suspended")
                try await browser.waitUntil("""
                    const notices = [...document.querySelectorAll('#orders tr.order-devices .notice')];
                    return notices.length === 2 && notices.every((n) => n.textContent.startsWith('Acme Repairs is suspended: its staff are quarantined'))
                        && [...document.querySelectorAll('#orders button.move')].every((b) => b.disabled)
                        && document.querySelectorAll('#orders tr.device-row').length === 3;
                    """, for: "Acme's orders read-only, with the reason")
                try await mock.setCompanyStatus(MockSeed.Company.acme, "active")
                try await browser.waitUntil("""
                    return document.querySelectorAll('#orders tr.order-devices .notice').length === 0
                        && [...document.querySelectorAll('#orders button.move')].every((b) => !b.disabled);
                    """, for: "Acme's moves back on")

                // Closed again.
                try await browser.click("#orders tr.order-row[data-order-number='10001'] button.order-toggle")
                #expect(try await browser.evaluate("return document.querySelectorAll('#orders tr.device-row').length") == 2)
                #expect(try await browser.consoleErrors() == [])
            }
        }
    }

    /// In a namespace, so the app-API URL the page builds from its own is shown to be relative too.
    @Test func aMoveFromThePageIsTheStaffAppsMoveSeenOverHTTPWithItsPushToTheCustomer() async throws {
        try await withMock(.live) { mock in   // a browser needs a socket
            let namespace = try MockHarness(namespace: "console-move", of: mock)
            let janeDevice = "c0ffee00c0ffee00c0ffee00c0ffee00"
            let jane = try await namespace.signInCustomer("jane@customer.test")
            try await namespace.registerPushToken(janeDevice, appType: "customer", bearer: jane)
            let made = try await namespace.post("/__mock/fixtures", ["orders": [[
                "company_id": .string(MockSeed.Company.acme), "client_id": .string(MockSeed.Customer.jane.id),
                "devices": [["workflow_type": "repair", "brand": "Apple", "model": "iPhone 15", "status": "ready_to_quote"]],
            ]]])
            #expect(made.status == 201, "\(made.json)")
            let orderID = try #require(made.data["rows"]?[0]?["id"]?.string)
            let number = Int(try #require(made.data["rows"]?[0]?["number"]?.number))
            let deviceID = try #require(made.data["rows"]?[1]?["id"]?.string)
            // Another staff member's token, to look over HTTP without touching the console's session.
            var checker = try #require(try await namespace.post("/__mock/sessions", ["email": "totp@acme.test"]).data["token"]?.string)
            func device() async throws -> JSONValue { try await namespace.get("/api/devices/\(deviceID)", bearer: checker).data }
            // The first PATCH answers an injected 503: the page's move is an app-API request like the app's.
            #expect(try await namespace.post("/__mock/faults", [
                "method": "PATCH", "path": "/api/devices/:id", "count": 1, "status": 503,
                "body": ["success": false, "error": "The shop is offline (injected)"]]).status == 201)

            try await ChromeBrowser.run { browser in
                try await open(browser, namespace)
                let toggle = "#orders tr.order-row[data-order-number='\(number)'] button.order-toggle"
                try await browser.waitUntil("return !!document.querySelector(arguments[0])", [.string(toggle)], for: "the order")
                try await browser.click(toggle)
                let quote = "#orders button.move[data-device-id='\(deviceID)'][data-status='awaiting_authorisation']"
                try await browser.waitUntil("const b = document.querySelector(arguments[0]); return !!b && !b.disabled;",
                                            [.string(quote)], for: "the move to awaiting_authorisation")
                try await browser.click(quote)
                try await browser.waitUntil("""
                    const error = document.querySelector('#orders tr.device-row[data-device-id="\(deviceID)"] .move-error');
                    return !!error && error.textContent === 'The shop is offline (injected)';
                    """, for: "the mock's answer beside the device")
                #expect(try await device()["status"] == "ready_to_quote", "a refused move changes nothing")

                // Again: the move is made, as the staff app makes it.
                let before = try await namespace.clockNow()
                try await browser.click(quote)
                try await waitFor("the device to move") { try await device()["status"] == "awaiting_authorisation" }
                let moved = try await device()
                #expect(moved["authorization"]?["status"] == "pending")
                let stamped = try #require(moved["timestamps"]?["quote_sent_at"]?.string)
                #expect(stamped >= String(before.prefix(19)) + "Z", "stamped \(stamped), the clock was at \(before)")
                // The customer's app gets quote_ready (and only that: no order_status for a quote).
                let pushes = try await namespace.pushes(token: janeDevice)
                #expect(pushes.count == 1)
                #expect(pushes.first?["payload"]?["type"] == "quote_ready")
                #expect(pushes.first?["payload"]?["order_id"] == .string(orderID))
                // Journalled as the staff member the console acts as (the faulted one was answered before
                // its token was read), and nothing else of the page's is.
                let journal = try #require(try await namespace.get("/__mock/requests").data.array)
                let patches = journal.filter { $0["method"] == "PATCH" }
                #expect(patches.map { "\($0["path"]?.string ?? "") \($0["status"]?.number.map { Int($0) } ?? 0) \($0["who"] ?? .null)" }
                        == ["/api/devices/\(deviceID) 503 null", "/api/devices/\(deviceID) 200 \(JSONValue.string("staff:\(MockSeed.Staff.admin.id)"))"])
                #expect(journal.allSatisfy { $0["method"] != "GET" || $0["path"]?.string?.hasPrefix("/api/devices/") == true },
                        "the page reads through the control API, never the journal's")
                let sessions = try #require(try await namespace.get("/__mock/sessions?email=admin@acme.test").data.array)
                #expect(sessions.count == 1)
                #expect(sessions.first?["platform"] == "web" && sessions.first?["status"] == "live")
                // The order's status follows; the default namespace saw nothing.
                let order = try await namespace.get("/api/orders/\(orderID)", bearer: checker)
                #expect(order.data["status"] == "awaiting_authorisation")
                let elsewhere = try await mock.post("/__mock/sessions", ["email": "admin@acme.test"]).data["token"]?.string
                #expect(try await mock.get("/api/devices/\(deviceID)", bearer: elsewhere).status == 404)
                #expect(try await mock.pushes().isEmpty)

                // The page shows the new status, its moves, and the push.
                try await browser.waitUntil("""
                    const row = document.querySelector('#orders tr.device-row[data-device-id="\(deviceID)"]');
                    return !!row && row.dataset.status === 'awaiting_authorisation' && !row.querySelector('.move-error')
                        && [...row.querySelectorAll('button.move')].map((b) => b.dataset.status).join() === 'authorised_source_parts,rejected'
                        && [...document.querySelectorAll('#pushes tbody tr')].some((tr) => tr.textContent.includes('quote_ready'))
                        && document.querySelector('#orders tr.order-row[data-order-id="\(orderID)"] .order-status .chip').dataset.status
                            === 'awaiting_authorisation';
                    """, for: "the moved device, its order and the push")

                // A day later the console's access token has expired (900 s): the next move is answered
                // 401, and the page signs in again and makes it.
                try await namespace.advanceClock(seconds: 86_400)
                try await browser.click("#orders button.move[data-device-id='\(deviceID)'][data-status='authorised_source_parts']")
                checker = try #require(try await namespace.post("/__mock/sessions", ["email": "totp@acme.test"]).data["token"]?.string)
                try await waitFor("the second move") { try await device()["status"] == "authorised_source_parts" }
                #expect(try await namespace.get("/__mock/sessions?email=admin@acme.test").data.array?.count == 2)
                #expect(try await browser.consoleErrors(expecting: ["status of 503", "status of 401"]) == [])
            }
        }
    }

    @Test func theAddOrderFormMakesAnOrderWithDevicesInTheChosenStatusesAndShowsTheMocksError() async throws {
        try await withMock(.live) { mock in   // a browser needs a socket
            try await ChromeBrowser.run { browser in
                try await open(browser, mock)
                try await browser.waitUntil("""
                    return document.getElementById('order-company').value === arguments[0]
                        && !!document.querySelector('#order-client option[value="' + arguments[1] + '"]');
                    """, [.string(MockSeed.Company.acme), .string(MockSeed.Customer.jane.id)], for: "Acme and its clients in the form")
                try await browser.click("#order-client option[value='\(MockSeed.Customer.jane.id)']")
                let first = "#order-devices .order-device:nth-child(1)", second = "#order-devices .order-device:nth-child(2)"
                try await browser.click("\(first) select[name='status'] option[value='ready_to_quote']")
                try await browser.click("#order-add-device")
                try await browser.click("\(second) select[name='workflow_type'] option[value='buyback']")
                try await browser.click("\(second) select[name='status'] option[value='ready_to_pay']")
                try await browser.clear("\(second) input[name='brand']")
                try await browser.type("Samsung", into: "\(second) input[name='brand']")
                try await browser.clear("\(second) input[name='model']")
                try await browser.type("Galaxy S23", into: "\(second) input[name='model']")
                try await browser.click("#order-form button[type='submit']")
                try await browser.waitUntil("""
                    return document.getElementById('order-result').textContent === 'Added order #10033 with 2 devices.'
                        && document.getElementById('order-error').textContent === '';
                    """, for: "the order added")

                // Over HTTP, as the staff app sees it: Jane's, with the devices in the chosen statuses.
                let staff = try #require(try await mock.post("/__mock/sessions", ["email": "admin@acme.test"]).data["token"]?.string)
                let listed = try await mock.get("/api/orders?search=10033", bearer: staff)
                let id = try #require(listed.data[0]?["id"]?.string)
                let order = try await mock.get("/api/orders/\(id)", bearer: staff).data
                #expect(order["client"]?["id"] == .string(MockSeed.Customer.jane.id))
                #expect(order["status"] == "in_progress")
                let devices = order["devices"]?.array ?? []
                #expect(devices.map { $0["status"] } == ["ready_to_quote", "ready_to_pay"])
                #expect(devices.map { $0["workflow_type"] } == ["repair", "buyback"])
                #expect(devices.map { $0["display_name"] } == ["Apple iPhone 15", "Samsung Galaxy S23"])
                // And the panel opened it.
                try await browser.waitUntil("""
                    return document.querySelectorAll('#orders tr.order-devices[data-order-id="\(id)"] tr.device-row').length === 2;
                    """, for: "the new order open in the panel")

                // A bad input: the mock's own message beside the form, and nothing written.
                try await browser.clear("\(first) input[name='brand']")
                let body: [String: JSONValue] = ["orders": [[
                    "company_id": .string(MockSeed.Company.acme), "client_id": .string(MockSeed.Customer.jane.id),
                    "devices": [["workflow_type": "repair", "status": "ready_to_quote", "model": "iPhone 15"],
                                ["workflow_type": "buyback", "status": "ready_to_pay", "brand": "Samsung", "model": "Galaxy S23"]],
                ]]]
                let refused = try await mock.post("/__mock/fixtures", body)
                #expect(refused.status == 400)
                let message = try #require(refused.error)
                #expect(message.hasPrefix("orders[0].devices[0].brand"), "\(message)")
                let before = try mock.dump()
                try await browser.click("#order-form button[type='submit']")
                try await browser.waitUntil("return document.getElementById('order-error').textContent === arguments[0]",
                                            [.string(message)], for: "the mock's error beside the form")
                #expect(try await browser.evaluate("return document.getElementById('order-result').textContent") == "")
                #expect(try mock.dump() == before)
                #expect(try await browser.consoleErrors(expecting: ["status of 400"]) == [])
            }
        }
    }

    @Test func anOrdersPaymentButtonPlaysPaymentReceivedAndTheFormCanAddAnOrderAsTheBackendsOrderCreated() async throws {
        try await withSignedInMock(.live, { $0.freezeClock() }) { mock, signedIn in   // a browser needs a socket
            let admin = signedIn.token
            try await mock.registerPushToken("adm1000000000001", appType: "staff", bearer: admin)
            try await ChromeBrowser.run { browser in
                try await open(browser, mock)
                try await browser.waitUntil("return !!document.querySelector('#orders tr.order-row[data-order-number=\"10001\"]')",
                                            for: "#10001 in the panel")
                try await browser.click("#orders tr.order-row[data-order-number='10001'] button.order-toggle")
                let row = "#orders .order-payment[data-order-id='\(SeedIDs.order(1))']"
                try await browser.waitUntil("return !!document.querySelector(arguments[0])", [.string(row)], for: "its payment row")
                try await browser.type("10.50", into: "\(row) input.payment-amount")
                try await browser.click("\(row) select.payment-method option[value='cash']")
                try await browser.click("\(row) button.record-payment")
                try await browser.waitUntil("""
                    const result = document.querySelector(arguments[0] + ' .payment-result');
                    return !!result && result.textContent === 'Recorded 10.50 (cash): partially paid, 149.47 due; 1 push.';
                    """, [.string(row)], for: "the payment recorded")
                // Over HTTP: the order's money followed, and the admin (its assigned user) was pushed.
                let order = try await mock.get("/api/orders/\(SeedIDs.order(1))", bearer: admin).data
                #expect(order["totals"]?["balance_due"] == "149.47")
                #expect(try await mock.pushes(token: "adm1000000000001").first?["payload"]?["type"] == "payment_received")

                // A refused amount: the mock's message in the row, nothing written.
                try await browser.clear("\(row) input.payment-amount")
                try await browser.type("0", into: "\(row) input.payment-amount")
                try await browser.click("\(row) button.record-payment")
                try await browser.waitUntil("""
                    const error = document.querySelector(arguments[0] + ' .payment-error');
                    return !!error && error.textContent === 'Invalid or missing field: amount_pence';
                    """, [.string(row)], for: "the mock's error in the row")
                #expect(try await mock.get("/api/orders/\(SeedIDs.order(1))", bearer: admin).data["totals"]?["balance_due"] == "149.47")

                // The add-order form as the backend's order_created: the staff are pushed.
                try await browser.waitUntil("return !!document.querySelector('#order-client option[value=\"' + arguments[0] + '\"]')",
                                            [.string(MockSeed.Customer.jane.id)], for: "Jane in the form")
                try await browser.click("#order-client option[value='\(MockSeed.Customer.jane.id)']")
                try await browser.click("#order-as-event")
                try await browser.click("#order-form button[type='submit']")
                try await browser.waitUntil("""
                    return document.getElementById('order-result').textContent === 'Added order #10033 with 1 device; order_created: 1 push.';
                    """, for: "the order added as order_created")
                #expect(try await mock.pushes(token: "adm1000000000001").first?["payload"]?["type"] == "order_created")
                #expect(try await browser.consoleErrors(expecting: ["status of 400"]) == [])
            }
        }
    }
}
