import Foundation
import GRDB
import MockBasics
import MockConcurrency

/// When the database's next scheduled macro stage is due: known after the first look, kept as
/// macros run and stages go out, forgotten when the database is replaced (reset, a snapshot). It
/// lets every request ask "is a stage due?" without a query.
final class MacroSchedule: Sendable {
    enum Next: Sendable, Equatable {
        case unknown
        case none
        /// `scheduled_for` of the soonest scheduled stage (timestamps compare as strings).
        case at(String)
    }

    private let next = Locked(Next.unknown)

    var current: Next { next.withLock { $0 } }

    func forget() { next.withLock { $0 = .unknown } }

    /// Set while holding the database's write lock, so a run committed meanwhile is never missed.
    func set(_ value: Next) { next.withLock { $0 = value } }

    /// When `db`'s next scheduled stage is due.
    static func next(in db: Database) throws -> Next {
        let soonest = try String.fetchOne(db.cachedStatement(sql: """
            SELECT MIN(scheduled_for) FROM macro_runs WHERE status = 'scheduled'
            """))
        return soonest.map(Next.at) ?? .none
    }

    /// A stage scheduled at `time`: the next one due is the sooner of the two.
    fileprivate func scheduled(at time: String) {
        next.withLock { next in
            switch next {
            case .unknown: break
            case .none: next = .at(time)
            case .at(let known): if time < known { next = .at(time) }
            }
        }
    }
}

extension Store {
    /// Sends the macro stages whose time has come by `now` (the namespace's clock), each exactly as
    /// the first stage went out when the macro ran (`runMacro`): the reply on the ticket, the mail
    /// in the outbox, the push to the client — stamped at the time it was due, by whoever ran the
    /// macro. A stage is cancelled instead, with the run's later stages, when by its time the ticket
    /// is `resolved` or `closed`, or the customer has written on the ticket since the macro ran
    /// (decided: the backend stops a sequence when it is answered or done), or when it can no longer
    /// be sent (the ticket's client or location gone). Returns how many went out. Almost always no
    /// query at all: `macroSchedule` knows when the next one is due.
    @discardableResult
    package func sendDueMacroStages(now: Date) throws -> Int {
        let stamp = Timestamp.string(now)
        switch macroSchedule.current {
        case .none: return 0
        case .at(let due) where due > stamp: return 0
        case .at, .unknown: break
        }
        return try writeDatabase { db in
            let due = try db.records(MacroRunRecord.self, """
                SELECT * FROM macro_runs WHERE status = 'scheduled' AND scheduled_for <= ? ORDER BY scheduled_for, rowid
                """, [stamp])
            var sent = 0
            var cancelledRuns = Set<String>()   // "<ticket>|<macro>|<created_at>": one run of a macro
            for var run in due {
                let key = "\(run.ticketID)|\(run.macroID)|\(run.createdAt)"
                let stopped = try cancelledRuns.contains(key) || Self.stopsSequence(db, run)
                if stopped {
                    cancelledRuns.insert(key)
                    run.status = "cancelled"
                    try run.update(db)
                    continue
                }
                do {
                    try db.inSavepoint {
                        run.messageID = try sendStage(db, run)
                        run.status = "sent"
                        try run.update(db)
                        return .commit
                    }
                    sent += 1
                } catch is ResourceError {
                    cancelledRuns.insert(key)
                    run.status = "cancelled"
                    try run.update(db)
                }
            }
            macroSchedule.set(try MacroSchedule.next(in: db))
            return sent
        }
    }

    /// Looks up when the next stage is due now rather than at the next request's
    /// `sendDueMacroStages`: a store made ahead for a namespace (`StorePool`) then answers its
    /// first request without a transaction or a statement to compile.
    func learnMacroSchedule() throws {
        try writeDatabase { db in macroSchedule.set(try MacroSchedule.next(in: db)) }
    }

    /// Notes, inside the transaction that recorded it, a stage scheduled at `time`.
    func noteScheduledStage(at time: String) {
        macroSchedule.scheduled(at: time)
    }

    /// The ticket is done, or the customer wrote after the macro ran.
    private static func stopsSequence(_ db: Database, _ run: MacroRunRecord) throws -> Bool {
        try db.count("""
            SELECT (SELECT COUNT(*) FROM tickets WHERE id = ?1 AND status IN ('resolved', 'closed'))
                 + (SELECT COUNT(*) FROM ticket_messages WHERE ticket_id = ?1 AND type = 'inbound' AND created_at > ?2)
            """, [run.ticketID, run.createdAt]) > 0
    }
}
