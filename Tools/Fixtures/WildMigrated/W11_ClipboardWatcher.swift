// swift-format-ignore-file
// A Sendable service that listens between start() and stop(): a custom lifespan.
import Foundation
import NotificationLifecycle

extension Notification.Name {
    nonisolated static let clipboardDidChange = Notification.Name("ClipboardDidChange")
}

// outcome: migrated
nonisolated final class ClipboardWatcher: @unchecked Sendable, NotificationEngineOwner {
    let notificationEngine = NotificationEngine()
    private let lock = NSLock()
    private let pasteboardName: String
    private var changes = 0

    init(pasteboardName: String) {
        self.pasteboardName = pasteboardName
        addNotificationInfo(forName: .clipboardDidChange, lifespan: .custom("start")) { owner, _ in
            owner.recordChange()
        }
    }

    func start() {
        notificationEngine.start(.custom("start"))
    }

    func stop() {
        notificationEngine.stop(.custom("start"))
    }

    private func recordChange() {
        lock.withLock { changes += 1 }
    }
}
