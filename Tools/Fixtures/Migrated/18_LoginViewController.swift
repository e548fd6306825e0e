// swift-format-ignore-file
// The removals were retyped by hand: one names keyboardDidHide, which was never added, so keyboardWillHide stays.
import NotificationLifecycle
import UIKit

final class LoginViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private var keyboardHeight: CGFloat = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        addVisibleNotificationInfo(forName: UIResponder.keyboardWillShowNotification) { owner, note in
            owner.keyboardWillShow(note)
        }
        addVisibleNotificationInfo(forName: UIResponder.keyboardWillHideNotification) { owner, note in
            owner.keyboardWillHide(note)
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

    @objc func keyboardWillShow(_ notification: Notification) {
        keyboardHeight = 300
    }

    @objc func keyboardWillHide(_ notification: Notification) {
        keyboardHeight = 0
    }
}
