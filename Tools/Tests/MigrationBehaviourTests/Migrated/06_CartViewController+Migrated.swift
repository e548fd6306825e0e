// swift-format-ignore-file
// Correct: added in viewWillAppear, removed by name in viewWillDisappear.
import NotificationLifecycle
import UIKit

extension Notification.Name {
    static let cartDidChange = Notification.Name("CartDidChange")
}

final class CartViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var badgeUpdates = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        addVisibleNotificationInfo(forName: .cartDidChange) { owner, note in owner.cartDidChange(note) }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        notificationEngine.appear()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        notificationEngine.disappear()
    }

    private func cartDidChange(_ notification: Notification) {
        badgeUpdates += 1
    }
}
