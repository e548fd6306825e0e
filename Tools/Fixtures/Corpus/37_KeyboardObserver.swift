// swift-format-ignore-file
// Correct: a helper class that removes each token in a stop() method called from deinit and by its owner.
import UIKit

final class KeyboardObserver {
    private var tokens: [NSObjectProtocol] = []
    private(set) var height: CGFloat = 0

    func start() {
        let center = NotificationCenter.default
        tokens = [
            center.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { [weak self] note in
                self?.height = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect)?.height ?? 0
            },
            center.addObserver(forName: UIResponder.keyboardWillHideNotification, object: nil, queue: .main) { [weak self] _ in
                self?.height = 0
            },
        ]
    }

    func stop() {
        tokens.forEach { NotificationCenter.default.removeObserver($0) }
        tokens.removeAll()
    }

    deinit {
        stop()
    }
}
