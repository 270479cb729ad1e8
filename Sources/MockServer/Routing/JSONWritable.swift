/// A payload that writes its own JSON text, without going through `Encoder`.
///
/// The conformances of the route payloads are generated from their stored properties
/// (`Routes/PayloadWriters.swift`, by `scripts/generate-payload-writers`), so the wire shape is
/// still declared once, by the payload type. They write exactly what `OrderedJSONEncoder` writes
/// for the type's synthesized `Encodable` (keys in declaration order, a `nil` optional left out, a
/// `@Nullable` one as `null`): `JSONBody` uses the writer when a value has one, and in debug builds
/// (every test) encodes each response both ways and stops on any difference
/// (`JSONBody.writerMismatch`). The `Encoder` protocols box every container and look up generic
/// metadata for every value; on a list page that was most of the time spent encoding.
protocol JSONWritable {
    func writeJSON(to out: inout [UInt8])
}

extension Array where Element == UInt8 {
    /// Appends a literal's UTF-8 bytes (the generated writers' keys and punctuation).
    @inline(__always)
    mutating func appendLiteral(_ literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }
}

extension String: JSONWritable {
    func writeJSON(to out: inout [UInt8]) { JSONValue.writeString(self, to: &out) }
}

extension Bool: JSONWritable {
    func writeJSON(to out: inout [UInt8]) { out.appendLiteral(self ? "true" : "false") }
}

extension Int: JSONWritable {
    func writeJSON(to out: inout [UInt8]) { OrderedJSONNode.int(Int64(self)).write(to: &out) }
}

extension Int64: JSONWritable {
    func writeJSON(to out: inout [UInt8]) { OrderedJSONNode.int(self).write(to: &out) }
}

extension JSONValue: JSONWritable {
    func writeJSON(to out: inout [UInt8]) { write(to: &out) }
}

extension Optional: JSONWritable where Wrapped: JSONWritable {
    /// `null` when absent: how a `@Nullable` property is written (a plain optional property is
    /// left out instead, by the generated writer).
    func writeJSON(to out: inout [UInt8]) {
        if let value = self { value.writeJSON(to: &out) } else { out.appendLiteral("null") }
    }
}

extension Nullable: JSONWritable where Value: JSONWritable {
    func writeJSON(to out: inout [UInt8]) { wrappedValue.writeJSON(to: &out) }
}

extension Array: JSONWritable where Element: JSONWritable {
    func writeJSON(to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        var first = true
        for element in self {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            element.writeJSON(to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }
}
