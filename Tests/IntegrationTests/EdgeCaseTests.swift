import Foundation
import Testing
import MockServer
import RepairMinderMockControl
import MockTestSupport
@_spi(Testing) import RepairMinderClient

/// docs/edge-cases.md, entry by entry: each edge case the app must survive, set up in a call or two
/// of the control library and met by `RepairMinderClient`. The races are played step by step with
/// held requests (`MockControl.hold`), not approximated with latency.
@Suite("Edge cases (docs/edge-cases.md)")
@MainActor
struct EdgeCaseTests {
    static let accessLifetime: Double = 900

    /// `me` through `client`, its outcome.
    static func me(_ client: APIClient) async -> Result<StaffMe, RepairMinderError> {
        do { return .success(try await client.send(API.StaffAuth.me())) }
        catch { return .failure(error as? RepairMinderError ?? .transport("\(error)")) }
    }

    /// The races' scene: the access token expired, the next `count` refreshes (all, when nil) held,
    /// and the journal emptied so it shows the race alone.
    static func expireTokenAndHoldRefreshes(_ mock: MockHarness, count: Int? = nil) async throws -> MockHold {
        try await mock.advanceClock(seconds: accessLifetime + 1)
        let rule = MockFaultRule.on("POST", "/api/auth/refresh")
        let gate = try await mock.control.hold(count.map { rule.times($0) } ?? rule)
        try await mock.clearJournal()
        return gate
    }

    // MARK: Refresh races

    /// Two calls meet an expired token together; the refresh is held until both have met their
    /// 401: the client's single flight sends one refresh, and both calls go on with its tokens.
    @Test func twoCallsMeetingAnExpiredTokenShareOneRefresh() async throws {
        try await withMock(.live) { mock in
            let session = try await mock.signedInStaff()
            let gate = try await Self.expireTokenAndHoldRefreshes(mock)

            async let first = Self.me(session.client)
            async let second = Self.me(session.client)
            try await gate.waitUntilHeld()
            try await mock.control.waitForRequests(2, method: "GET", path: "/api/auth/me")   // both met their 401
            #expect(try await gate.release() == 1)

            let outcomes = [await first, await second]
            #expect(outcomes.allSatisfy { (try? $0.get())?.user.email == MockSeed.Staff.admin.email }, "\(outcomes)")
            #expect(try await mock.journal(method: "POST", path: "/api/auth/refresh").map(\.status) == [200])
            #expect(try await gate.held().isEmpty)
        }
    }

    /// The same race without the single flight (`.uncoordinated`): two refreshes with one token, the
    /// first rotates it, the second is a reuse and the backend ends the family: signed out.
    @Test func twoUncoordinatedRefreshesEndTheFamily() async throws {
        try await withMock(.live) { mock in
            let session = try await mock.signedInStaff(refreshPolicy: .uncoordinated)
            let gate = try await Self.expireTokenAndHoldRefreshes(mock, count: 2)

            async let first = Self.me(session.client)
            async let second = Self.me(session.client)
            try await gate.waitUntilHeld(2)
            #expect(try await gate.release(count: 1) == 1)
            // The winner's retry is answered before the loser's refresh goes.
            try await mock.control.waitForRequests(3, method: "GET", path: "/api/auth/me")
            #expect(try await gate.release(count: 1) == 1)

            let outcomes = [await first, await second]
            let failures = outcomes.compactMap { if case .failure(let error) = $0 { error } else { nil } }
            #expect(failures == [.sessionEnded(reason: .reuseDetected)], "\(outcomes)")
            #expect(try await mock.journal(method: "POST", path: "/api/auth/refresh").map(\.status) == [200, 401])
            #expect(try await session.client.tokenStore.staffCredentials() == nil)
        }
    }

    /// A call meets a 401 while another's refresh is in flight: it waits for that refresh rather than
    /// starting its own.
    @Test func aCallMeetingA401DuringARefreshWaitsForIt() async throws {
        try await withMock(.live) { mock in
            let session = try await mock.signedInStaff()
            let gate = try await Self.expireTokenAndHoldRefreshes(mock)

            async let first = Self.me(session.client)
            try await gate.waitUntilHeld()                        // the first call's refresh is in flight
            async let second = Self.me(session.client)
            try await mock.control.waitForRequests(2, method: "GET", path: "/api/auth/me")   // its 401 came meanwhile
            #expect(try await gate.release() == 1)

            #expect((try? await first.get()) != nil)
            #expect((try? await second.get()) != nil)
            #expect(try await mock.journal(method: "POST", path: "/api/auth/refresh").count == 1)
        }
    }

