import Foundation

/// The default seed's names (Seeds/default.json; Seeds/README.md), so a test need not copy ids out
/// of the docs. A test of this package checks each against a running mock.
public enum MockSeed {
    /// Every staff account with a password has this one.
    public static let password = "password123"
    /// `totp@acme.test`'s authenticator secret (RFC 6238, SHA-1, 30 s, 6 digits).
    public static let totpSecret = "JBSWY3DPEHPK3PXP"
    /// `totp@acme.test`'s single-use recovery codes.
    public static let recoveryCodes = ["ACME2FA1", "ACME2FA2", "ACME2FA3", "ACME2FA4", "ACME2FA5"]
    /// The seed's reference time: every seeded timestamp lies before it.
    public static let referenceNow = Date(timeIntervalSince1970: 1_795_262_400)   // 2026-11-21T12:00:00Z

    /// The companies' ids.
    public enum Company {
        /// Acme Repairs (active, GBP): most of the data.
        public static let acme = "00000001-0000-4000-8000-00000000a000"
        /// Beta Tech (active).
        public static let beta = "00000001-0000-4000-8000-00000000b000"
        /// Pending Co (`pending_approval`): its staff are quarantined.
        public static let pending = "00000001-0000-4000-8000-00000000c000"
        /// Halted Ltd (`suspended`): its staff are quarantined.
        public static let halted = "00000001-0000-4000-8000-00000000d000"
    }

    /// The companies' shops (`company_locations`).
    public enum Location {
        /// Acme Repairs Manchester, Acme's primary shop (most of its seeded orders).
        public static let acmeManchester = "00000002-0000-4000-8000-00000000a001"
        /// Acme Repairs Leeds, Acme's second shop.
        public static let acmeLeeds = "00000002-0000-4000-8000-00000000a002"
        /// Beta Tech Bristol, Beta's only shop.
        public static let betaBristol = "00000002-0000-4000-8000-00000000b001"
        /// Pending Co York, Pending Co's only shop.
        public static let pendingYork = "00000002-0000-4000-8000-00000000c001"
        /// Halted Ltd Cardiff, Halted Ltd's only shop.
        public static let haltedCardiff = "00000002-0000-4000-8000-00000000d001"
    }

    /// The companies' email addresses (`company_emails`): mail to one
    /// (`MockControl.inboundEmail(to:…)`) opens an enquiry at its company, and replies go out from
    /// the address a ticket came in on.
    public enum CompanyEmail {
        /// `manchester@acme.test`, the Manchester shop's.
        public static let acmeManchester = Account(email: "manchester@acme.test", id: "00000018-0000-4000-8000-00000000a001")
        /// `leeds@acme.test`, the Leeds shop's.
        public static let acmeLeeds = Account(email: "leeds@acme.test", id: "00000018-0000-4000-8000-00000000a002")
        /// `hello@acme.test`, Acme's address of no shop: an enquiry to it has no location until one is chosen.
        public static let acmeHello = Account(email: "hello@acme.test", id: "00000018-0000-4000-8000-00000000a003")
        /// `bristol@beta.test`, Beta's Bristol shop's.
        public static let betaBristol = Account(email: "bristol@beta.test", id: "00000018-0000-4000-8000-00000000b001")
    }

    /// A seeded address and the id of its row: a staff user's or a client's account, or one of a
    /// company's addresses (``CompanyEmail``).
    public struct Account: Sendable, Hashable {
        public let email: String
        public let id: String
    }

