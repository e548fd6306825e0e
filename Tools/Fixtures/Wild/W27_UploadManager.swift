// swift-format-ignore-file
// The token is kept but never removed, and the block captures self strongly: neither is ever released.
import Foundation

extension Notification.Name {
    nonisolated static let uploadDidFinish = Notification.Name("UploadDidFinish")
}

// outcome: migrated
nonisolated final class UploadManager: @unchecked Sendable {
    private let lock = NSLock()
    private var observer: NSObjectProtocol?
    private var finished = 0

    init() {
        observer = NotificationCenter.default.addObserver(forName: .uploadDidFinish, object: nil, queue: nil) { _ in // expect: token-never-removed, strong-self-capture
            self.recordFinish()
        }
    }

    private func recordFinish() {
        lock.withLock { finished += 1 }
    }
}
