import Foundation
import GRDB

/// Changes no route makes, for tests to set up the state they need (a state file can hold the
/// same: a deactivated user, more clients than the seed has).
extension Store {
    /// Deactivates the user: no route does (`PATCH /api/users/me` changes only profile fields).
    package func deactivateUser(id: String) throws {
        try writeDatabase { db in
            try db.execute(sql: "UPDATE users SET is_active = 0 WHERE id = ?", arguments: [id])
        }
    }

    /// Adds `clients`, each a client of `company` since their `createdAt`, in one transaction.
    func addClients(_ clients: [ClientRecord], of company: String) throws {
        try writeDatabase { db in
            for client in clients {
                try client.insert(db)
                try ClientCompanyRecord(clientID: client.id, companyID: company, createdAt: client.createdAt).insert(db)
            }
        }
    }

    /// How a transaction that records pushes ends.
    enum PushRecordingEnd: Sendable {
        case commit
        /// Rolled back, as a request that fails after recording its pushes.
        case rollBack
        /// Recorded in a savepoint that is rolled back, then recorded again and committed.
        case rollBackASavepointThenCommit
    }

    /// Records the pushes of `events` as a request does (`PushDelivery`), in one transaction that
    /// ends as `end` says: what shows that only committed pushes leave the mock (`PushFeed`).
    func recordPushes(_ events: [PushEvent], company: String, actor: String, now: Date, end: PushRecordingEnd) throws {
        struct RolledBack: Error {}
        do {
            try writeDatabase { db in
                switch end {
                case .commit:
                    try PushDelivery.record(events, db: db, company: company, actor: actor, now: now, values: values)
                case .rollBack:
                    try PushDelivery.record(events, db: db, company: company, actor: actor, now: now, values: values)
                    throw RolledBack()
                case .rollBackASavepointThenCommit:
                    try? db.inSavepoint {
                        try PushDelivery.record(events, db: db, company: company, actor: actor, now: now, values: values)
                        throw RolledBack()
                    }
                    try PushDelivery.record(events, db: db, company: company, actor: actor, now: now, values: values)
                }
            }
        } catch is RolledBack {}
    }
}
