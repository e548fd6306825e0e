// swift-format-ignore-file
// Correct: the keyboard pair added in viewWillAppear and removed by name in viewWillDisappear.
import UIKit

final class SignUpViewControllerOriginal: UIViewController {
    private(set) var keyboardShows = 0
    private(set) var keyboardHides = 0

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        AppleSemanticsCenter.default.addObserver(self, selector: AppleSelector { (observer: SignUpViewControllerOriginal, note: Notification) in observer.keyboardWillShow(notification: note) }, name: UIResponder.keyboardWillShowNotification, object: nil)
        AppleSemanticsCenter.default.addObserver(self, selector: AppleSelector { (observer: SignUpViewControllerOriginal, note: Notification) in observer.keyboardWillHide(notification: note) }, name: UIResponder.keyboardWillHideNotification, object: nil)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        AppleSemanticsCenter.default.removeObserver(self, name: UIResponder.keyboardWillShowNotification, object: nil)
        AppleSemanticsCenter.default.removeObserver(self, name: UIResponder.keyboardWillHideNotification, object: nil)
    }

    func keyboardWillShow(notification: Notification) {
        keyboardShows += 1
    }

    func keyboardWillHide(notification: Notification) {
        keyboardHides += 1
    }
}
