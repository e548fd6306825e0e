// swift-format-ignore-file
// In a folder named like a file (CocoaPods' Pods/Headers/…/SQLite.swift): a public connection that throws its
// observer's token away.
import Foundation

extension Notification.Name {
    nonisolated static let sqliteMemoryWarning = Notification.Name("SQLiteMemoryWarning")
}

// outcome: migrated
nonisolated public final class Connection: @unchecked Sendable {
    private let lock = NSLock()
    private var cacheSize = 100

    public init() {
        NotificationCenter.default.addObserver(forName: .sqliteMemoryWarning, object: nil, queue: nil) { [weak self] _ in // expect: discarded-token
            self?.shrinkCache()
        }
    }

    private func shrinkCache() {
        lock.withLock { cacheSize = 10 }
    }
}
