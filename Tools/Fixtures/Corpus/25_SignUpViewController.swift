// swift-format-ignore-file
// Correct: the keyboard pair added in viewWillAppear and removed by name in viewWillDisappear.
import UIKit

final class SignUpViewController: UIViewController {
    private(set) var keyboardShows = 0
    private(set) var keyboardHides = 0

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow(notification:)), name: UIResponder.keyboardWillShowNotification, object: nil)
        NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillHide(notification:)), name: UIResponder.keyboardWillHideNotification, object: nil)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        NotificationCenter.default.removeObserver(self, name: UIResponder.keyboardWillShowNotification, object: nil)
        NotificationCenter.default.removeObserver(self, name: UIResponder.keyboardWillHideNotification, object: nil)
    }

    @objc func keyboardWillShow(notification: Notification) {
        keyboardShows += 1
    }

    @objc func keyboardWillHide(notification: Notification) {
        keyboardHides += 1
    }
}
