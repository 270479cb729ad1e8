import Crypto

/// Random tokens and codes, SHA-256 hex, base32, base64 and base64url.
///
/// Everything here is a pure function over its arguments plus `SystemRandomNumberGenerator`
/// (the OS CSPRNG); no state, no Foundation string helpers on the hot paths.
package enum Secrets {

    // MARK: Random values

    /// An opaque refresh token: 32 bytes (256 bits) from the system CSPRNG, base64url without
    /// padding — always 43 characters of `[A-Za-z0-9_-]`.
    package static func refreshToken() -> String {
        Base64.urlEncode(randomBytes(32))
    }

    /// A uniformly distributed six-digit code, `"000000"`…`"999999"`.
    ///
    /// `UInt32.random(in:using:)` is unbiased (the standard library rejects the biased tail of the
    /// range), so there is no modulo bias.
    package static func sixDigitCode() -> String {
        var rng = SystemRandomNumberGenerator()
        return zeroPadded(UInt32.random(in: 0..<1_000_000, using: &rng), digits: 6)
    }

    /// A single-use recovery code: 8 characters from a 30-symbol alphabet without look-alikes
    /// (no `0 o 1 i l u`), about 39 bits of entropy, lower case.
    package static func recoveryCode() -> String {
        let alphabet: StaticString = "abcdefghjkmnpqrstvwxyz23456789"
        return alphabet.withUTF8Buffer { table in
            var rng = SystemRandomNumberGenerator()
            return String(unsafeUninitializedCapacity: 8) { out in
                for i in 0..<8 { out[i] = table[Int.random(in: 0..<table.count, using: &rng)] }
                return 8
            }
        }
    }

    /// A random (version 4) UUID in lower case, e.g. `"3f2c0a9e-5b1d-4c7e-9a1f-0d2e3c4b5a69"`.
    package static func uuid() -> String { uuid(randomBytes(16)) }

    /// The UUID of `name`: the first 16 bytes of its SHA-256, shaped as version 4. The same name gives
    /// the same id on every run (what a migration gives the rows it makes).
    package static func uuid(named name: String) -> String {
        uuid(Array(SHA256.hash(data: Array(name.utf8)).prefix(16)))
    }

    /// A version-4-shaped UUID in lower case from 16 given bytes (its version and variant bits set).
    package static func uuid(_ given: [UInt8]) -> String {
        precondition(given.count == 16, "a UUID is 16 bytes")
        var bytes = given
        bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        return String(unsafeUninitializedCapacity: 36) { out in
            var o = 0
            for (i, byte) in bytes.enumerated() {
                if i == 4 || i == 6 || i == 8 || i == 10 { out[o] = UInt8(ascii: "-"); o += 1 }
                out[o] = Hex.digits[Int(byte >> 4)]
                out[o + 1] = Hex.digits[Int(byte & 0x0F)]
                o += 2
            }
            return o
        }
    }

    /// `count` bytes from the system CSPRNG.
    package static func randomBytes(_ count: Int) -> [UInt8] {
        var rng = SystemRandomNumberGenerator()
        var bytes = [UInt8](repeating: 0, count: count)
        var i = 0
        while i < count {
            var word = rng.next()
            for _ in 0..<min(8, count - i) {
                bytes[i] = UInt8(truncatingIfNeeded: word)
                word >>= 8
                i += 1
            }
        }
        return bytes
    }

    // MARK: Hashing and comparison

    /// Lower-case hex of SHA-256 over the UTF-8 bytes of `string` (64 characters).
    package static func sha256Hex(_ string: String) -> String {
        sha256Hex(Array(string.utf8))
    }

    /// Lower-case hex of SHA-256 over `bytes` (64 characters).
    package static func sha256Hex(_ bytes: [UInt8]) -> String {
        Hex.encode(SHA256.hash(data: bytes))
    }

    /// Lower-case hex of any bytes.
    @inlinable
    package static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        Hex.encode(bytes)
    }

    /// Compares two byte strings in time that depends only on their lengths.
    package static func constantTimeEquals<A: Collection, B: Collection>(_ a: A, _ b: B) -> Bool
    where A.Element == UInt8, B.Element == UInt8 {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }

    /// Compares two strings' UTF-8 bytes in time that depends only on their lengths.
    package static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        constantTimeEquals(a.utf8, b.utf8)
    }

    // MARK: Encodings

    /// base64url without padding (RFC 4648 §5), as used by JWTs.
    package static func base64URLEncode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        Base64.urlEncode(bytes)
    }

    /// Strict base64url decoding: no padding, no whitespace, canonical trailing bits.
    package static func base64URLDecode(_ string: String) -> [UInt8]? {
        Base64.urlDecode(string.utf8)
    }

    /// RFC 4648 base32 decoding: case-insensitive, `=` padding optional (only at the end), spaces
    /// ignored. Returns `nil` for other characters or an impossible length.
    package static func base32Decode(_ s: String) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count * 5 / 8)
        var buffer: UInt64 = 0
        var bits = 0
        var symbols = 0
        var padding = 0
        for c in s.utf8 {
            let value: UInt8
            switch c {
            case UInt8(ascii: " "): continue
            case UInt8(ascii: "="): padding += 1; continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = c - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = c - UInt8(ascii: "a")
            case UInt8(ascii: "2")...UInt8(ascii: "7"): value = c - UInt8(ascii: "2") + 26
            default: return nil
            }
            if padding > 0 { return nil }  // data after padding
            buffer = (buffer << 5) | UInt64(value)
            bits += 5
            symbols += 1
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt64(bits)))
                buffer &= (1 << UInt64(bits)) - 1
            }
        }
        // A final quantum of 1, 3 or 6 symbols cannot come from whole bytes.
        switch symbols % 8 {
        case 1, 3, 6: return nil
        default: break
        }
        if padding > 0 && (symbols + padding) % 8 != 0 { return nil }
        return out
    }

    /// RFC 4648 base32 encoding, upper case, without padding (the form authenticator apps take).
    package static func base32Encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)
        var out: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                out.append(alphabet[Int((buffer >> UInt32(bits)) & 31)])
            }
            buffer &= (1 << UInt32(bits)) - 1
        }
        if bits > 0 { out.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)]) }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Helpers

    /// `value` in decimal, left-padded with zeros to `digits` characters.
    package static func zeroPadded(_ value: UInt32, digits: Int) -> String {
        var value = value
        return String(unsafeUninitializedCapacity: digits) { out in
            var i = digits - 1
            while i >= 0 {
                out[i] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                i -= 1
            }
            return digits
        }
    }
}

