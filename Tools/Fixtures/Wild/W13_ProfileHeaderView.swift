// swift-format-ignore-file
// A UIView that listens only while it is in a window, deciding in willMove(toWindow:).
import UIKit

extension Notification.Name {
    static let profilePhotoDidChange = Notification.Name("ProfilePhotoDidChange")
}

// outcome: left (conditional)
final class ProfileHeaderView: UIView {
    private(set) var reloads = 0

    override func willMove(toWindow newWindow: UIWindow?) {
        super.willMove(toWindow: newWindow)
        if newWindow == nil {
            NotificationCenter.default.removeObserver(self, name: .profilePhotoDidChange, object: nil)
        } else {
            NotificationCenter.default.addObserver(self, selector: #selector(photoDidChange(_:)), name: .profilePhotoDidChange, object: nil)
        }
    }

    @objc private func photoDidChange(_ notification: Notification) {
        reloads += 1
    }
}
