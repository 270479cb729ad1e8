import Foundation
import Testing
@testable import MockHTTP
import MockConcurrency
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every transport rule through real sockets. Serialized so that the fd-count test sees no other
/// test's sockets.
@Suite(.serialized)
struct ServerTests {
    // MARK: Connections

    @Test(arguments: ServerMode.all) func keepAliveServesSeveralRequestsOnOneConnection(_ mode: ServerMode) throws {
        try withServer(mode.configuration()) { server in
            let c = try RawClient(port: server.port)
            for i in 0..<3 {
                c.send(get("/n/\(i)"))
                let r = try c.readResponse()
                #expect(r.status == 200)
                #expect(r.text == "GET /n/\(i)  ")
                #expect(r.header("connection") == nil)
                #expect(r.header("content-length") == "\(r.body.count)")
                #expect(r.header("date")?.hasSuffix(" GMT") == true)
            }
        }
    }

    @Test(arguments: ServerMode.all) func connectionCloseClosesAfterTheResponse(_ mode: ServerMode) throws {
        try withServer(mode.configuration()) { server in
            let c = try RawClient(port: server.port)
            c.send(get("/x", "Connection: close\r\n"))
            let r = try c.readResponse()
            #expect(r.status == 200)
            #expect(r.header("connection") == "close")
            #expect(c.closedByServer())
        }
    }

    @Test(arguments: ServerMode.all) func handlerAskingForCloseClosesTheConnection(_ mode: ServerMode) throws {
        try withServer(mode.configuration()) { server in
            let c = try RawClient(port: server.port)
            c.send(get("/close"))
            let r = try c.readResponse()
            #expect(r.header("connection") == "close")
            #expect(c.closedByServer())
        }
    }

