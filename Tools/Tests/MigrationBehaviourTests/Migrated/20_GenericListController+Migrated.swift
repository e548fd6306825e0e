// swift-format-ignore-file
// Quiet by design: the names are values, so whether add and removal match cannot be read from the source.
import NotificationLifecycle
import UIKit

class GenericListController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    let reloadName: Notification.Name
    private var reloads = 0

    init(reloadName: Notification.Name) {
        self.reloadName = reloadName
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        addLifetimeNotificationInfo(forName: reloadName) { owner, _ in owner.reload() }
    }

    func reload() {
        reloads += 1
    }
}