    /// The staff accounts.
    public enum Staff {
        /// Password + email 2FA code.
        public static let admin = Account(email: "admin@acme.test", id: "00000003-0000-4000-8000-00000000a001")
        /// Magic link only (no password).
        public static let engineer = Account(email: "engineer@acme.test", id: "00000003-0000-4000-8000-00000000a002")
        /// Password + TOTP (`MockSeed.totpSecret`) or recovery codes.
        public static let totp = Account(email: "totp@acme.test", id: "00000003-0000-4000-8000-00000000a003")
        /// Cannot sign in: `Account is deactivated`.
        public static let inactive = Account(email: "inactive@acme.test", id: "00000003-0000-4000-8000-00000000a004")
        /// Cannot sign in: `Account has been archived and cannot login`.
        public static let archived = Account(email: "archived@acme.test", id: "00000003-0000-4000-8000-00000000a005")
        /// Beta Tech's admin.
        public static let betaAdmin = Account(email: "admin@beta.test", id: "00000003-0000-4000-8000-00000000b001")
        /// Pending Co's owner: signs in, then quarantined.
        public static let pendingOwner = Account(email: "owner@pending.test", id: "00000003-0000-4000-8000-00000000c001")
        /// Halted Ltd's owner: signs in, then quarantined.
        public static let haltedOwner = Account(email: "owner@halted.test", id: "00000003-0000-4000-8000-00000000d001")
    }

    /// Customers (magic-link code).
    public enum Customer {
        /// A client of Acme only.
        public static let jane = Account(email: "jane@customer.test", id: "00000004-0000-4000-8000-00000000e001")
        /// A client of Acme and of Beta: sign-in asks for a company.
        public static let sam = Account(email: "sam@customer.test", id: "00000004-0000-4000-8000-00000000e002")
        /// Oliver Brown, a client of Acme: the lead of ticket #1002 and the order of a bare device (#10004).
        public static let oliver = Account(email: "oliver.brown@customer.test", id: "00000004-0000-4000-8000-00000000e003")
        /// Jack Thomas, a client of Acme whose address is suppressed (`email_suppressed`): no mail reaches him.
        public static let jack = Account(email: "jack.thomas@customer.test", id: "00000004-0000-4000-8000-00000000e009")
        /// Noah Walker, a client of Beta only (#20002, #20004).
        public static let noah = Account(email: "noah.walker@customer.test", id: "00000004-0000-4000-8000-00000000e011")
        /// Emily Hall, a client of Beta only (#20003).
        public static let emily = Account(email: "emily.hall@customer.test", id: "00000004-0000-4000-8000-00000000e012")
        /// Acme's walk-in client, whose address the shop made up (`is_generated_email`): replies to
        /// them write a `suppressed` event instead of mail.
        public static let walkIn = Account(email: "walkin-0417@noemail.acme.test", id: "00000004-0000-4000-8000-00000000e013")
    }

    /// Seeded orders and their first devices.
    public enum Order {
        /// Jane's #10001 at Acme, assigned to the admin: one iPhone 14 Pro awaiting authorisation,
        /// £179.97 with a £20 deposit paid.
        public static let janes10001 = "00000005-0000-4000-8000-00000000a001"
        /// #10001's device: a sub-location, images, accessories, notes, a checklist 4 of 7 done, no parts.
        public static let janes10001Device = "00000006-0000-4000-8000-00000000a001"
        /// Jane's #10002 at Acme: an iPad Air, collected.
        public static let janes10002 = "00000005-0000-4000-8000-00000000a002"
        /// Sam's #10003 at Acme: one MacBook Air M2 being repaired.
        public static let sams10003 = "00000005-0000-4000-8000-00000000a003"
        /// #10003's device (`repairing`): every detail section (images, accessories, parts, notes), a
        /// checklist 3 of 7 done.
        public static let sams10003Device = "00000006-0000-4000-8000-00000000a003"
        /// Oliver's #10004's device, a Galaxy S23 just received (`device_received`): no detail data at all.
        public static let olivers10004Device = "00000006-0000-4000-8000-00000000a004"
        /// Sam's #20001 at Beta: one Galaxy S23 being diagnosed.
        public static let sams20001 = "00000005-0000-4000-8000-00000000b001"
    }

