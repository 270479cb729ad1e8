import Foundation
import MockHTTP
import MockRouting
import MockBasics

/// What a recorded exchange (`--record`) may not keep: `Authorization`, cookies and token headers,
/// and in JSON bodies and queries every value of a key that names a token, a code, a password or a
/// secret, replaced by `[redacted]`. A body that is not JSON keeps only its size: it could hold
/// anything.
enum Redaction {
    static let marker = "[redacted]"

    /// Header names whose values never reach a file.
    static func isSecretHeader(_ name: String) -> Bool {
        let name = name.lowercased()
        return ["authorization", "proxy-authorization", "cookie", "set-cookie"].contains(name)
            || isSecretKey(name)
    }

    /// A key whose value is a credential: `token`, `accessToken`, `refresh_token`, `code`,
    /// `password`, `secret`, `api_key`, `otp`… (case and separators ignored).
    static func isSecretKey(_ key: String) -> Bool {
        // Every key of a recorded body is judged: an ASCII key (nearly all) byte by byte, the same
        // answer as the Character-wise reading below, which any other key takes.
        guard key.utf8.allSatisfy({ $0 < 0x80 }) else {
            let plain = key.lowercased().filter { $0.isLetter || $0.isNumber }
            return secretWords.contains { plain.contains($0) }
        }
        var plain: [UInt8] = []
        plain.reserveCapacity(key.utf8.count)
        for byte in key.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): plain.append(byte + 32)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): plain.append(byte)
            default: continue
            }
        }
        // Not `firstRange(of:)`: its generic search made a recorded page of 20 orders 2.4 times slower.
        return secretWordBytes.contains { word in
            word.count <= plain.count && (0...(plain.count - word.count)).contains { start in
                plain[start..<(start + word.count)].elementsEqual(word)
            }
        }
    }

    private static let secretWords = ["token", "code", "password", "passwd", "secret", "apikey", "otp", "jwt", "session", "signature"]
    private static let secretWordBytes = secretWords.map { Array($0.utf8) }

    /// `value` with every secret key's value (any type but an object or array, which are walked)
    /// replaced by `"[redacted]"`. An error code (`"COMPANY_PENDING"`: capitals and `_`) is kept:
    /// it is a constant of the contract, not a credential.
    static func redacted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            var out: [String: JSONValue] = [:]
            for (key, member) in members {
                if isSecretKey(key), !isContainer(member), !isErrorCode(key, member) {
                    out[key] = .string(marker)
                } else {
                    out[key] = redacted(member)
                }
            }
            return .object(out)
        case .array(let items):
            return .array(items.map(redacted))
        default:
            return value
        }
    }

    /// A body as a file may keep it: JSON with secrets replaced (the original text when there were
    /// none), or nil when it is not JSON.
    static func redactedJSONText(_ body: Data) -> String? {
        guard let value = JSONValue.parse(body) else { return nil }
        let clean = redacted(value)
        return clean == value ? String(decoding: body, as: UTF8.self) : clean.jsonString
    }

    /// A request-target's query items with secret names' values redacted.
    static func redactedQuery(_ items: [(name: String, value: String)]) -> [(name: String, value: String)] {
        items.map { isSecretKey($0.name) ? ($0.name, marker) : $0 }
    }

    private static func isContainer(_ value: JSONValue) -> Bool {
        switch value {
        case .object, .array: true
        default: false
        }
    }

    private static func isErrorCode(_ key: String, _ value: JSONValue) -> Bool {
        guard key == "code", let text = value.stringValue, !text.isEmpty else { return false }
        return text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || $0 == "_" }
    }
}
