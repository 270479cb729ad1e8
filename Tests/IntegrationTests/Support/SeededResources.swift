import Foundation

/// Resource ids of `Seeds/default.json` (see Seeds/README.md "Ids"): the first group names the
/// table, the last the company (`a` Acme, `b` Beta) and a number.
enum Acme {
    static func id(_ table: String, _ n: Int) -> String {
        "\(table)-0000-4000-8000-00000000a\(String(format: "%03d", n))"
    }
    /// Acme order numbered `10000 + n`.
    static func order(_ n: Int) -> String { id("00000005", n) }
    static func device(_ n: Int) -> String { id("00000006", n) }
    static func ticket(_ n: Int) -> String { id("0000000a", n) }
    static func macro(_ n: Int) -> String { id("0000000d", n) }
    static func location(_ n: Int) -> String { id("00000002", n) }

    static let admin = id("00000003", 1)       // Alice Admin
    static let engineer = id("00000003", 2)    // Eddie Engineer
    static let totp = id("00000003", 3)        // Tara Totp
    static let jane = "00000004-0000-4000-8000-00000000e001"
    static let sam = "00000004-0000-4000-8000-00000000e002"

    /// The seed's reference time: every seeded timestamp lies before it.
    static let referenceNow = "2026-11-21T12:00:00Z"
    /// The company address enquiries are mailed to.
    static let inbox = "hello@acme.test"
}

/// Every client of the seed, with the companies they are a client of.
enum SeededCustomers {
    static let all: [(email: String, companies: [String])] = [
        ("jane@customer.test", [Seeded.acme]),
        ("sam@customer.test", [Seeded.acme, Seeded.beta]),
        ("oliver.brown@customer.test", [Seeded.acme]),
        ("amelia.jones@customer.test", [Seeded.acme]),
        ("george.taylor@customer.test", [Seeded.acme]),
        ("isla.wilson@customer.test", [Seeded.acme]),
        ("harry.davies@customer.test", [Seeded.acme]),
        ("ava.evans@customer.test", [Seeded.acme]),
        ("jack.thomas@customer.test", [Seeded.acme]),
        ("mia.roberts@customer.test", [Seeded.acme]),
        ("noah.walker@customer.test", [Seeded.beta]),
        ("emily.hall@customer.test", [Seeded.beta]),
        ("walkin-0417@noemail.acme.test", [Seeded.acme]),
    ]
}
