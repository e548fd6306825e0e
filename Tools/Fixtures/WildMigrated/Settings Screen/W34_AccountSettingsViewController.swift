// swift-format-ignore-file
// In a folder whose name has a space: listens while visible and unregisters everything when it disappears.
import NotificationLifecycle
import UIKit

extension Notification.Name {
    static let accountDidChange = Notification.Name("AccountDidChange")
}

// outcome: migrated
final class AccountSettingsViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var reloads = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        addVisibleNotificationInfo(forName: .accountDidChange) { owner, note in owner.accountDidChange(note) }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        notificationEngine.appear()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        notificationEngine.disappear() // expect: nuclear-unregister
    }

    @objc private func accountDidChange(_ notification: Notification) {
        reloads += 1
    }
}
