// swift-format-ignore-file
// start() throws the token away: every start adds one more observer that outlives the prefetcher.
import Foundation
import NotificationLifecycle

extension Notification.Name {
    nonisolated static let feedDidScroll = Notification.Name("FeedDidScroll")
}

// outcome: migrated
nonisolated final class FeedPrefetcher: @unchecked Sendable, NotificationEngineOwner {
    let notificationEngine = NotificationEngine()
    private let lock = NSLock()
    private var prefetches = 0

    init() {
        addNotificationInfo(
            forName: .feedDidScroll,
            lifespan: .custom("start")
        ) { owner, _ in // expect: discarded-token
            owner.prefetch()
        }
    }

    func start() {
        notificationEngine.start(.custom("start"))
    }

    private func prefetch() {
        lock.withLock { prefetches += 1 }
    }
}
