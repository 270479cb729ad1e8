import Foundation

// The closed sets of strings the resource payloads use. Each keeps a value it does not know as
// `.unknown(raw)` (see ``OpenEnum``); under strict decoding an unknown value is an error.

/// A device's status: the 20 statuses of seed 003 (`device-workflows.js`), 17 of the repair workflow and 3 that only buyback has.
public enum DeviceStatus: OpenEnum {
    case deviceReceived
    case diagnosing
    case readyToQuote
    case companyRejected
    case awaitingAuthorisation
    case authorisedSourceParts
    case authorisedAwaitingParts
    case readyToRepair
    case repairing
    case awaitingRevisedQuote
    case repairedQC
    case repairedReady
    case rejected
    case rejectionQC
    case rejectionReady
    case collected
    case despatched
    case readyToPay
    case paymentMade
    case addedToBuyback
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [DeviceStatus] = [
        .deviceReceived, .diagnosing, .readyToQuote, .companyRejected, .awaitingAuthorisation,
        .authorisedSourceParts, .authorisedAwaitingParts, .readyToRepair, .repairing, .awaitingRevisedQuote,
        .repairedQC, .repairedReady, .rejected, .rejectionQC, .rejectionReady, .collected, .despatched,
        .readyToPay, .paymentMade, .addedToBuyback,
    ]

    public var rawValue: String {
        switch self {
        case .deviceReceived: "device_received"
        case .diagnosing: "diagnosing"
        case .readyToQuote: "ready_to_quote"
        case .companyRejected: "company_rejected"
        case .awaitingAuthorisation: "awaiting_authorisation"
        case .authorisedSourceParts: "authorised_source_parts"
        case .authorisedAwaitingParts: "authorised_awaiting_parts"
        case .readyToRepair: "ready_to_repair"
        case .repairing: "repairing"
        case .awaitingRevisedQuote: "awaiting_revised_quote"
        case .repairedQC: "repaired_qc"
        case .repairedReady: "repaired_ready"
        case .rejected: "rejected"
        case .rejectionQC: "rejection_qc"
        case .rejectionReady: "rejection_ready"
        case .collected: "collected"
        case .despatched: "despatched"
        case .readyToPay: "ready_to_pay"
        case .paymentMade: "payment_made"
        case .addedToBuyback: "added_to_buyback"
        case .unknown(let raw): raw
        }
    }

