// README: "Threads". The README shows this service verbatim; ReadmeThreadsTests posts to it from eight tasks.
import Foundation
import NotificationLifecycle

final class UnreadBadge: NotificationEngineOwner, @unchecked Sendable {
    // Safe: `unread` is only touched under `lock`.
    let notificationEngine: NotificationEngine
    private let lock = NSLock()
    private var unread = 0

    init(center: NotificationCenter) {
        notificationEngine = NotificationEngine(center: center)
        addNotificationInfo(forName: .messagesDidArrive) { badge, _ in
            badge.lock.withLock { badge.unread += 1 }
        }
    }

    var count: Int { lock.withLock { unread } }
}
