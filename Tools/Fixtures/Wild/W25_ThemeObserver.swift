// swift-format-ignore-file
// A main-actor observer of the workspace's own center: not NotificationCenter.default.
import AppKit

// outcome: migrated
@MainActor
final class ThemeObserver: NSObject {
    private(set) var wakes = 0

    override init() {
        super.init()
        NSWorkspace.shared.notificationCenter.addObserver(self, selector: #selector(didWake(_:)), name: NSWorkspace.didWakeNotification, object: nil)
    }

    @objc private func didWake(_ notification: Notification) {
        wakes += 1
    }
}
