// swift-format-ignore-file
// A window controller listening for its own window's close from windowDidLoad, removed by name and sender.
import AppKit
import NotificationLifecycle

// outcome: migrated
final class DocumentWindowController: NSWindowController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var closed = false

    override func windowDidLoad() {
        super.windowDidLoad()
        addLifetimeNotificationInfo(forName: NSWindow.willCloseNotification, object: window) { owner, note in
            owner.windowWillClose(note)
        }
    }

    @objc private func windowWillClose(_ notification: Notification) {
        closed = true
    }
}
