// swift-format-ignore-file
// A main-actor presenter with no superclass that listens between show() and dismiss().
import UIKit

// outcome: migrated
@MainActor
final class ToastPresenter: NSObject {
    private(set) var isShowing = false

    func show(_ message: String) {
        isShowing = true
        NotificationCenter.default.addObserver(self, selector: #selector(appWillResignActive(_:)), name: UIApplication.willResignActiveNotification, object: nil)
    }

    func dismiss() {
        isShowing = false
        NotificationCenter.default.removeObserver(self, name: UIApplication.willResignActiveNotification, object: nil)
    }

    @objc private func appWillResignActive(_ notification: Notification) {
        dismiss()
    }
}
