// swift-format-ignore-file
// The same helper as 03, but viewWillDisappear calls it too: the nuclear unregister runs while the object lives.
import NotificationLifecycle
import UIKit

final class ChatInputViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private var bottomInset: CGFloat = 0

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
        stopObservingKeyboard()
    }

    deinit {
        stopObservingKeyboard()
    }

    private func stopObservingKeyboard() {
        notificationEngine.disappear() // expect: nuclear-unregister
    }

    @objc func keyboardWillShow(_ notification: Notification) {
        bottomInset = 300
    }

    @objc func keyboardWillHide(_ notification: Notification) {
        bottomInset = 0
    }
}