    @Test(arguments: ServerMode.all) func http10ClosesByDefaultAndKeepsAliveWhenAsked(_ mode: ServerMode) throws {
        try withServer(mode.configuration()) { server in
            let c = try RawClient(port: server.port)
            c.send("GET /old HTTP/1.0\r\n\r\n")
            let r = try c.readResponse()
            #expect(r.status == 200)
            #expect(r.header("connection") == "close")
            #expect(c.closedByServer())

            let k = try RawClient(port: server.port)
            k.send("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try k.readResponse().header("connection") == "keep-alive")
            k.send("GET /b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try k.readResponse().text == "GET /b  ")
        }
    }

    @Test(arguments: ServerMode.all) func pipelinedRequestsAreAnsweredInOrder(_ mode: ServerMode) throws {
        try withServer(mode.configuration()) { server in
            let c = try RawClient(port: server.port)
            c.send(get("/one") + "POST /two HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello"
                   + "POST /three HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n" + get("/four"))
            #expect(try c.readResponse().text == "GET /one  ")
            #expect(try c.readResponse().text == "POST /two  hello")
            #expect(try c.readResponse().text == "POST /three  abc")
            #expect(try c.readResponse().text == "GET /four  ")
        }
    }

    // MARK: Bodies

    @Test(arguments: ServerMode.all) func contentLengthBodyIsDelivered(_ mode: ServerMode) throws {
        try withServer(mode.configuration()) { server in
            let c = try RawClient(port: server.port)
            c.send("POST /p?a=1&b=x%20y HTTP/1.1\r\nHost: t\r\nContent-Length: 11\r\n\r\nhello")
            c.send(" world")
            #expect(try c.readResponse().text == "POST /p a=1&b=x y hello world")
        }
    }

    @Test(arguments: ServerMode.all) func largeContentLengthBodyIsDelivered(_ mode: ServerMode) throws {
        try withServer(mode.configuration()) { server in
            let c = try RawClient(port: server.port)
            let body = String(repeating: "z", count: 500_000)
            c.send("PUT /big-upload HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            let r = try c.readResponse()
            #expect(r.body.count == "PUT /big-upload  ".utf8.count + 500_000)
            c.send(get("/big"))
            #expect(try c.readResponse().body.count == 300_000)
        }
    }

    @Test(arguments: ServerMode.all) func chunkedBodyIsDecoded(_ mode: ServerMode) throws {
        try withServer(mode.configuration()) { server in
            let c = try RawClient(port: server.port)
            c.send("POST /c HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n")
            c.send("6\r\n world\r\n0\r\nX-Trailer: yes\r\n\r\n")
            #expect(try c.readResponse().text == "POST /c  hello world")
            c.send(get("/after"))
            #expect(try c.readResponse().text == "GET /after  ")
        }
    }

    @Test(arguments: ServerMode.all) func expectContinueGets100BeforeTheBody(_ mode: ServerMode) throws {
        try withServer(mode.configuration()) { server in
            let c = try RawClient(port: server.port)
            c.send("POST /e HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
            let interim = try c.readResponse()
            #expect(interim.status == 100)
            c.send("data")
            let r = try c.readResponse()
            #expect(r.status == 200)
            #expect(r.text == "POST /e  data")
        }
    }

    @Test(arguments: ServerMode.all) func expectContinueOverTheLimitGets413WithoutContinue(_ mode: ServerMode) throws {
        try withServer(mode.configuration { $0.maxBodyBytes = 100 }) { server in
            let c = try RawClient(port: server.port)
            c.send("POST /e HTTP/1.1\r\nHost: t\r\nContent-Length: 101\r\nExpect: 100-continue\r\n\r\n")
            let r = try c.readResponse()
            #expect(r.status == 413)
            #expect(c.closedByServer())
        }
    }

    @Test(arguments: ServerMode.all) func headAnswersHeadersWithoutBody(_ mode: ServerMode) throws {
        try withServer(mode.configuration()) { server in
            let c = try RawClient(port: server.port)
            c.send("HEAD /h HTTP/1.1\r\nHost: t\r\n\r\n")
            let r = try c.readResponse(head: true)
            #expect(r.status == 200)
            #expect(r.header("content-length") == "\("HEAD /h  ".utf8.count)")
            #expect(r.header("content-type") == "text/plain")
            // Nothing else was sent: the next response starts right away.
            c.send(get("/next"))
            #expect(try c.readResponse().text == "GET /next  ")
        }
    }

    // MARK: CORS

    @Test(arguments: ServerMode.all) func corsPreflightIsAnsweredByTheServer(_ mode: ServerMode) throws {
        try withServer(mode.configuration()) { server in
            let c = try RawClient(port: server.port)
            c.send("OPTIONS /api/orders HTTP/1.1\r\nHost: t\r\nOrigin: http://localhost:5173\r\n"
                   + "Access-Control-Request-Method: PATCH\r\nAccess-Control-Request-Headers: authorization, content-type\r\n\r\n")
            let r = try c.readResponse()
            #expect(r.status == 204)
            #expect(r.header("access-control-allow-origin") == "http://localhost:5173")
            #expect(r.header("access-control-allow-methods")?.contains("PATCH") == true)
            #expect(r.header("access-control-allow-headers") == "authorization, content-type")
            #expect(r.header("access-control-max-age") == "600")
            c.send(get("/api/orders", "Origin: http://localhost:5173\r\n"))
            let g = try c.readResponse()
            #expect(g.header("access-control-allow-origin") == "http://localhost:5173")
            #expect(g.header("vary") == "Origin")
            c.send(get("/no-origin"))
            #expect(try c.readResponse().header("access-control-allow-origin") == nil)
        }
    }

    @Test(arguments: ServerMode.all) func corsOffPassesOptionsToTheHandler(_ mode: ServerMode) throws {
        try withServer(mode.configuration { $0.cors = false }) { server in
            let c = try RawClient(port: server.port)
            c.send("OPTIONS * HTTP/1.1\r\nHost: t\r\nOrigin: http://x\r\nAccess-Control-Request-Method: GET\r\n\r\n")
            let r = try c.readResponse()
            #expect(r.text == "OPTIONS *  ")
            #expect(r.header("access-control-allow-origin") == nil)
        }
    }

    /// `grantsCORS` decides per request, and is asked only when the request carries `Origin`: a
    /// request it refuses is the handler's, preflight included, and no origin is echoed.
    @Test(arguments: ServerMode.all) func aRefusedOriginIsNeitherPreflightedNorEchoed(_ mode: ServerMode) throws {
        let asked = Locked<[String]>([])
        let configuration = mode.configuration { c in
            c.grantsCORS = { request in
                asked.withLock { $0.append(request.path) }
                return !request.path.hasPrefix("/private")
            }
        }
        try withServer(configuration) { server in
            let c = try RawClient(port: server.port)
            c.send("OPTIONS /private/x HTTP/1.1\r\nHost: t\r\nOrigin: https://evil.example\r\n"
                   + "Access-Control-Request-Method: POST\r\nAccess-Control-Request-Private-Network: true\r\n\r\n")
            let refused = try c.readResponse()
            #expect(refused.status == 200)
            #expect(refused.text == "OPTIONS /private/x  ", "the handler answered the preflight")
            for name in ["access-control-allow-origin", "access-control-allow-methods",
                         "access-control-allow-private-network", "vary"] {
                #expect(refused.header(name) == nil, "\(name)")
            }
            c.send(get("/private/x", "Origin: https://evil.example\r\n"))
            let plain = try c.readResponse()
            #expect(plain.text == "GET /private/x  ")
            #expect(plain.header("access-control-allow-origin") == nil)

            c.send("OPTIONS /public HTTP/1.1\r\nHost: t\r\nOrigin: https://evil.example\r\n"
                   + "Access-Control-Request-Method: POST\r\nAccess-Control-Request-Private-Network: true\r\n\r\n")
            let granted = try c.readResponse()
            #expect(granted.status == 204)
            #expect(granted.header("access-control-allow-origin") == "https://evil.example")
            #expect(granted.header("access-control-allow-private-network") == "true")
            c.send(get("/private/y"))
            #expect(try c.readResponse().text == "GET /private/y  ")
        }
        #expect(asked.withLock { $0 } == ["/private/x", "/private/x", "/public"], "never asked without an Origin")
    }

    // MARK: Bad input

    struct BadCase: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var status: Int
        var testDescription: String { name }
        init(_ name: String, _ text: String, _ status: Int = 400) {
            self.name = name
            bytes = Array(text.utf8)
            self.status = status
        }
    }

    static let badCases: [BadCase] = [
        BadCase("malformed request line", "GET /\r\nHost: t\r\n\r\n"),
        BadCase("double space", "GET  / HTTP/1.1\r\nHost: t\r\n\r\n"),
        BadCase("method not a token", "G(T / HTTP/1.1\r\nHost: t\r\n\r\n"),
        BadCase("unsupported version", "GET / HTTP/2.0\r\nHost: t\r\n\r\n"),
        BadCase("garbage version", "GET / HTTX/1.1\r\nHost: t\r\n\r\n"),
        BadCase("target not origin-form", "GET index.html HTTP/1.1\r\nHost: t\r\n\r\n"),
        BadCase("NUL in header value", "GET / HTTP/1.1\r\nHost: t\r\nX-A: a\u{0}b\r\n\r\n"),
        BadCase("control byte in header value", "GET / HTTP/1.1\r\nHost: t\r\nX-A: a\u{1}b\r\n\r\n"),
        BadCase("NUL in request line", "GET /a\u{0}b HTTP/1.1\r\nHost: t\r\n\r\n"),
        BadCase("negative Content-Length", "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: -1\r\n\r\n"),
        BadCase("non-numeric Content-Length", "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: ten\r\n\r\n"),
        BadCase("conflicting Content-Length", "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!"),
        BadCase("conflicting Content-Length list", "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5, 6\r\n\r\nhello!"),
        BadCase("Content-Length and Transfer-Encoding", "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
        BadCase("unsupported Transfer-Encoding", "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\n"),
        BadCase("chunked not last", "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked, gzip\r\n\r\n"),
        BadCase("bad chunk size", "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n"),
        BadCase("chunk without CRLF", "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcdef\r\n0\r\n\r\n"),
        BadCase("missing Host", "GET / HTTP/1.1\r\nAccept: */*\r\n\r\n"),
        BadCase("two Hosts", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"),
        BadCase("bare LF", "GET / HTTP/1.1\nHost: t\n\n"),
        BadCase("obsolete line folding", "GET / HTTP/1.1\r\nHost: t\r\nX-A: a\r\n b\r\n\r\n"),
        BadCase("space before colon", "GET / HTTP/1.1\r\nHost : t\r\n\r\n"),
        BadCase("bad percent-encoding", "GET /a%zz HTTP/1.1\r\nHost: t\r\n\r\n"),
        BadCase("percent-encoded invalid UTF-8", "GET /a%FF HTTP/1.1\r\nHost: t\r\n\r\n"),
        BadCase("unknown Expect", "POST / HTTP/1.1\r\nHost: t\r\nExpect: magic\r\nContent-Length: 1\r\n\r\nx", 417),
    ]

    @Test(arguments: badCases, ServerMode.all)
    func badInputGetsItsStatusAndTheConnectionClosed(_ bad: BadCase, _ mode: ServerMode) throws {
        try withServer(mode.configuration()) { server in
            let c = try RawClient(port: server.port)
            c.send(bad.bytes)
            let r = try c.readResponse()
            #expect(r.status == bad.status)
            #expect(r.header("connection") == "close")
            #expect(r.header("content-type") == "text/plain; charset=utf-8")
            #expect(r.text.hasSuffix("\n") && r.text.count > 1)
            #expect(c.closedByServer())
        }
    }

    @Test(arguments: ServerMode.all) func headersOver16KiBGet431(_ mode: ServerMode) throws {
        try withServer(mode.configuration()) { server in
            let c = try RawClient(port: server.port)
            c.send("GET / HTTP/1.1\r\nHost: t\r\nX-Big: " + String(repeating: "a", count: 17_000) + "\r\n\r\n")
            let r = try c.readResponse()
            #expect(r.status == 431)
            #expect(c.closedByServer())
            // Just under the limit is fine.
            let ok = try RawClient(port: server.port)
            ok.send("GET / HTTP/1.1\r\nHost: t\r\nX-Big: " + String(repeating: "a", count: 16_000) + "\r\n\r\n")
            #expect(try ok.readResponse().status == 200)
        }
    }

    @Test(arguments: ServerMode.all) func bodyOverTheLimitGets413FromTheHeadersAlone(_ mode: ServerMode) throws {
        try withServer(mode.configuration()) { server in
            let c = try RawClient(port: server.port)
            // Only the head is sent: the answer cannot wait for 2 MiB that never come.
            c.send("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: \(2 << 20)\r\n\r\n")
            let r = try c.readResponse()
            #expect(r.status == 413)
            #expect(r.text == "Request body too large\n")
            #expect(c.closedByServer())
        }
    }

    @Test(arguments: ServerMode.all) func chunkedBodyOverTheLimitGets413(_ mode: ServerMode) throws {
        try withServer(mode.configuration { $0.maxBodyBytes = 10 }) { server in
            let c = try RawClient(port: server.port)
            c.send("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n6\r\n")
            #expect(try c.readResponse().status == 413)
            #expect(c.closedByServer())
        }
    }

    // MARK: Timeouts

    @Test(arguments: ServerMode.all) func incompleteRequestTimesOutWith408(_ mode: ServerMode) throws {
        try withServer(mode.configuration { $0.requestTimeout = 0.3 }) { server in
            let c = try RawClient(port: server.port)
            let t0 = Sys.now()
            c.send("GET / HTTP/1.1\r\nHost: t\r\n")
            let r = try c.readResponse()
            let elapsed = Double(Sys.now() - t0) / 1e9
            #expect(r.status == 408)
            #expect(elapsed >= 0.25)   // never early; how late depends on the machine
            #expect(c.closedByServer())
            // A body that stops short times out too.
            let b = try RawClient(port: server.port)
            b.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
            #expect(try b.readResponse().status == 408)
        }
    }

    @Test(arguments: ServerMode.all) func idleKeepAliveConnectionIsClosed(_ mode: ServerMode) throws {
        try withServer(mode.configuration { $0.idleTimeout = 0.3 }) { server in
            let c = try RawClient(port: server.port)
            c.send(get("/"))
            #expect(try c.readResponse().status == 200)
            let t0 = Sys.now()
            #expect(c.closedByServer())
            let elapsed = Double(Sys.now() - t0) / 1e9
            #expect(elapsed >= 0.25)   // never early; how late depends on the machine
            #expect(c.pending.isEmpty)   // closed silently
        }
    }

    @Test(arguments: ServerMode.all) func fiftyHalfSentRequestsDoNotDelayAWellBehavedClient(_ mode: ServerMode) throws {
        try withServer(mode.configuration()) { server in
            var stalled: [RawClient] = []
            for _ in 0..<50 {
                let s = try RawClient(port: server.port)
                s.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\nabc")
                stalled.append(s)
            }
            #expect(eventually { server.activeConnections == 50 })
            let good = try RawClient(port: server.port)
            var worst = 0.0
            var total = 0.0
            for _ in 0..<5 {
                let t0 = Sys.now()
                good.send(get("/fast"))
                #expect(try good.readResponse().status == 200)
                let ms = Double(Sys.now() - t0) / 1e6
                worst = max(worst, ms)
                total += ms
            }
            // A blocking model would keep the good client waiting for the request timeout (10 s).
            #expect(total / 5 < 100, "mean \(total / 5) ms, worst \(worst) ms")
            stalled.removeAll()
        }
    }

    // MARK: Binding

    static let ipv6Available: Bool = {
        let fd = socket(AF_INET6, Sys.streamType, 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var a = sockaddr_in6()
        a.sin6_family = sa_family_t(AF_INET6)
        inet_pton(AF_INET6, "::1", &a.sin6_addr)
        return withUnsafePointer(to: &a) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
        } == 0
    }()

    @Test(.enabled(if: ipv6Available, "IPv6 loopback is not available"), arguments: ServerMode.all)
    func defaultHostsBindBothLoopbacksOnOnePort(_ mode: ServerMode) throws {
        try withServer(HTTPServerConfiguration(shutdownGrace: 1, workerThreads: mode.workers)) { server in
            #expect(server.port > 0)
            #expect(server.boundAddresses == ["127.0.0.1:\(server.port)", "[::1]:\(server.port)"])
            for host in ["::1", "127.0.0.1"] {
                let c = try RawClient(port: server.port, host: host)
                c.send(get("/v6"))
                #expect(try c.readResponse().text == "GET /v6  ")
            }
        }
    }

    @Test(arguments: ServerMode.all) func portZeroReportsTheRealPortAndAPortInUseIsAClearError(_ mode: ServerMode) throws {
        try withServer(mode.configuration()) { server in
            #expect(server.port > 0)
            #expect(server.boundAddresses == ["127.0.0.1:\(server.port)"])
            let other = HTTPServer(configuration: mode.configuration { $0.port = server.port }, handler: testHandler)
            #expect {
                try other.start()
            } throws: { error in
                let e = error as? HTTPServerError
                return e?.code == EADDRINUSE && e?.message.contains("127.0.0.1:\(server.port)") == true
            }
        }
    }

    @Test(arguments: ServerMode.all) func explicitHostThatCannotBeBoundIsAnError(_ mode: ServerMode) throws {
        let server = HTTPServer(configuration: mode.configuration { $0.hosts = ["192.0.2.1"] }, handler: testHandler)
        #expect(throws: HTTPServerError.self) { try server.start() }
    }

    // MARK: Resources

    /// Open descriptors of this process, and how many of them are TCP sockets on `port` locally
    /// (the listener plus any accepted connection), from /proc (Linux).
    static func descriptorCounts(port: Int) -> (all: Int, serverSockets: Int) {
        let fm = FileManager.default
        let entries = (try? fm.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        var inodes = Set<Substring>()
        for entry in entries {
            if let target = try? fm.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)"), target.hasPrefix("socket:[") {
                inodes.insert(target.dropFirst(8).dropLast())
            }
        }
        var sockets = 0
        let portHex = String(format: "%04X", port)
        // The test servers listen on 127.0.0.1 only; counting that address alone keeps out a
        // socket of another test that happens to use the same port number on ::1.
        for table in ["/proc/net/tcp"] {
            // /proc files report size 0: read to the end rather than trusting the size.
            guard let handle = FileHandle(forReadingAtPath: table), let data = try? handle.readToEnd() else { continue }
            try? handle.close()
            let text = String(decoding: data, as: UTF8.self)
            for line in text.split(separator: "\n").dropFirst() {
                let cols = line.split(separator: " ")
                guard cols.count > 9, cols[1] == "0100007F:" + portHex, inodes.contains(cols[9]) else { continue }
                sockets += 1
            }
        }
        return (entries.count, sockets)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd"), "needs /proc (Linux)"), arguments: ServerMode.all)
    func tenThousandConnectionsLeakNoDescriptors(_ mode: ServerMode) throws {
        try withServer(mode.configuration()) { server in
            // Warm up (threads, lazily opened files), then measure.
            for _ in 0..<50 { _ = try RawClient(port: server.port) }
            #expect(eventually(timeout: 10) { server.activeConnections == 0 })
            let before = Self.descriptorCounts(port: server.port)
            #expect(before.serverSockets == 1)   // the listener
            for i in 0..<10_000 {
                let c = try RawClient(port: server.port)
                if i % 100 == 0 {
                    c.send(get("/"))
                    _ = try c.readResponse()
                }
            }
            // Until every connection is closed: the count of active ones can read 0 while the last
            // clients still wait in the listen backlog (they connected and left before the accept
            // loop got to them, as seen on a machine with every core busy), and each is accepted,
            // answered and closed after. A leaked socket never closes, so the wait then fails.
            #expect(eventually(timeout: 20) {
                server.activeConnections == 0 && Self.descriptorCounts(port: server.port).serverSockets == before.serverSockets
            })
            let after = Self.descriptorCounts(port: server.port)
            // Exact for the server's sockets; the whole-process count allows for tests of other
            // targets running in the same process meanwhile (a leak here would be thousands).
            #expect(after.serverSockets == before.serverSockets, "before \(before), after \(after)")
            #expect(after.all <= before.all + 64, "before \(before), after \(after)")
        }
    }

    @Test(arguments: ServerMode.all) func pastTheConnectionCapA503AndClose(_ mode: ServerMode) throws {
        try withServer(mode.configuration { $0.maxConnections = 2 }) { server in
            let a = try RawClient(port: server.port)
            let b = try RawClient(port: server.port)
            #expect(eventually { server.activeConnections == 2 })
            let c = try RawClient(port: server.port)
            let r = try c.readResponse()
            #expect(r.status == 503)
            #expect(r.header("connection") == "close")
            #expect(c.closedByServer())
            // The admitted ones still work, and a freed slot is reused.
            a.send(get("/a"))
            #expect(try a.readResponse().status == 200)
            b.send(get("/b", "Connection: close\r\n"))
            #expect(try b.readResponse().status == 200)
            #expect(eventually { server.activeConnections == 1 })
            let d = try RawClient(port: server.port)
            d.send(get("/d"))
            #expect(try d.readResponse().status == 200)
        }
    }

    // MARK: Stop

    @Test(arguments: ServerMode.all) func gracefulStopLetsAnInFlightRequestFinish(_ mode: ServerMode) throws {
        let entered = Locked(false)
        let server = HTTPServer(configuration: mode.configuration { $0.shutdownGrace = 60 }) { request in
            entered.withLock { $0 = true }
            return try testHandler(request)
        }
        try server.start()
        let port = server.port
        let idle = try RawClient(port: port)
        idle.send(get("/first"))
        #expect(try idle.readResponse().status == 200)
        entered.withLock { $0 = false }

        let c = try RawClient(port: port)
        c.send(get("/slow"))
        #expect(eventually { entered.withLock { $0 } })
        let stopped = Locked(false)
        let t0 = Sys.now()
        Thread {
            server.stop()
            stopped.withLock { $0 = true }
        }.start()
        let r = try c.readResponse()
        #expect(r.status == 200)
        #expect(r.text == "slow done")
        #expect(r.header("connection") == "close")
        #expect(c.closedByServer())
        #expect(idle.closedByServer())   // idle keep-alive connections are closed
        #expect(eventually { stopped.withLock { $0 } })
        #expect(Double(Sys.now() - t0) / 1e9 < 30)   // done when the request is, not at the 60 s grace
        #expect(throws: ClientError.self) { _ = try RawClient(port: port) }
        server.stop()   // twice is fine
    }

    @Test(arguments: ServerMode.all) func stopGivesUpOnARequestThatOutlivesTheGrace(_ mode: ServerMode) throws {
        let server = HTTPServer(configuration: mode.configuration { $0.shutdownGrace = 0.1 }) { request in
            if request.path == "/forever" {
                Thread.sleep(forTimeInterval: 30)
            }
            return HTTPResponse(status: 200)
        }
        try server.start()
        let c = try RawClient(port: server.port)
        c.send(get("/forever"))
        #expect(eventually { server.activeConnections == 1 })
        usleep(50_000)
        let t0 = Sys.now()
        server.stop()
        #expect(Double(Sys.now() - t0) / 1e9 < 15)   // the grace and the 1 s cut, not the handler's 30 s
        #expect(c.closedByServer())
    }

    // MARK: Handler API

    @Test(arguments: ServerMode.all) func handlerErrorsGoToTheErrorResponder(_ mode: ServerMode) throws {
        let responder: HTTPErrorResponder = { error, request in
            HTTPResponse(status: 418, body: Data("\(error is TestFailure) \(request.path)".utf8))
        }
        try withServer(mode.configuration(), errorResponder: responder) { server in
            let c = try RawClient(port: server.port)
            c.send(get("/throw"))
            let r = try c.readResponse()
            #expect(r.status == 418)
            #expect(r.text == "true /throw")
            c.send(get("/still-open"))
            #expect(try c.readResponse().status == 200)
        }
        try withServer(mode.configuration()) { server in
            let c = try RawClient(port: server.port)
            c.send(get("/throw"))
            let r = try c.readResponse()
            #expect(r.status == 500)
            #expect(r.text == "Internal server error\n")
        }
        // The server above decides what its error bodies look like.
        var configured = mode.configuration()
        configured.errorBody = { status, message in
            HTTPErrorBody(contentType: "application/json", bytes: Array(#"{"status":\#(status),"message":"\#(message)"}"#.utf8))
        }
        try withServer(configured) { server in
            let c = try RawClient(port: server.port)
            c.send(get("/throw"))
            let r = try c.readResponse()
            #expect(r.status == 500)
            #expect(r.header("content-type") == "application/json")
            #expect(r.text == #"{"status":500,"message":"Internal server error"}"#)
            let bad = try RawClient(port: server.port)
            bad.send("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: \(2 << 20)\r\n\r\n")
            #expect(try bad.readResponse().text == #"{"status":413,"message":"Request body too large"}"#)
        }
    }

    @Test(arguments: ServerMode.all) func handlerHeadersCannotBreakTheFraming(_ mode: ServerMode) throws {
        let handler: HTTPHandler = { _ in
            HTTPResponse(status: 201, headers: HTTPHeaders([("X-Evil", "a\r\nSet-Cookie: x"), ("Content-Length", "999"),
                                                            ("Transfer-Encoding", "chunked"), ("X-Fine", "ok")]),
                         body: Data("abc".utf8))
        }
        try withServer(mode.configuration(), handler: handler) { server in
            let c = try RawClient(port: server.port)
            c.send(get("/"))
            let r = try c.readResponse()
            #expect(r.status == 201)
            #expect(r.text == "abc")
            #expect(r.header("content-length") == "3")
            #expect(r.header("x-evil") == nil && r.header("set-cookie") == nil && r.header("transfer-encoding") == nil)
            #expect(r.header("x-fine") == "ok")
        }
    }

    @Test(arguments: ServerMode.all) func startTwiceIsAnErrorAndStopBeforeStartIsHarmless(_ mode: ServerMode) throws {
        let server = HTTPServer(configuration: mode.configuration(), handler: testHandler)
        server.stop()
        try server.start()
        #expect(throws: HTTPServerError.self) { try server.start() }
        server.stop()
        #expect(server.boundAddresses.isEmpty)
        #expect(throws: HTTPServerError.self) { try server.start() }
    }

    @Test(arguments: ServerMode.all) func dropAndTruncateDeliveries(_ mode: ServerMode) throws {
        try withServer(mode.configuration()) { server in
            let d = try RawClient(port: server.port)
            d.send(get("/drop"))
            let dropped = d.readAll()
            #expect(dropped.closed)
            #expect(dropped.bytes.isEmpty)

            let t = try RawClient(port: server.port)
            t.send(get("/truncate"))
            let cut = t.readAll()
            #expect(cut.closed)
            let text = String(decoding: cut.bytes, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(text.contains("content-length: 100\r\n"))
            #expect(text.hasSuffix("\r\n\r\nxxxxxxxxxx"))
        }
    }

    @Test(arguments: ServerMode.all) func keepAliveRequestsDoNotStallOnNagle(_ mode: ServerMode) throws {
        try withServer(mode.configuration()) { server in
            let c = try RawClient(port: server.port)
            let t0 = Sys.now()
            for i in 0..<200 {
                c.send("POST /n HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\n\(i % 10)")
                _ = try c.readResponse()
            }
            let perRequest = Double(Sys.now() - t0) / 1e6 / 200
            // A head and body written separately stall ~40 ms each (delayed ACK); ours is one write.
            #expect(perRequest < 10, "\(perRequest) ms per request")
        }
    }

    // MARK: Fuzz over sockets

    @Test(arguments: ServerMode.all) func mutatedRequestsOverSocketsGetValidAnswers(_ mode: ServerMode) throws {
        var random = SeededRandom(seed: 0x5EED_0001)
        try withServer(mode.configuration { $0.requestTimeout = 0.5; $0.maxBodyBytes = 4096 }) { server in
            for _ in 0..<300 {
                let input = Fuzz.mutated(&random)
                let c = try RawClient(port: server.port)
                c.send(input)
                c.shutdownWrite()
                let (bytes, closed) = c.readAll(timeout: 3)
                #expect(closed, "no close for \(String(decoding: input, as: UTF8.self).debugDescription)")
                var rest = bytes
                while !rest.isEmpty {
                    // Responses to HEAD carry no body: accept whichever reading leaves a valid next response.
                    let asGet = try? RawClient.parse(rest)
                    let asHead = try RawClient.parse(rest, head: true)
                    let fitsGet = asGet.map { $0.1 == rest.count || rest[$0.1...].starts(with: Array("HTTP/1.1 ".utf8)) } ?? false
                    guard let (response, used) = fitsGet ? asGet : asHead else {
                        Issue.record("incomplete response for \(String(decoding: input, as: UTF8.self).debugDescription)")
                        break
                    }
                    #expect(response.status < 500 || response.status == 503)
                    rest.removeFirst(used)
                }
            }
        }
    }
}
