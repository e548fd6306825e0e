// swift-format-ignore-file
// Correct: added in viewWillAppear, removed by name in viewWillDisappear.
import UIKit

extension Notification.Name {
    static let cartDidChange = Notification.Name("CartDidChange")
}

final class CartViewController: UIViewController {
    private(set) var badgeUpdates = 0

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        NotificationCenter.default.addObserver(
            self,
            selector: #selector(cartDidChange(_:)),
            name: .cartDidChange,
            object: nil
        )
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        NotificationCenter.default.removeObserver(self, name: .cartDidChange, object: nil)
    }

    @objc private func cartDidChange(_ notification: Notification) {
        badgeUpdates += 1
    }
}
