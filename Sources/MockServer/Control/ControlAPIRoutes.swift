/// Every route of the control API (`/__mock/…`), in one list: the server registers them (health alone
/// when the control API is off), and the MCP tools' catalog finds each tool's route among them.
enum ControlAPIRoutes {
    /// Every control route but health (`ControlRoutes.registerHealth`), which is on even when the
    /// control API is off.
    static func register(on router: inout ControlRouter) {
        ControlRoutes.register(on: &router)
        StateRoutes.register(on: &router)
        ConsoleRoutes.register(on: &router)
        SessionRoutes.register(on: &router)
        FixtureRoutes.register(on: &router)
        EventRoutes.register(on: &router)
        VarianceRoutes.register(on: &router)
        ReplayRoutes.register(on: &router)
        MCPRoutes.register(on: &router)
    }

    /// The whole control API, health included.
    static var all: ControlRouter {
        var router = ControlRouter()
        ControlRoutes.registerHealth(on: &router)
        register(on: &router)
        return router
    }
}
