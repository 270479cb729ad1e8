/// Every app-API route, registered by its resource file.
enum APIRoutes {
    static func register(on router: inout Router) {
        StaffAuthRoutes.register(on: &router)
        CustomerAuthRoutes.register(on: &router)
        AccountRoutes.register(on: &router)
        DeviceTokenRoutes.register(on: &router)
        OrderRoutes.register(on: &router)
        DeviceRoutes.register(on: &router)
        ClientRoutes.register(on: &router)
        DashboardRoutes.register(on: &router)
        TicketRoutes.register(on: &router)
        CustomerOrderRoutes.register(on: &router)
        BrandingRoutes.register(on: &router)
        OpenAPIRoutes.register(on: &router)
    }
}
