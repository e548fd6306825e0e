// swift-format-ignore-file
// Correct (macOS): added in windowDidLoad, removed with removeObserver(self) in deinit.
import AppKit
import NotificationLifecycle

final class PreferencesWindowController: NSWindowController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private var isClosing = false

    override func windowDidLoad() {
        super.windowDidLoad()
        addLifetimeNotificationInfo(forName: NSWindow.willCloseNotification, object: window) { owner, note in
            owner.windowWillClose(note)
        }
    }

    @objc func windowWillClose(_ notification: Notification) {
        isClosing = true
    }
}
