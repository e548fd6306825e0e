// swift-format-ignore-file
// Quiet by design: the block captures self strongly, but the token is removed in viewWillDisappear, which breaks
// the cycle every time the screen goes away.
import NotificationLifecycle
import UIKit

final class MapViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private var regionChanges = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        addVisibleNotificationInfo(forName: .regionDidChange) { owner, _ in owner.regionChanges += 1 }
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

extension Notification.Name {
    static let regionDidChange = Notification.Name("RegionDidChange")
}
