import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MockBasics

/// Headless Chromium driven through chromedriver's W3C WebDriver HTTP API (JSON over HTTP, no
/// client library): `chromedriver --port=0` is started per browser, reports the port it took,
/// and starts Chromium for the session. `ChromeBrowser.run { browser in … }` quits both however
/// the body ends. Requests go over a plain socket (`WebDriverHTTP`): chromedriver writes headers
/// without a space after the colon (`Content-Length:914`), which Linux URLSession rejects.
package final class ChromeBrowser {
    /// chromedriver: `$CHROMEDRIVER`, else `chromedriver` on `PATH`.
    package static let driverPath = executable(environment: "CHROMEDRIVER", names: ["chromedriver"])
    /// The browser: `$CHROME_BINARY`, else Debian's `chromium` (or another Chromium/Chrome) on `PATH`.
    package static let chromePath = executable(environment: "CHROME_BINARY",
                                       names: ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"])
    package static let isAvailable = driverPath != nil && chromePath != nil

    private let driver: ChildProcess
    private let driverLog: URL
    private let port: Int
    private let sessionID: String

    /// A browser with a `width`×`height` window for `body`; chromedriver and Chromium are stopped after.
    /// One browser at a time in the test process, whichever suite or test target asks (two Chromiums
    /// beside the suite overload two cores): a caller waits for the one before to quit.
    package static func run<T>(width: Int = 1400, height: Int = 1800, _ body: (ChromeBrowser) async throws -> T) async throws -> T {
        await BrowserTurns.shared.take()
        do {
            let browser = try await ChromeBrowser(width: width, height: height)
            do {
                let result = try await body(browser)
                await browser.quit()
                await BrowserTurns.shared.give()
                return result
            } catch {
                await browser.quit()
                throw error
            }
        } catch {
            await BrowserTurns.shared.give()
            throw error
        }
    }

    private enum DriverStart {
        case port(Int)
        case ended(String)
        case timedOut(String)
    }

    /// "ChromeDriver was started successfully on port 41687.", read from the driver's log.
    private static func reportedPort(_ driver: ChildProcess, log: URL) async throws -> DriverStart {
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let match = text.firstMatch(of: /started successfully on port (\d+)/), let port = Int(match.output.1) {
                return .port(port)
            }
            if !driver.isRunning { return .ended(text) }
            if ContinuousClock.now > deadline { return .timedOut(text) }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// chromedriver has been seen to exit before reporting its port while the whole suite loads both
    /// cores; a driver that ended (not one that is slow) is started again, twice at most.
    private static func startDriver(_ path: String) async throws -> (ChildProcess, URL, Int) {
        var attempt = 1
        while true {
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("chromedriver-\(UUID().uuidString).log")
            // posix_spawn, not Foundation's Process (Support/ChildProcess.swift: Process.run() can crash).
            let child = try ChildProcess(executable: URL(fileURLWithPath: path), arguments: ["--port=0"],
                                         environment: ProcessInfo.processInfo.environment, output: log)
            switch try await reportedPort(child, log: log) {
            case .port(let port):
                return (child, log, port)
            case .ended where attempt < 3:
                attempt += 1
                try? FileManager.default.removeItem(at: log)
            case .ended(let text), .timedOut(let text):
                stop(child)
                throw BrowserError("chromedriver did not start (attempt \(attempt)): \(text)")
            }
        }
    }

    private init(width: Int, height: Int) async throws {
        guard let driverPath = Self.driverPath, let chromePath = Self.chromePath else {
            throw BrowserError("chromium or chromedriver not found")
        }
        (driver, driverLog, port) = try await Self.startDriver(driverPath)

        let capabilities: JSONValue = ["capabilities": ["alwaysMatch": ["goog:loggingPrefs": ["browser": "ALL"], "goog:chromeOptions": [
            "binary": .string(chromePath),
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                     "--disable-extensions", "--force-device-scale-factor=1", "--hide-scrollbars",
                     .string("--window-size=\(width),\(height)")],
        ]]]]
        do {
            let created = try await Self.send(port: self.port, "POST", "/session", capabilities)
            guard let id = created["sessionId"]?.stringValue else { throw BrowserError("no session id: \(created)") }
            sessionID = id
        } catch {
            Self.stop(driver)
            throw error
        }
    }

    /// Ends the session (Chromium quits), then chromedriver (which ignores SIGTERM: `GET /shutdown`,
    /// and SIGKILL if it is still there 5 s later).
    package func quit() async {
        _ = try? await command("DELETE", "", nil)
        _ = try? await WebDriverHTTP.exchange(port: port, method: "GET", path: "/shutdown", body: Data())
        let deadline = ContinuousClock.now + .seconds(5)
        while driver.isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        Self.stop(driver)
        try? FileManager.default.removeItem(at: driverLog)
    }

    private static func stop(_ driver: ChildProcess) {
        if driver.isRunning { kill(driver.pid, SIGKILL) }
        driver.waitUntilExit()
    }

    // MARK: - Commands

    package func open(_ url: URL) async throws {
        _ = try await command("POST", "url", ["url": .string(url.absoluteString)])
    }

    /// Runs `script` (a function body; `arguments[i]` are `args`) in the page and returns its value.
    @discardableResult
    package func evaluate(_ script: String, _ args: [JSONValue] = []) async throws -> JSONValue {
        try await command("POST", "execute/sync", ["script": .string(script), "args": .array(args)])
    }

    /// Like `evaluate`, for a script that calls `arguments[arguments.length - 1](value)` when done.
    package func evaluateAsync(_ script: String, _ args: [JSONValue] = []) async throws -> JSONValue {
        try await command("POST", "execute/async", ["script": .string(script), "args": .array(args)])
    }

    /// The element `selector` matches (the first), as WebDriver refers to it.
    package func element(_ selector: String) async throws -> String {
        let found = try await command("POST", "element", ["using": "css selector", "value": .string(selector)])
        guard let id = found["element-6066-11e4-a52e-4f735466cecf"]?.stringValue else {
            throw BrowserError("no element id for \(selector): \(found)")
        }
        return id
    }

    /// A real click (WebDriver scrolls it into view and fails if something else would get it).
    package func click(_ selector: String) async throws {
        let id = try await element(selector)
        _ = try await command("POST", "element/\(id)/click", [:])
    }

    /// Types `text` into the element, as keystrokes.
    package func type(_ text: String, into selector: String) async throws {
        let id = try await element(selector)
        _ = try await command("POST", "element/\(id)/value", ["text": .string(text)])
    }

    /// Empties a text field (as a person selecting its text and deleting it).
    package func clear(_ selector: String) async throws {
        let id = try await element(selector)
        _ = try await command("POST", "element/\(id)/clear", [:])
    }

    /// The browser's console since the last call (chromedriver hands each entry over once): errors
    /// of the page's script, messages it logged, refused policies and failed requests, each as
    /// `{level, source, message}` (`source`: `javascript`, `console-api`, `security`, `network`…).
    package func consoleEntries() async throws -> [JSONValue] {
        try await command("POST", "se/log", ["type": "browser"]).arrayValue ?? []
    }

    /// The console's `SEVERE` entries since the last call, but for failed requests whose message
    /// holds one of `expected` (an answer a test provoked: `status of 400`): an error of the script,
    /// a refused inline script or a request the test did not expect to fail.
    package func consoleErrors(expecting expected: [String] = []) async throws -> [String] {
        try await consoleEntries().compactMap { entry -> String? in
            guard entry["level"]?.stringValue == "SEVERE" else { return nil }
            let message = entry["message"]?.stringValue ?? ""
            if entry["source"]?.stringValue == "network", expected.contains(where: message.contains) { return nil }
            return "\(entry["source"]?.stringValue ?? "?"): \(message)"
        }
    }

    /// The visible viewport as a PNG.
    package func screenshot() async throws -> Data {
        guard let base64 = try await command("GET", "screenshot", nil).stringValue,
              let png = Data(base64Encoded: base64) else { throw BrowserError("no screenshot") }
        return png
    }

    /// Polls `condition` (a script returning a boolean) until true, at most `timeout`; the time it took.
    @discardableResult
    package func waitUntil(_ condition: String, _ args: [JSONValue] = [], timeout: Duration = .seconds(15),
                   for description: String) async throws -> Duration {
        let started = ContinuousClock.now
        while true {
            if try await evaluate(condition, args) == .bool(true) { return started.duration(to: .now) }
            if started.duration(to: .now) > timeout {
                let state = try? await evaluate("return document.getElementById('connection')?.textContent")
                throw BrowserError("timed out after \(timeout) waiting for \(description) (console: \(state ?? .null))")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    private func command(_ method: String, _ path: String, _ body: JSONValue?) async throws -> JSONValue {
        try await Self.send(port: port, method, "/session/\(sessionID)" + (path.isEmpty ? "" : "/" + path), body)
    }

    private static func send(port: Int, _ method: String, _ path: String, _ body: JSONValue?) async throws -> JSONValue {
        let payload = try body.map { try JSONEncoder().encode($0) } ?? Data()
        let (status, data) = try await WebDriverHTTP.exchange(port: port, method: method, path: path, body: payload)
        let reply = (try? JSONDecoder().decode(JSONValue.self, from: data)) ?? .null
        let value = reply["value"] ?? .null
        guard status == 200 else {
            throw BrowserError("WebDriver \(method) \(path): \(status) \(value["error"] ?? .null) "
                               + (value["message"]?.stringValue ?? String(decoding: data, as: UTF8.self)))
        }
        return value
    }

    private static func executable(environment name: String, names: [String]) -> String? {
        let manager = FileManager.default
        if let path = ProcessInfo.processInfo.environment[name], manager.isExecutableFile(atPath: path) { return path }
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for name in names {
            for folder in folders where manager.isExecutableFile(atPath: "\(folder)/\(name)") { return "\(folder)/\(name)" }
        }
        return nil
    }
}

/// The turns `ChromeBrowser.run` takes: the first caller goes on, the others wait in order; `give()`
/// hands the turn to the next one waiting.
private actor BrowserTurns {
    static let shared = BrowserTurns()
    private var taken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func take() async {
        guard taken else {
            taken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func give() {
        if waiting.isEmpty {
            taken = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}

package struct BrowserError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// One HTTP/1.1 request to `127.0.0.1:port` over a blocking socket, on a thread of its own (so the
/// seconds a WebDriver command can take never hold a thread of the concurrency pool).
package enum WebDriverHTTP {
    package static func exchange(port: Int, method: String, path: String, body: Data) async throws -> (status: Int, body: Data) {
        var request = Array("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n".utf8)
        if !body.isEmpty || method == "POST" {
            request += Array("Content-Type: application/json; charset=utf-8\r\nContent-Length: \(body.count)\r\n".utf8)
        }
        request += Array("\r\n".utf8) + [UInt8](body)
        let message = request
        return try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try blockingExchange(port: port, message) }) }.start()
        }
    }

    private static func blockingExchange(port: Int, _ message: [UInt8]) throws -> (status: Int, body: Data) {
        let socket: LoopbackSocket
        do {
            socket = try LoopbackSocket(port: port, receiveTimeout: 120)
            try socket.send(message)
        } catch {
            throw BrowserError("chromedriver: \(error)")
        }

        // Read the head, then Content-Length bytes of body (or to the end, without one).
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var headEnd: Int?
        var expected: Int?
        while true {
            if let headEnd, let expected, received.count - headEnd >= expected { break }
            let count = socket.receive(into: &buffer)
            if count == 0 { break }
            guard count > 0 else { throw BrowserError("recv from chromedriver: errno \(errno)") }
            received += buffer[0..<count]
            if headEnd == nil, let range = received.firstRange(of: Array("\r\n\r\n".utf8)) {
                headEnd = range.upperBound
                let head = String(decoding: received[..<range.lowerBound], as: UTF8.self).split(separator: "\r\n")
                for line in head.dropFirst() {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    if parts.count == 2, parts[0].lowercased() == "content-length" {
                        expected = Int(parts[1].trimmingCharacters(in: .whitespaces))
                    }
                }
            }
        }
        guard let headEnd, received.count >= 12, received.starts(with: Array("HTTP/1.".utf8)),
              let status = Int(String(decoding: received[9..<12], as: UTF8.self)) else {
            throw BrowserError("no HTTP answer from chromedriver")
        }
        return (status, Data(received[headEnd...].prefix(expected ?? .max)))
    }
}
