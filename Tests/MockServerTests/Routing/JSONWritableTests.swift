import Foundation
import Testing
@testable import MockServer

/// `JSONWritable`: the generated payload writers write what `Encodable` writes, and the debug
/// check that compares the two on every response does report a difference.
@Suite struct JSONWritableTests {
    static func written<T: JSONWritable>(_ value: T) -> String {
        var out = [UInt8]()
        value.writeJSON(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func encoded<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try OrderedJSONEncoder.encode(value), as: UTF8.self)
    }

    @Test func scalarsAndContainersAreWrittenAsTheEncoderWritesThem() throws {
        let text = "quote \" backslash \\ newline \n tab \t bell \u{7} slash / é 😀"
        #expect(Self.written(text) == (try Self.encoded(text)))
        for number in [0, 7, -1, Int.max, Int.min] { #expect(Self.written(number) == (try Self.encoded(number))) }
        #expect(Self.written(Int64.min) == (try Self.encoded(Int64.min)))
        #expect(Self.written(true) == "true" && Self.written(false) == "false")
        #expect(Self.written([[1, 2], [], [3]]) == "[[1,2],[],[3]]")
        #expect(Self.written([String]()) == "[]")
        let json = JSONValue.object(["b": .array([.null, .bool(true), .double(1.5), .int(-3)]), "a": .string("x")])
        #expect(Self.written(json) == (try Self.encoded(json)))
    }

    /// The escape scan reads eight bytes at a time: every byte value, at every offset of buffers
    /// from 1 to 24 bytes (words and tails), among plain and multi-byte neighbours, must give what
    /// the byte-by-byte rule gives.
    @Test func escapeScanAgreesWithTheByteRuleForEveryByteAndOffset() {
        func rule(_ bytes: [UInt8]) -> Bool { bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C } }
        var checked = 0
        for filler: UInt8 in [UInt8(ascii: "a"), 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xC3, 0xFF] {
            for length in 1...24 {
                for position in 0..<length {
                    for byte in UInt8.min...UInt8.max {
                        var bytes = [UInt8](repeating: filler, count: length)
                        bytes[position] = byte
                        let scanned = bytes.withUnsafeBufferPointer { JSONValue.needsEscaping($0) }
                        if scanned != rule(bytes) {
                            Issue.record("filler \(filler), length \(length), byte \(byte) at \(position): scan says \(scanned)")
                            return
                        }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 10 * 300 * 256)
        #expect([UInt8]().withUnsafeBufferPointer { JSONValue.needsEscaping($0) } == false)
    }

    @Test func generatedWritersEscapeAndWriteNullableFieldsAsTheEncoderDoes() throws {
        let device = OrderListItemPayload.DeviceBrief(id: "d1", display_name: "Pixel \"8\"", status: "received",
                                                      workflow_type: "repair")
        #expect(Self.written(device) == #"{"id":"d1","display_name":"Pixel \"8\"","status":"received","workflow_type":"repair"}"#)
        #expect(Self.written(device) == (try Self.encoded(device)))
        let avatarNone = AvatarPayload(avatar_url: nil), avatar = AvatarPayload(avatar_url: "https://x/a.png")
        #expect(Self.written(avatarNone) == #"{"avatar_url":null}"#)
        #expect(Self.written(avatar) == (try Self.encoded(avatar)))
    }

    @Test func theEnvelopeIsWrittenAsItsEncodeToWritesIt() throws {
        let payload = [OrderListItemPayload.LocationRef(id: "l1", name: "Main")]
        let page = JSONBody.Success(data: payload, pagination: Pagination(page: 2, limit: 1, total: 3))
        let bare = JSONBody.Success(data: payload, pagination: nil)
        #expect(Self.written(page) == #"{"success":true,"data":[{"id":"l1","name":"Main"}],"pagination":{"page":2,"limit":1,"total":3,"total_pages":3}}"#)
        for value in [page, bare] { #expect(Self.written(value) == (try Self.encoded(value))) }
        for failure in [JSONBody.Failure(error: "Nope", code: "X"), JSONBody.Failure(error: "Nope", code: nil)] {
            #expect(Self.written(failure) == (try Self.encoded(failure)))
        }
        #expect(Self.written(JSONBody.Bare()) == (try Self.encoded(JSONBody.Bare())))
    }

    /// A writer that forgot a property, as a stale generated file would.
    struct Stale: Encodable, JSONWritable {
        let id = "a"
        let added = 1
        func writeJSON(to out: inout [UInt8]) { out.appendLiteral(#"{"id":"a"}"#) }
    }

    @Test func theDebugCheckReportsAWriterThatDisagreesWithEncodable() throws {
        var out = [UInt8]()
        Stale().writeJSON(to: &out)
        let mismatch = try #require(JSONBody.writerMismatch(Stale(), written: out))
        #expect(mismatch.contains("Stale"))
        #expect(mismatch.contains(#"{"id":"a","added":1}"#))
        let location = OrderListItemPayload.LocationRef(id: "l1", name: "Main")
        out = []
        location.writeJSON(to: &out)
        #expect(JSONBody.writerMismatch(location, written: out) == nil)
    }

    /// Every response goes through the writer when its payload has one: the order list is one.
    @Test func routePayloadsHaveGeneratedWriters() {
        #expect((JSONBody.Success(data: [OrderListItemPayload](), pagination: nil) as Any) is any JSONWritable)
        #expect((OrderDetailPayload.self as Any.Type) is any JSONWritable.Type)
        #expect((StaffMePayload.self as Any.Type) is any JSONWritable.Type)
    }
}
