// swift-format-ignore-file
// A composer screen with a file-private KeyboardTracker; W21 has another type of the same name. This one is
// main-actor, starts in begin() (called by the screen) and stops in end().
import NotificationLifecycle
import UIKit

final class ComposerViewController: UIViewController {
    private let tracker = KeyboardTracker()

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        tracker.begin()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        tracker.end()
    }
}

// outcome: migrated
@MainActor
private final class KeyboardTracker: NSObject, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var height = 0.0

    override init() {
        super.init()
        addNotificationInfo(
            forName: UIResponder.keyboardDidShowNotification,
            lifespan: .custom("begin")
        ) { owner, note in
            owner.keyboardDidShow(note)
        }
    }

    func begin() {
        notificationEngine.start(.custom("begin"))
    }

    func end() {
        notificationEngine.stop(.custom("begin"))
    }

    @objc private func keyboardDidShow(_ notification: Notification) {
        height = 300
    }
}
