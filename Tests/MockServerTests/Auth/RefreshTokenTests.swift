import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
import MockStore
import RepairMinderMockControl
import MockTestSupport

/// Refresh-token rotation, families and revocation (CONTRACT §3) over real HTTP.
@Suite struct RefreshTokenTests {
    static let iPhone = "RepairMinder-iOS/1.0 (iPhone; iOS 17.0)"
    static let reuseMessage = "Token reuse detected. All sessions revoked. Please log in again."

    private func refresh(_ mock: MockHarness, _ token: String, userAgent: String? = nil) async throws -> MockHarness.Reply {
        try await mock.post("/api/auth/refresh", ["refreshToken": .string(token)], userAgent: userAgent)
    }

    @Test func refreshRotatesAndAnswersTheExactShape() async throws {
        try await withSignedInMock { mock, admin in
            let tokens = admin
            let reply = try await refresh(mock, tokens.refreshToken)
            #expect(reply.status == 200)
            #expect(reply.data.keys == ["token", "refreshToken", "expiresIn"])
            #expect(reply.data["expiresIn"] == .int(900))
            #expect(reply.data["refreshToken"]?.string != tokens.refreshToken)
            let me = try await mock.get("/api/auth/me", bearer: try #require(reply.data["token"]?.string))
            #expect(me.status == 200)
        }
    }

    @Test func reusingARotatedTokenRevokesTheWholeFamily() async throws {
        try await withSignedInMock { mock, admin in
            let tokens = admin
            let rotated = try await refresh(mock, tokens.refreshToken)
            let newRefresh = try #require(rotated.data["refreshToken"]?.string)
            let newAccess = try #require(rotated.data["token"]?.string)

            let reuse = try await refresh(mock, tokens.refreshToken)
            #expect(reuse.status == 401)
            #expect(reuse.json == .object(["success": .bool(false), "error": .string(Self.reuseMessage)]))
            // The family's newest refresh token and its access tokens are dead too.
            let newest = try await refresh(mock, newRefresh)
            #expect(newest.status == 401)
            #expect(newest.error == Self.reuseMessage)
            #expect(try await mock.get("/api/auth/me", bearer: newAccess).status == 401)
            #expect(try await mock.get("/api/auth/me", bearer: tokens.token).status == 401)
        }
    }

    @Test func otherFamiliesSurviveAReuse() async throws {
        try await withSignedInMock { mock, admin in
            let phone = admin
            let laptop = try await mock.signInStaff("admin@acme.test")
            _ = try await refresh(mock, phone.refreshToken)
            _ = try await refresh(mock, phone.refreshToken)   // reuse: phone's family revoked
            #expect(try await mock.get("/api/auth/me", bearer: laptop.token).status == 200)
            #expect(try await refresh(mock, laptop.refreshToken).status == 200)
        }
    }

    @Test func racingRefreshesWithOneTokenHaveExactlyOneWinner() async throws {
        try await withMock { mock in
            for round in 0..<25 {
                let tokens = try await mock.signInStaff("admin@acme.test")
                let statuses = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
                    for _ in 0..<2 {
                        group.addTask {
                            let reply = try await self.refresh(mock, tokens.refreshToken)
                            return (reply.status, reply.error)
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                let winners = statuses.filter { $0.0 == 200 }
                #expect(winners.count == 1, "round \(round): \(statuses)")
                #expect(statuses.filter { $0.0 == 401 }.map(\.1) == [Self.reuseMessage], "round \(round)")
            }
        }
    }

    @Test func unknownRefreshTokenIsInvalid() async throws {
        try await withMock { mock in
            let reply = try await refresh(mock, "not-a-token-we-issued")
            #expect(reply.status == 401)
            #expect(reply.error == "Invalid refresh token")
            let missing = try await mock.send("POST", "/api/auth/refresh", body: #"{"refresh_token":"x"}"#)
            #expect(missing.status == 400)
            #expect(missing.error == "Invalid or missing field: refreshToken")
        }
    }

    @Test func accessTokenExpiresAfterFifteenMinutes() async throws {
        try await withSignedInMock { mock, admin in
            let tokens = admin
            try await mock.advanceClock(seconds: 890)
            #expect(try await mock.get("/api/auth/me", bearer: tokens.token).status == 200)
            try await mock.advanceClock(seconds: 15)
            let expired = try await mock.get("/api/auth/me", bearer: tokens.token)
            #expect(expired.status == 401)
            #expect(expired.json == .object(["success": .bool(false), "error": .string("Unauthorized")]))
            #expect(expired.header("X-Mock-Reason") == "token_expired")
            #expect(try await refresh(mock, tokens.refreshToken).status == 200)
        }
    }

    @Test func webRefreshTokenExpiresAfterSevenDays() async throws {
        try await withMock { mock in
            let tokens = try await mock.signInStaff("admin@acme.test", userAgent: "Mozilla/5.0 (X11; Linux x86_64)")
            try await mock.advanceClock(seconds: 7 * 86_400 + 1)
            let reply = try await refresh(mock, tokens.refreshToken, userAgent: "Mozilla/5.0 (X11; Linux x86_64)")
            #expect(reply.status == 401)
            #expect(reply.error == "Refresh token expired")
        }
    }

    @Test func mobileRefreshTokenLivesNinetyDays() async throws {
        try await withMock { mock in
            let tokens = try await mock.signInStaff("admin@acme.test", userAgent: Self.iPhone)
            try await mock.advanceClock(seconds: 89 * 86_400)
            let alive = try await refresh(mock, tokens.refreshToken, userAgent: Self.iPhone)
            #expect(alive.status == 200)
            let claims = try JWTSigner(secret: MockServerConfiguration().jwtSecret)
                .verify(try #require(alive.data["token"]?.string))
            #expect(claims["isMobile"] == .bool(true))

            let second = try await mock.signInStaff("admin@acme.test", userAgent: Self.iPhone)
            try await mock.advanceClock(seconds: 90 * 86_400 + 1)
            #expect(try await refresh(mock, second.refreshToken, userAgent: Self.iPhone).error == "Refresh token expired")
        }
    }

    @Test func expirySlidesWithEveryRefresh() async throws {
        try await withSignedInMock { mock, admin in
            var token = admin.refreshToken
            for _ in 0..<3 {   // 18 days in all, never 7 without a refresh
                try await mock.advanceClock(seconds: 6 * 86_400)
                let reply = try await refresh(mock, token)
                #expect(reply.status == 200)
                token = try #require(reply.data["refreshToken"]?.string)
            }
        }
    }

    @Test func deactivatedUserCannotRefresh() async throws {
        try await withSignedInMock { mock, admin in
            let tokens = admin
            try mock.server.environment.store.deactivateUser(id: MockSeed.Staff.admin.id)
            let reply = try await refresh(mock, tokens.refreshToken)
            #expect(reply.status == 401)
            #expect(reply.error == "User account is no longer active")
            #expect(try await mock.get("/api/auth/me", bearer: tokens.token).status == 401)
        }
    }

    @Test func logoutRevokesOnlyItsOwnFamily() async throws {
        try await withSignedInMock { mock, admin in
            let phone = admin
            let laptop = try await mock.signInStaff("admin@acme.test")
            let logout = try await mock.post("/api/auth/logout", bearer: phone.token)
            #expect(logout.status == 200)
            #expect(logout.json == .object(["success": .bool(true)]))
            #expect(try await mock.get("/api/auth/me", bearer: phone.token).status == 401)
            #expect(try await refresh(mock, phone.refreshToken).error == "Invalid refresh token")
            #expect(try await mock.get("/api/auth/me", bearer: laptop.token).status == 200)
            #expect(try await refresh(mock, laptop.refreshToken).status == 200)
            #expect(try await mock.post("/api/auth/logout").status == 401)
        }
    }

    @Test func reuseIntervalOptionGivesRacingClientsBothAPair() async throws {
        try await withSignedInMock({ $0.refreshReuseInterval = 10 }) { mock, admin in
            let tokens = admin
            let first = try await refresh(mock, tokens.refreshToken)
            let second = try await refresh(mock, tokens.refreshToken)
            #expect(first.status == 200)
            #expect(second.status == 200)
            // Both successors stay valid.
            #expect(try await refresh(mock, try #require(first.data["refreshToken"]?.string)).status == 200)
            #expect(try await refresh(mock, try #require(second.data["refreshToken"]?.string)).status == 200)
            // Past the interval a reuse is a reuse again.
            try await mock.advanceClock(seconds: 11)
            #expect(try await refresh(mock, tokens.refreshToken).error == Self.reuseMessage)
        }
    }
}
