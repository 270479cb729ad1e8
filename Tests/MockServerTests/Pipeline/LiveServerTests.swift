import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import MockTestSupport

/// The few paths that need the server listening: what the transport answers by itself carries the
/// app's error envelope (MockServer gives it to MockHTTP), and a whole sign-in over real sockets
/// gives what it gives in process. Route behaviour is tested in process (`MockHarness(.router)`).
@Suite struct LiveServerTests {
    @Test func whatTheTransportRefusesIsAnsweredWithTheEnvelope() async throws {
        try await withMock(.live, { $0.maxBodyBytes = 1024 }) { mock in
            let raw = try TransportFaultTests.rawExchange(port: mock.server.port,
                "POST /api/auth/login HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n")
            let text = String(decoding: raw, as: UTF8.self)
            let parts = text.components(separatedBy: "\r\n\r\n")
            #expect(parts[0].hasPrefix("HTTP/1.1 413 "))
            #expect(parts[0].lowercased().contains("content-type: application/json; charset=utf-8"))
            #expect(parts.count == 2 && parts[1] == #"{"success":false,"error":"Request body too large"}"#)
        }
    }

    /// What a UI-test bundle's `setUp` relies on: `start()` hands back the URL with the port the
    /// system picked, and the listener is accepting by then: the first request needs no retry.
    @Test func startReturnsTheRealURLOnceTheListenerAccepts() async throws {
        let server = try MockServer(configuration: .forTesting())
        try await withStarted({ () throws -> MockServer in
            let url = try server.start()
            #expect(server.port > 0 && url.port == server.port)
            #expect(url == server.baseURL && url.absoluteString == "http://127.0.0.1:\(server.port)")
            return server
        }) { server in
            let raw = try TransportFaultTests.rawExchange(port: server.port,
                "GET /__mock/health HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
            #expect(String(decoding: raw, as: UTF8.self).hasPrefix("HTTP/1.1 200 "))
        }
    }

    @Test func aSignInOverSocketsAnswersAsInProcess() async throws {
        try await withMock(.live) { live in
            try await withMock(.router) { inProcess in
                for mock in [live, inProcess] {
                    let tokens = try await mock.signInStaff("admin@acme.test")
                    let me = try await mock.get("/api/auth/me", bearer: tokens.token)
                    #expect(me.status == 200)
                    #expect(me.header("Content-Type") == "application/json; charset=utf-8")
                    #expect(me.data["user"]?["email"]?.string == "admin@acme.test")
                }
            }
        }
    }
}
