import Foundation
import Testing
@testable import MockProxy
import MockServer
import MockBasics
import RepairMinderMockControl
import MockTestSupport

/// The console served by `repairminder-mock proxy` in a real browser (`ChromeBrowser`, one at a time
/// in the test process): the page finds it is a proxy's and shows only its Drift panel, drawn from
/// `GET /__mock/drift`. The upstream is a mock of the test's own; its fault injection makes an answer
/// drift. Skipped (with the reason) where chromium and chromedriver are missing; `.ci/run` installs them.
@Suite(.enabled(if: ChromeBrowser.isAvailable,
                "needs headless Chromium: chromium and chromedriver on PATH (Debian: apt-get install chromium chromium-driver), or CHROME_BINARY and CHROMEDRIVER"))
struct ConsoleDriftBrowserTests {
    @Test func theProxysConsoleShowsOnlyTheDriftPanelWithEachOperationAndItsFindingsAsText() async throws {
        try await withStarted({ try MockServer.startedForTesting() }) { upstream in
            try await withStarted({ try Self.startProxy(upstream: upstream) }) { proxy in
                // Matched: a staff login as the mock answers it.
                #expect(try await Self.send(proxy, "POST", "/api/auth/login",
                                            ["email": "admin@acme.test", "password": "password123"]).status == 200)
                // Drifted: the next login is refused with an error that is a number, beside a key the error
                // envelope does not know, named in markup (keys come from the upstream and are shown). A 401,
                // not an altered 200: the proxy does not yet look inside a success schema written as
                // `allOf: [SuccessEnvelope]` with sibling keys (every `data` payload), so that drift goes unseen.
                let markupKey = "<img src=x onerror=window.__xss='key'>"
                _ = try await MockControl(baseURL: upstream.baseURL).addFault(MockFaultRule(
                    method: "POST", path: "/api/auth/login", count: 1, status: 401,
                    body: ["success": false, "error": 401, markupKey: true]))
                #expect(try await Self.send(proxy, "POST", "/api/auth/login",
                                            ["email": "admin@acme.test", "password": "wrong"]).status == 401)
                // Undocumented: a path the document does not know (the mock answers 404).
                #expect(try await Self.send(proxy, "GET", "/api/nothing").status == 404)

                // What the page must show, as the proxy reports it over HTTP.
                let report = try await Self.drift(proxy)
                #expect(report["exchanges"] == 3 && report["matched"] == 1 && report["findings"] == 3 && report["upstream_errors"] == 0,
                        "\(report.jsonString)")
                let operations = report["operations"]?.arrayValue ?? []
                let login = try #require(operations.first { $0["path"] == "/api/auth/login" })
                #expect(login["operation_id"] == "loginStaff" && login["method"] == "POST" && login["exchanges"] == 2 && login["matched"] == 1)
                #expect(login["findings"]?.arrayValue?.map { "\($0["kind"]?.stringValue ?? "") \($0["pointer"]?.stringValue ?? "") \(($0["status"] ?? .null).jsonString)" }
                        == ["unknown_key /\(markupKey) 401", "wrong_type /error 401"], "\(login.jsonString)")
                let nothing = try #require(operations.first { $0["path"] == "/api/nothing" })
                #expect(nothing["operation_id"] == .null && nothing["method"] == "GET" && nothing["exchanges"] == 1 && nothing["matched"] == 0)
                #expect(nothing["findings"]?.arrayValue?.map { "\($0["kind"]?.stringValue ?? "")|\($0["pointer"]?.stringValue ?? "")|\(($0["status"] ?? .null).jsonString)" }
                        == ["undocumented_operation||null"], "\(nothing.jsonString)")

                try await ChromeBrowser.run { browser in
                    try await browser.open(URL(string: proxy.baseURL.absoluteString + "/__mock/")!)
                    try await browser.waitUntil("""
                        return document.body.dataset.mode === 'proxy'
                            && document.querySelectorAll('#drift tr.drift-operation').length === 2
                            && document.getElementById('connection').textContent.startsWith('live');
                        """, for: "the Drift panel with two operations")

                    // Only the Drift panel; nothing of the mock's (its clock, its reset) in the header.
                    let layout = try await browser.evaluate("""
                        return {shown: [...document.querySelectorAll('main > section')].filter((s) => !s.hidden && s.offsetHeight > 0).map((s) => s.id),
                                clock: document.getElementById('header-clock').offsetWidth, reset: document.getElementById('reset').offsetWidth,
                                title: document.getElementById('namespace').textContent,
                                upstream: document.getElementById('drift-upstream').textContent,
                                stats: Object.fromEntries([...document.querySelectorAll('#drift-summary .stat')]
                                    .map((s) => [s.dataset.stat, s.firstChild.textContent]))};
                        """)
                    #expect(layout == ["shown": ["drift-section"], "clock": 0, "reset": 0,
                                       "title": .string(" · proxy of \(upstream.baseURL.absoluteString)"),
                                       "upstream": .string(upstream.baseURL.absoluteString),
                                       "stats": ["exchanges": "3", "matched": "1", "findings": "3", "upstream_errors": "0"]])

                    // Per operation: its exchanges, matched, upstream errors and findings, each finding exactly.
                    let shown = try await browser.evaluate("""
                        return [...document.querySelectorAll('#drift tr.drift-operation')].map((row) => {
                            const findings = document.querySelector('#drift tr.drift-findings[data-method="' + row.dataset.method
                                + '"][data-path="' + row.dataset.path + '"]');
                            return {operation: row.cells[0].firstChild.textContent, id: row.querySelector('.operation-id').textContent,
                                    exchanges: row.cells[1].textContent, matched: row.cells[2].textContent, errors: row.cells[3].textContent,
                                    findings: [...(findings ? findings.querySelectorAll('tr.drift-finding') : [])].map((f) => ({
                                        kind: f.querySelector('.finding-kind').textContent, pointer: f.dataset.pointer,
                                        pointerShown: f.querySelector('.finding-pointer').textContent,
                                        status: f.querySelector('.finding-status').textContent,
                                        expected: f.querySelector('.finding-expected').textContent,
                                        actual: f.querySelector('.finding-actual').textContent,
                                        count: f.querySelector('.finding-count').textContent}))};
                        });
                        """)
                    #expect(shown == [
                        ["operation": "POST /api/auth/login", "id": "loginStaff", "exchanges": "2", "matched": "1", "errors": "0",
                         "findings": [["kind": "unknown_key", "pointer": .string("/\(markupKey)"), "pointerShown": .string("/\(markupKey)"),
                                       "status": "401", "expected": "no such key", "actual": "boolean", "count": "1"],
                                      ["kind": "wrong_type", "pointer": "/error", "pointerShown": "/error", "status": "401",
                                       "expected": "string", "actual": "integer", "count": "1"]]],
                        ["operation": "GET /api/nothing", "id": "undocumented", "exchanges": "1", "matched": "0", "errors": "0",
                         "findings": [["kind": "undocumented_operation", "pointer": "", "pointerShown": "(the whole body)", "status": "—",
                                       "expected": "an operation of the document", "actual": "GET /api/nothing", "count": "1"]]],
                    ], "\(shown.jsonString)")
                    // The upstream's key is text: no image was made, no script ran.
                    #expect(try await browser.evaluate("return {images: document.images.length, xss: window.__xss === undefined}")
                            == ["images": 0, "xss": true])

                    // Polled: a second undocumented call shows as a count of 2.
                    #expect(try await Self.send(proxy, "GET", "/api/nothing").status == 404)
                    try await browser.waitUntil("""
                        const f = document.querySelector('#drift tr.drift-findings[data-path="/api/nothing"] tr.drift-finding');
                        return !!f && f.querySelector('.finding-count').textContent === '2'
                            && document.querySelector('#drift-summary [data-stat="exchanges"] strong').textContent === '4';
                        """, for: "the second undocumented exchange")

                    // No script error; of failed requests, only the one probe of the mock's clock (the proxy
                    // has none), once: the page never polled the mock's panels.
                    let entries = try await browser.consoleEntries()
                    let severe = entries.filter { $0["level"]?.stringValue == "SEVERE" }.map { $0["message"]?.stringValue ?? "" }
                    #expect(severe.count == 1 && severe.allSatisfy { $0.contains("/__mock/clock") && $0.contains("status of 404") },
                            "\(severe)")
                }
            }
        }
    }

    /// A proxy with `--control-token`: the page asks for it (its probe is answered 401 before
    /// anything else), then shows the Drift panel with the token sent on every drift call.
    @Test func theProxysConsoleAsksForTheControlTokenThenShowsTheDriftPanel() async throws {
        try await withStarted({ try MockServer.startedForTesting() }) { upstream in
            try await withStarted({ try Self.startProxy(upstream: upstream) { $0.controlToken = "s3cret-proxy-token" } }) { proxy in
                #expect(try await Self.send(proxy, "GET", "/api/nothing").status == 404)
                // The first check reads the contract (seconds in a debug build, more with both cores
                // busy): it is done before the page's first drift call, whose wait is the page's, not this.
                _ = await Task.detached { proxy.driftReport() }.value

                try await ChromeBrowser.run { browser in
                    try await browser.open(URL(string: proxy.baseURL.absoluteString + "/__mock/")!)
                    try await browser.waitUntil("""
                        return !document.getElementById('token-panel').hidden
                            && document.getElementById('connection').textContent === 'waiting for the control token';
                        """, for: "the token form")
                    #expect(try await browser.evaluate("return document.getElementById('drift-section').hidden") == true)

                    try await browser.type("s3cret-proxy-token", into: "#token-input")
                    try await browser.click("#token-form button[type='submit']")
                    try await browser.waitUntil("""
                        const finding = document.querySelector('#drift tr.drift-finding');
                        return document.getElementById('token-panel').hidden && document.body.dataset.mode === 'proxy'
                            && !document.getElementById('drift-section').hidden
                            && document.getElementById('connection').textContent.startsWith('live')
                            && !!finding && finding.dataset.kind === 'undocumented_operation';
                        """, for: "the Drift panel after the token")
                    #expect(try await browser.evaluate("return document.getElementById('codes-section').hidden") == true)
                    // The 401s before the token, the clock's 404 after it, nothing else.
                    let severe = try await browser.consoleEntries().filter { $0["level"]?.stringValue == "SEVERE" }
                        .map { $0["message"]?.stringValue ?? "" }
                    #expect(severe.allSatisfy { $0.contains("/__mock/clock") && ($0.contains("status of 401") || $0.contains("status of 404")) }
                            && severe.filter { $0.contains("status of 404") }.count == 1, "\(severe)")
                }
            }
        }
    }

    // MARK: - Helpers

    static func startProxy(upstream: MockServer, _ configure: (inout MockProxyConfiguration) -> Void = { _ in }) throws -> MockProxy {
        var configuration = MockProxyConfiguration(upstream: upstream.baseURL)
        configuration.hosts = ["127.0.0.1"]
        configuration.logger.logLevel = .critical
        configure(&configuration)
        let proxy = try MockProxy(configuration: configuration)
        try proxy.start()
        return proxy
    }

    /// One request to the proxy (a plain HTTP/1.1 exchange over a socket), as an app would send it.
    static func send(_ proxy: MockProxy, _ method: String, _ path: String, _ json: JSONValue? = nil) async throws -> (status: Int, body: Data) {
        try await WebDriverHTTP.exchange(port: proxy.port, method: method, path: path, body: Data(json?.encoded() ?? []))
    }

    /// `GET /__mock/drift`'s `data`, as the page reads it.
    static func drift(_ proxy: MockProxy) async throws -> JSONValue {
        let answer = try await send(proxy, "GET", "/__mock/drift")
        #expect(answer.status == 200)
        return try #require(JSONValue.parse(answer.body)?["data"])
    }
}
