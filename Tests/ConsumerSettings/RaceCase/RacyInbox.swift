// The race of issue 28, item 2: an owner that is neither Sendable nor isolated, whose closure would run on the
// posting thread. .ci/consumer-settings.sh type-checks it in Swift 6, nonisolated (S3), and fails if it compiles.
import Foundation
import NotificationLifecycle

final class RacyInbox: NotificationEngineOwner {
    let notificationEngine = NotificationEngine()
    var reloads = 0

    init() {
        addNotificationInfo(forName: Notification.Name("MessagesDidArrive")) { inbox, _ in
            inbox.reloads += 1
        }
    }
}
