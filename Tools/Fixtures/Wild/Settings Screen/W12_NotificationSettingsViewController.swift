// swift-format-ignore-file
// In a folder whose name has a space: a settings screen that refreshes when the app becomes active.
import UIKit

// outcome: migrated
final class NotificationSettingsViewController: UIViewController {
    private(set) var refreshes = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        NotificationCenter.default.addObserver(self, selector: #selector(appDidBecomeActive(_:)), name: UIApplication.didBecomeActiveNotification, object: nil)
    }

    @objc private func appDidBecomeActive(_ notification: Notification) {
        refreshes += 1
    }
}
