// swift-format-ignore-file
// In a folder named like a file (CocoaPods' Pods/Headers/…/SQLite.swift): a public connection that throws its
// observer's token away.
import Foundation
import NotificationLifecycle

extension Notification.Name {
    nonisolated static let sqliteMemoryWarning = Notification.Name("SQLiteMemoryWarning")
}

// outcome: migrated
nonisolated public final class Connection: @unchecked Sendable, NotificationEngineOwner {
    /// The engine that holds this object's listeners.
    public let notificationEngine = NotificationEngine()
    private let lock = NSLock()
    private var cacheSize = 100

    public init() {
        addLifetimeNotificationInfo(forName: .sqliteMemoryWarning) { owner, _ in // expect: discarded-token
            owner.shrinkCache()
        }
    }

    private func shrinkCache() {
        lock.withLock { cacheSize = 10 }
    }
}
