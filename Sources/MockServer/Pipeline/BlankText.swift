extension StringProtocol {
    /// True when the text has no Unicode scalar outside White_Space (an empty text included): the
    /// blank a note, a message or an inbound mail may not be. Judged scalar by scalar, not by
    /// `Character`: `" \u{301}"` (a space carrying a combining accent) is one `Character` that Swift
    /// calls whitespace, but JavaScript's `trim()`, `trimmingCharacters(in:)` (the profile and the
    /// signature) and openapi.yaml's `pattern` all look at code points and find an accent in it.
    var isBlankText: Bool { unicodeScalars.allSatisfy { $0.properties.isWhitespace } }
}