    /// The lost rotation answer: the refresh commits on the server and its answer never arrives. The
    /// client keeps the refresh token it has, which the backend now takes for a reuse: the family
    /// ends and the user is signed out. Nothing a client can do recovers the lost pair (the
    /// backend keeps no grace period; the mock's `--refresh-reuse-interval` plays one that would).
    @Test func aLostRotationAnswerSignsTheUserOut() async throws {
        try await withMock(.live) { mock in
            let session = try await mock.signedInStaff()
            let before = try #require(try await session.client.tokenStore.staffCredentials())
            try await mock.advanceClock(seconds: Self.accessLifetime + 1)
            let gate = try await mock.control.hold(.on("POST", "/api/auth/refresh").times(1))

            async let lost = Self.me(session.client)
            try await gate.waitUntilHeld()
            #expect(try await gate.release(then: .dropConnection) == 1)
            let outcome = await lost
            // The rotation committed: the refresh token the client still holds is spent.
            let reuse = try await mock.raw("POST", "/api/auth/refresh", json: ["refreshToken": before.refreshToken])
            #expect(reuse.status == 401)
            #expect(reuse.error == ServerMessage.reuseDetected)
            // Whatever the failed call saw (a transport error; on Linux, libcurl resends the POST
            // itself and meets the reuse), the next call finds the session over.
            if case .failure(.sessionEnded) = outcome {} else {
                let next = await Self.me(session.client)
                guard case .failure(.sessionEnded) = next else {
                    Issue.record("expected sessionEnded, got \(next) after \(outcome)")
                    return
                }
            }
            #expect(try await session.client.tokenStore.staffCredentials() == nil)
            #expect(try await mock.journal(method: "POST", path: "/api/auth/refresh").first?.status == 0)
        }
    }

