import Foundation
import Testing
@testable import MockServer
@testable import MockBasics
@testable import MockRouting
import MockTestSupport

/// Each app route's context admits its callers (`AppRouteContext`): the handler of a staff route is
/// only ever given a staff member, of a customer route a customer, and nobody else reaches it.
@Suite struct RouteContextTests {
    /// Every route of the table, called without a token, with a token of the other kind and with
    /// one of its own kind: the first two are the 401s the contract gives (`wrong_token_kind` for
    /// the other kind), the last reaches the handler (a 404 for the made-up ids, a 400 for the
    /// missing bodies, never a 401).
    @Test func everyProtectedRouteAdmitsItsOwnKindOfCallerOnly() async throws {
        try await withSignedInMock { mock, admin in
            var router = Router()
            APIRoutes.register(on: &router)
            let staff = admin.token
            let customer = try await mock.signInCustomer("jane@customer.test")
            let routes = router.routes.filter { $0.access != .open }
                // A logout ends the session its token names: those go last.
                .sorted { !path(of: $0).hasSuffix("/logout") && path(of: $1).hasSuffix("/logout") }
            #expect(routes.count == 45)

            for route in routes {
                let path = path(of: route)
                let anonymous = try await mock.send(route.method, path)
                #expect(anonymous.status == 401 && anonymous.error == "Unauthorized", "\(route.method) \(path)")
                let other: String? = switch route.access {
                case .staff: customer
                case .customer: staff
                default: nil
                }
                if let other {
                    let wrong = try await mock.send(route.method, path, bearer: other)
                    #expect(wrong.status == 401 && wrong.header("X-Mock-Reason") == "wrong_token_kind", "\(route.method) \(path)")
                }
            }
            for route in routes {
                let path = path(of: route)
                let tokens = switch route.access {
                case .staff: [staff]
                case .customer: [customer]
                default: [staff, customer]
                }
                for token in tokens {
                    let reply = try await mock.send(route.method, path, bearer: token)
                    #expect(reply.status != 401, "\(route.method) \(path): \(reply.status) \(reply.error ?? "")")
                }
            }
        }
    }

    /// The route's pattern with every parameter an id no company has.
    private func path(of route: Router.Route) -> String {
        "/" + route.segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter: "no-such-id"
            }
        }.joined(separator: "/")
    }
}
