// swift-format-ignore-file
// A chat screen that binds the center to a local and removes only one of the two keyboard observers it adds.
import NotificationLifecycle
import UIKit

// outcome: migrated
final class ChatViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var keyboardVisible = false

    override func viewDidLoad() {
        super.viewDidLoad()
        addVisibleNotificationInfo(forName: UIResponder.keyboardWillShowNotification) { owner, note in
            owner.keyboardWillShow(note)
        }
        addVisibleNotificationInfo(forName: UIResponder.keyboardWillHideNotification) { owner, note in
            owner.keyboardWillHide(note)
        }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        notificationEngine.appear()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        notificationEngine.disappear()
    }

    @objc private func keyboardWillShow(_ notification: Notification) {
        keyboardVisible = true
    }

    @objc private func keyboardWillHide(_ notification: Notification) {
        keyboardVisible = false
    }
}
