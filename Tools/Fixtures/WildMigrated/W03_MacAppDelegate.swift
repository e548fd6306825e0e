// swift-format-ignore-file
// An AppKit app delegate: main-actor through NSApplicationDelegate, listening for the life of the process.
import AppKit
import NotificationLifecycle

// outcome: migrated
final class MacAppDelegate: NSObject, NSApplicationDelegate, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var screenChanges = 0

    func applicationDidFinishLaunching(_ notification: Notification) {
        addLifetimeNotificationInfo(forName: NSApplication.didChangeScreenParametersNotification) { owner, note in
            owner.screensDidChange(note)
        }
    }

    @objc func screensDidChange(_ notification: Notification) {
        screenChanges += 1
    }
}
