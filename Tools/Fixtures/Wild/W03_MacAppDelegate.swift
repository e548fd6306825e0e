// swift-format-ignore-file
// An AppKit app delegate: main-actor through NSApplicationDelegate, listening for the life of the process.
import AppKit

// outcome: migrated
final class MacAppDelegate: NSObject, NSApplicationDelegate {
    private(set) var screenChanges = 0

    func applicationDidFinishLaunching(_ notification: Notification) {
        NotificationCenter.default.addObserver(self, selector: #selector(screensDidChange(_:)), name: NSApplication.didChangeScreenParametersNotification, object: nil)
    }

    @objc func screensDidChange(_ notification: Notification) {
        screenChanges += 1
    }
}
