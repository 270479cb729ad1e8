import Foundation
import Testing
@testable import MockHTTP

/// Input generation shared by the parser fuzz test and the socket fuzz test.
enum Fuzz {
    static let corpus: [String] = [
        "GET / HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET /api/orders?page=2&limit=20 HTTP/1.1\r\nHost: 127.0.0.1:8787\r\nAccept: */*\r\nConnection: keep-alive\r\n\r\n",
        "POST /api/auth/login HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n{\"a\":\"b c d\"}",
        "POST /c HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;x=y\r\nhello\r\n0\r\nT: v\r\n\r\n",
        "PUT /p%20q?x=%41&y HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nok",
        "HEAD /h HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
        "OPTIONS * HTTP/1.1\r\nHost: a\r\nOrigin: http://x\r\nAccess-Control-Request-Method: GET\r\n\r\n",
        "\r\nGET /lead HTTP/1.1\r\nHost: a\r\n\r\n",
    ]
    static let tokens: [String] = [
        "\r\n", "\n", "\r", "\0", " ", ":", "%", "%zz", "%FF", "?", "#", "Content-Length: ", "Transfer-Encoding: chunked\r\n",
        "Content-Length: -1\r\n", "Content-Length: 99999999999999999999\r\n", "HTTP/1.1", "HTTP/9.9", "0\r\n\r\n",
        "ffffffffffffffffff\r\n", ";", "\t", "\u{7F}", "\u{1}", "Host: b\r\n", "Expect: 100-continue\r\n", "\r\n\r\n",
    ]

    static func mutated<R: RandomNumberGenerator>(_ random: inout R) -> [UInt8] {
        if Int.random(in: 0..<20, using: &random) == 0 {
            return (0..<Int.random(in: 0..<200, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        }
        var bytes = Array(corpus.randomElement(using: &random)!.utf8)
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let at = Int.random(in: 0...bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0 where !bytes.isEmpty:
                bytes[min(at, bytes.count - 1)] = UInt8.random(in: 0...255, using: &random)
            case 1:
                bytes.insert(UInt8.random(in: 0...255, using: &random), at: at)
            case 2 where !bytes.isEmpty:
                let end = min(bytes.count, at + Int.random(in: 1...8, using: &random))
                bytes.removeSubrange(min(at, end)..<end)
            case 3:
                bytes.insert(contentsOf: Array(tokens.randomElement(using: &random)!.utf8), at: at)
            case 4:
                bytes = Array(bytes[0..<at])   // truncated
            default:
                bytes += bytes[0..<at]         // something pipelined after
            }
        }
        return bytes
    }
}

@Suite struct ParserTests {
    let parser = HTTPRequestParser()

    func request(_ text: String) throws -> HTTPRequest {
        guard case .request(let r, _) = parser.parse(Array(text.utf8)) else {
            throw ClientError("not a request: \(parser.parse(Array(text.utf8)))")
        }
        return r
    }

    func error(_ text: String) -> HTTPParseError? {
        if case .error(let e) = parser.parse(Array(text.utf8)) { return e }
        return nil
    }

    @Test func parsesTheRequestLineHeadersAndQuery() throws {
        let r = try request("GET /api/a%20b+c/c?page=2&q=x%2By+z&flag&=v HTTP/1.1\r\nHost: h\r\nX-Token:  abc \r\nx-token: def\r\n\r\n")
        #expect(r.method == "GET")
        #expect(r.target == "/api/a%20b+c/c?page=2&q=x%2By+z&flag&=v")
        #expect(r.path == "/api/a b+c/c")                             // a `+` in the path is a plus sign
        #expect(r.query.map(\.name) == ["page", "q", "flag", ""])
        #expect(r.query.map(\.value) == ["2", "x+y z", "", "v"])      // in the query a space, `%2B` a plus
        #expect(try request("GET /p?a+b=c+d+&e=%2B+%2b HTTP/1.1\r\nHost: h\r\n\r\n").query.map { [$0.name, $0.value] }
                    == [["a b", "c d "], ["e", "+ +"]])
        #expect(r.headers["X-TOKEN"] == "abc")
        #expect(r.headers.values("x-token") == ["abc", "def"])
        #expect(r.version == "HTTP/1.1")
        #expect(r.rawQuery == "page=2&q=x%2By+z&flag&=v")
        #expect(try request("GET /p?a=?b HTTP/1.1\r\nHost: h\r\n\r\n").rawQuery == "a=?b")   // after the first `?`
        #expect(try request("GET /p? HTTP/1.1\r\nHost: h\r\n\r\n").rawQuery == "")
        #expect(try request("GET /p HTTP/1.1\r\nHost: h\r\n\r\n").rawQuery == nil)
    }