    /// An access token valid when the request left and expired when the server judged it (the
    /// request held while the clock moves): a 401, a refresh and the retry, unseen by the caller.
    @Test func anAccessTokenExpiringMidRequestIsRefreshedAndRetried() async throws {
        try await withMock(.live) { mock in
            let session = try await mock.signedInStaff()
            let gate = try await mock.control.hold(.on("GET", "/api/auth/me").times(1))
            try await mock.clearJournal()

            async let me = Self.me(session.client)
            try await gate.waitUntilHeld()
            try await mock.advanceClock(seconds: Self.accessLifetime + 1)
            #expect(try await gate.release() == 1)

            #expect((try? await me.get())?.user.email == MockSeed.Staff.admin.email)
            #expect(try await mock.journal().map { "\($0.method) \($0.path) \($0.status)" } == [
                "GET /api/auth/me 401", "POST /api/auth/refresh 200", "GET /api/auth/me 200",
            ])
        }
    }

    // MARK: Accounts and sessions

    /// An admin deactivates (or archives) the user mid-session: the next call's 401, the refresh's
    /// `User account is no longer active`, and the client ends the session (`accountInactive`);
    /// signing in again hears why.
    @Test(arguments: [(MockUserStatus.deactivated, RepairMinderError.accountDeactivated),
                      (.archived, .accountArchived)])
    func anAccountDeactivatedMidSessionEndsIt(status: MockUserStatus, signIn: RepairMinderError) async throws {
        try await withMock(.live) { mock in
            let session = try await mock.signedInStaff()
            try await mock.control.setUserStatus(MockSeed.Staff.admin.id, to: status)

            let error = await typedError { try await session.refreshMe() }
            #expect(error == .sessionEnded(reason: .accountInactive))
            #expect(session.state == .signedOut)
            #expect(try await session.client.tokenStore.staffCredentials() == nil)
            let again = await typedError { _ = try await session.login(email: MockSeed.Staff.admin.email, password: MockSeed.password) }
            #expect(again == signIn)

            try await mock.control.setUserStatus(MockSeed.Staff.admin.id, to: .active)
            try await mock.signIn(session)
            #expect(session.isAuthenticated)
        }
    }

    /// Logging out ends that session's token family, on every device that holds it (a copy of the
    /// credentials: an extension, a restored backup); another sign-in of the same user, a family of
    /// its own, goes on.
    @Test func aLogoutEndsItsFamilyEverywhereButNotAnotherSignIn() async throws {
        try await withMock(.live) { mock in
            let phone = try await mock.signedInStaff()
            let copy = InMemoryTokenStore()
            try await copy.saveStaffCredentials(try #require(try await phone.client.tokenStore.staffCredentials()))
            try await copy.saveRole(.staff)
            let sameFamily = StaffSession(client: mock.client(store: copy))
            let tablet = try await mock.signedInStaff()

            await phone.logout()

            let ended = await typedError { _ = try await sameFamily.client.send(API.StaffAuth.me()) }
            #expect(ended == .sessionEnded(reason: .invalidRefreshToken))
            #expect(try await copy.staffCredentials() == nil)
            #expect(try await tablet.refreshMe().user.email == MockSeed.Staff.admin.email)
        }
    }

    // MARK: Codes

    /// A code past its 10 minutes, a code used once already, and a code after five wrong tries are
    /// all `Invalid or expired code`; a new request gives a code that works.
    @Test func anExpiredReusedOrBurntCodeIsRefusedAndANewOneWorks() async throws {
        try await withMock(.live) { mock in
            let email = MockSeed.Staff.admin.email
            let session = StaffSession(client: mock.client())
            _ = try await session.login(email: email, password: MockSeed.password)

            try await session.requestTwoFactorCode()
            let expired = try await mock.code(to: email, kind: "staff_2fa")
            try await mock.advanceClock(seconds: 10 * 60 + 1)
            #expect(await typedError { _ = try await session.verifyTwoFactor(code: expired) } == .invalidOrExpiredCode)

            try await session.requestTwoFactorCode()
            let burnt = try await mock.code(to: email, kind: "staff_2fa")
            let wrong = burnt == "000000" ? "111111" : "000000"
            for _ in 1...5 {
                #expect(await typedError { _ = try await session.verifyTwoFactor(code: wrong) } == .invalidOrExpiredCode)
            }
            #expect(await typedError { _ = try await session.verifyTwoFactor(code: burnt) } == .invalidOrExpiredCode)

            try await session.requestTwoFactorCode()
            let fresh = try await mock.code(to: email, kind: "staff_2fa")
            _ = try await session.verifyTwoFactor(code: fresh)
            #expect(session.isAuthenticated)

            // Used once: the magic-link code of a customer, presented twice.
            let customer = CustomerSession(client: mock.client())
            try await customer.requestMagicLink(email: MockSeed.Customer.jane.email)
            let code = try await mock.code(to: MockSeed.Customer.jane.email, kind: "customer_magic_link")
            _ = try await customer.verifyCode(email: MockSeed.Customer.jane.email, code: code)
            let other = CustomerSession(client: mock.client())
            #expect(await typedError { _ = try await other.verifyCode(email: MockSeed.Customer.jane.email, code: code) }
                    == .invalidOrExpiredCode)
        }
    }

    // MARK: Push

    /// A device token the backend refuses: signing in still succeeds, the registration stays off,
    /// and the refusal is the validation message when the app registers by hand.
    @Test func aRefusedDeviceTokenLeavesSignInAloneAndPushOff() async throws {
        try await withMock(.live) { mock in
            let client = mock.client()
            let push = PushRegistration(client: client, role: .staff)
            try await push.updateDeviceToken("not a token!")   // 8–512 of A-Z, a-z, 0-9, - and _ are taken
            let session = StaffSession(client: client, push: push)
            try await mock.signIn(session)

            #expect(session.isAuthenticated)
            #expect(await push.isRegistered == false)
            let refused = await typedError { try await push.register() }
            #expect(refused == .validation(message: "Invalid or missing field: device_token"))
            #expect(try await mock.control.deviceTokens().isEmpty)
        }
    }

    /// A push whose order the signed-in user cannot see (a customer of two companies, signed in to
    /// the other one): opening it is `notFound`, and the session goes on.
    @Test func aPushForAnOrderTheUserCannotSeeIsNotFound() async throws {
        try await withMock(.live) { mock in
            let jane = try await mock.signedInCustomer(email: MockSeed.Customer.jane.email, push: true)
            try await #require(jane.push).updateDeviceToken(TestValues.deviceToken)
            let staff = try await mock.signedInStaff()
            _ = try await staff.send(API.Tickets.reply(id: SeedIDs.ticket(1), html: "<p>Hi</p>", text: "Hi"))   // Jane's order's thread
            let pushes = try await mock.recordedPushes(to: TestValues.deviceToken)
            let recorded = try #require(pushes.first { DeepLink(pushPayloadJSON: $0.payload.json, role: .customer) != nil },
                                        "\(pushes)")
            let link = try #require(DeepLink(pushPayloadJSON: recorded.payload.json, role: .customer))

            let sam = try await mock.signedInCustomer(email: MockSeed.Customer.sam.email, companyId: MockSeed.Company.beta)
            let error = await typedError { _ = try await sam.open(link) }
            guard case .notFound = error else {
                Issue.record("expected notFound, got \(String(describing: error))")
                return
            }
            #expect(sam.isAuthenticated)
            #expect(try await jane.open(link).order.id == recorded.payload.orderID)
        }
    }
}
