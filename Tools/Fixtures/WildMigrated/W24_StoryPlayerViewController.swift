// swift-format-ignore-file
// A view controller made in code and from a storyboard: both inits call observePlayback().
import NotificationLifecycle
import UIKit

extension Notification.Name {
    static let storyDidAdvance = Notification.Name("StoryDidAdvance")
}

// outcome: migrated
final class StoryPlayerViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var page = 0

    init() {
        super.init(nibName: nil, bundle: nil)
        observePlayback()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        observePlayback()
    }

    private func observePlayback() {
        addLifetimeNotificationInfo(forName: .storyDidAdvance) { owner, _ in owner.page += 1 }
    }
}
