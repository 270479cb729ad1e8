import Foundation
import Testing
import MockServer
import RepairMinderMockControl
import MockTestSupport

/// The waiting helpers: found at once, found on a later poll (the app acts between two polls, by a
/// hook in the transport: no sleep but the polling's own), and timed out with what they saw.
@Suite struct WaitingTests {
    static let adminPhone = "admin-phone-0001"

    // MARK: waitForCode

    @Test func waitForCodeFindsACodeAlreadyThere() async throws {
        try await withMock(.live) { mock in
            _ = try await mock.requestStaffCode()
            let code = try await mock.control.waitForCode(to: MockSeed.Staff.admin.email, kind: .staff2FA, timeout: patience)
            #expect(code == (try await mock.control.latestCode(to: MockSeed.Staff.admin.email, kind: .staff2FA)))
        }
    }

    @Test func waitForCodeFindsACodeSentBetweenTwoPolls() async throws {
        try await withMock(.live) { mock in
            let polls = CallCounter()
            let control = mock.control(hookedAfter: "/__mock/outbox", calls: polls) {
                _ = try await mock.requestStaffCode()
            }
            let code = try await control.waitForCode(to: MockSeed.Staff.admin.email, kind: .staff2FA, timeout: patience)
            #expect(code.count == 6)
            #expect(await polls.count >= 2)
        }
    }

    @Test func aLookThatOutlastsTheTimeoutIsFollowedByOneMore() async throws {
        try await withMock(.live) { mock in
            let polls = CallCounter()
            let control = mock.control(hookedAfter: "/__mock/outbox", calls: polls) {
                _ = try await mock.requestStaffCode()
                // A slow machine: the first look ends well after the deadline, with the mail sent meanwhile.
                try await Task.sleep(for: .milliseconds(300))
            }
            let code = try await control.waitForCode(to: MockSeed.Staff.admin.email, kind: .staff2FA, timeout: .milliseconds(100))
            #expect(code.count == 6)
            #expect(await polls.count == 2)
        }
    }

    @Test func waitForCodeIgnoresUsedCodesAndWaitsForTheNextOne() async throws {
        try await withMock(.live) { mock in
            _ = try await mock.requestStaffCode()
            let first = try await mock.control.waitForCode(to: MockSeed.Staff.admin.email, kind: .staff2FA, timeout: patience)
            let control = mock.control(hookedAfter: "/__mock/outbox") {
                _ = try await mock.requestStaffCode()
            }
            let second = try await control.waitForCode(to: MockSeed.Staff.admin.email, kind: .staff2FA, timeout: patience,
                                                       ignoring: [first])
            #expect(second != first)
            #expect(second == (try await mock.control.latestCode(to: MockSeed.Staff.admin.email, kind: .staff2FA)))
        }
    }

