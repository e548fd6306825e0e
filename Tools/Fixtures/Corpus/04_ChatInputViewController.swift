// swift-format-ignore-file
// The same helper as 03, but viewWillDisappear calls it too: the nuclear unregister runs while the object lives.
import UIKit

final class ChatInputViewController: UIViewController {
    private var bottomInset: CGFloat = 0

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        let nc = NotificationCenter.default
        nc.addObserver(self, selector: #selector(keyboardWillShow(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
        nc.addObserver(self, selector: #selector(keyboardWillHide(_:)), name: UIResponder.keyboardWillHideNotification, object: nil)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        stopObservingKeyboard()
    }

    deinit {
        stopObservingKeyboard()
    }

    private func stopObservingKeyboard() {
        NotificationCenter.default.removeObserver(self) // expect: nuclear-unregister
    }

    @objc func keyboardWillShow(_ notification: Notification) {
        bottomInset = 300
    }

    @objc func keyboardWillHide(_ notification: Notification) {
        bottomInset = 0
    }
}
