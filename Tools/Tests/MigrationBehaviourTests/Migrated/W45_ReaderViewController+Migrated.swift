// swift-format-ignore-file
// A reader screen that keeps one block token in an optional and its per-name tokens in a dictionary, and removes
// them as many apps write it: `token.map(center.removeObserver)` and `for (_, token) in tokens`.
import NotificationLifecycle
import UIKit

extension Notification.Name {
    static let readerFontDidChange = Notification.Name("ReaderFontDidChange")
    static let readerThemeDidChange = Notification.Name("ReaderThemeDidChange")
    static let readerSyncDidFinish = Notification.Name("ReaderSyncDidFinish")
}

// outcome: migrated
final class ReaderViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var restyles = 0
    private(set) var syncs = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        addLifetimeNotificationInfo(forName: .readerSyncDidFinish) { owner, _ in owner.syncs += 1 }
        for name in [Notification.Name.readerFontDidChange, .readerThemeDidChange] {
            addLifetimeNotificationInfo(forName: name) { owner, _ in owner.restyles += 1 }
        }
    }
}
