// swift-format-ignore-file
// A Sendable service that listens between start() and stop(): a custom lifespan.
import Foundation

extension Notification.Name {
    nonisolated static let clipboardDidChange = Notification.Name("ClipboardDidChange")
}

// outcome: migrated
nonisolated final class ClipboardWatcher: @unchecked Sendable {
    private let lock = NSLock()
    private let pasteboardName: String
    private var token: NSObjectProtocol?
    private var changes = 0

    init(pasteboardName: String) {
        self.pasteboardName = pasteboardName
    }

    func start() {
        token = NotificationCenter.default.addObserver(forName: .clipboardDidChange, object: nil, queue: nil) { [weak self] _ in
            self?.recordChange()
        }
    }

    func stop() {
        if let token {
            NotificationCenter.default.removeObserver(token)
        }
        token = nil
    }

    private func recordChange() {
        lock.withLock { changes += 1 }
    }
}
