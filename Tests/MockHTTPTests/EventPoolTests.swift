import MockConcurrency
#if os(Linux)
import Foundation
import Testing
@testable import MockHTTP
import Glibc

/// What only the Linux worker pool has to get right: a worker that blocks must not hold up the
/// other connections. One worker, so that without the hand-over nothing else could be served.
/// (Every transport rule also runs against the pool in `ServerTests`.)
@Suite(.serialized)
struct EventPoolTests {

    @Test func aHandlerThatWillBlockHandsItsPlaceToANewWorker() throws {
        let release = DispatchSemaphore(value: 0)
        try withServer(testConfiguration { $0.workerThreads = 1 }, handler: { request in
            if request.path == "/block" {
                HTTPServer.willBlock()
                release.wait()   // until the test has been answered on another connection
                return HTTPResponse(status: 200, body: Data("unblocked".utf8))
            }
            return try testHandler(request)
        }) { server in
            let blocked = try RawClient(port: server.port)
            blocked.send(get("/block"))
            #expect(eventually { server.activeConnections == 1 })
            usleep(20_000)   // let the worker enter the handler
            let other = try RawClient(port: server.port)
            for i in 0..<3 {
                other.send(get("/other/\(i)"))
                #expect(try other.readResponse().text == "GET /other/\(i)  ")
            }
            release.signal()
            #expect(try blocked.readResponse().text == "unblocked")
            // The thread that blocked keeps serving its connection, and the pool still serves others.
            blocked.send(get("/after"))
            #expect(try blocked.readResponse().text == "GET /after  ")
            let third = try RawClient(port: server.port)
            third.send(get("/third"))
            #expect(try third.readResponse().text == "GET /third  ")
        }
    }

    @Test func aClientThatDoesNotReadDoesNotHoldTheWorker() throws {
        let big = Data(repeating: UInt8(ascii: "x"), count: 24 << 20)   // more than the socket buffers hold
        try withServer(testConfiguration { $0.workerThreads = 1 }, handler: { request in
            request.path == "/big" ? HTTPResponse(status: 200, body: big) : try testHandler(request)
        }) { server in
            let slow = try RawClient(port: server.port)
            slow.send(get("/big"))   // and read nothing for now
            usleep(100_000)
            let other = try RawClient(port: server.port)
            other.send(get("/fast"))
            #expect(try other.readResponse().text == "GET /fast  ")
            let r = try slow.readResponse(timeout: 20)
            #expect(r.status == 200)
            #expect(r.body.count == big.count)
            #expect(r.body.allSatisfy { $0 == UInt8(ascii: "x") })
            slow.send(get("/again"))
            #expect(try slow.readResponse().text == "GET /again  ")
        }
    }

    @Test func aRequestArrivingInPiecesIsServedByItsOwnThread() throws {
        try withServer(testConfiguration { $0.workerThreads = 1 }) { server in
            let c = try RawClient(port: server.port)
            c.send("POST /piece HTTP/1.1\r\nHost: t\r\nContent-")
            usleep(50_000)
            // Meanwhile another connection is served by the worker.
            let other = try RawClient(port: server.port)
            other.send(get("/meanwhile"))
            #expect(try other.readResponse().text == "GET /meanwhile  ")
            c.send("Length: 5\r\n\r\nhel")
            usleep(50_000)
            c.send("lo" + get("/next"))
            #expect(try c.readResponse().text == "POST /piece  hello")
            #expect(try c.readResponse().text == "GET /next  ")
        }
    }

    @Test func aRequestWaitingWhileTheWorkerIsBusyIsNotSweptAsIdle() throws {
        let config = testConfiguration { $0.workerThreads = 1; $0.idleTimeout = 0.05 }
        try withServer(config, handler: { request in
            if request.path == "/busy" { usleep(250_000) }   // busy past the others' idle deadline
            return try testHandler(request)
        }) { server in
            let waiting = try RawClient(port: server.port)
            waiting.send(get("/first"))
            #expect(try waiting.readResponse().text == "GET /first  ")
            let busy = try RawClient(port: server.port)
            busy.send(get("/busy"))
            usleep(20_000)   // inside the 50 ms idle timeout, while the only worker is in /busy
            waiting.send(get("/in-time"))
            #expect(try busy.readResponse().text == "GET /busy  ")
            #expect(try waiting.readResponse().text == "GET /in-time  ")
        }
    }

    @Test func aClientThatKeepsSendingDoesNotKeepTheWorker() throws {
        try withServer(testConfiguration { $0.workerThreads = 1 }) { server in
            let streaming = try RawClient(port: server.port)
            let fd = streaming.fd
            let done = Locked(false)
            let answered = Locked(0)
            let finished = DispatchGroup()
            // Pipelined requests written in large pieces that split them, faster than they are
            // answered, for as long as the test runs (so the worker always finds more of a request
            // waiting); a reader thread takes the answers.
            finished.enter()
            let writer = Thread {
                defer { finished.leave() }
                let bytes = Array(String(repeating: get("/stream"), count: 20_000).utf8)
                var offset = 0
                while !done.withLock({ $0 }) {
                    let end = min(offset + 65_521, bytes.count)
                    _ = bytes[offset..<end].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    offset = end == bytes.count ? 0 : end
                }
            }
            finished.enter()
            let reader = Thread {
                defer { finished.leave() }
                // Drained as fast as they come (not parsed), so the server's writes never wait.
                var scratch = [UInt8](repeating: 0, count: 1 << 16)
                while !done.withLock({ $0 }) {
                    let n = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                    if n <= 0 { break }
                    answered.withLock { $0 += n }
                }
            }
            writer.start()
            reader.start()
            #expect(eventually { answered.withLock { $0 } > 100_000 })   // bytes of answers
            let other = try RawClient(port: server.port)
            for i in 0..<3 {
                other.send(get("/other/\(i)"))
                #expect(try other.readResponse().text == "GET /other/\(i)  ")
            }
            done.withLock { $0 = true }
            shutdown(fd, Int32(SHUT_RDWR))
            finished.wait()   // neither thread may use the descriptor once `streaming` closes it
        }
    }
}
#endif
