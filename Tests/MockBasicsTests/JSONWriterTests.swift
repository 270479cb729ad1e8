import Foundation
import Testing
@testable import MockBasics

/// `JSONWritable` and `@JSONObject`: keys in declaration order, Foundation's `JSONEncoder` text
/// otherwise.
@Suite struct JSONWriterTests {
    static func text<T: JSONWritable>(_ value: T) throws -> String {
        String(decoding: JSONWriter.bytes(value), as: UTF8.self)
    }

    // MARK: Key order

    /*@JSONObject*/
    struct Unalphabetical {
        var zeta = 1
        var alpha = "a"
        var mid = true
        var beta: Double = 1.5
    }

    @Test func keepsDeclarationOrderOfFieldsThatAreNotAlphabetical() throws {
        #expect(try Self.text(Unalphabetical()) == #"{"zeta":1,"alpha":"a","mid":true,"beta":1.5}"#)
    }

    @Test func sameValueEncodesToTheSameBytesEveryTime() throws {
        let first = JSONWriter.bytes(Outer())
        for _ in 0..<20 { #expect(try JSONWriter.bytes(Outer()) == first) }
    }

    /*@JSONObject*/
    struct Inner {
        var y = 2
        var x: [Int] = [3, 1, 2]
    }

    /*@JSONObject*/
    struct Outer {
        var name = "outer"
        var inner: Inner = Inner()
        var list: [Inner] = [Inner(y: 5, x: []), Inner(y: 6, x: [7])]
        var grid: [[Int]] = [[1, 2], [], [3]]
        var empty: [Inner] = []
    }

    @Test func nestedStructsAndArraysKeepTheirOrder() throws {
        #expect(try Self.text(Outer()) == #"{"name":"outer","inner":{"y":2,"x":[3,1,2]},"#
            + #""list":[{"y":5,"x":[]},{"y":6,"x":[7]}],"grid":[[1,2],[],[3]],"empty":[]}"#)
    }

    /*@JSONObject*/
    struct Renamed {
        var a = 1
        var b = 2
        var c = 3
        enum CodingKeys: String, CodingKey { case c = "see", a, b = "bee" }
    }

    @Test func explicitCodingKeysGiveTheirNamesAndOrder() throws {
        #expect(try Self.text(Renamed()) == #"{"see":3,"a":1,"bee":2}"#)
    }

    /*@JSONObject*/
    struct Optionals {
        var present: String? = "here"
        var absent: Int? = nil
        /*@Nullable*/ var nullable: String? = nil
        /*@Nullable*/ var nullableSet: Int? = 4
        var last = 0
    }

    @Test func nilOptionalIsOmittedButNullableWritesNull() throws {
        #expect(try Self.text(Optionals()) == #"{"present":"here","nullable":null,"nullableSet":4,"last":0}"#)
    }

    // MARK: Containers

    /*@JSONObject*/
    struct OptionalFirst {
        var maybe: Int?
        var also: String?
        var always = "x"
        var after: Int?
    }

    @Test func optionalsBeforeTheFirstMemberWrittenTakeNoComma() throws {
        #expect(try Self.text(OptionalFirst()) == #"{"always":"x"}"#)
        #expect(try Self.text(OptionalFirst(maybe: nil, also: "a", after: 2)) == #"{"also":"a","always":"x","after":2}"#)
        #expect(try Self.text(OptionalFirst(maybe: 1, also: "a")) == #"{"maybe":1,"also":"a","always":"x"}"#)
    }

    @Test func topLevelScalarsAndArraysAreFragments() throws {
        #expect(try Self.text("a/b") == #""a/b""#)
        #expect(try Self.text(42) == "42")
        #expect(try Self.text([Optional(1), nil]) == "[1,null]")
    }

    // MARK: Strings and numbers

    @Test func escapesStringsPerRFC8259AndLeavesSlashAndNonASCIIAlone() throws {
        let value = "q\"b\\n\nt\t\u{01}\u{1F}\u{08}\u{0C}\r/é😀"
        let expected = #""q\"b\\n\nt\t\u0001\u001f\b\f\r/é😀""#
        #expect(try Self.text(value) == expected)
        #expect(try Self.text(["k\"/é": value]) == "{\(#""k\"/é""#):\(expected)}")
    }

    /*@JSONObject*/
    struct Numbers: Codable, Equatable {
        var min: Int64 = .min
        var max: Int64 = .max
        var small: Int = -7
        var yes = true
        var no = false
        var tenth = 0.1
        var half = 1.5
        var minusTwo: Double = -2.0
        var big = 1.7976931348623157e308
        var large = 123_456_789_012_345_680.0
        var tiny: Double = .leastNonzeroMagnitude
    }

    @Test func numbersAndBoolsRoundTripExactly() throws {
        let data = Data(JSONWriter.bytes(Numbers()))
        #expect(String(decoding: data, as: UTF8.self) == #"{"min":-9223372036854775808,"max":9223372036854775807,"#
            + #""small":-7,"yes":true,"no":false,"tenth":0.1,"half":1.5,"minusTwo":-2,"#
            + #""big":1.7976931348623157e+308,"large":1.2345678901234568e+17,"tiny":5e-324}"#)
        #expect(try JSONDecoder().decode(Numbers.self, from: data) == Numbers())
        let parsed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((parsed["tenth"] as? NSNumber)?.doubleValue == 0.1)
        #expect((parsed["max"] as? NSNumber)?.int64Value == Int64.max)
    }

    @Test func doublesMatchFoundationText() throws {
        let values: [Double] = [0, -0.0, 0.1, 1, 1.5, -2, 1e15, 1e16, 1e20, 1e-7, 0.0001, 12345.678, 1e300, .leastNonzeroMagnitude,
                                -123_456.75, 9_007_199_254_740_992]
        let foundation = try JSONEncoder().encode(values)
        #expect(Data(JSONWriter.bytes(values)) == foundation)
    }

    /*@JSONObject*/
    struct Wrapped<T: JSONWritable> { var value: T }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteNumbersAreWrittenAsNull(_ value: Double) throws {
        // JSON has no such numbers; no answer of the mock holds one, and valid JSON is kept if one did.
        #expect(try Self.text(value) == "null")
        #expect(try Self.text(Wrapped(value: [1, value])) == #"{"value":[1,null]}"#)
    }

    // MARK: Unordered input

    @Test func dictionaryKeysAreSortedByBytes() throws {
        let dictionary = ["b": 2, "a": 1, "é": 5, "Z": 0, "aa": 3, "_": 4]
        #expect(try Self.text(dictionary) == #"{"Z":0,"_":4,"a":1,"aa":3,"b":2,"é":5}"#)
        #expect(try Self.text(Wrapped(value: Optional(dictionary)))
            == #"{"value":{"Z":0,"_":4,"a":1,"aa":3,"b":2,"é":5}}"#)
        let wide = Dictionary(uniqueKeysWithValues: (0..<40).map { (String(format: "k%02d", 39 - $0), $0) })
        let expected = (0..<40).map { #""k\#(String(format: "%02d", $0))":\#(39 - $0)"# }.joined(separator: ",")
        #expect(try Self.text(wide) == "{\(expected)}")
    }

    @Test func jsonValueIsWrittenWithSortedKeysWhereverItIs() throws {
        let value: JSONValue = ["z": [1, 2.5, 1.0, "s/\"", .null, true], "a": ["nested": ["y": 1, "b": false]],
                                "é": -3, "A": "x\u{01}"]
        let own = String(decoding: value.encoded(), as: UTF8.self)
        #expect(own == #"{"A":"x\u0001","a":{"nested":{"b":false,"y":1}},"z":[1,2.5,1,"s/\"",null,true],"é":-3}"#)
        #expect(try Self.text(value) == own)
        #expect(try Self.text(Wrapped(value: value)) == #"{"value":\#(own)}"#)
        #expect(try Self.text([value, .null]) == "[\(own),null]")
        #expect(try Self.text(["k": value]) == #"{"k":\#(own)}"#)
    }

    // MARK: Against Foundation

    /// A 64-bit LCG (Knuth's MMIX constants): the same values on every run and platform.
    struct LCG {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    /*@JSONObject*/
    struct Record {
        var id: Int
        var note: String?
        /*@Nullable*/ var owner: String?
        var tags: [String]
        var score: Double
        var extra: JSONValue

        /// The same member as Foundation would be given it.
        var asJSONValue: JSONValue {
            var members: [String: JSONValue] = ["id": .int(Int64(id)), "owner": owner.map(JSONValue.string) ?? .null,
                                                "tags": .array(tags.map(JSONValue.string)), "score": .double(score), "extra": extra]
            if let note { members["note"] = .string(note) }
            return .object(members)
        }
    }

    static let keyPool = ["id", "name", "a", "b", "z", "é", "k/1", "\"q\"", "", "total_pages", "x\ny", "😀"]
    static let scalarPool: [Unicode.Scalar] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1}",
                                               "\u{8}", "\u{C}", "\u{1F}", "\u{7F}", "é", "ß", "中", "😀", "\u{2028}", "\u{FEFF}"]

    static func string(_ rng: inout LCG) -> String {
        var s = String.UnicodeScalarView()
        for _ in 0..<rng.below(12) { s.append(scalarPool[rng.below(scalarPool.count)]) }
        return String(s)
    }

    static func double(_ rng: inout LCG) -> Double {
        switch rng.below(5) {
        case 0: return Double(Int(rng.below(2_000_001)) - 1_000_000) / 100
        case 1: return Double(Int64(bitPattern: rng.next() << 11))
        case 2: return [0.1, 1.5, -2.0, 1e20, 1e-7, .leastNonzeroMagnitude, 1.7976931348623157e308, -0.0, 1e15, 1e16][rng.below(10)]
        default:
            let value = Double(bitPattern: rng.next() << 11 | rng.next() >> 42)
            return value.isFinite ? value : 0.5
        }
    }

    static func fuzz(_ rng: inout LCG, depth: Int = 0) -> JSONValue {
        let leafOnly = depth >= 4
        switch rng.below(leafOnly ? 6 : 9) {
        case 0: return .null
        case 1: return .bool(rng.below(2) == 0)
        case 2: return .int(Int64(bitPattern: rng.next() << 11) >> Int64(rng.below(64)))
        case 3: return .double(double(&rng))
        case 4, 5: return .string(string(&rng))
        case 6: return .array((0..<rng.below(5)).map { _ in fuzz(&rng, depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<rng.below(6) {
                members[rng.below(2) == 0 ? keyPool[rng.below(keyPool.count)] : string(&rng)] = fuzz(&rng, depth: depth + 1)
            }
            return .object(members)
        }
    }

    /// A parsed `JSONSerialization` tree as something `Equatable`; numbers keep their class and
    /// text, so `1` and `true` and `1.0` stay apart.
    static func normalized(_ any: Any) -> JSONValue {
        if any is NSNull { return .null }
        if let number = any as? NSNumber { return .string("\(type(of: number)):\(number.stringValue)") }
        if let string = any as? String { return .array([.string(string)]) }
        if let array = any as? [Any] { return .array([.null] + array.map(normalized)) }
        if let object = any as? [String: Any] { return .object(object.mapValues(normalized)) }
        Issue.record("unexpected \(type(of: any))")
        return .null
    }

    @Test func seededRandomValuesParseAndMatchFoundationsEncoder() throws {
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.withoutEscapingSlashes]
        for seed in 0..<400 {
            var rng = LCG(state: UInt64(seed))
            let value = Self.fuzz(&rng)
            let record = Record(id: rng.below(1000), note: rng.below(2) == 0 ? nil : Self.string(&rng),
                                owner: rng.below(2) == 0 ? nil : Self.string(&rng),
                                tags: (0..<rng.below(3)).map { _ in Self.string(&rng) }, score: Self.double(&rng), extra: value)
            for (ours, theirs) in [(Data(JSONWriter.bytes(value)), try foundation.encode(value)),
                                   (Data(JSONWriter.bytes(record)), try foundation.encode(record.asJSONValue))] {
                let parsedOurs = try JSONSerialization.jsonObject(with: ours, options: .fragmentsAllowed)
                let parsedTheirs = try JSONSerialization.jsonObject(with: theirs, options: .fragmentsAllowed)
                #expect(Self.normalized(parsedOurs) == Self.normalized(parsedTheirs),
                        "seed \(seed): \(String(decoding: ours, as: UTF8.self)) vs \(String(decoding: theirs, as: UTF8.self))")
                #expect(JSONValue.parse(ours) != nil, "seed \(seed)")
            }
        }
    }
}

extension JSONWriterTests {
    /*@JSONObject*/
    struct WithComputed {
        static let shared = 1
        var stored: Int
        var computed: Int { stored * 2 }
        var observed: String = "o" {
            didSet { _ = oldValue }
        }
    }

    @Test func onlyStoredInstancePropertiesAreMembers() throws {
        #expect(try Self.text(WithComputed(stored: 3)) == #"{"stored":3,"observed":"o"}"#)
    }
}
