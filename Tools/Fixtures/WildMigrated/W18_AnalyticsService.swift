// swift-format-ignore-file
// A Sendable singleton that listens for the life of the process and throws the token away: quiet, as it never goes.
import Foundation
import NotificationLifecycle

extension Notification.Name {
    nonisolated static let analyticsSessionDidEnd = Notification.Name("AnalyticsSessionDidEnd")
}

// outcome: migrated
nonisolated final class AnalyticsService: @unchecked Sendable, NotificationEngineOwner {
    let notificationEngine = NotificationEngine()
    static let shared = AnalyticsService()

    private let lock = NSLock()
    private var pending: [String] = []

    private init() {
        addLifetimeNotificationInfo(forName: .analyticsSessionDidEnd) { owner, _ in owner.flush() }
    }

    func track(_ event: String) {
        lock.withLock { pending.append(event) }
    }

    private func flush() {
        lock.withLock { pending.removeAll() }
    }
}