    @Test func keepAliveFollowsVersionAndConnection() throws {
        func head(_ text: String) throws -> HTTPRequestHead {
            let bytes = Array(text.utf8)
            return try bytes.withUnsafeBufferPointer { try parser.parseHead($0).get() }
        }
        #expect(try head("GET / HTTP/1.1\r\nHost: a\r\n\r\n").keepAlive)
        #expect(try !head("GET / HTTP/1.1\r\nHost: a\r\nConnection: Close\r\n\r\n").keepAlive)
        #expect(try !head("GET / HTTP/1.0\r\n\r\n").keepAlive)
        #expect(try head("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").keepAlive)
        #expect(try head("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n").framing == .none)
        #expect(try head("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 7\r\nContent-Length: 7\r\n\r\n").framing == .contentLength(7))
        #expect(try head("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\n").framing == .chunked)
    }

    @Test func rejectsWhatTheSpecRejects() {
        #expect(error("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1.5\r\n\r\n")?.status == 400)
        #expect(error("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 2000000\r\n\r\n")?.status == 413)
        #expect(error("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999\r\n\r\n")?.status == 413)
        #expect(error("GET / HTTP/1.1\r\nHost: a\r\n\tfolded\r\n\r\n")?.status == 400)
        #expect(error("GET / HTTP/1.1\r\nHost: a\r\n: empty name\r\n\r\n")?.status == 400)
        #expect(error("GET /%00 HTTP/1.1\r\nHost: a\r\n\r\n")?.status == 400)
        #expect(error("GET /?q=%4 HTTP/1.1\r\nHost: a\r\n\r\n")?.status == 400)
        #expect(error("GET * HTTP/1.1\r\nHost: a\r\n\r\n")?.status == 400)
        #expect(error("GET /a#frag HTTP/1.1\r\nHost: a\r\n\r\n")?.status == 400)
        #expect(error("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")?.status == 400)
        #expect(error("GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "a", count: 17_000) + "\r\n\r\n")?.status == 431)
        #expect(error("GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "a", count: 17_000))?.status == 431)
    }

    @Test func headerNormalisationMatchesFoundation() {
        for value in ["abc", " abc ", "\tx\t", "", " ", "\u{A0}nbsp\u{A0}", "é", "a b", "\u{3000}x"] {
            #expect(HTTPHeaders.trimmedValue(value) == value.trimmingCharacters(in: .whitespaces))
        }
        for name in ["content-type", "Content-Type", "X-ÄB", "x"] {
            #expect(HTTPHeaders.normalizedName(name) == name.lowercased())
        }
        var h = HTTPHeaders([("X-A", " 1 ")])
        h.set("x-a", "2")
        #expect(h.fields.count == 1 && h["X-A"] == "2")
    }

    @Test func chunkedDecoderHandlesEverySplit() throws {
        let body = "4\r\nWiki\r\n5;a=b\r\npedia\r\nE \r\n in\r\n\r\nchunks.\r\n0\r\nExpires: never\r\n\r\nNEXT"
        let bytes = Array(body.utf8)
        for split in 0...bytes.count {
            var decoder = HTTPChunkedDecoder(maxBodyBytes: 1000)
            var used = 0
            var state = HTTPChunkedDecoder.State.needMore
            for part in [Array(bytes[0..<split]), Array(bytes[split...])] where state == .needMore {
                let r = part.withUnsafeBufferPointer { decoder.feed($0) }
                used += r.consumed
                state = r.state
            }
            #expect(state == .done)
            #expect(String(decoding: decoder.body, as: UTF8.self) == "Wikipedia in\r\n\r\nchunks.")
            #expect(used == bytes.count - 4)
        }
    }

    @Test func everyPrefixOfAValidRequestNeedsMore() {
        for text in Fuzz.corpus {
            let bytes = Array(text.utf8)
            guard case .request(_, let consumed) = parser.parse(bytes) else {
                Issue.record("corpus entry does not parse: \(text.debugDescription)")
                continue
            }
            #expect(consumed == bytes.count)
            for cut in 0..<bytes.count {
                if case .needMore = parser.parse(Array(bytes[0..<cut])) { continue }
                Issue.record("prefix \(cut) of \(text.debugDescription) did not ask for more")
            }
        }
    }

    /// Seeded random inputs for a bounded time: never a crash or hang, never a 5xx, and whatever
    /// is accepted re-parses to the same length.
    @Test func fuzzedInputsNeverCrashAndGetClientStatuses() {
        var random = SeededRandom(seed: 20_261_122)
        let small = HTTPRequestParser(maxHeaderBytes: 256, maxBodyBytes: 64)
        let deadline = Sys.now() + 2_000_000_000
        var iterations = 0
        var outcomes = [0, 0, 0]
        while Sys.now() < deadline || iterations < 1000 {
            iterations += 1
            let input = Fuzz.mutated(&random)
            for p in [parser, small] {
                switch p.parse(input) {
                case .needMore: outcomes[0] += 1
                case .request(_, let consumed):
                    outcomes[1] += 1
                    #expect(consumed > 0 && consumed <= input.count)
                case .error(let e):
                    outcomes[2] += 1
                    #expect((400..<500).contains(e.status), "\(e) for \(String(decoding: input, as: UTF8.self).debugDescription)")
                    #expect(!e.message.isEmpty)
                }
            }
        }
        // The generator reaches all three outcomes.
        #expect(outcomes.allSatisfy { $0 > 0 }, "\(outcomes) in \(iterations) iterations")
    }
}
