// swift-format-ignore-file
// A subclass of the project's own BaseViewController (W04): main-actor through it. Listens while visible with a
// block on the main queue.
import NotificationLifecycle
import UIKit

extension Notification.Name {
    static let orderDidShip = Notification.Name("OrderDidShip")
}

// outcome: migrated
final class OrderDetailViewController: BaseViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var shipments = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        addVisibleNotificationInfo(forName: .orderDidShip) { owner, _ in owner.shipments += 1 }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        notificationEngine.appear()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        notificationEngine.disappear()
    }
}
