// swift-format-ignore-file
// Added in viewWillAppear, never removed in a disappear method: a second appearance registers again.
import NotificationLifecycle
import UIKit

extension Notification.Name {
    static let feedDidUpdate = Notification.Name("FeedDidUpdate")
}

final class FeedViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var refreshes = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        addVisibleNotificationInfo(forName: .feedDidUpdate) { owner, note in owner.feedDidUpdate(note) }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        notificationEngine.appear() // expect: unbalanced-visible
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        notificationEngine.disappear()
    }

    @objc func feedDidUpdate(_ notification: Notification) {
        refreshes += 1
    }
}
