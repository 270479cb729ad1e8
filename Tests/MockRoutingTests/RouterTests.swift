import MockHTTP
import Testing
@testable import MockRouting

/// The route table alone (the mock's and the proxy's): which pattern a path reaches, and the 405
/// that names the methods it has.
struct RouterTests {
    typealias Table = RouteTable<HTTPRequest>

    private func router() -> Table {
        var router = Table()
        let ok: Table.Handler = { _ in HTTPResponse(status: 200) }
        router.get("/api/devices/my-queue", access: .open, ok)
        router.get("/api/devices/lookup", access: .open, ok)
        router.get("/api/devices/:id", access: .open, ok)
        router.patch("/api/devices/:id", access: .open, ok)
        router.post("/api/tickets/:id/reply", access: .open, ok)
        return router
    }

    private func describe(_ match: Table.Match) -> String {
        switch match {
        case .found(let route, let parameters):
            let pattern = route.segments.map { segment -> String in
                switch segment {
                case .literal(let text): text
                case .parameter(let name): ":" + name
                }
            }.joined(separator: "/")
            return "\(route.method) /\(pattern) \(parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })"
        case .methodNotAllowed(let allow): return "405 \(allow)"
        case .notFound: return "404"
        }
    }

    @Test(arguments: [
        ("GET", "/api/devices/my-queue", "GET /api/devices/my-queue []"),
        ("HEAD", "/api/devices/lookup", "GET /api/devices/lookup []"),
        ("GET", "/api/devices/d1", "GET /api/devices/:id [\"id=d1\"]"),
        ("PATCH", "/api/devices/d1/", "PATCH /api/devices/:id [\"id=d1\"]"),
        // The literal pattern wins for every method: no device is called "my-queue".
        ("PATCH", "/api/devices/my-queue", "405 [\"GET\", \"HEAD\"]"),
        ("POST", "/api/devices/lookup", "405 [\"GET\", \"HEAD\"]"),
        ("DELETE", "/api/devices/d1", "405 [\"GET\", \"PATCH\", \"HEAD\"]"),
        ("GET", "/api/tickets/t1/reply", "405 [\"POST\"]"),
        ("GET", "/api/tickets//reply", "404"),
        ("GET", "/api/devices", "404"),
        ("GET", "/api/devices/d1/extra", "404"),
        ("GET", "/", "404"),
        ("GET", "/api/a/b/c/d/e/f/g/h", "404"),   // longer than every pattern
        // Segments end at every `/` byte, even before a combining mark (by `Character`, "/\u{301}"
        // is one grapheme and the path would have had two segments, and been a 404).
        ("GET", "/api/devices/\u{301}x", "GET /api/devices/:id [\"id=\u{301}x\"]"),
        ("DELETE", "/api/devices/\u{301}", "405 [\"GET\", \"PATCH\", \"HEAD\"]"),
        ("GET", "/api/devices/é/", "GET /api/devices/:id [\"id=é\"]"),
    ])
    func aPathReachesItsMostLiteralPattern(method: String, path: String, expected: String) {
        #expect(describe(router().match(method: method, path: path)) == expected)
    }
}
