// swift-format-ignore-file
// Correct: a lifetime listener added in viewDidLoad, removed with removeObserver(self) in deinit only.
import NotificationLifecycle
import UIKit

extension Notification.Name {
    static let themeDidChange = Notification.Name("ThemeDidChange")
}

final class ThemedHeaderViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var themeChanges = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        addLifetimeNotificationInfo(forName: .themeDidChange) { owner, _ in owner.themeDidChange() }
        applyTheme()
    }

    func themeDidChange() {
        themeChanges += 1
        applyTheme()
    }

    private func applyTheme() {}
}
