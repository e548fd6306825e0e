// swift-format-ignore-file
// Correct: observers set up in an extension's helper called from viewDidLoad, removed in deinit.
import NotificationLifecycle
import UIKit

final class SettingsViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private var fontSize: CGFloat = 17

    override func viewDidLoad() {
        super.viewDidLoad()
        setupObservers()
    }
}

extension SettingsViewController {
    private func setupObservers() {
        addLifetimeNotificationInfo(forName: UIContentSizeCategory.didChangeNotification) { owner, _ in
            owner.fontSize += 1
        }
    }
}
