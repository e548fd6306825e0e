// swift-format-ignore-file
// deinit removes a name the type never registered (the add was renamed, the removal was not).
import NotificationLifecycle
import UIKit

extension Notification.Name {
    static let ordersDidLoad = Notification.Name("OrdersDidLoad")
    static let orderHistoryDidLoad = Notification.Name("OrderHistoryDidLoad")
}

final class OrderHistoryViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private var rows: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        addLifetimeNotificationInfo(forName: .orderHistoryDidLoad) { owner, note in owner.ordersDidLoad(note) }
    }

    @objc func ordersDidLoad(_ notification: Notification) {
        rows = notification.userInfo?["rows"] as? [String] ?? []
    }
}
