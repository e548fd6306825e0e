// swift-format-ignore-file
// A composer screen with a file-private KeyboardTracker; W21 has another type of the same name. This one is
// main-actor, starts in begin() (called by the screen) and stops in end().
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
private final class KeyboardTracker: NSObject {
    private(set) var height = 0.0

    func begin() {
        NotificationCenter.default.addObserver(self, selector: #selector(keyboardDidShow(_:)), name: UIResponder.keyboardDidShowNotification, object: nil)
    }

    func end() {
        NotificationCenter.default.removeObserver(self, name: UIResponder.keyboardDidShowNotification, object: nil)
    }

    @objc private func keyboardDidShow(_ notification: Notification) {
        height = 300
    }
}
