import Foundation

// The closed sets of strings the resource payloads use. Each keeps a value it does not know as
// `.unknown(raw)` (see ``OpenEnum``); under strict decoding an unknown value is an error.

extension PaymentStatus {
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

extension IntakeMethod {
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

extension WorkflowType {
    /// The name the apps show.
    public var displayName: String {
        switch self {
        case .repair: "Repair"
        case .buyback: "Buyback"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

extension DevicePriority {
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

extension AuthorizationStatus {
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

extension ItemType {
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

extension PaymentMethod {
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

extension SignatureType {
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

extension SubLocationType {
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

extension DeviceImageType {
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

extension AccessoryType {
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

extension TicketStatus {
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

extension TicketType {
    /// The name the apps show.
    public var displayName: String {
        switch self {
        case .lead: "Lead"
        case .order: "Order"
        case .unknown(let raw): OpenEnumDisplay.humanize(raw)
        }
    }
}

extension MessageType {
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

extension DashboardPeriod {
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
