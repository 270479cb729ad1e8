import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
@testable import MockRouting

@Suite struct JSONBodyTests {
    /// The mock's answer with nothing to show (logout's, and the control API's).
    @Test func theBareAnswerIsSuccessAlone() {
        #expect(String(decoding: JSONBody.bare().body, as: UTF8.self) == #"{"success":true}"#)
    }

    /// Where a NUL is, named as a decoding failure names a field; text that only looks like the
    /// escape passes.
    @Test func aNULCharacterIsRefusedNamingWhereItIs() throws {
        let cases: [(String, String?)] = [
            (#"{"body":"a\u0000b"}"#, "body"),
            (#"{"signature":{"typed_name":"\u0000"}}"#, "signature.typed_name"),
            (#"{"items":[{"name":"ok"},{"name":"x\u0000"}]}"#, "items[1].name"),
            (#"{"tags":["a","\u0000"]}"#, "tags[1]"),
            (#"{"a\u0000":1}"#, "body"),
            (#"{"body":"a\\u0000b"}"#, nil),
            (#"{"body":"a\\\u0000b"}"#, "body"),
            (#"{"body":"\u00001"}"#, "body"),
            (#"{"body":"\u0001"}"#, nil),
            (#"{"n":0,"body":"plain"}"#, nil),
        ]
        for (body, field) in cases {
            var refused: APIFailure?
            do { try JSONBody.rejectNUL(in: Data(body.utf8)) } catch let failure as APIFailure { refused = failure }
            #expect(refused == field.map(APIFailure.invalidField), "\(body)")
        }
    }
}
