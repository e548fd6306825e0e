// swift-format-ignore-file
// A block observer added in viewDidAppear with no guard, removed only in deinit: each appearance adds one more.
import NotificationLifecycle
import UIKit

final class StoriesViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var storyReloads = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        addVisibleNotificationInfo(forName: .storiesDidRefresh) { owner, _ in // expect: unbalanced-visible
            owner.storyReloads += 1
        }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        notificationEngine.appear()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        notificationEngine.disappear()
    }
}

extension Notification.Name {
    static let storiesDidRefresh = Notification.Name("StoriesDidRefresh")
}
