// swift-format-ignore-file
// A Sendable timer with no superclass whose init calls its own method before it registers.
import Foundation

extension Notification.Name {
    nonisolated static let sessionTimerReset = Notification.Name("SessionTimerReset")
}

// outcome: migrated
nonisolated final class SessionTimer: @unchecked Sendable {
    private let lock = NSLock()
    private var interval: Double
    private var resets = 0
    private var resetToken: NSObjectProtocol?

    init(interval: Double) {
        self.interval = interval
        reset()
        resetToken = NotificationCenter.default.addObserver(forName: .sessionTimerReset, object: nil, queue: nil) { [weak self] _ in
            self?.reset()
        }
    }

    deinit {
        if let resetToken {
            NotificationCenter.default.removeObserver(resetToken)
        }
    }

    private func reset() {
        lock.withLock { resets += 1 }
    }
}
