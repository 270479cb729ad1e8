import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import MockTestSupport

/// Shape variance (docs/http.md): each variant's bytes, per server (`--vary`) and per namespace
/// (`PUT /__mock/variance`), app API only, off by default.
@Suite struct VarianceTests {
    static let input = #"{"id":"a","at":"2026-11-24T12:00:00Z","gone":null,"list":[{"n":1,"m":null}],"text":"2026-11-24T12:00:00Z is not alone","esc":"q\"uote"}"#

    @Test(arguments: [
        ("timestamps-ms", #"{"id":"a","at":"2026-11-24T12:00:00.000Z","gone":null,"list":[{"n":1,"m":null}],"text":"2026-11-24T12:00:00Z is not alone","esc":"q\"uote"}"#),
        ("timestamps-sqlite", #"{"id":"a","at":"2026-11-24 12:00:00","gone":null,"list":[{"n":1,"m":null}],"text":"2026-11-24T12:00:00Z is not alone","esc":"q\"uote"}"#),
        ("absent-nulls", #"{"id":"a","at":"2026-11-24T12:00:00Z","list":[{"n":1}],"text":"2026-11-24T12:00:00Z is not alone","esc":"q\"uote"}"#),
        ("reordered-keys", #"{"esc":"q\"uote","text":"2026-11-24T12:00:00Z is not alone","list":[{"m":null,"n":1}],"gone":null,"at":"2026-11-24T12:00:00Z","id":"a"}"#),
        ("extra-key", #"{"x_mock_extra":"unknown","id":"a","at":"2026-11-24T12:00:00Z","gone":null,"list":[{"x_mock_extra":"unknown","n":1,"m":null}],"text":"2026-11-24T12:00:00Z is not alone","esc":"q\"uote"}"#),
        ("timestamps-ms,absent-nulls,reordered-keys,extra-key", #"{"x_mock_extra":"unknown","esc":"q\"uote","text":"2026-11-24T12:00:00Z is not alone","list":[{"x_mock_extra":0,"n":1}],"at":"2026-11-24T12:00:00.000Z","id":"a"}"#),
        // Only its point: nothing here is spelt total_pages, so nothing changes.
        ("pagination-camel-case", VarianceTests.input),
    ])
    func eachVariantRewritesExactlyItsPoint(list: String, expected: String) throws {
        defer {
            if list == "extra-key" {   // in an object of numbers (counts by status) the extra key is a number too
                #expect(JSONVariance.parse(list).map { $0.rewrite(Array(#"{"open":2,"closed":-1}"#.utf8)).map { String(decoding: $0, as: UTF8.self) } }
                            == .success(#"{"x_mock_extra":0,"open":2,"closed":-1}"#))
            }
        }
        let variance = try JSONVariance.parse(list).get()
        let out = try #require(variance.rewrite(Array(Self.input.utf8)))
        #expect(String(decoding: out, as: UTF8.self) == expected)
        #expect(JSONValue.parse(out) != nil, "still JSON")
    }

    /// Seed 003 spells the page count both ways; the mock sends `total_pages`, the variant the other.
    @Test func paginationCamelCaseSpellsThePageCountTotalPages() async throws {
        try await withMock { plain in
            let space = try MockHarness(namespace: "camel", of: plain)
            let token = try await space.control.createSession(email: "admin@acme.test").token
            let before = try await space.get("/api/orders?limit=20", bearer: token)
            #expect(before.json["pagination"] == ["page": 1, "limit": 20, "total": 32, "total_pages": 2])
            #expect(try await space.send("PUT", "/__mock/variance", json: ["vary": ["pagination-camel-case"]]).status == 200)
            let after = try await space.get("/api/orders?limit=20", bearer: token)
            #expect(after.json["pagination"] == ["page": 1, "limit": 20, "total": 32, "totalPages": 2])
            #expect(after.json["data"] == before.json["data"], "nothing else changes")
            #expect(String(decoding: after.body, as: UTF8.self).hasSuffix(#""pagination":{"page":1,"limit":20,"total":32,"totalPages":2}}"#))
        }
    }

    @Test func theListIsCheckedAndNoneIsTheDefault() throws {
        #expect(JSONVariance.parse("") == .success(.none))
        #expect(JSONVariance.parse("none") == .success(.none))
        #expect(try JSONVariance.parse("all").get().variants.map(\.rawValue)
                    == ["timestamps-ms", "absent-nulls", "reordered-keys", "extra-key", "pagination-camel-case", "quarantine-codes"])
        #expect(JSONVariance.parse("quarantine-codes").map { $0.rewrite(Array("{}".utf8)) } == .success(nil), "no pass over the bytes")
        #expect(JSONVariance.parse("timestamps-ms,timestamps-sqlite") == .failure(.bothTimestampForms))
        #expect(JSONVariance.parse("nulls") == .failure(.unknown("nulls")))
        #expect(JSONVariance.none.rewrite(Array("{}".utf8)) == nil)
        var configuration = MockServerConfiguration()
        configuration.vary = "extra-key,bogus"
        #expect(throws: MockServerConfigurationError.invalidVariance(
            #"unknown variant "bogus" (one of timestamps-ms, timestamps-sqlite, absent-nulls, reordered-keys, extra-key, pagination-camel-case, quarantine-codes, all, none)"#)) {
            try configuration.validate()
        }
    }

    /// Off by default; `--vary` applies to every namespace; a namespace's own setting applies to it
    /// alone, and reset returns it to the server's. The control API's answers are never varied.
    @Test func perServerAndPerNamespaceAppAPIOnly() async throws {
        try await withMock { plain in
            let token = try await plain.control.createSession(email: "admin@acme.test").token
            let me = try await plain.get("/api/auth/me", bearer: token)
            #expect(try await plain.get("/__mock/variance").data == ["vary": [], "variants": [
                "timestamps-ms", "timestamps-sqlite", "absent-nulls", "reordered-keys", "extra-key", "pagination-camel-case",
                "quarantine-codes"]])
            let space = try MockHarness(namespace: "varied", of: plain)
            let spaceToken = try await space.control.createSession(email: "admin@acme.test").token
            let set = try await space.send("PUT", "/__mock/variance", json: ["vary": ["extra-key"]])
            #expect(set.data["vary"] == ["extra-key"])
            let varied = try await space.get("/api/auth/me", bearer: spaceToken)
            #expect(varied.data["x_mock_extra"] == "unknown")
            #expect(varied.data["user"]?["x_mock_extra"] == "unknown")
            #expect(try await plain.get("/api/auth/me", bearer: token).body == me.body, "the default namespace is untouched")
            #expect(try await space.get("/__mock/clock").data["x_mock_extra"] == nil, "control answers are not varied")
            _ = try await space.post("/__mock/reset")
            #expect(try await space.get("/__mock/variance").data["vary"] == [])

            let bad = try await space.send("PUT", "/__mock/variance", json: ["vary": ["timestamps-ms", "timestamps-sqlite"]])
            #expect(bad.status == 400)
            #expect(bad.error == "Timestamps-ms and timestamps-sqlite exclude each other")
            #expect(try await space.send("PUT", "/__mock/variance", json: ["vary": ["sometimes"]]).error?
                        .hasPrefix(#"Unknown variant "sometimes""#) == true)
            #expect(try await space.get("/__mock/variance").data["vary"] == [])

            try await withMock({ $0.vary = "timestamps-sqlite,absent-nulls" }) { server in
                let staff = try await server.control.createSession(email: "admin@acme.test").token
                let order = try await server.get("/api/orders/\(SeedIDs.order(5))", bearer: staff)
                #expect(order.data["dates"]?["created_at"]?.string?.contains(" ") == true)
                #expect(order.data["dates"]?["created_at"]?.string?.hasSuffix("Z") == false)
                #expect(order.data.keys.contains("assigned_user") == false, "null assigned_user left out")
                let namespaced = try MockHarness(namespace: "also", of: server)
                #expect(try await namespaced.get("/__mock/variance").data["vary"] == ["timestamps-sqlite", "absent-nulls"])
            }
        }
    }
}
