// swift-format-ignore-file
// A chat screen that binds the center to a local and removes only one of the two keyboard observers it adds.
import UIKit

// outcome: migrated
final class ChatViewController: UIViewController {
    private(set) var keyboardVisible = false

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        let hub = NotificationCenter.default
        hub.addObserver(self, selector: #selector(keyboardWillShow(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
        hub.addObserver(self, selector: #selector(keyboardWillHide(_:)), name: UIResponder.keyboardWillHideNotification, object: nil) // expect: unbalanced-visible
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        let hub = NotificationCenter.default
        hub.removeObserver(self, name: UIResponder.keyboardWillShowNotification, object: nil)
    }

    @objc private func keyboardWillShow(_ notification: Notification) {
        keyboardVisible = true
    }

    @objc private func keyboardWillHide(_ notification: Notification) {
        keyboardVisible = false
    }
}
