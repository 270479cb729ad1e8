import RepairMinderClient
import UIKit

/// The smallest app that uses the recipe: in a debug build launched by a UI test, it talks to the
/// mock the test started (`REPAIRMINDER_BASE_URL`) with the session the test minted, and lists the
/// orders; otherwise it says it has no backend. UIKit, so that Linux can compile it for iOS against
/// Apple's SDK (scripts/check-doc-snippets --apple-sdk; the SDK's SwiftUI interface does not build
/// with this toolchain).
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = UINavigationController(rootViewController: OrdersViewController())
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}

final class OrdersViewController: UITableViewController {
    private var numbers: [Int] = []
    private let status = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Orders"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "order")
        status.text = "Loading…"
        status.textAlignment = .center
        status.accessibilityIdentifier = "status"
        tableView.backgroundView = status
        Task { await load() }
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { numbers.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "order", for: indexPath)
        let number = numbers[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = "Order \(number)"
        cell.contentConfiguration = content
        cell.accessibilityIdentifier = "order-\(number)"
        cell.accessibilityLabel = "Order \(number)"
        return cell
    }

    private func load() async {
        do {
            #if DEBUG
            guard let launch = try LaunchEnvironment(ProcessInfo.processInfo.environment) else {
                status.text = "No backend: launch me from the UI tests"
                return
            }
            let store = InMemoryTokenStore()
            try await launch.seed(store)
            let client = APIClient(configuration: .init(baseURL: launch.baseURL), tokenStore: store)
            let session = StaffSession(client: client, push: PushRegistration(client: client, role: .staff))
            _ = await session.restore()
            numbers = try await session.send(API.Orders.list()).map(\.orderNumber)
            status.text = numbers.isEmpty ? "No orders" : nil
            tableView.reloadData()
            #else
            status.text = "No backend in a release build"
            #endif
        } catch {
            status.text = "Failed: \(error)"
        }
    }
}
