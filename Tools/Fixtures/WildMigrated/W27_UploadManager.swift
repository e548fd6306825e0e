// swift-format-ignore-file
// The token is kept but never removed, and the block captures self strongly: neither is ever released.
import Foundation
import NotificationLifecycle

extension Notification.Name {
    nonisolated static let uploadDidFinish = Notification.Name("UploadDidFinish")
}

// outcome: migrated
nonisolated final class UploadManager: @unchecked Sendable, NotificationEngineOwner {
    let notificationEngine = NotificationEngine()
    private let lock = NSLock()
    private var finished = 0

    init() {
        addLifetimeNotificationInfo(
            forName: .uploadDidFinish
        ) { owner, _ in // expect: token-never-removed, strong-self-capture
            owner.recordFinish()
        }
    }

    private func recordFinish() {
        lock.withLock { finished += 1 }
    }
}
