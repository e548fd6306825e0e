// swift-format-ignore-file
// A UIButton subclass (main-actor through UIKit) that listens for its whole life from init(frame:).
import UIKit

extension Notification.Name {
    static let avatarDidChange = Notification.Name("AvatarDidChange")
}

// outcome: migrated
final class AvatarButton: UIButton {
    private(set) var redraws = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        NotificationCenter.default.addObserver(self, selector: #selector(avatarDidChange(_:)), name: .avatarDidChange, object: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    deinit {
        NotificationCenter.default.removeObserver(self)
    }

    @objc private func avatarDidChange(_ notification: Notification) {
        redraws += 1
    }
}
