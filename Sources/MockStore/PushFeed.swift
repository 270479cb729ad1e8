import Foundation
import GRDB
import Logging
import MockBasics

/// A push just recorded in `push_log`, as it leaves the mock for a simulator.
package struct CommittedPush: Sendable, Equatable {
    package let id: String
    /// The push's `type` (`device_status_changed`, …), from its payload.
    package let type: String
    /// The APNs payload as stored: compact JSON, keys sorted.
    package let payload: String
    package let sentAt: String

    package init(id: String, type: String, payload: String, sentAt: String) {
        self.id = id
        self.type = type
        self.payload = payload
        self.sentAt = sentAt
    }
}

/// Watches one store's `push_log` and hands the rows a transaction inserted to `deliver`, in the
/// order they were inserted, once that transaction has committed: a rolled-back request (or a
/// rolled-back savepoint) hands nothing. Reset and snapshot loads copy pages with SQLite's backup
/// API, which inserts no row, so they hand nothing either.
///
/// `deliver` runs on the database's writer queue, inside the `write { }` of the request that
/// recorded the pushes: it must be quick and must not touch the store.
package final class PushFeed: TransactionObserver {
    private let deliver: @Sendable ([CommittedPush]) -> Void
    private let logger: Logger
    /// Row ids inserted by the open transaction; only touched on the writer queue.
    private var inserted: [Int64] = []

    /// Starts watching `store` for as long as its database is open.
    package static func attach(to store: Store, logger: Logger, deliver: @escaping @Sendable ([CommittedPush]) -> Void) {
        store.observe(PushFeed(deliver: deliver, logger: logger))
    }

    private init(deliver: @escaping @Sendable ([CommittedPush]) -> Void, logger: Logger) {
        self.deliver = deliver
        self.logger = logger
    }

    package func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        if case .insert(let table) = eventKind { return table == "push_log" }
        return false
    }

    package func databaseDidChange(with event: DatabaseEvent) {
        inserted.append(event.rowID)
    }

    package func databaseDidCommit(_ db: Database) {
        guard !inserted.isEmpty else { return }
        let rowIDs = inserted
        inserted = []
        do {
            let pushes = try rowIDs.compactMap { rowID -> CommittedPush? in
                guard let push = try db.record(PushLogRecord.self, "SELECT * FROM push_log WHERE rowid = ?", [rowID]) else {
                    return nil
                }
                return CommittedPush(id: push.id, type: JSONValue.parse(Array(push.payload.utf8))?["type"]?.stringValue ?? "push",
                                     payload: push.payload, sentAt: push.sentAt)
            }
            if !pushes.isEmpty { deliver(pushes) }
        } catch {
            logger.error("recorded pushes not forwarded (could not read them back): \(error)")
        }
    }

    package func databaseDidRollback(_ db: Database) {
        inserted = []
    }
}
