// swift-format-ignore-file
// start() throws the token away: every start adds one more observer that outlives the prefetcher.
import Foundation

extension Notification.Name {
    nonisolated static let feedDidScroll = Notification.Name("FeedDidScroll")
}

// outcome: migrated
nonisolated final class FeedPrefetcher: @unchecked Sendable {
    private let lock = NSLock()
    private var prefetches = 0

    init() {}

    func start() {
        NotificationCenter.default.addObserver(forName: .feedDidScroll, object: nil, queue: nil) { [weak self] _ in // expect: discarded-token
            self?.prefetch()
        }
    }

    private func prefetch() {
        lock.withLock { prefetches += 1 }
    }
}
