import GRDB

/// The two device workflows of seed 003 ("Device Workflow").
package enum WorkflowType: String, StoredEnum {
    case repair
    case buyback

    package static let label = "workflow type"

    /// Statuses a device of this workflow can be in, in workflow order.
    package var statuses: [DeviceStatus] {
        switch self {
        case .repair: return DeviceStatus.repairStatuses
        case .buyback: return DeviceStatus.buybackStatuses
        }
    }

    /// The status every new device of this workflow starts in.
    var initialStatus: DeviceStatus { .deviceReceived }
}

/// The 20 device statuses of `worker/src/device-workflows.js` as seed 003 lists them:
/// 17 repair statuses and 3 that only the buyback workflow has.
package enum DeviceStatus: String, StoredEnum {
    // Repair workflow (17)
    case deviceReceived = "device_received"
    case diagnosing
    case readyToQuote = "ready_to_quote"
    case companyRejected = "company_rejected"
    case awaitingAuthorisation = "awaiting_authorisation"
    case authorisedSourceParts = "authorised_source_parts"
    case authorisedAwaitingParts = "authorised_awaiting_parts"
    case readyToRepair = "ready_to_repair"
    case repairing
    case awaitingRevisedQuote = "awaiting_revised_quote"
    case repairedQC = "repaired_qc"
    case repairedReady = "repaired_ready"
    case rejected
    case rejectionQC = "rejection_qc"
    case rejectionReady = "rejection_ready"
    case collected
    case despatched
    // Buyback workflow additions (3)
    case readyToPay = "ready_to_pay"
    case paymentMade = "payment_made"
    case addedToBuyback = "added_to_buyback"

    package static let label = "device status"

    /// The display names of seed 003's tables.
    package var displayName: String {
        switch self {
        case .deviceReceived: return "Device Received"
        case .diagnosing: return "Diagnosing"
        case .readyToQuote: return "Ready to Quote"
        case .companyRejected: return "Company Rejected"
        case .awaitingAuthorisation: return "Awaiting Authorisation"
        case .authorisedSourceParts: return "Authorised - Source Parts"
        case .authorisedAwaitingParts: return "Awaiting Parts"
        case .readyToRepair: return "Ready to Repair"
        case .repairing: return "Repairing"
        case .awaitingRevisedQuote: return "Awaiting Revised Quote"
        case .repairedQC: return "Repaired - QC"
        case .repairedReady: return "Repaired - Ready"
        case .rejected: return "Rejected"
        case .rejectionQC: return "Rejection - QC"
        case .rejectionReady: return "Rejection - Ready"
        case .collected: return "Collected"
        case .despatched: return "Despatched"
        case .readyToPay: return "Ready to Pay"
        case .paymentMade: return "Payment Made"
        case .addedToBuyback: return "Added to Buyback"
        }
    }

    /// The 17 statuses of the repair workflow.
    static let repairStatuses: [DeviceStatus] = [
        .deviceReceived, .diagnosing, .readyToQuote, .companyRejected, .awaitingAuthorisation,
        .authorisedSourceParts, .authorisedAwaitingParts, .readyToRepair, .repairing,
        .awaitingRevisedQuote, .repairedQC, .repairedReady, .rejected, .rejectionQC,
        .rejectionReady, .collected, .despatched,
    ]

    /// The buyback workflow (decided: seed 003 names only its three extra statuses): intake,
    /// diagnosis, quote and the rejection branch (ending `collected`) are shared with repair;
    /// after authorisation a buyback device goes `ready_to_pay → payment_made → added_to_buyback`.
    static let buybackStatuses: [DeviceStatus] = [
        .deviceReceived, .diagnosing, .readyToQuote, .companyRejected, .awaitingAuthorisation,
        .rejected, .rejectionQC, .rejectionReady, .collected,
        .readyToPay, .paymentMade, .addedToBuyback,
    ]

    /// Whether this status belongs to `workflow`.
    func belongs(to workflow: WorkflowType) -> Bool {
        switch workflow {
        case .repair: return DeviceStatus.repairStatuses.contains(self)
        case .buyback: return DeviceStatus.buybackStatuses.contains(self)
        }
    }

    /// The legal next statuses in `workflow` (seed 003's arrows and branches; empty for a
    /// final status or a status outside the workflow).
    package func nextStatuses(in workflow: WorkflowType) -> [DeviceStatus] {
        guard belongs(to: workflow) else { return [] }
        switch (self, workflow) {
        case (.deviceReceived, _): return [.diagnosing]
        case (.diagnosing, _): return [.readyToQuote, .companyRejected]
        case (.readyToQuote, _): return [.awaitingAuthorisation]
        case (.awaitingAuthorisation, .repair): return [.authorisedSourceParts, .rejected]
        case (.awaitingAuthorisation, .buyback): return [.readyToPay, .rejected]
        case (.authorisedSourceParts, _): return [.authorisedAwaitingParts]
        case (.authorisedAwaitingParts, _): return [.readyToRepair]
        case (.readyToRepair, _): return [.repairing]
        case (.repairing, _): return [.repairedQC, .awaitingRevisedQuote]
        case (.awaitingRevisedQuote, _): return [.awaitingAuthorisation]
        case (.repairedQC, _): return [.repairedReady]
        case (.repairedReady, _): return [.collected, .despatched]
        case (.rejected, _), (.companyRejected, _): return [.rejectionQC]
        case (.rejectionQC, _): return [.rejectionReady]
        case (.rejectionReady, _): return [.collected]
        case (.readyToPay, _): return [.paymentMade]
        case (.paymentMade, _): return [.addedToBuyback]
        case (.collected, _), (.despatched, _), (.addedToBuyback, _): return []
        }
    }

    /// The shortest walk along `workflow`'s edges from `device_received` to `status`, both ends
    /// included (`[device_received]` for itself; empty for a status outside the workflow): what a
    /// device set directly to `status` (a fixture) is stamped as having been through.
    static func walk(to status: DeviceStatus, in workflow: WorkflowType) -> [DeviceStatus] {
        guard status.belongs(to: workflow) else { return [] }
        var previous: [DeviceStatus: DeviceStatus] = [:]
        var queue: [DeviceStatus] = [.deviceReceived]
        var seen: Set<DeviceStatus> = [.deviceReceived]
        var index = 0
        while index < queue.count {
            let current = queue[index]
            index += 1
            if current == status { break }
            for next in current.nextStatuses(in: workflow) where seen.insert(next).inserted {
                previous[next] = current
                queue.append(next)
            }
        }
        var path = [status]
        while let before = previous[path[0]] { path.insert(before, at: 0) }
        return path[0] == .deviceReceived ? path : []
    }

    /// Whether `self → next` is a legal edge of `workflow`.
    func canMove(to next: DeviceStatus, in workflow: WorkflowType) -> Bool {
        nextStatuses(in: workflow).contains(next)
    }

    /// No further status follows.
    var isFinal: Bool { self == .collected || self == .despatched || self == .addedToBuyback }
}

