// swift-format-ignore-file
// Preference panes of a settings screen: the app's own base manager declares no init (NSObject's `init()` is the one
// every pane is made with), and a pane listens from `setup()`, which the screen calls once after making it. The pane
// has no init of its own either, so the listener's declaration needs one written for it.
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
final class PrivacyPaneManager: PreferencePaneManager {
    nonisolated(unsafe) private var blocklistObserver: NSObjectProtocol?
    private(set) var updates = 0

    override func setup() {
        super.setup()
        blocklistObserver = NotificationCenter.default.addObserver(forName: .blocklistDidUpdate, object: nil, queue: nil) { [weak self] _ in
            MainActor.assumeIsolated {
                self?.updates += 1
                self?.tableView?.reloadData()
            }
        }
    }

    deinit {
        if let blocklistObserver {
            NotificationCenter.default.removeObserver(blocklistObserver)
        }
    }
}