    @Test func waitForCodeTimesOutSayingThereWasNoMail() async throws {
        try await withMock(.live) { mock in
            let started = ContinuousClock.now
            let error = await controlError {
                _ = try await mock.control.waitForCode(to: MockSeed.Staff.admin.email, kind: .staff2FA, timeout: .milliseconds(200))
            }
            #expect(started.duration(to: .now) >= .milliseconds(200))
            guard case .timedOut(let what, let after, let seen)? = error else {
                Issue.record("expected timedOut, got \(String(describing: error))")
                return
            }
            #expect(what == "a staff_2fa mail to admin@acme.test")
            #expect(after == .milliseconds(200))
            #expect(seen == "no mail to admin@acme.test")
            #expect(error?.description
                    == "timed out after 0.2 s waiting for a staff_2fa mail to admin@acme.test; saw no mail to admin@acme.test")
        }
    }

    @Test func waitForCodeTimesOutNamingTheMailThatDidCome() async throws {
        try await withMock(.live) { mock in
            _ = try await mock.app("POST", "/api/auth/magic-link/request", ["email": .string(MockSeed.Staff.admin.email)])
            let code = try #require(try await mock.control.latestCode(to: MockSeed.Staff.admin.email, kind: .staffMagicLink))
            let error = await controlError {
                _ = try await mock.control.waitForCode(to: MockSeed.Staff.admin.email, kind: .staff2FA, timeout: .milliseconds(100))
            }
            let description = error?.description ?? ""
            #expect(description.hasPrefix("timed out after 0.1 s waiting for a staff_2fa mail to admin@acme.test; saw 1 mail to admin@acme.test, newest first: staff_magic_link (code \(code)) at "))

            // A used code does not count either.
            _ = try await mock.requestStaffCode()
            let used = try #require(try await mock.control.latestCode(to: MockSeed.Staff.admin.email, kind: .staff2FA))
            let ignored = await controlError {
                _ = try await mock.control.waitForCode(to: MockSeed.Staff.admin.email, kind: .staff2FA, timeout: .milliseconds(50),
                                                       ignoring: [used])
            }
            #expect(ignored?.description.contains("saw 2 mails to admin@acme.test, newest first: staff_2fa (code \(used))") == true)
        }
    }

    @Test func waitingEndsAtOnceOnARefusedCall() async throws {
        try await withMock(.live, { $0.controlToken = "secret-token" }) { mock in
            let calls = CallCounter()
            let counted = MockControl(baseURL: mock.baseURL, transport: MockControlTransport { request in
                _ = await calls.next()
                return try await MockControlTransport.urlSession.send(request)
            }, pollInterval: .milliseconds(10))
            let error = await controlError {
                _ = try await counted.waitForCode(to: MockSeed.Staff.admin.email, kind: .staff2FA, timeout: patience)
            }
            #expect(await calls.count == 1, "no second poll")
            #expect(error?.status == 401)
            #expect(error?.code == "CONTROL_TOKEN_REQUIRED")
        }
    }

    // MARK: waitForMail

    @Test func waitForMailTakesACondition() async throws {
        try await withSignedInMock(.live) { mock, admin in
            let token = admin.token
            let reply = try await mock.app("POST", "/api/tickets/0000000a-0000-4000-8000-00000000a001/reply",
                                           ["html_body": "<p>We have your device.</p>", "text_body": "We have your device."], bearer: token)
            try #require(reply.status == 200, "\(reply.json)")
            let mail = try await mock.control.waitForMail(to: MockSeed.Customer.jane.email, kind: .ticketReply, timeout: patience) {
                $0.body.contains("We have your device.")
            }
            #expect(mail.kind == .ticketReply && mail.code == nil)
        }
    }

    // MARK: waitForPush

    @Test func waitForPushFindsAPushByDeviceTokenAndByRecipient() async throws {
        try await withSignedInMock(.live) { mock, admin in
            let token = admin.token
            try await mock.registerPushToken(Self.adminPhone, appType: "staff", bearer: token)
            let control = mock.control(hookedAfter: "/__mock/push") {
                try await mock.control.inboundEmail(to: "hello@acme.test", from: "a@example.test",
                                                    subject: "Screen", body: "Cracked")
            }
            let push = try await control.waitForPush(type: "new_enquiry", to: .deviceToken(Self.adminPhone),
                                                     timeout: patience)
            #expect(push.deviceToken == Self.adminPhone)
            #expect(push.payload.aps.alert?.title == "New enquiry")

            let byRecipient = try await mock.control.waitForPush(type: "new_enquiry", to: .recipientID(MockSeed.Staff.admin.id),
                                                                 timeout: patience) { $0.payload.ticketID != nil }
            #expect(byRecipient.id == push.id)
        }
    }

    @Test func waitForPushTimesOutNamingThePushesThatDidCome() async throws {
        try await withSignedInMock(.live) { mock, admin in
            let token = admin.token
            try await mock.registerPushToken(Self.adminPhone, appType: "staff", bearer: token)
            let none = await controlError {
                _ = try await mock.control.waitForPush(type: "new_enquiry", to: .deviceToken(Self.adminPhone),
                                                       timeout: .milliseconds(100))
            }
            #expect(none?.description == "timed out after 0.1 s waiting for a new_enquiry push to device token \(Self.adminPhone); saw no push to device token \(Self.adminPhone), registered by staff \(MockSeed.Staff.admin.id): the events so far pushed others, or the owner's push preferences are off for them (GET /api/user/push-preferences)")

            try await mock.control.inboundEmail(to: "hello@acme.test", from: "a@example.test", subject: "S", body: "B")
            let other = await controlError {
                _ = try await mock.control.waitForPush(type: "enquiry_reply", to: .recipientID(MockSeed.Staff.admin.id),
                                                       timeout: .milliseconds(100))
            }
            #expect(other?.description.hasPrefix("timed out after 0.1 s waiting for a enquiry_reply push to recipient \(MockSeed.Staff.admin.id); saw 1 push to recipient \(MockSeed.Staff.admin.id), newest first: new_enquiry at ") == true)
        }
    }

    /// The most common first-hour mistake: waiting for a push before the app registered its token.
    @Test func waitForPushSaysWhenNoDeviceTokenIsRegistered() async throws {
        try await withSignedInMock(.live) { mock, admin in   // signed in, no token registered yet
            let unregistered = await controlError {
                _ = try await mock.control.waitForPush(type: .newEnquiry, to: .deviceToken(Self.adminPhone), timeout: .milliseconds(50))
            }
            #expect(unregistered?.description == "timed out after 0.05 s waiting for a new_enquiry push to device token \(Self.adminPhone); saw no push to device token \(Self.adminPhone): it is not registered (the app registers its token with POST /api/user/device-token after sign-in; 0 tokens registered)")
            let nobody = await controlError {
                _ = try await mock.control.waitForPush(type: .newEnquiry, to: .recipientID(MockSeed.Staff.admin.id), timeout: .milliseconds(50))
            }
            #expect(nobody?.description == "timed out after 0.05 s waiting for a new_enquiry push to recipient \(MockSeed.Staff.admin.id); saw no push to recipient \(MockSeed.Staff.admin.id): no device token is registered for them (the app registers its token with POST /api/user/device-token after sign-in)")

            try await mock.registerPushToken(Self.adminPhone, appType: "staff", bearer: admin.token)
            let tokens = try await mock.control.deviceTokens()
            #expect(tokens.map(\.deviceToken) == [Self.adminPhone])
            #expect(tokens.first?.appType == "staff" && tokens.first?.ownerID == MockSeed.Staff.admin.id && tokens.first?.platform == "ios")
        }
    }

    // MARK: waitForRequests

    @Test func waitForRequestsCountsMatchingRequests() async throws {
        try await withMock(.live) { mock in
            let control = mock.control(hookedAfter: "/__mock/requests") {
                _ = try await mock.app("GET", "/api/auth/me")
                _ = try await mock.app("GET", "/api/auth/me")
            }
            _ = try await mock.app("POST", "/api/auth/refresh", ["refreshToken": "nope"])
            let entries = try await control.waitForRequests(2, method: "GET", path: "/api/auth/*", timeout: patience)
            #expect(entries.map(\.status) == [401, 401])
            #expect(try await mock.control.waitForRequests(method: "POST", path: "/api/auth/refresh",
                                                           timeout: patience).count == 1)
        }
    }

    @Test func waitForRequestsTimesOutListingWhatItSaw() async throws {
        try await withMock(.live) { mock in
            let none = await controlError {
                try await mock.control.waitForRequests(method: "POST", path: "/api/auth/refresh", timeout: .milliseconds(50))
            }
            #expect(none?.description == "timed out after 0.05 s waiting for 1 POST /api/auth/refresh request; saw none")

            _ = try await mock.app("POST", "/api/auth/refresh", ["refreshToken": "nope"])
            let one = await controlError {
                try await mock.control.waitForRequests(2, method: "POST", path: "/api/auth/refresh", timeout: .milliseconds(50))
            }
            #expect(one?.description == "timed out after 0.05 s waiting for 2 POST /api/auth/refresh requests; saw 1: #1 POST /api/auth/refresh → 401")
        }
    }
}
