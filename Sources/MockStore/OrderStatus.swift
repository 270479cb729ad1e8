/// An order's status. Never set directly: it is derived from its devices' statuses by
/// `OrderStatus(devices:)` whenever a device's status changes (and when the seed is loaded), and
/// stored on the order so lists can filter on it. The rule is the mock's **(decided)**; the first
/// that applies wins:
///
/// 1. no devices → `awaiting_device`
/// 2. any device `awaiting_authorisation` or `awaiting_revised_quote` → `awaiting_authorisation`
/// 3. every device finished (`collected`, `despatched`, `added_to_buyback`) → `collected`
/// 4. every unfinished device ready (`repaired_ready`, `rejection_ready`) → `ready_for_collection`
/// 5. every unfinished device `device_received` → `received`
/// 6. otherwise → `in_progress`
package enum OrderStatus: String, StoredEnum {
    case awaitingDevice = "awaiting_device"
    case received
    case inProgress = "in_progress"
    case awaitingAuthorisation = "awaiting_authorisation"
    case readyForCollection = "ready_for_collection"
    case collected

    package static let label = "order status"

    init(devices: [DeviceStatus]) {
        let unfinished = devices.filter { !$0.isFinal }
        if devices.isEmpty {
            self = .awaitingDevice
        } else if devices.contains(where: { $0 == .awaitingAuthorisation || $0 == .awaitingRevisedQuote }) {
            self = .awaitingAuthorisation
        } else if unfinished.isEmpty {
            self = .collected
        } else if unfinished.allSatisfy({ $0 == .repairedReady || $0 == .rejectionReady }) {
            self = .readyForCollection
        } else if unfinished.allSatisfy({ $0 == .deviceReceived }) {
            self = .received
        } else {
            self = .inProgress
        }
    }

    /// How the customer's push and the apps name it.
    package var displayName: String {
        switch self {
        case .awaitingDevice: "Awaiting Device"
        case .received: "Received"
        case .inProgress: "In Progress"
        case .awaitingAuthorisation: "Awaiting Authorisation"
        case .readyForCollection: "Ready for Collection"
        case .collected: "Collected"
        }
    }
}

/// What a device's status means for the staff queues (CONTRACT §6, decided):
/// `my-queue` lists the caller's devices that still need work from the shop — not finished and
/// not waiting on someone else (the customer's authorisation, a parts supplier, a collection);
/// `my-active-work` the subset on the bench now.
extension DeviceStatus {
    /// Waiting on the customer or a supplier, not on the engineer.
    var isWaitingOnOthers: Bool {
        switch self {
        case .awaitingAuthorisation, .authorisedAwaitingParts, .repairedReady, .rejectionReady: true
        default: false
        }
    }

    var needsWork: Bool { !isFinal && !isWaitingOnOthers }

    /// On the bench: diagnosing, repairing and the two QC steps.
    var isActiveWork: Bool {
        switch self {
        case .diagnosing, .repairing, .repairedQC, .rejectionQC: true
        default: false
        }
    }

    package static let queueStatuses = allCases.filter { $0.needsWork }
    package static let activeWorkStatuses = allCases.filter { $0.isActiveWork }
}
