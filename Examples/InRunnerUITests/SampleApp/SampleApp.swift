import RepairMinderClient
import SwiftUI

/// The smallest app that uses the recipe: in a debug build launched by a UI test, it talks to the
/// mock the test started (`REPAIRMINDER_BASE_URL`) with the session the test minted, and lists the
/// orders; otherwise it says it has no backend.
@main
struct SampleApp: App {
    var body: some Scene {
        WindowGroup { OrdersScreen() }
    }
}

struct OrdersScreen: View {
    @State private var text = "Loading…"
    @State private var numbers: [Int] = []

    var body: some View {
        NavigationStack {
            List(numbers, id: \.self) { number in
                Text("Order \(number)").accessibilityIdentifier("order-\(number)")
            }
            .overlay { if numbers.isEmpty { Text(text).accessibilityIdentifier("status") } }
            .navigationTitle("Orders")
        }
        .task { await load() }
    }

    @MainActor
    private func load() async {
        do {
            #if DEBUG
            guard let launch = try LaunchEnvironment(ProcessInfo.processInfo.environment) else {
                text = "No backend: launch me from the UI tests"
                return
            }
            let store = InMemoryTokenStore()
            try await launch.seed(store)
            let client = APIClient(configuration: .init(baseURL: launch.baseURL), tokenStore: store)
            let session = StaffSession(client: client, push: PushRegistration(client: client, role: .staff))
            _ = await session.restore()
            numbers = try await session.send(API.Orders.list()).map(\.orderNumber)
            text = numbers.isEmpty ? "No orders" : ""
            #else
            text = "No backend in a release build"
            #endif
        } catch {
            text = "Failed: \(error)"
        }
    }
}
