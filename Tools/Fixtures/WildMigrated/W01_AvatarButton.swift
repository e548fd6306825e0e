// swift-format-ignore-file
// A UIButton subclass (main-actor through UIKit) that listens for its whole life from init(frame:).
import NotificationLifecycle
import UIKit

extension Notification.Name {
    static let avatarDidChange = Notification.Name("AvatarDidChange")
}

// outcome: migrated
final class AvatarButton: UIButton, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var redraws = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        addLifetimeNotificationInfo(forName: .avatarDidChange) { owner, note in owner.avatarDidChange(note) }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    @objc private func avatarDidChange(_ notification: Notification) {
        redraws += 1
    }
}