extension DeviceStatus {
    /// The device timestamps a move into this status sets to the clock's now (decided; a status
    /// entered again, such as after a revised quote, stamps again).
    var stampedTimestamps: [WritableKeyPath<DeviceRecord, String?>] {
        switch self {
        case .deviceReceived: [\.receivedAt]
        case .diagnosing: [\.diagnosisStartedAt]
        case .awaitingAuthorisation: [\.quoteSentAt]
        case .authorisedSourceParts, .readyToPay: [\.authorisedAt]
        case .authorisedAwaitingParts: [\.partsOrderedAt]
        case .readyToRepair: [\.partsReceivedAt]
        case .repairing: [\.repairStartedAt]
        case .repairedQC: [\.repairCompletedAt]
        case .repairedReady, .rejectionReady: [\.qcCompletedAt, \.readyAt]
        case .rejected, .companyRejected: [\.rejectedAt]
        case .collected: [\.collectedAt]
        case .despatched: [\.despatchedAt]
        case .paymentMade: [\.paidAt]
        case .readyToQuote, .awaitingRevisedQuote, .rejectionQC, .addedToBuyback: []
        }
    }

    /// The customer's answer this move records (`authorization_status`), if any.
    var authorizationOutcome: AuthorizationStatus? {
        switch self {
        case .awaitingAuthorisation: .pending
        case .authorisedSourceParts, .readyToPay: .approved
        case .rejected: .rejected
        default: nil
        }
    }
}