    /// Seeded enquiries (tickets).
    public enum Ticket {
        /// Acme's #1001: Jane's quote for #10001, with all four message types (outbound, inbound,
        /// internal note, SMS).
        public static let acme1001 = "0000000a-0000-4000-8000-00000000a001"
        /// Acme's #1002: Oliver's lead (no order), came in on `hello@acme.test`, with a PDF attachment.
        public static let acme1002 = "0000000a-0000-4000-8000-00000000a002"
        /// #1002's attachment: `acme-price-list.pdf`.
        public static let acme1002PriceList = "0000000f-0000-4000-8000-00000000a001"
        /// Acme's #1005: a lead from someone who is not a client yet, mailed to `hello@acme.test`: no
        /// client, no location, `requires_location` (a reply needs a location first).
        public static let acme1005 = "0000000a-0000-4000-8000-00000000a005"
    }

    /// Acme's macros (canned replies in stages).
    public enum Macro {
        /// Quote follow-up: 3 stages (now, 2 days later, 7 more days later).
        public static let quoteFollowUp = "0000000d-0000-4000-8000-00000000a001"
        /// Ready for collection: 2 stages.
        public static let readyForCollection = "0000000d-0000-4000-8000-00000000a002"
        /// Request more information: 1 stage.
        public static let requestMoreInformation = "0000000d-0000-4000-8000-00000000a003"
        /// Old holiday notice: inactive (`is_active` false), so it cannot run.
        public static let oldHolidayNotice = "0000000d-0000-4000-8000-00000000a004"
    }
}

/// A push's type (`type` of its payload): seed 000's for staff, seed 004's for customers.
public struct MockPushType: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }

    // Staff (seed 000)
    public static let orderCreated: MockPushType = "order_created"
    public static let orderStatusChanged: MockPushType = "order_status_changed"
    public static let orderCollected: MockPushType = "order_collected"
    public static let paymentReceived: MockPushType = "payment_received"
    public static let deviceStatusChanged: MockPushType = "device_status_changed"
    public static let quoteApproved: MockPushType = "quote_approved"
    public static let quoteRejected: MockPushType = "quote_rejected"
    public static let deviceAssigned: MockPushType = "device_assigned"
    public static let newEnquiry: MockPushType = "new_enquiry"
    public static let enquiryReply: MockPushType = "enquiry_reply"
    // Customer (seed 004)
    public static let orderStatus: MockPushType = "order_status"
    public static let quoteReady: MockPushType = "quote_ready"
    public static let repairComplete: MockPushType = "repair_complete"
    public static let message: MockPushType = "message"
}

/// The launch convention between a UI test and the app (docs/ui-testing.md), from the test's side:
/// the keys the app's `LaunchEnvironment` (RepairMinderClient) reads, and their values.
///
/// ```swift
/// app.launchEnvironment = MockLaunchEnvironment.values(baseURL: namespace.baseURL, signedInAs: .staff, with: signIn)
/// ```
public enum MockLaunchEnvironment {
    public static let baseURLKey = "REPAIRMINDER_BASE_URL"
    public static let roleKey = "REPAIRMINDER_ROLE"
    public static let sessionKey = "REPAIRMINDER_SESSION"

    /// Which half of the app a session is for.
    public enum Role: String, Sendable {
        case staff, customer
    }

    /// The app pointed at `baseURL` (a namespace's, usually), signed out.
    public static func values(baseURL: URL) -> [String: String] {
        [baseURLKey: baseURL.absoluteString]
    }

    /// The app pointed at `baseURL`, signed in as `role` with `session` (minted by
    /// `MockControl.createSession`), without the sign-in screens.
    public static func values(baseURL: URL, signedInAs role: Role, with session: MockSignIn) -> [String: String] {
        [baseURLKey: baseURL.absoluteString, roleKey: role.rawValue, sessionKey: String(decoding: session.data, as: UTF8.self)]
    }
}
