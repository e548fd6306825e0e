// swift-format-ignore-file
// Correct: the keyboard pair added in viewWillAppear and removed by name in viewWillDisappear.
import NotificationLifecycle
import UIKit

final class SignUpViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var keyboardShows = 0
    private(set) var keyboardHides = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        addVisibleNotificationInfo(forName: UIResponder.keyboardWillShowNotification) { owner, note in
            owner.keyboardWillShow(notification: note)
        }
        addVisibleNotificationInfo(forName: UIResponder.keyboardWillHideNotification) { owner, note in
            owner.keyboardWillHide(notification: note)
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        notificationEngine.appear()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        notificationEngine.disappear()
    }

    @objc func keyboardWillShow(notification: Notification) {
        keyboardShows += 1
    }

    @objc func keyboardWillHide(notification: Notification) {
        keyboardHides += 1
    }
}
