// swift-format-ignore-file
// Correct: added in viewWillAppear, removed by name in viewWillDisappear.
import UIKit

final class CartViewControllerOriginal: UIViewController {
    private(set) var badgeUpdates = 0

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        AppleSemanticsCenter.default.addObserver(
            self,
            selector: AppleSelector { (observer: CartViewControllerOriginal, note: Notification) in observer.cartDidChange(note) },
            name: .cartDidChange,
            object: nil
        )
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        AppleSemanticsCenter.default.removeObserver(self, name: .cartDidChange, object: nil)
    }

    private func cartDidChange(_ notification: Notification) {
        badgeUpdates += 1
    }
}
