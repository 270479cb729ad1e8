import Foundation

/// Variants of the JSON the mock writes, at the points where nobody knows what the real backend
/// sends (docs/http.md, "Shape variance"): an app's test suite runs once per variant to prove its
/// decoders hold. Off unless asked for (`--vary`, `PUT /__mock/variance`). Applied to a finished
/// body by `rewrite(_:)`, which keeps every key's order but where a variant changes it.
package struct JSONVariance: Sendable, Equatable {
    package enum Variant: String, Sendable, CaseIterable, Comparable {
        /// `2026-11-24T12:00:00.000Z`: JavaScript's `Date.prototype.toISOString()`.
        case timestampsMilliseconds = "timestamps-ms"
        /// `2026-11-24 12:00:00`: SQLite's (Cloudflare D1's) `CURRENT_TIMESTAMP`.
        case timestampsSQLite = "timestamps-sqlite"
        /// A key whose value is null is left out.
        case absentNulls = "absent-nulls"
        /// Every object's keys in the reverse order.
        case reorderedKeys = "reordered-keys"
        /// Every object gets a key the app does not know: `"x_mock_extra": "unknown"` (`0` in an
        /// object whose values are all numbers, such as counts by status).
        case extraKey = "extra-key"
        /// `pagination` spells its page count `totalPages` (seed 003's first example, limit 50)
        /// instead of `total_pages` (its second, limit 20, which the mock sends).
        case paginationCamelCase = "pagination-camel-case"
        /// Quarantine tells the two statuses apart: a `suspended` company's staff get `"Your account
        /// has been suspended..."` / `ACCOUNT_SUSPENDED` instead of seed 002's one answer for both,
        /// `"Your account is pending approval..."` / `ACCOUNT_PENDING_APPROVAL`.
        case quarantineCodes = "quarantine-codes"

        package static func < (lhs: Variant, rhs: Variant) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// Sorted as `Variant.allCases`.
    package let variants: [Variant]

    package static let none = JSONVariance(variants: [])

    package var isEmpty: Bool { variants.isEmpty }

    /// The two timestamp forms exclude each other.
    package init?(variants: some Sequence<Variant>) {
        let set = Set(variants)
        if set.contains(.timestampsMilliseconds) && set.contains(.timestampsSQLite) { return nil }
        self.variants = set.sorted()
    }

    private init(variants: [Variant]) { self.variants = variants }

    /// `"timestamps-ms,extra-key"` (or `all` but the SQLite timestamps; `none`).
    package static func parse(_ list: String) -> Result<JSONVariance, VarianceError> {
        var variants: [Variant] = []
        for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            if name == "none" { continue }
            if name == "all" { variants += Variant.allCases.filter { $0 != .timestampsSQLite }; continue }
            guard let variant = Variant(rawValue: name) else { return .failure(.unknown(name)) }
            variants.append(variant)
        }
        guard let variance = JSONVariance(variants: variants) else { return .failure(.bothTimestampForms) }
        return .success(variance)
    }

    package enum VarianceError: Error, Equatable, CustomStringConvertible {
        case unknown(String)
        case bothTimestampForms

        package var description: String {
            switch self {
            case .unknown(let name):
                "unknown variant \"\(name)\" (one of \(Variant.allCases.map(\.rawValue).joined(separator: ", ")), all, none)"
            case .bothTimestampForms: "timestamps-ms and timestamps-sqlite exclude each other"
            }
        }
    }

    // MARK: Rewriting

    /// Whether a suspended company's quarantine answer is its own (`quarantine-codes`).
    package var distinguishesSuspended: Bool { variants.contains(.quarantineCodes) }

    /// Whether any variant rewrites bodies (`quarantine-codes` changes what is answered, not how).
    private var rewritesBodies: Bool { variants.contains { $0 != .quarantineCodes } }

    /// `json` (our writer's output: valid JSON) with the variants applied; nil when nothing is to be
    /// done or the text is not JSON.
    package func rewrite(_ json: [UInt8]) -> [UInt8]? {
        guard rewritesBodies else { return nil }
        var reader = Reader(bytes: json, variance: self)
        var out: [UInt8] = []
        out.reserveCapacity(json.count + json.count / 8)
        guard reader.value(into: &out) else { return nil }
        reader.skipSpace()
        return reader.index == json.count ? out : nil
    }

    private var milliseconds: Bool { variants.contains(.timestampsMilliseconds) }
    private var sqlite: Bool { variants.contains(.timestampsSQLite) }
    private var absentNulls: Bool { variants.contains(.absentNulls) }
    private var reordered: Bool { variants.contains(.reorderedKeys) }
    private var extraKey: Bool { variants.contains(.extraKey) }
    private var camelPagination: Bool { variants.contains(.paginationCamelCase) }
    private static let totalPages = Array(#""total_pages""#.utf8)
    private static let camelTotalPages = Array(#""totalPages""#.utf8)

    private struct Reader {
        let bytes: [UInt8]
        let variance: JSONVariance
        var index = 0

        init(bytes: [UInt8], variance: JSONVariance) {
            self.bytes = bytes
            self.variance = variance
        }

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }

        mutating func value(into out: inout [UInt8]) -> Bool {
            skipSpace()
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(into: &out)
            case UInt8(ascii: "["): return array(into: &out)
            case UInt8(ascii: "\""):
                guard let end = stringEnd() else { return false }
                let text = bytes[index..<end]
                index = end
                out += variance.timestamp(text) ?? Array(text)
                return true
            default:
                let start = index
                while index < bytes.count, !",]} \n\r\t".utf8.contains(bytes[index]) { index += 1 }
                guard index > start else { return false }
                out += bytes[start..<index]
                return true
            }
        }

        /// The index after the closing quote of the string at `index`.
        func stringEnd() -> Int? {
            var i = index + 1
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "\\") { i += 2; continue }
                if bytes[i] == UInt8(ascii: "\"") { return i + 1 }
                i += 1
            }
            return nil
        }

        mutating func object(into out: inout [UInt8]) -> Bool {
            index += 1
            var members: [(key: ArraySlice<UInt8>, value: [UInt8])] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
            } else {
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let end = stringEnd() else { return false }
                    let key = bytes[index..<end]
                    index = end
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
                    index += 1
                    var value: [UInt8] = []
                    guard self.value(into: &value) else { return false }
                    members.append((key, value))
                    skipSpace()
                    guard index < bytes.count else { return false }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    guard bytes[index] == UInt8(ascii: "}") else { return false }
                    index += 1
                    break
                }
            }
            if variance.absentNulls { members.removeAll { $0.value == Array("null".utf8) } }
            if variance.reordered { members.reverse() }
            out.append(UInt8(ascii: "{"))
            var first = true
            if variance.extraKey {
                // In an object of numbers (counts by status) a new key would be a number too.
                let counts = !members.isEmpty && members.allSatisfy { $0.value.first.map { $0 == 45 || (48...57).contains($0) } ?? false }
                out += Array((counts ? #""x_mock_extra":0"# : #""x_mock_extra":"unknown""#).utf8)
                first = false
            }
            for member in members {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                if variance.camelPagination, member.key.elementsEqual(JSONVariance.totalPages) {
                    out += JSONVariance.camelTotalPages
                } else {
                    out += member.key
                }
                out.append(UInt8(ascii: ":"))
                out += member.value
            }
            out.append(UInt8(ascii: "}"))
            return true
        }

        mutating func array(into out: inout [UInt8]) -> Bool {
            index += 1
            out.append(UInt8(ascii: "["))
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                out.append(UInt8(ascii: "]"))
                return true
            }
            while true {
                guard value(into: &out) else { return false }
                skipSpace()
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: ",") { index += 1; out.append(UInt8(ascii: ",")); continue }
                guard bytes[index] == UInt8(ascii: "]") else { return false }
                index += 1
                out.append(UInt8(ascii: "]"))
                return true
            }
        }
    }

    /// A quoted `"YYYY-MM-DDTHH:MM:SSZ"` in the variant's form; nil for any other string.
    private func timestamp(_ quoted: ArraySlice<UInt8>) -> [UInt8]? {
        guard milliseconds || sqlite, quoted.count == 22 else { return nil }
        let text = Array(quoted.dropFirst().dropLast())
        let digits = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18]
        guard digits.allSatisfy({ (48...57).contains(text[$0]) }), text[4] == 45, text[7] == 45, text[10] == 84,
              text[13] == 58, text[16] == 58, text[19] == 90 else { return nil }
        if milliseconds { return [34] + text[0..<19] + Array(".000Z".utf8) + [34] }
        return [34] + text[0..<10] + [32] + text[11..<19] + [34]
    }
}

extension JSONVariance.Variant: WireEnumeration {
    package static let componentName = "Variant"
}
