import Foundation
import Testing
import MockHTTP
@testable import MockServer
@testable import MockBasics
import RepairMinderMockControl
import MockTestSupport
import MockConcurrency

/// The console (`GET /__mock/`) in a real browser: headless Chromium, driven over WebDriver, against
/// a live mock on an ephemeral port. What the page shows is checked in the page; what its buttons
/// do is checked over HTTP. Skipped (with the reason) where chromium and chromedriver are missing;
/// `.ci/run` installs them, so CI always runs these.
@Suite(.serialized, .enabled(if: ChromeBrowser.isAvailable,
                             "needs headless Chromium: chromium and chromedriver on PATH (Debian: apt-get install chromium chromium-driver), or CHROME_BINARY and CHROMEDRIVER"))
struct ConsoleBrowserTests {
    @Test func aSignInCodeAppearsAndTheSuspendButtonQuarantinesTheSignedInAdmin() async throws {
        try await withMock(.live) { mock in   // a browser needs a socket
            try await ChromeBrowser.run { browser in
                try await open(browser, mock)

                // A staff sign-in over HTTP: its 2FA code shows in large type, newest first.
                let login = try await mock.post("/api/auth/login", ["email": "admin@acme.test", "password": "password123"])
                let userID = try #require(login.data["userId"]?.string)
                _ = try await mock.post("/api/auth/2fa/request", ["userId": .string(userID), "email": "admin@acme.test"])
                let code = try #require(try await mock.latestCode(to: "admin@acme.test", kind: "staff_2fa"))
                let shownAfter = try await browser.waitUntil("""
                    const card = document.querySelector('#codes .code-card');
                    return !!card && card.dataset.to === 'admin@acme.test' && card.dataset.kind === 'staff_2fa'
                        && card.querySelector('.code').textContent === arguments[0]
                        && getComputedStyle(card.querySelector('.code')).fontSize === '40px';
                    """, [.string(code)], for: "the 2FA code in the latest codes")
                print("console: the 2FA code showed \(shownAfter) after it was mailed")
                #expect(try await browser.evaluate("return document.querySelector('#codes .code-card button.copy').textContent")
                        == "Copy")

                // The code shown is the one that signs in; the session shows live, with its platform.
                let verify = try await mock.post("/api/auth/2fa/verify", ["userId": .string(userID), "code": .string(code)])
                let token = try #require(verify.data["token"]?.string)
                try await browser.waitUntil("""
                    return [...document.querySelectorAll('#sessions tr[data-status="live"]')]
                        .some((row) => row.textContent.includes('admin@acme.test') && row.textContent.includes('Acme Repairs'));
                    """, for: "the admin's live session")
                #expect(try await mock.get("/api/user/push-preferences", bearer: token).status == 200)

                // Suspend Acme from the page: the admin's next request is quarantined.
                try await browser.click("button.company-status[data-company-id='\(MockSeed.Company.acme)'][data-status='suspended']")
                try await waitFor("Acme to be suspended") {
                    try await mock.get("/__mock/companies").data[0]?["status"] == "suspended"
                }
                let next = try await mock.get("/api/user/push-preferences", bearer: token)
                #expect(next.status == 403)
                #expect(next.json == QuarantineTests.pending)   // seed 002: one answer for both statuses
                try await browser.waitUntil("""
                    const row = document.querySelector('#companies tr[data-company-id="\(MockSeed.Company.acme)"]');
                    return !!row && row.querySelector('.chip').textContent === 'suspended'
                        && row.querySelector('button[data-status="suspended"]').disabled
                        && !row.querySelector('button[data-status="active"]').disabled;
                    """, for: "Acme shown as suspended")

                // And back: the same token works again.
                try await browser.click("button.company-status[data-company-id='\(MockSeed.Company.acme)'][data-status='active']")
                try await waitFor("Acme to be active") {
                    try await mock.get("/__mock/companies").data[0]?["status"] == "active"
                }
                #expect(try await mock.get("/api/user/push-preferences", bearer: token).status == 200)
            }
        }
    }

    /// In a namespace, so the page's calls are shown to be relative to its own URL.
    @Test func theClockButtonsMoveTheNamespacesClockByExactlyTheirAmount() async throws {
        try await withMock(.live) { mock in   // a browser needs a socket
            let namespace = try MockHarness(namespace: "console-clock", of: mock)
            try await ChromeBrowser.run { browser in
                try await open(browser, namespace)
                #expect(try await browser.evaluate("return document.getElementById('namespace').textContent")
                        == " · namespace console-clock")

                for (seconds, label) in [(900.0, "+15 min"), (86_400, "+1 day"), (604_800, "+7 days"), (7_776_000, "+90 days")] {
                    let button = "button[data-advance='\(Int(seconds))']"
                    #expect(try await browser.evaluate("return document.querySelector(arguments[0]).textContent", [.string(button)])
                            == .string(label))
                    let before = try await offset(namespace)
                    try await browser.click(button)
                    try await waitFor("the clock to move \(label)") { try await offset(namespace) != before }
                    let after = try await offset(namespace)
                    // offset_seconds is rounded to the millisecond: equal up to that rounding.
                    #expect(abs(after - before - seconds) < 0.0015, "\(label): moved \(after - before) s")
                    let now = try await namespace.clockNow()
                    try await browser.waitUntil("""
                        return document.getElementById('clock-now').textContent.startsWith(arguments[0]);
                        """, [.string(String(now.prefix(10)))], for: "the page to show \(now)")
                }
                #expect(abs(try await offset(mock)) < 60, "the default namespace's clock did not move")
            }
        }
    }

    @Test func aScreenshotOfTheConsoleIsANonBlankPNG() async throws {
        try await withMock(.live) { mock in   // a browser needs a socket
            // Something in every panel.
            let admin = try await mock.signInStaff("admin@acme.test", userAgent: "RepairMinder-iOS/1.0 (iPhone; iOS 17.0)")
            try await mock.registerPushToken("a1b2c3d4e5f60718293a4b5c6d7e8f90", appType: "staff", bearer: admin.token)
            #expect(try await mock.inboundEmail(to: "hello@acme.test", from: "noah.walker@example.test", fromName: "Noah Walker",
                                                subject: "Battery replacement price?", body: "How much?").status == 201)
            _ = try await mock.get("/api/orders", bearer: admin.token)
            // Jane watches the customer app; her new order waits for a quote.
            let jane = try await mock.signInCustomer("jane@customer.test")
            try await mock.registerPushToken("5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b", appType: "customer", bearer: jane)
            let made = try await mock.post("/__mock/fixtures", ["orders": [[
                "company_id": .string(MockSeed.Company.acme), "client_id": .string(MockSeed.Customer.jane.id),
                "devices": [["workflow_type": "repair", "brand": "Apple", "model": "iPhone 15 Pro", "status": "ready_to_quote"],
                            ["workflow_type": "repair", "brand": "Apple", "model": "iPad Air (5th generation)", "status": "repairing"]],
            ]]])
            #expect(made.status == 201, "\(made.json)")
            let device = try #require(made.data["rows"]?[1]?["id"]?.string)
            #expect(try await mock.post("/__mock/faults", ["method": "POST", "path": "/api/auth/refresh", "count": 1,
                                                           "status": 503]).status == 201)
            // Tall enough for the pushes too: the screenshot in docs/console.md shows the quote_ready a move sent.
            let screenshot = try await ChromeBrowser.run(height: 2500) { browser -> Data in
                try await open(browser, mock)
                // The quote sent from the page: Jane's app gets quote_ready.
                try await browser.click("#orders tr.order-row[data-order-number='10033'] button.order-toggle")
                let quote = "#orders button.move[data-device-id='\(device)'][data-status='awaiting_authorisation']"
                try await browser.waitUntil("const b = document.querySelector(arguments[0]); return !!b && !b.disabled;",
                                            [.string(quote)], for: "the move to awaiting_authorisation")
                try await browser.click(quote)
                try await browser.waitUntil("""
                    return document.querySelectorAll('#codes .code-card').length === 2
                        && document.querySelectorAll('#pushes tbody tr').length === 2
                        && [...document.querySelectorAll('#pushes tbody tr')].some((tr) => tr.textContent.includes('quote_ready'))
                        && document.querySelectorAll('#faults tbody tr').length === 1
                        && document.querySelectorAll('#sessions tbody tr').length === 3
                        && document.querySelectorAll('#journal tbody tr').length > 0
                        && document.querySelectorAll('#accounts tbody tr').length > 10
                        && document.querySelector('#orders tr.device-row[data-device-id="\(device)"]').dataset.status === 'awaiting_authorisation';
                    """, for: "every panel filled in")
                #expect(try await browser.consoleErrors() == [])
                try await browser.evaluate("window.scrollTo(0, 0)")
                let png = try await browser.screenshot()

                // The PNG as Chromium itself decodes it, on a blank page (no policy of the console's there).
                try await browser.open(URL(string: "about:blank")!)
                let pixels = try await browser.evaluateAsync("""
                    const done = arguments[arguments.length - 1];
                    const image = new Image();
                    image.onerror = () => done({error: 'not a decodable image'});
                    image.onload = () => {
                        const canvas = document.createElement('canvas');
                        canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
                        const context = canvas.getContext('2d');
                        context.drawImage(image, 0, 0);
                        const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
                        const counts = new Map();
                        let samples = 0;
                        for (let i = 0; i < data.length; i += 4 * 3) {
                            const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
                            counts.set(key, (counts.get(key) || 0) + 1);
                            samples += 1;
                        }
                        const pixel = (x, y) => Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3));
                        done({width: canvas.width, height: canvas.height, colours: counts.size,
                              dominant: Math.max(...counts.values()) / samples, header: pixel(4, 4), page: pixel(4, 80)});
                    };
                    image.src = 'data:image/png;base64,' + arguments[0];
                    """, [.string(png.base64EncodedString())])
                let size = try Self.pngSize(png)
                #expect(pixels["error"] == nil)
                #expect(pixels["width"]?.number == Double(size.width) && pixels["height"]?.number == Double(size.height))
                // Not one colour, nor nearly so: text, chips, buttons, the dark header over the light page.
                #expect((pixels["colours"]?.number ?? 0) >= 64, "distinct colours: \(pixels["colours"] ?? .null)")
                #expect((pixels["dominant"]?.number ?? 1) < 0.9, "share of the commonest colour: \(pixels["dominant"] ?? .null)")
                #expect(pixels["header"] == [24, 32, 44], "the header's #18202c")
                #expect(pixels["page"] == [244, 245, 247], "the page's #f4f5f7")
                return png
            }
            let size = try Self.pngSize(screenshot)
            #expect((800...4000).contains(size.width) && (600...4000).contains(size.height), "\(size)")
            let path = ProcessInfo.processInfo.environment["REPAIRMINDER_CONSOLE_SCREENSHOT"]
                ?? FileManager.default.temporaryDirectory.appendingPathComponent("repairminder-mock-console.png").path
            try screenshot.write(to: URL(fileURLWithPath: path))
            print("console: screenshot \(size.width)×\(size.height), \(screenshot.count) bytes, at \(path)")
        }
    }

    /// A held request shows under Faults with its Release buttons; Release runs it and the app's
    /// request is answered, the other loses its answer.
    @Test func heldRequestsShowWithReleaseButtonsThatLetThemGo() async throws {
        try await withMock(.live) { mock in   // a browser needs a socket
            #expect(try await mock.post("/__mock/faults", ["method": "GET", "path": "/api/auth/me", "action": "hold",
                                                           "count": 2]).status == 201)
            let answered = Task { try await mock.get("/api/auth/me") }
            try await ChromeBrowser.run { browser in
                try await open(browser, mock)
                try await browser.waitUntil("return document.querySelectorAll('#faults tr.held-request').length === 1",
                                            for: "the held request")
                #expect(try await browser.evaluate("return document.querySelector('#faults tr.held-request').innerText.includes('GET /api/auth/me')")
                        == true)
                try await browser.click("#faults tr.held-request button.primary")
                #expect(try await answered.value.status == 401)   // released: run and answered
                try await browser.waitUntil("return document.querySelectorAll('#faults tr.held-request').length === 0",
                                            for: "the released request to leave the list")
                #expect(try await browser.consoleErrors() == [])
            }
            let journal = try await mock.get("/__mock/requests?path=/api/auth/me").data
            #expect(journal[0]?["status"] == .int(401))
        }
    }

    @Test func whatThePageShowsIsTextNeverMarkup() async throws {
        try await withSignedInMock(.live) { mock, admin in   // a browser needs a socket
            try await mock.registerPushToken("0f1e2d3c4b5a69788796a5b4c3d2e1f0", appType: "staff", bearer: admin.token)
            let subject = #"<img src=x onerror="window.__xss='subject'">"#
            let path = "/api/<img src=x onerror=window.__xss='path'>"
            let body = "<img src=x onerror=window.__xss='body'><script>window.__xss='script'</script>"
            #expect(try await mock.inboundEmail(to: "hello@acme.test", from: "x@example.test", subject: subject,
                                                body: "hi").status == 201)
            #expect(try await mock.post("/__mock/faults", ["path": .string(path), "status": 503,
                                                           "body": ["error": .string(body)]]).status == 201)
            // A client and a device named in markup, through fixtures, for the orders panel and the form.
            let first = "<b>Bold</b>", last = #"<img src=x onerror="window.__xss='client'">"#
            let brand = "<img src=x onerror=window.__xss='brand'>", model = "<script>window.__xss='model'</script>"
            let client = "00000004-0000-4000-8000-00000000f0f0"
            let made = try await mock.post("/__mock/fixtures", [
                "clients": [["id": .string(client), "email": "markup@customer.test", "first_name": .string(first),
                             "last_name": .string(last), "companies": [.string(MockSeed.Company.acme)]]],
                "orders": [["company_id": .string(MockSeed.Company.acme), "client_id": .string(client),
                            "devices": [["workflow_type": "repair", "brand": .string(brand), "model": .string(model),
                                         "status": "repairing"]]]],
            ])
            #expect(made.status == 201, "\(made.json)")
            try await ChromeBrowser.run { browser in
                try await open(browser, mock)
                try await browser.click("#orders tr.order-row[data-order-number='10033'] button.order-toggle")
                try await browser.waitUntil("""
                    const text = document.body.innerText;
                    return Array.from(arguments).every((value) => text.includes(value))
                        && !!document.querySelector('#order-client option[value="\(client)"]');
                    """, [.string(subject), .string(path), .string(body), .string(first + " " + last), .string(brand + " " + model)],
                    for: "the values, as text")
                let page = try await browser.evaluate("""
                    return {images: document.images.length, scripts: document.scripts.length, bold: document.querySelectorAll('main b').length,
                            option: document.querySelector('#order-client option[value="\(client)"]').textContent,
                            xss: window.__xss === undefined ? null : String(window.__xss)};
                    """)
                #expect(page == ["images": 0, "scripts": 1, "bold": 0, "option": .string("\(first) \(last) · markup@customer.test"),
                                 "xss": .null])
                #expect(try await browser.consoleErrors() == [])
            }
        }
    }

    /// The console's half of a guarded control API: a stand-in server in front of the mock answers
    /// 401 to control calls without `Authorization: Bearer s3cret-token` (the page itself is open).
    @Test func theConsoleAsksForAControlTokenOnceAndSendsItOnEveryCall() async throws {
        try await withMock(.live) { mock in   // a browser needs a socket
            let (api, control) = MockServer.routers(controlAPI: true)   // every route the console calls
            let dispatcher = Dispatcher(namespaces: mock.server.namespaces, api: api, control: control)
            let seen = Locked<[String?]>([])
            let guarded = HTTPServer(configuration: HTTPServerConfiguration(hosts: ["127.0.0.1"], port: 0)) { request in
                if request.path.hasPrefix("/__mock/"), request.path != "/__mock/", request.path != "/__mock/health" {
                    let authorization = request.headers["authorization"]
                    seen.withLock { $0.append(authorization) }
                    guard authorization == "Bearer s3cret-token" else {
                        var headers = HTTPHeaders()
                        headers.add("Content-Type", "application/json; charset=utf-8")
                        return HTTPResponse(status: 401, headers: headers, body: Data(#"{"success":false,"error":"Unauthorized"}"#.utf8))
                    }
                }
                return dispatcher.respond(to: request)
            }
            try await withStarted(guarded) { guarded in
                let page = URL(string: "http://127.0.0.1:\(guarded.port)/__mock/")!

                try await ChromeBrowser.run { browser in
                    try await browser.open(page)
                    try await browser.waitUntil("return !document.getElementById('token-panel').hidden", for: "the token form")
                    #expect(seen.withLock { $0 }.allSatisfy { $0 == nil })

                    try await browser.type("wrong-token", into: "#token-input")
                    try await browser.click("#token-form button[type='submit']")
                    try await browser.waitUntil("""
                        return !document.getElementById('token-panel').hidden
                            && document.getElementById('token-message').textContent === 'That token was refused.';
                        """, for: "the form again, saying so")
                    #expect(seen.withLock { $0 }.contains("Bearer wrong-token"))

                    try await browser.type("s3cret-token", into: "#token-input")
                    try await browser.click("#token-form button[type='submit']")
                    try await browser.waitUntil("""
                        return document.getElementById('token-panel').hidden
                            && document.getElementById('connection').textContent.startsWith('live')
                            && document.getElementById('clock-now').textContent.endsWith('UTC');
                        """, for: "the console live with the token")
                    let first = try #require(seen.withLock { $0 }.firstIndex(of: "Bearer s3cret-token"))
                    try await waitFor("more polls") { seen.withLock { $0.count } > first + 30 }
                    #expect(seen.withLock { Array($0[first...]) }.allSatisfy { $0 == "Bearer s3cret-token" })
                    #expect(try await browser.evaluate("return document.getElementById('token-panel').hidden") == true,
                            "asked once")
                    #expect(try await browser.evaluate("return sessionStorage.getItem('repairminder-mock-control-token')")
                            == "s3cret-token")

                    // Kept for the tab: a reload asks nothing and sends it from the first call.
                    let beforeReload = seen.withLock { $0.count }
                    try await browser.open(page)
                    try await browser.waitUntil("return document.getElementById('connection').textContent.startsWith('live')",
                                                for: "the reloaded console live")
                    try await waitFor("polls after the reload") { seen.withLock { $0.count } > beforeReload + 10 }
                    #expect(seen.withLock { Array($0[beforeReload...]) }.allSatisfy { $0 == "Bearer s3cret-token" })
                    #expect(try await browser.evaluate("return document.getElementById('token-panel').hidden") == true)
                }
            }
        }
    }

    /// A namespace on a replay seed shows its seed and its journal's digest, which follows requests.
    @Test func theClockPanelShowsTheReplaySeedAndTheDigest() async throws {
        try await withMock(.live) { mock in   // a browser needs a socket
            let namespace = try MockHarness(namespace: "console-replay", of: mock)
            try await ChromeBrowser.run { browser in
                try await open(browser, namespace)
                try await browser.waitUntil("return document.getElementById('replay').textContent === 'Random values (no replay seed)'",
                                            for: "the page to say the values are random")
                try await namespace.control.setReplaySeed("golden")
                _ = try await namespace.post("/api/auth/login", ["email": "admin@acme.test", "password": "password123"])
                let replay = try await namespace.control.replay()
                let digest = try #require(replay.digest)
                try await browser.waitUntil("""
                    const box = document.getElementById('replay');
                    return box.dataset.seed === 'golden' && box.dataset.digest === arguments[0]
                        && box.textContent === 'Replay seed golden · 1 request · digest ' + arguments[0].slice(0, 16) + '…';
                    """, [.string(digest)], for: "the seed and the digest after one request")
                #expect(try await mock.control.replay().seed == nil, "the default namespace stayed random")
            }
        }
    }

    // MARK: - Helpers

    /// Loads `mock`'s console and waits for its first successful round of calls.
    func open(_ browser: ChromeBrowser, _ mock: MockHarness) async throws {
        try await browser.open(URL(string: mock.baseURL.absoluteString + "/__mock/")!)
        try await browser.waitUntil("return document.getElementById('connection').textContent.startsWith('live')",
                                    for: "the console to go live")
    }

    func offset(_ mock: MockHarness) async throws -> Double {
        try #require(try await mock.get("/__mock/clock").data["offset_seconds"]?.number)
    }

    /// Polls `condition` (over HTTP) until true, at most 15 s.
    func waitFor(_ description: String, _ condition: () async throws -> Bool) async throws {
        let started = ContinuousClock.now
        while try await !condition() {
            guard started.duration(to: .now) < .seconds(15) else { throw BrowserError("timed out waiting for \(description)") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Width and height from a PNG's IHDR, after checking the signature.
    static func pngSize(_ png: Data) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](png.prefix(24))
        guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
              bytes[12..<16] == Array("IHDR".utf8)[...] else { throw BrowserError("not a PNG") }
        func uint32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (uint32(16), uint32(20))
    }
}
