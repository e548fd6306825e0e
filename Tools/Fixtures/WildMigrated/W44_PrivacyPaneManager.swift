// swift-format-ignore-file
// Preference panes of a settings screen: the app's own base manager declares no init (NSObject's `init()` is the one
// every pane is made with), and a pane listens from `setup()`, which the screen calls once after making it. The pane
// has no init of its own either, so the listener's declaration needs one written for it.
import NotificationLifecycle
import UIKit

extension Notification.Name {
    static let blocklistDidUpdate = Notification.Name("BlocklistDidUpdate")
}

@MainActor
class PreferencePaneManager: NSObject {
    weak var tableView: UITableViewStandIn?
    func setup() {}
}

@MainActor
final class UITableViewStandIn {
    private(set) var reloads = 0
    func reloadData() { reloads += 1 }
}

// outcome: migrated
final class PrivacyPaneManager: PreferencePaneManager, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var updates = 0

    override init() {
        super.init()
        addNotificationInfo(forName: .blocklistDidUpdate, lifespan: .custom("setup")) { owner, _ in
            owner.updates += 1
            owner.tableView?.reloadData()
        }
    }

    override func setup() {
        super.setup()
        notificationEngine.start(.custom("setup"))
    }
}
