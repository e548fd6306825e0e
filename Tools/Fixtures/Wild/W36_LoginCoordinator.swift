// swift-format-ignore-file
// A main-actor coordinator that listens between activate() and deactivate(), and unregisters everything there: with
// no superclass that registers and nothing registered to last, that removes exactly what activate() added (issue 37).
import Foundation

extension Notification.Name {
    static let loginSessionDidExpire = Notification.Name("LoginSessionDidExpire")
}

// outcome: migrated
@MainActor
final class LoginCoordinator: NSObject {
    private(set) var expirations = 0

    func activate() {
        NotificationCenter.default.addObserver(self, selector: #selector(sessionDidExpire(_:)), name: .loginSessionDidExpire, object: nil)
    }

    func deactivate() {
        NotificationCenter.default.removeObserver(self)
    }

    @objc private func sessionDidExpire(_ notification: Notification) {
        expirations += 1
    }
}
