import Foundation
import GRDB

/// Changes no route makes, for tests to set up the state they need (a state file can hold the
/// same: a deactivated user, a state file of an older version).
extension Store {
    /// Deactivates the user: no route does (`PATCH /api/users/me` changes only profile fields).
    package func deactivateUser(id: String) throws {
        try writeDatabase { db in
            try db.execute(sql: "UPDATE users SET is_active = 0 WHERE id = ?", arguments: [id])
        }
    }

    /// How a transaction that records pushes ends.
    package enum PushRecordingEnd: Sendable {
        case commit
        /// Rolled back, as a request that fails after recording its pushes.
        case rollBack
        /// Recorded in a savepoint that is rolled back, then recorded again and committed.
        case rollBackASavepointThenCommit
    }

    /// Records the staff push of a new enquiry on ticket `ticketID` as a request does (`PushDelivery`),
    /// to the first of `preferred` still active, in one transaction that ends as `end` says: what
    /// shows that only committed pushes leave the mock (`PushFeed`).
    package func recordEnquiryPush(title: String, body: String, ticketID: String, preferred: [String], company: String,
                                   now: Date, end: PushRecordingEnd) throws {
        let events = [PushEvent(type: .newEnquiry, title: title, body: body, ticketID: ticketID, audience: .staff(preferred: preferred))]
        let actor = ""
        struct RolledBack: Error {}
        do {
            try writeDatabase { db in
                switch end {
                case .commit:
                    try PushDelivery.record(events, db: db, company: company, actor: actor, now: now, invented: invented)
                case .rollBack:
                    try PushDelivery.record(events, db: db, company: company, actor: actor, now: now, invented: invented)
                    throw RolledBack()
                case .rollBackASavepointThenCommit:
                    try? db.inSavepoint {
                        try PushDelivery.record(events, db: db, company: company, actor: actor, now: now, invented: invented)
                        throw RolledBack()
                    }
                    try PushDelivery.record(events, db: db, company: company, actor: actor, now: now, invented: invented)
                }
            }
        } catch is RolledBack {}
    }
}

/// State files of other versions, for the tests of reading them (`PUT /__mock/snapshot`, `--seed`).
extension Store {
    /// The migrations this version's schema stands for, in order: what its state files record.
    package static var migrations: [String] { MigratedSchema.migrations }

    /// Migrates the database file at `path` up to the migration `identifier` and no further: a state
    /// file of an older version.
    package static func migrateFile(atPath path: String, upTo identifier: String) throws {
        let queue = try DatabaseQueue(path: path)
        try StoreMigrations.migrator.migrate(queue, upTo: identifier)
        try queue.close()
    }
}