/// Lower-case hex through a lookup table.
@usableFromInline
package enum Hex {
    @usableFromInline
    package static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Inlinable, so a caller in another target (a namespace's secret, from an HMAC) gets it
    /// specialised for its bytes rather than the generic path: a seventh of making a namespace.
    @inlinable
    package static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let array = Array(bytes)
        return String(unsafeUninitializedCapacity: array.count * 2) { out in
            digits.withUnsafeBufferPointer { table in
                var o = 0
                for byte in array {
                    out[o] = table[Int(byte >> 4)]
                    out[o + 1] = table[Int(byte & 0x0F)]
                    o += 2
                }
                return o
            }
        }
    }
}

/// Hand-rolled base64 (standard and URL-safe alphabets). Decoding is strict: it rejects characters
/// outside the alphabet, impossible lengths and non-zero trailing bits, so every byte string has
/// exactly one accepted encoding (a JWT signature cannot be altered in its last character).
///
/// The loops work on unsafe buffers and are not generic, so they stay fast in debug builds too.
package enum Base64 {
    package static let standardAlphabet: [UInt8] =
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    package static let urlAlphabet: [UInt8] =
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Symbol → 6-bit value; 0xFF marks a byte outside the alphabet.
    package static let standardTable: [UInt8] = reverse(standardAlphabet)
    package static let urlTable: [UInt8] = reverse(urlAlphabet)

    private static func reverse(_ alphabet: [UInt8]) -> [UInt8] {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
        return table
    }

    package static func encodedCount(_ byteCount: Int, pad: Bool) -> Int {
        pad ? (byteCount + 2) / 3 * 4 : (byteCount * 4 + 2) / 3
    }

    // MARK: Convenience entry points

    package static func urlEncode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        encodeToString(bytes, alphabet: urlAlphabet, pad: false)
    }

    package static func standardEncode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        encodeToString(bytes, alphabet: standardAlphabet, pad: true)
    }

    package static func urlDecode<Chars: Sequence>(_ chars: Chars) -> [UInt8]? where Chars.Element == UInt8 {
        withContiguous(chars) { decode($0, table: urlTable, padded: false) }
    }

    package static func standardDecode<Chars: Sequence>(_ chars: Chars) -> [UInt8]? where Chars.Element == UInt8 {
        withContiguous(chars) { decode($0, table: standardTable, padded: true) }
    }

    private static func withContiguous<Bytes: Sequence, R>(
        _ bytes: Bytes, _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R where Bytes.Element == UInt8 {
        if let result = bytes.withContiguousStorageIfAvailable(body) { return result }
        return Array(bytes).withUnsafeBufferPointer(body)
    }

    private static func encodeToString<Bytes: Sequence>(_ bytes: Bytes, alphabet: [UInt8], pad: Bool) -> String
    where Bytes.Element == UInt8 {
        withContiguous(bytes) { input in
            String(unsafeUninitializedCapacity: encodedCount(input.count, pad: pad)) { out in
                alphabet.withUnsafeBufferPointer { table in
                    encode(input, table: table, pad: pad, into: out)
                }
            }
        }
    }

    // MARK: Core

    /// Writes the encoding of `input` at the start of `out` (which must hold
    /// `encodedCount(input.count, pad:)` bytes) and returns the number written.
    package static func encode(
        _ input: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>, pad: Bool,
        into out: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        let count = input.count
        precondition(out.count >= encodedCount(count, pad: pad))
        guard count > 0, let src = input.baseAddress, let dst = out.baseAddress, let t = table.baseAddress else { return 0 }
        var i = 0
        var o = 0
        while i + 3 <= count {
            let v = UInt32(src[i]) << 16 | UInt32(src[i + 1]) << 8 | UInt32(src[i + 2])
            dst[o] = t[Int(v >> 18)]
            dst[o + 1] = t[Int((v >> 12) & 0x3F)]
            dst[o + 2] = t[Int((v >> 6) & 0x3F)]
            dst[o + 3] = t[Int(v & 0x3F)]
            i += 3
            o += 4
        }
        switch count - i {
        case 1:
            let v = UInt32(src[i]) << 16
            dst[o] = t[Int(v >> 18)]
            dst[o + 1] = t[Int((v >> 12) & 0x3F)]
            o += 2
            if pad { dst[o] = UInt8(ascii: "="); dst[o + 1] = UInt8(ascii: "="); o += 2 }
        case 2:
            let v = UInt32(src[i]) << 16 | UInt32(src[i + 1]) << 8
            dst[o] = t[Int(v >> 18)]
            dst[o + 1] = t[Int((v >> 12) & 0x3F)]
            dst[o + 2] = t[Int((v >> 6) & 0x3F)]
            o += 3
            if pad { dst[o] = UInt8(ascii: "="); o += 1 }
        default:
            break
        }
        return o
    }

    /// Strict decoding of `input`; `nil` for any character outside `table`'s alphabet (and, when
    /// `padded`, a length that is not a multiple of 4 or `=` other than one or two at the end).
    package static func decode(_ input: UnsafeBufferPointer<UInt8>, table: [UInt8], padded: Bool) -> [UInt8]? {
        var count = input.count
        if padded {
            guard count % 4 == 0 else { return nil }
            if count > 0, input[count - 1] == UInt8(ascii: "=") { count -= 1 }
            if count > 0, input[count - 1] == UInt8(ascii: "=") { count -= 1 }
        }
        let remainder = count % 4
        if remainder == 1 { return nil }
        let outCount = count / 4 * 3 + (remainder == 0 ? 0 : remainder - 1)
        var valid = true
        let out = [UInt8](unsafeUninitializedCapacity: outCount) { out, initialized in
            initialized = 0
            guard outCount > 0, let src = input.baseAddress, let dst = out.baseAddress else { return }
            table.withUnsafeBufferPointer { table in
                let t = table.baseAddress!
                var i = 0
                var o = 0
                var bad: UInt8 = 0
                while i + 4 <= count {
                    let a = t[Int(src[i])], b = t[Int(src[i + 1])], c = t[Int(src[i + 2])], d = t[Int(src[i + 3])]
                    bad |= a | b | c | d
                    let v = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    dst[o] = UInt8(truncatingIfNeeded: v >> 16)
                    dst[o + 1] = UInt8(truncatingIfNeeded: v >> 8)
                    dst[o + 2] = UInt8(truncatingIfNeeded: v)
                    i += 4
                    o += 3
                }
                switch remainder {
                case 2:
                    let a = t[Int(src[i])], b = t[Int(src[i + 1])]
                    bad |= a | b
                    if b & 0x0F != 0 { bad = 0xFF }  // non-canonical trailing bits
                    dst[o] = UInt8(truncatingIfNeeded: UInt32(a) << 2 | UInt32(b) >> 4)
                case 3:
                    let a = t[Int(src[i])], b = t[Int(src[i + 1])], c = t[Int(src[i + 2])]
                    bad |= a | b | c
                    if c & 0x03 != 0 { bad = 0xFF }
                    let v = UInt32(a) << 10 | UInt32(b) << 4 | UInt32(c) >> 2
                    dst[o] = UInt8(truncatingIfNeeded: v >> 8)
                    dst[o + 1] = UInt8(truncatingIfNeeded: v)
                default:
                    break
                }
                // Every valid symbol is < 64; 0xFF (invalid) sets the top bits.
                valid = bad & 0xC0 == 0
            }
            initialized = outCount
        }
        return valid ? out : nil
    }
}
