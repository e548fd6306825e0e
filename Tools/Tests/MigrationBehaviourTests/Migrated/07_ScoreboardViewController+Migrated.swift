// swift-format-ignore-file
// Correct: block observers added in viewDidAppear, their tokens removed in viewDidDisappear.
import NotificationLifecycle
import UIKit

extension Notification.Name {
    static let scoreDidChange = Notification.Name("ScoreDidChange")
}

final class ScoreboardViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var scoreUpdates = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        addVisibleNotificationInfo(forName: .scoreDidChange) { owner, _ in owner.scoreUpdates += 1 }
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
