/// SQL fragments about tickets that more than one reader needs — the ticket list's filters and
/// the dashboard's counts — so that both count the same tickets. Each refers to the ticket row as
/// `tickets` and binds nothing; add it with `SQLConditions.add`.
enum TicketPredicates {
    /// "Awaiting reply" (decided): the ticket is `open` or `pending` and its newest message that is
    /// not an `internal_note` is `inbound` — the customer spoke last. A ticket with no such message
    /// is not awaiting. "Newest" is the greatest `created_at`, then the greatest rowid (the message
    /// inserted last wins a tie).
    static let awaitingReply: StaticString = """
        (tickets.status IN ('open', 'pending') AND COALESCE((SELECT m.type FROM ticket_messages m \
        WHERE m.ticket_id = tickets.id AND m.type <> 'internal_note' \
        ORDER BY m.created_at DESC, m.rowid DESC LIMIT 1), '') = 'inbound')
        """

    /// Exactly the tickets `awaitingReply` leaves out.
    static let notAwaitingReply: StaticString = """
        NOT (tickets.status IN ('open', 'pending') AND COALESCE((SELECT m.type FROM ticket_messages m \
        WHERE m.ticket_id = tickets.id AND m.type <> 'internal_note' \
        ORDER BY m.created_at DESC, m.rowid DESC LIMIT 1), '') = 'inbound')
        """

    /// `awaitingReply` for a loaded ticket and its thread (in `created_at, rowid` order), so a
    /// detail that already holds the messages answers without another query.
    static func isAwaitingReply(_ ticket: TicketRecord, _ thread: [TicketMessageRecord]) -> Bool {
        guard ticket.status == .open || ticket.status == .pending else { return false }
        return thread.last(where: { $0.type != .internalNote })?.type == .inbound
    }
}
