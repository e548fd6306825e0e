// swift-format-ignore-file
// A Sendable singleton that listens for the life of the process and throws the token away: quiet, as it never goes.
import Foundation

extension Notification.Name {
    nonisolated static let analyticsSessionDidEnd = Notification.Name("AnalyticsSessionDidEnd")
}

// outcome: migrated
nonisolated final class AnalyticsService: @unchecked Sendable {
    static let shared = AnalyticsService()

    private let lock = NSLock()
    private var pending: [String] = []

    private init() {
        NotificationCenter.default.addObserver(forName: .analyticsSessionDidEnd, object: nil, queue: nil) { _ in
            self.flush()
        }
    }

    func track(_ event: String) {
        lock.withLock { pending.append(event) }
    }

    private func flush() {
        lock.withLock { pending.removeAll() }
    }
}
