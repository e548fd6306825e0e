// swift-format-ignore-file
// A main-actor observer of the workspace's own center: not NotificationCenter.default.
import AppKit
import NotificationLifecycle

// outcome: migrated
@MainActor
final class ThemeObserver: NSObject, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine(center: NSWorkspace.shared.notificationCenter)
    private(set) var wakes = 0

    override init() {
        super.init()
        addLifetimeNotificationInfo(forName: NSWorkspace.didWakeNotification) { owner, note in owner.didWake(note) }
    }

    private func didWake(_ notification: Notification) {
        wakes += 1
    }
}
