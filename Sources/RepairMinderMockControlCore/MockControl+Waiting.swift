import Foundation

// The app under UI test acts on its own time (it sends the sign-in request when the screen is
// ready, registers its push token after sign-in…). These helpers ask the mock every
// ``MockControl/pollInterval`` until what the test waits for is there, or the timeout passes; then
// they throw ``MockControlError/timedOut(waitingFor:after:lastSeen:)`` saying what they saw last.
// A refused or failed call ends the wait at once with its own error.

extension MockControl {
    /// Waits for a mail to `email` of `kind` with a code, and answers the code of the newest one.
    /// `ignoring`: codes already used (a previous sign-in's), which do not count.
    public func waitForCode(to email: String, kind: MockMailKind, timeout: Duration = .seconds(10),
                            ignoring: Set<String> = []) async throws -> String {
        let mail = try await waitForMail(to: email, kind: kind, timeout: timeout) { mail in
            mail.code.map { !ignoring.contains($0) } ?? false
        }
        return mail.code ?? ""
    }

    /// Waits for a mail to `email` (of `kind`, when given) that satisfies `condition`, and answers
    /// the newest such.
    public func waitForMail(to email: String, kind: MockMailKind? = nil, timeout: Duration = .seconds(10),
                            where condition: @escaping @Sendable (MockMail) -> Bool = { _ in true }) async throws -> MockMail {
        let what = "a \(kind.map { "\($0) " } ?? "")mail to \(email)"
        return try await poll(what, timeout: timeout) {
            let mails = try await outbox(to: email)   // every kind, to say what else came
            if let mail = mails.first(where: { (kind == nil || $0.kind == kind) && condition($0) }) { return (mail, "") }
            guard !mails.isEmpty else { return (nil, "no mail to \(email)") }
            let list = mails.prefix(5).map { mail in
                "\(mail.kind)" + (mail.code.map { " (code \($0))" } ?? "") + " at \(MockTime.string(mail.sentAt))"
            }
            return (nil, "\(Self.count(mails.count, "mail")) to \(email), newest first: " + list.joined(separator: ", ")
                         + (mails.count > 5 ? ", …" : ""))
        }
    }

    /// Waits for a push of `type` (`.newEnquiry`, `.orderStatus`…) to `recipient` that satisfies
    /// `condition`, and answers the newest such. A push is recorded only for a device token the app
    /// registered (`POST /api/user/device-token`, after sign-in) and a type the recipient's
    /// preferences allow: when none came, the timeout says which of the two it was.
    public func waitForPush(type: MockPushType, to recipient: MockPushRecipient, timeout: Duration = .seconds(10),
                            where condition: @escaping @Sendable (MockPush) -> Bool = { _ in true }) async throws -> MockPush {
        try await poll("a \(type) push to \(recipient)", timeout: timeout) {
            let pushes: [MockPush]
            switch recipient {
            case .deviceToken(let token): pushes = try await self.pushes(deviceToken: token)
            case .recipientID(let id): pushes = try await self.pushes().filter { $0.recipientID == id }
            }
            if let push = pushes.first(where: { $0.type == type.rawValue && condition($0) }) { return (push, "") }
            guard !pushes.isEmpty else { return (nil, try await self.whyNoPush(to: recipient)) }
            let list = pushes.prefix(5).map { "\($0.type ?? "(no type)") at \(MockTime.string($0.sentAt))" }
            return (nil, "\(Self.count(pushes.count, "push", "pushes")) to \(recipient), newest first: "
                         + list.joined(separator: ", ") + (pushes.count > 5 ? ", …" : ""))
        }
    }

    /// Why `recipient` has no push at all: no device token registered for it, or tokens and yet
    /// nothing for them (the event pushed others, or their preferences are off).
    func whyNoPush(to recipient: MockPushRecipient) async throws -> String {
        let tokens = try await deviceTokens()
        let register = "the app registers its token with POST /api/user/device-token after sign-in"
        switch recipient {
        case .deviceToken(let token):
            guard let registered = tokens.first(where: { $0.deviceToken == token }) else {
                return "no push to \(recipient): it is not registered (\(register); \(Self.count(tokens.count, "token")) registered)"
            }
            return "no push to \(recipient), registered by \(registered.appType) \(registered.ownerID): the events so far "
                + "pushed others, or the owner's push preferences are off for them (GET /api/user/push-preferences)"
        case .recipientID(let id):
            let theirs = tokens.filter { $0.ownerID == id }
            guard !theirs.isEmpty else {
                return "no push to \(recipient): no device token is registered for them (\(register))"
            }
            return "no push to \(recipient) (\(Self.count(theirs.count, "device token")) registered): the events so far "
                + "pushed others, or their push preferences are off for them (GET /api/user/push-preferences)"
        }
    }

    /// Waits until the journal holds at least `count` requests of `method` (any, when nil) to
    /// `path` (a pattern: exact, `:name`, trailing `*`), and answers them, oldest first.
    @discardableResult
    public func waitForRequests(_ count: Int = 1, method: String? = nil, path: String,
                                timeout: Duration = .seconds(10)) async throws -> [MockJournalEntry] {
        let what = "\(count) \(method.map { $0 + " " } ?? "")\(path) \(count == 1 ? "request" : "requests")"
        return try await poll(what, timeout: timeout) {
            let entries = try await journal(method: method, path: path)
            if entries.count >= count { return (entries, "") }
            guard !entries.isEmpty else { return (nil, "none") }
            return (nil, "\(entries.count): " + entries.suffix(5).map(\.description).joined(separator: ", "))
        }
    }

    /// Runs `attempt` until it finds something or `timeout` passes; the wait fails only after an
    /// attempt that began at or after the deadline, so a slow machine does not fail a wait whose
    /// answer came while an attempt was under way. `attempt` answers what it found, or nil and a
    /// description of what it saw.
    func poll<T: Sendable>(_ what: String, timeout: Duration,
                           _ attempt: () async throws -> (T?, String)) async throws -> T {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            let started = clock.now
            let (found, seen) = try await attempt()
            if let found { return found }
            // Only a look that began at or after the deadline ends the wait: one that began before it
            // and took long (a busy machine, an app acting meanwhile) is followed by one more.
            guard started < deadline else {
                throw MockControlError.timedOut(waitingFor: what, after: timeout, lastSeen: seen)
            }
            try await Task.sleep(for: max(.zero, min(pollInterval, clock.now.duration(to: deadline))))
        }
    }

    static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) \(n == 1 ? singular : plural ?? singular + "s")"
    }
}
