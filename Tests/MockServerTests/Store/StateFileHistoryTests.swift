import Foundation
import Testing
@testable import MockServer
import MockTestSupport

/// State files saved by earlier builds (`GET /__mock/snapshot`, `--export-on-exit`), kept in
/// Tests/MockServerTests/Fixtures: every later build must load them and answer as they did when
/// saved. A migration that rewrites history, or an enum case added without one, fails here. Add the
/// state file of a build that changes the schema beside them, with a test like these.
@Suite struct StateFileHistoryTests {
    static func fixture(_ name: String) -> URL {
        Shipping.root.appendingPathComponent("Tests/MockServerTests/Fixtures").appendingPathComponent(name)
    }

    /// Saved on 2026-11-27 by the build of issue 43 (migrations v1-auth … v6-macro-schedule), from the
    /// bundled seed as it was then.
    @Test func theStateOf20261127LoadsAndAnswersAsItDid() async throws {
        try await withSignedInMock({ $0.seedURL = Self.fixture("state-2026-11-27.sqlite") }) { mock, admin in
            let token = admin.token
            let me = try await mock.get("/api/auth/me", bearer: token)
            #expect(me.status == 200)
            #expect(me.data["user"]?["email"]?.string == "admin@acme.test")
            let all = try await mock.get("/api/orders?limit=100", bearer: token)
            #expect(all.json["pagination"] == ["page": 1, "limit": 100, "total": 32, "total_pages": 1])
            #expect(WireShape.array(WireShape.orderListItem).problems(all.data) == [])
            let first = all.data.array?.first { $0["order_number"] == 10001 }
            #expect(first?["id"]?.string == "00000005-0000-4000-8000-00000000a001")
            #expect(first?["grand_total"] == "179.97")
            #expect(first?["balance_due"] == "159.97")
            #expect(first?["payment_status"] == "partially_paid")
            let detail = try await mock.get("/api/orders/00000005-0000-4000-8000-00000000a001", bearer: token)
            #expect(detail.status == 200)
            #expect(WireShape.orderDetail.problems(detail.data) == [])
        }
    }
}
