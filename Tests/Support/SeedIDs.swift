import RepairMinderMockControl

/// The seed's rows by their number, for the tests that walk many of them (`Seeds/README.md`, "Ids"):
/// the first group of an id names the table, the last the company (`a` Acme, `b` Beta, `c` Pending
/// Co, `d` Halted Ltd) and the row's number. `order(3)` is Acme's
/// `00000005-0000-4000-8000-00000000a003` (#10003), `device(1, "b")` Beta's first device. The rows
/// with a name of their own are `MockSeed`'s (`MockSeed.Order.sams10003` is `order(3)`).
public enum SeedIDs {
    /// Order `10000 + n` (Acme) or `20000 + n` (Beta).
    public static func order(_ n: Int, _ company: Character = "a") -> String { id("00000005", company, n) }
    /// Devices are numbered apart from orders: #10011 has two, so from #10012 on a device's number
    /// is one more than its order's.
    public static func device(_ n: Int, _ company: Character = "a") -> String { id("00000006", company, n) }
    public static func location(_ n: Int, _ company: Character = "a") -> String { id("00000002", company, n) }
    public static func subLocation(_ n: Int, _ company: Character = "a") -> String { id("00000015", company, n) }
    /// Ticket `1000 + n` (Acme) or `2000 + n` (Beta).
    public static func ticket(_ n: Int, _ company: Character = "a") -> String { id("0000000a", company, n) }
    public static func message(_ n: Int, _ company: Character = "a") -> String { id("0000000b", company, n) }
    public static func macro(_ n: Int, _ company: Character = "a") -> String { id("0000000d", company, n) }
    public static func companyEmail(_ n: Int, _ company: Character = "a") -> String { id("00000018", company, n) }
    /// Clients belong to no single company: their letter is `e` (`client(1)` is Jane).
    public static func client(_ n: Int) -> String { id("00000004", "e", n) }

    private static func id(_ table: String, _ company: Character, _ n: Int) -> String {
        let number = String(n)
        return "\(table)-0000-4000-8000-00000000\(company)" + String(repeating: "0", count: 3 - number.count) + number
    }
}

/// Every client of the seed, with the companies they are a client of.
public enum SeededCustomers {
    public static let all: [(email: String, companies: [String])] = [
        (MockSeed.Customer.jane.email, [MockSeed.Company.acme]),
        (MockSeed.Customer.sam.email, [MockSeed.Company.acme, MockSeed.Company.beta]),
        (MockSeed.Customer.oliver.email, [MockSeed.Company.acme]),
        ("amelia.jones@customer.test", [MockSeed.Company.acme]),
        ("george.taylor@customer.test", [MockSeed.Company.acme]),
        ("isla.wilson@customer.test", [MockSeed.Company.acme]),
        ("harry.davies@customer.test", [MockSeed.Company.acme]),
        ("ava.evans@customer.test", [MockSeed.Company.acme]),
        (MockSeed.Customer.jack.email, [MockSeed.Company.acme]),
        ("mia.roberts@customer.test", [MockSeed.Company.acme]),
        (MockSeed.Customer.noah.email, [MockSeed.Company.beta]),
        (MockSeed.Customer.emily.email, [MockSeed.Company.beta]),
        (MockSeed.Customer.walkIn.email, [MockSeed.Company.acme]),
    ]
}
