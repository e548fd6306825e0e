// swift-format-ignore-file
// In a folder whose name has a space: a settings screen that refreshes when the app becomes active.
import NotificationLifecycle
import UIKit

// outcome: migrated
final class NotificationSettingsViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var refreshes = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        addLifetimeNotificationInfo(forName: UIApplication.didBecomeActiveNotification) { owner, note in
            owner.appDidBecomeActive(note)
        }
    }

    @objc private func appDidBecomeActive(_ notification: Notification) {
        refreshes += 1
    }
}
