/// Values the tests make up: not the seed's (`MockSeed`, `SeedIDs`), the same in every target.
public enum TestValues {
    /// A web browser: no `Mobile`/`iPhone`/`iPad`/`iPod`/`Android`, so 7-day refresh tokens.
    public static let webUserAgent = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15"
    /// A 32-byte APNs token as hex.
    public static let deviceToken = String(repeating: "a1b2c3d4", count: 8)
}

/// The timeout of a wait that is to succeed: it returns at the first poll that finds, so a long one
/// costs nothing, and with the whole package's tests at once on two cores a task can wait many
/// seconds for a thread. The tests of timing out use 50–200 ms.
public let patience: Duration = .seconds(60)

/// A test's own failure, with what went wrong as its description.
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
