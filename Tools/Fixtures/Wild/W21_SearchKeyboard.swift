// swift-format-ignore-file
// Another file-private KeyboardTracker (W20 has one): this one is nonisolated and not Sendable, and its pause()
// removes every registration of the object.
import UIKit

final class SearchViewController: UIViewController {
    private let tracker = KeyboardTracker()

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        tracker.pause()
    }
}

// outcome: left (not-sendable)
private final class KeyboardTracker: NSObject {
    private(set) var visible = false

    override init() {
        super.init()
        NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
    }

    func pause() {
        NotificationCenter.default.removeObserver(self) // expect: nuclear-unregister
    }

    @objc private func keyboardWillShow(_ notification: Notification) {
        visible = true
    }
}
