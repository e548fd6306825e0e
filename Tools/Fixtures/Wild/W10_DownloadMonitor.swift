// swift-format-ignore-file
// Block observers kept by token, and a pause() that removes by name a notification this type never registers by
// selector: it removes nothing.
import Foundation

extension Notification.Name {
    nonisolated static let downloadDidProgress = Notification.Name("DownloadDidProgress")
    nonisolated static let downloadDidFail = Notification.Name("DownloadDidFail")
    nonisolated static let downloadDidStall = Notification.Name("DownloadDidStall")
}

// outcome: left (removal-mismatch)
nonisolated final class DownloadMonitor: @unchecked Sendable {
    private let lock = NSLock()
    private var tokens: [NSObjectProtocol] = []
    private var failures = 0

    init() {
        tokens.append(NotificationCenter.default.addObserver(forName: .downloadDidFail, object: nil, queue: nil) { [weak self] _ in
            self?.recordFailure()
        })
    }

    func pause() {
        NotificationCenter.default.removeObserver(self, name: .downloadDidStall, object: nil) // expect: mismatched-removal
    }

    deinit {
        tokens.forEach(NotificationCenter.default.removeObserver)
    }

    private func recordFailure() {
        lock.withLock { failures += 1 }
    }
}
