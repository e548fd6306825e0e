// README: "Threads". The README shows this service verbatim; ReadmeThreadsTests posts to it from eight tasks.
import Foundation
import NotificationLifecycle
import Synchronization

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class UnreadBadge: NotificationEngineOwner, Sendable {
    let notificationEngine: NotificationEngine
    private let unread = Mutex(0)

    init(center: NotificationCenter) {
        notificationEngine = NotificationEngine(center: center)
        addNotificationInfo(forName: .messagesDidArrive) { badge, _ in
            badge.unread.withLock { $0 += 1 }
        }
    }

    var count: Int { unread.withLock { $0 } }
}
