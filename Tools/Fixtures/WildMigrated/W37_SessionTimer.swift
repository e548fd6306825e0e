// swift-format-ignore-file
// A Sendable timer with no superclass whose init calls its own method before it registers.
import Foundation
import NotificationLifecycle

extension Notification.Name {
    nonisolated static let sessionTimerReset = Notification.Name("SessionTimerReset")
}

// outcome: migrated
nonisolated final class SessionTimer: @unchecked Sendable, NotificationEngineOwner {
    let notificationEngine = NotificationEngine()
    private let lock = NSLock()
    private var interval: Double
    private var resets = 0

    init(interval: Double) {
        self.interval = interval
        reset()
        addLifetimeNotificationInfo(forName: .sessionTimerReset) { owner, _ in owner.reset() }
    }

    private func reset() {
        lock.withLock { resets += 1 }
    }
}
