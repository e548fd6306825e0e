// The doc comments of RunningHandlers.swift: the context their prose gives the reader, a screen whose handler uses
// a cache, and the cache that teardown frees once no handler of the screen runs any more.
import Foundation
import NotificationLifecycle

extension Notification.Name {
    nonisolated static let imageDidLoad = Notification.Name("ImageDidLoad")
}

/// A cache of yours, which a handler writes to, from any thread.
nonisolated final class ImageCache: Sendable {
    func store(_ notification: Notification) {}
    func close() {}
}

/// The queue the screen's handler runs on.
nonisolated let imageQueue = OperationQueue()

/// A screen whose visible handler, on a queue of its own, uses the cache.
@MainActor final class FeedScreen: ControllerBase {
    nonisolated let cache: ImageCache

    init(cache: ImageCache, notificationCenter: NotificationCenter) {
        self.cache = cache
        super.init(notificationCenter: notificationCenter)
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addNotificationInfo(forName: .imageDidLoad, lifespan: .visible, queue: imageQueue) {
            screen,
            note in screen.cache.store(note)
        }
    }
}
