import Foundation
import MockHTTP
import MockBasics
import MockRouting
import MockStore

/// `POST /__mock/fixtures`: rows added to a running mock's database in the seed format, so a test
/// reaches the state a screen needs in one call (docs/control-api.md, "Fixtures"). They set the
/// scene: nothing is pushed, mailed or journalled; reset drops them unless a pin was taken after.
enum FixtureRoutes {
    static func register(on router: inout ControlRouter) {
        router.post("/__mock/fixtures") { context in
            guard let body = JSONValue.parse(context.request.body) else { throw APIFailure.invalidJSON }
            try JSONBody.rejectNUL(in: body)   // as every JSON body: SQLite would cut the text at it
            let iterations = context.environment.configuration.passwordHashIterations
            let values = context.environment.invented
            do {
                let rows = try context.store.addFixtures(body, now: context.now) {
                    PasswordHasher.hash($0, iterations: iterations, invented: values)
                }
                return JSONBody.success(FixturesMade(rows: rows.map(MadeRow.init)), status: 201)
            } catch let error as SeedError {
                throw APIFailure.badRequest(error.path == "(root)" ? error.message : "\(error.path): \(error.message)")
            }
        }
    }
}

/*@JSONObject*/
struct FixturesMade {
    var rows: [MadeRow]
}

/// A row a fixture body or an `order_created` event made.
/*@JSONObject(component: "FixtureRow", from: "FixtureRow")*/
struct MadeRow {
    /// Where the row was in the body, `orders[0].devices[1]`.
    var path: String
    /*@Schema(.string(values: FixtureRow.tables))*/ var table: String
    /*@Schema(.string(format: "uuid"))*/ var id: String
    /// An order's `order_number` or a ticket's `ticket_number`; absent for other rows.
    var number: Int64?
}