    /// The name the apps show (seed 003's table).
    public var displayName: String {
        switch self {
        case .deviceReceived: "Device Received"
        case .diagnosing: "Diagnosing"
        case .readyToQuote: "Ready to Quote"
        case .companyRejected: "Company Rejected"
        case .awaitingAuthorisation: "Awaiting Authorisation"
        case .authorisedSourceParts: "Authorised - Source Parts"
        case .authorisedAwaitingParts: "Awaiting Parts"
        case .readyToRepair: "Ready to Repair"
        case .repairing: "Repairing"
        case .awaitingRevisedQuote: "Awaiting Revised Quote"
        case .repairedQC: "Repaired - QC"
        case .repairedReady: "Repaired - Ready"
        case .rejected: "Rejected"
        case .rejectionQC: "Rejection - QC"
        case .rejectionReady: "Rejection - Ready"
        case .collected: "Collected"
        case .despatched: "Despatched"
        case .readyToPay: "Ready to Pay"
        case .paymentMade: "Payment Made"
        case .addedToBuyback: "Added to Buyback"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

/// An order's status, computed by the server from its devices (it cannot be set).
public enum OrderStatus: OpenEnum {
    case awaitingDevice
    case received
    case inProgress
    case awaitingAuthorisation
    case readyForCollection
    case collected
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [OrderStatus] = [
        .awaitingDevice, .received, .inProgress, .awaitingAuthorisation, .readyForCollection, .collected,
    ]

    public var rawValue: String {
        switch self {
        case .awaitingDevice: "awaiting_device"
        case .received: "received"
        case .inProgress: "in_progress"
        case .awaitingAuthorisation: "awaiting_authorisation"
        case .readyForCollection: "ready_for_collection"
        case .collected: "collected"
        case .unknown(let raw): raw
        }
    }

    /// The name the apps show.
    public var displayName: String {
        switch self {
        case .awaitingDevice: "Awaiting Device"
        case .received: "Received"
        case .inProgress: "In Progress"
        case .awaitingAuthorisation: "Awaiting Authorisation"
        case .readyForCollection: "Ready for Collection"
        case .collected: "Collected"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

/// An order's payment status, computed from its totals.
public enum PaymentStatus: OpenEnum {
    case unpaid
    case partiallyPaid
    case paid
    case noCharge
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [PaymentStatus] = [
        .unpaid, .partiallyPaid, .paid, .noCharge,
    ]

    public var rawValue: String {
        switch self {
        case .unpaid: "unpaid"
        case .partiallyPaid: "partially_paid"
        case .paid: "paid"
        case .noCharge: "no_charge"
        case .unknown(let raw): raw
        }
    }

    /// The name the apps show.
    public var displayName: String {
        switch self {
        case .unpaid: "Unpaid"
        case .partiallyPaid: "Partially Paid"
        case .paid: "Paid"
        case .noCharge: "No Charge"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

/// How a device reached the shop.
public enum IntakeMethod: OpenEnum {
    case walkIn
    case mailIn
    case collection
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [IntakeMethod] = [
        .walkIn, .mailIn, .collection,
    ]

    public var rawValue: String {
        switch self {
        case .walkIn: "walk_in"
        case .mailIn: "mail_in"
        case .collection: "collection"
        case .unknown(let raw): raw
        }
    }

    /// The name the apps show.
    public var displayName: String {
        switch self {
        case .walkIn: "Walk-in"
        case .mailIn: "Mail-in"
        case .collection: "Collection"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

/// A device's workflow.
public enum WorkflowType: OpenEnum {
    case repair
    case buyback
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [WorkflowType] = [
        .repair, .buyback,
    ]

    public var rawValue: String {
        switch self {
        case .repair: "repair"
        case .buyback: "buyback"
        case .unknown(let raw): raw
        }
    }

    /// The name the apps show.
    public var displayName: String {
        switch self {
        case .repair: "Repair"
        case .buyback: "Buyback"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

/// `low|normal|high|urgent` (decided, CONTRACT §6).
public enum DevicePriority: OpenEnum {
    case low
    case normal
    case high
    case urgent
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [DevicePriority] = [
        .low, .normal, .high, .urgent,
    ]

    public var rawValue: String {
        switch self {
        case .low: "low"
        case .normal: "normal"
        case .high: "high"
        case .urgent: "urgent"
        case .unknown(let raw): raw
        }
    }

    /// The name the apps show.
    public var displayName: String {
        switch self {
        case .low: "Low"
        case .normal: "Normal"
        case .high: "High"
        case .urgent: "Urgent"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

/// The customer's answer to a device's quote.
public enum AuthorizationStatus: OpenEnum {
    case pending
    case approved
    case rejected
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [AuthorizationStatus] = [
        .pending, .approved, .rejected,
    ]

    public var rawValue: String {
        switch self {
        case .pending: "pending"
        case .approved: "approved"
        case .rejected: "rejected"
        case .unknown(let raw): raw
        }
    }

    /// The name the apps show.
    public var displayName: String {
        switch self {
        case .pending: "Pending"
        case .approved: "Approved"
        case .rejected: "Rejected"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

/// Which of the company's VAT rates a line item uses.
public enum ItemType: OpenEnum {
    case repair
    case deviceSale
    case accessory
    case devicePurchase
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [ItemType] = [
        .repair, .deviceSale, .accessory, .devicePurchase,
    ]

    public var rawValue: String {
        switch self {
        case .repair: "repair"
        case .deviceSale: "device_sale"
        case .accessory: "accessory"
        case .devicePurchase: "device_purchase"
        case .unknown(let raw): raw
        }
    }

    /// The name the apps show.
    public var displayName: String {
        switch self {
        case .repair: "Repair"
        case .deviceSale: "Device Sale"
        case .accessory: "Accessory"
        case .devicePurchase: "Device Purchase"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

/// How a payment was made.
public enum PaymentMethod: OpenEnum {
    case cash
    case card
    case bankTransfer
    case other
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [PaymentMethod] = [
        .cash, .card, .bankTransfer, .other,
    ]

    public var rawValue: String {
        switch self {
        case .cash: "cash"
        case .card: "card"
        case .bankTransfer: "bank_transfer"
        case .other: "other"
        case .unknown(let raw): raw
        }
    }

    /// The name the apps show.
    public var displayName: String {
        switch self {
        case .cash: "Cash"
        case .card: "Card"
        case .bankTransfer: "Bank Transfer"
        case .other: "Other"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

/// What a signature was captured for.
public enum SignatureType: OpenEnum {
    case dropOff
    case authorisation
    case collection
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [SignatureType] = [
        .dropOff, .authorisation, .collection,
    ]

    public var rawValue: String {
        switch self {
        case .dropOff: "drop_off"
        case .authorisation: "authorisation"
        case .collection: "collection"
        case .unknown(let raw): raw
        }
    }

    /// The name the apps show.
    public var displayName: String {
        switch self {
        case .dropOff: "Drop-off"
        case .authorisation: "Authorisation"
        case .collection: "Collection"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

/// Where in a shop a device sits.
public enum SubLocationType: OpenEnum {
    case shelf
    case bin
    case bench
    case drawer
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [SubLocationType] = [
        .shelf, .bin, .bench, .drawer,
    ]

    public var rawValue: String {
        switch self {
        case .shelf: "shelf"
        case .bin: "bin"
        case .bench: "bench"
        case .drawer: "drawer"
        case .unknown(let raw): raw
        }
    }

    /// The name the apps show.
    public var displayName: String {
        switch self {
        case .shelf: "Shelf"
        case .bin: "Bin"
        case .bench: "Bench"
        case .drawer: "Drawer"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

/// What a device photo shows.
public enum DeviceImageType: OpenEnum {
    case intake
    case damage
    case preRepair
    case postRepair
    case serialLabel
    case other
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [DeviceImageType] = [
        .intake, .damage, .preRepair, .postRepair, .serialLabel, .other,
    ]

    public var rawValue: String {
        switch self {
        case .intake: "intake"
        case .damage: "damage"
        case .preRepair: "pre_repair"
        case .postRepair: "post_repair"
        case .serialLabel: "serial_label"
        case .other: "other"
        case .unknown(let raw): raw
        }
    }

    /// The name the apps show.
    public var displayName: String {
        switch self {
        case .intake: "Intake"
        case .damage: "Damage"
        case .preRepair: "Pre-repair"
        case .postRepair: "Post-repair"
        case .serialLabel: "Serial Label"
        case .other: "Other"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

/// An accessory handed in with a device.
public enum AccessoryType: OpenEnum {
    case `case`
    case charger
    case cable
    case simCard
    case simTray
    case stylus
    case box
    case other
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [AccessoryType] = [
        .`case`, .charger, .cable, .simCard, .simTray, .stylus, .box, .other,
    ]

    public var rawValue: String {
        switch self {
        case .`case`: "case"
        case .charger: "charger"
        case .cable: "cable"
        case .simCard: "sim_card"
        case .simTray: "sim_tray"
        case .stylus: "stylus"
        case .box: "box"
        case .other: "other"
        case .unknown(let raw): raw
        }
    }

    /// The name the apps show.
    public var displayName: String {
        switch self {
        case .`case`: "Case"
        case .charger: "Charger"
        case .cable: "Cable"
        case .simCard: "SIM Card"
        case .simTray: "SIM Tray"
        case .stylus: "Stylus"
        case .box: "Box"
        case .other: "Other"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

/// An enquiry's status.
public enum TicketStatus: OpenEnum {
    case open
    case pending
    case resolved
    case closed
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [TicketStatus] = [
        .open, .pending, .resolved, .closed,
    ]

    public var rawValue: String {
        switch self {
        case .open: "open"
        case .pending: "pending"
        case .resolved: "resolved"
        case .closed: "closed"
        case .unknown(let raw): raw
        }
    }

    /// The name the apps show.
    public var displayName: String {
        switch self {
        case .open: "Open"
        case .pending: "Pending"
        case .resolved: "Resolved"
        case .closed: "Closed"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

/// `lead`: an enquiry not (yet) tied to an order; `order`: the conversation of an order.
public enum TicketType: OpenEnum {
    case lead
    case order
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [TicketType] = [
        .lead, .order,
    ]

    public var rawValue: String {
        switch self {
        case .lead: "lead"
        case .order: "order"
        case .unknown(let raw): raw
        }
    }

    /// The name the apps show.
    public var displayName: String {
        switch self {
        case .lead: "Lead"
        case .order: "Order"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

/// A ticket message's kind.
public enum MessageType: OpenEnum {
    case outbound
    case inbound
    case internalNote
    case outboundSMS
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [MessageType] = [
        .outbound, .inbound, .internalNote, .outboundSMS,
    ]

    public var rawValue: String {
        switch self {
        case .outbound: "outbound"
        case .inbound: "inbound"
        case .internalNote: "internal_note"
        case .outboundSMS: "outbound_sms"
        case .unknown(let raw): raw
        }
    }

    /// The name the apps show.
    public var displayName: String {
        switch self {
        case .outbound: "Outbound"
        case .inbound: "Inbound"
        case .internalNote: "Internal Note"
        case .outboundSMS: "Outbound SMS"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

/// The dashboard's window, ending now.
public enum DashboardPeriod: OpenEnum {
    case today
    case week
    case month
    case year
    /// A value this client does not know (a newer backend).
    case unknown(String)

    public static let knownCases: [DashboardPeriod] = [
        .today, .week, .month, .year,
    ]

    public var rawValue: String {
        switch self {
        case .today: "today"
        case .week: "week"
        case .month: "month"
        case .year: "year"
        case .unknown(let raw): raw
        }
    }

    /// The name the apps show.
    public var displayName: String {
        switch self {
        case .today: "Today"
        case .week: "This Week"
        case .month: "This Month"
        case .year: "This Year"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

enum OpenEnumDisplay {
    /// `some_new_status` → `Some New Status`.
    static func humanize(_ raw: String) -> String {
        raw.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}

extension DeviceStatus {
    /// The 17 statuses of the repair workflow, in workflow order.
    public static let repairStatuses: [DeviceStatus] = Array(knownCases.prefix(17))
    /// The statuses only the buyback workflow has.
    public static let buybackOnlyStatuses: [DeviceStatus] = [.readyToPay, .paymentMade, .addedToBuyback]

    /// No further status follows (collected, despatched, added to buyback).
    public var isFinal: Bool { self == .collected || self == .despatched || self == .addedToBuyback }
}
