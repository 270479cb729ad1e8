import Foundation
import Testing
import MockHTTP
@testable import MockServer

/// What the journal's digest covers of a request and its answer (docs/replay.md, "The digest").
@Suite struct JournalDigestTests {
    static func request(host: String = "127.0.0.1:8787", userAgent: String = "App/1", body: String = #"{"a":1}"#,
                        authorization: String? = "Bearer t") -> HTTPRequest {
        var headers = HTTPHeaders([("Host", host), ("User-Agent", userAgent), ("Content-Type", "application/json")])
        if let authorization { headers.add("Authorization", authorization) }
        return HTTPRequest(method: "POST", target: "/api/x?y=1", path: "/api/x", headers: headers, body: Data(body.utf8))
    }

    static func answer(_ body: String, date: String = "Fri, 27 Nov 2026 10:00:00 GMT", status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: HTTPHeaders([("Content-Type", "application/json"), ("Date", date)]), body: Data(body.utf8))
    }

    static func digest(_ request: HTTPRequest, _ response: HTTPResponse) -> [UInt8] {
        RequestJournal.canonicalDigest(request: request, response: response)
    }

    @Test func theOriginThePortTheDateAndOtherRequestHeadersDoNotCount() {
        let at8787 = Self.digest(Self.request(), Self.answer(#"{"logo":"http://127.0.0.1:8787/l","x":"http://127.0.0.1:8787"}"#))
        let at5000 = Self.digest(Self.request(host: "127.0.0.1:5000", userAgent: "App/2"),
                                 Self.answer(#"{"logo":"http://127.0.0.1:5000/l","x":"http://127.0.0.1:5000"}"#,
                                             date: "Sat, 28 Nov 2026 11:00:00 GMT"))
        #expect(at8787 == at5000)
    }

    @Test(arguments: [
        (request(body: #"{"a":2}"#), answer("{}")),                      // the request's body
        (request(authorization: "Bearer u"), answer("{}")),              // its token
        (request(authorization: nil), answer("{}")),
        (request(), answer("{ }")),                                      // the answer's body
        (request(), answer("{}", status: 201)),                          // its status
    ])
    func everythingElseCounts(_ request: HTTPRequest, _ response: HTTPResponse) {
        #expect(Self.digest(request, response) != Self.digest(Self.request(), Self.answer("{}")))
    }

    /// Only the origin the request named is written `http://{host}`: another one counts as it is.
    @Test func anotherOriginCounts() {
        #expect(Self.digest(Self.request(), Self.answer(#"{"logo":"http://127.0.0.1:5000/l"}"#))
                != Self.digest(Self.request(), Self.answer(#"{"logo":"http://127.0.0.1:8787/l"}"#)))
    }

    @Test func aDroppedOrCutAnswerAndALatencyCount() {
        var dropped = Self.answer("{}")
        dropped.delivery = .dropConnection
        var cut = Self.answer("{}")
        cut.delivery = .truncateBody(bytes: 1)
        var late = Self.answer("{}")
        late.delay = 0.25
        let all = [Self.answer("{}"), dropped, cut, late].map { Self.digest(Self.request(), $0) }
        #expect(Set(all).count == 4)
    }

    /// The replacement finds the origin at the start, at the end, twice in a row and not at all.
    @Test func theOriginIsReplacedWhereverItStands() {
        let origin = "http://h:1"
        for body in ["", "http://h:1", "http://h:1http://h:1", "ahttp://h:1b", "http://h:", "http://h:12", "xxhttp://h"] {
            let expected = body.replacingOccurrences(of: origin, with: "http://{host}")
            #expect(Self.digest(Self.request(host: "h:1"), Self.answer(body))
                    == Self.digest(Self.request(host: "other:2"), Self.answer(expected)), "\(body)")
        }
    }
}
